/**
 * An export's pages as the server's thread reads them and the writer writes them. Nothing here loads exceljs: the
 * server's thread reads and counts pages from its start, and loads the writer only when it writes an export itself
 * (issue 11).
 */

import { isAscii } from 'node:buffer';

/** What one spreadsheet cell holds at most, in UTF-16 units (Excel's limit). */
export const CELL_TEXT_MAX = 32_767;

/** What a cell of an export holds. */
export type CellValue = string | number | null;

/** Rows of one text each: their UTF-8 one after another, and where each row ends. */
export interface TextRows {
  utf8: Uint8Array;
  /** Where each row's text ends in `utf8`. */
  ends: Uint32Array;
}

/**
 * A page of rows as the database wrote them: each row the text of its cells (and after them the row's keys) in
 * the format `valuesOfRowText` reads, the texts in UTF-8 one after another, each parsed as it is written. The bytes
 * move to the writer thread without a copy and stay off V8's heaps: as 1,000 strings, a page waiting to be written
 * outlived young-generation collections on both threads and was promoted, to be collected with the old generation
 * (issue 11).
 */
export interface RowTexts extends TextRows {
  /** How many of a row's values are its cells: those after them are the row's keys, read for the next page, not written. */
  cellCount: number;
  /** The cells that are times as the database's text of a timestamp, written as ISO 8601 (`isoTimeOf`); delimited in the row's text. */
  timeCells: readonly number[];
  /** The cells that are numbers as the database's text of them, written as numbers; delimited in the row's text. */
  numberCells: readonly number[];
}

/** Ends a number's or a time's text in a row's text; alone, it is null. */
export const VALUE_END = '|';
/** Ends the length of any other text in a row's text; alone, it is null. */
export const LENGTH_END = ':';

/** Where the text starting at `from` ends in `text` when it takes `bytes` bytes in UTF-8. */
function endOfUtf8(text: string, from: number, bytes: number): number {
  let at = from;
  let left = bytes;
  while (left > 0 && at < text.length) {
    const unit = text.charCodeAt(at++);
    if (unit < 0x80) left -= 1;
    else if (unit < 0x800) left -= 2;
    else if (unit >= 0xd800 && unit <= 0xdbff) {
      // A pair of surrogates: one character of four bytes.
      left -= 4;
      at++;
    } else left -= 3;
  }
  if (left !== 0) throw new Error(`a row's text does not hold a value of ${bytes} bytes at ${from}`);
  return at;
}

/**
 * The first `count` values of a row's text, as the database writes it for an export (`readRowTexts`): its values
 * one after another, each either
 * - a number's or a time's text followed by `|` (`delimited[at]`; neither text can hold one), `|` alone for null, or
 * - any other text as its length in UTF-8 bytes, `:` and the text, `:` alone for null.
 *
 * Nothing in it is escaped: the database does not walk a text to write it, nor the writer to read it. A row as
 * the JSON text of an array of its values took PGlite 13.2 s of CPU for a 1,000,000-row interface export against
 * 10.4-11.4 s this way, and 12 % more bytes (issue 11). `byteLength` is the row's length in UTF-8: when it is the
 * text's length, the row is ASCII and each length is where its text ends; otherwise the texts up to the row's last
 * character beyond ASCII are walked.
 */
export function valuesOfRowText(text: string, byteLength: number, delimited: readonly boolean[], count: number): (string | null)[] {
  const values = new Array<string | null>(count);
  // Bytes of the rest of the row beyond its UTF-16 units: 0 once the rest is ASCII.
  let beyondAscii = byteLength - text.length;
  let at = 0;
  for (let value = 0; value < count; value++) {
    if (delimited[value]) {
      const end = text.indexOf(VALUE_END, at);
      if (end < 0) throw new Error(`a row's text ends before its value ${value}`);
      values[value] = end === at ? null : text.slice(at, end);
      at = end + 1;
      continue;
    }
    let bytes = 0;
    let digit = text.charCodeAt(at);
    const lengthStart = at;
    while (digit >= 48 && digit <= 57) {
      bytes = bytes * 10 + digit - 48;
      digit = text.charCodeAt(++at);
    }
    if (digit !== 58) throw new Error(`a row's text has no length for its value ${value} at ${lengthStart}`);
    at++;
    if (at === lengthStart + 1) {
      values[value] = null;
      continue;
    }
    const end = beyondAscii === 0 ? at + bytes : endOfUtf8(text, at, bytes);
    if (end > text.length) throw new Error(`a row's text ends before its value ${value}`);
    beyondAscii -= bytes - (end - at);
    values[value] = text.slice(at, end);
    at = end;
  }
  return values;
}

const encoder = new TextEncoder();

/** `texts` as rows of UTF-8. */
export function textRowsOf(texts: readonly string[]): TextRows {
  let size = 0;
  for (const text of texts) size += Buffer.byteLength(text, 'utf8');
  const utf8 = new Uint8Array(size);
  const ends = new Uint32Array(texts.length);
  let at = 0;
  texts.forEach((text, row) => {
    at += encoder.encodeInto(text, utf8.subarray(at)).written;
    ends[row] = at;
  });
  return { utf8, ends };
}

const TIME_TEXT = /^(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?$/;

/**
 * A UTC time as PostgreSQL writes a timestamp in its ISO style (`2026-11-28 22:29:17.12`, or with a T as JSON
 * writes it: the fraction as long as it needs, none when whole) as `toISOString` writes it: to the millisecond,
 * with its Z. The fraction is cut, not rounded, as `to_char`'s `MS` cuts it. Anything else (`infinity`, a year past
 * 9999 or before the common era) stays the database's text.
 */
export function isoTimeOf(text: string): string {
  // The two usual shapes, to the millisecond and whole seconds, without the pattern (0.16 s per 1,000,000 times).
  const separator = text.charCodeAt(10);
  if (separator === 32 || separator === 84) {
    if (text.length === 23 && text.charCodeAt(19) === 46) return `${text.slice(0, 10)}T${text.slice(11)}Z`;
    if (text.length === 19) return `${text.slice(0, 10)}T${text.slice(11)}.000Z`;
  }
  const parts = TIME_TEXT.exec(text);
  return parts ? `${parts[1]}T${parts[2]}.${(parts[3] ?? '').slice(0, 3).padEnd(3, '0')}Z` : text;
}

/** A page of an export: its rows as cells, or as the database's texts of them. */
export type SheetPage = readonly (readonly CellValue[])[] | RowTexts;

/** How many rows a page holds. */
export const rowCount = (page: SheetPage): number => (Array.isArray(page) ? page.length : (page as RowTexts).ends.length);

/** The buffers a page's message to the writer thread moves instead of copying; the page is unreadable here after. */
export const pageTransfer = (page: SheetPage): ArrayBuffer[] => (Array.isArray(page) ? [] : [(page as RowTexts).utf8.buffer as ArrayBuffer, (page as RowTexts).ends.buffer as ArrayBuffer]);

const decoder = new TextDecoder();

/**
 * The bytes of rows decoded in one call: a million rows' own decodings are a million calls, and a whole page's text
 * (334 KB for 1,000 interface rows) is larger than V8 makes in its young generation. Made in the old generation,
 * the pages of a 1,000,000-row export took the writer to a full collection every 100 ms (issue 11).
 */
const ROW_GROUP_BYTES = 16 * 1024;

/** The rows from `first` (which starts at `from`) that fit in ROW_GROUP_BYTES, at least one: their text when they are ASCII. */
function rowGroupAt(utf8: Uint8Array, ends: Uint32Array, first: number, from: number): { text: string | null; from: number; to: number } {
  let last = first;
  while (last + 1 < ends.length && ends[last + 1]! - from <= ROW_GROUP_BYTES) last++;
  const bytes = utf8.subarray(from, ends[last]);
  return { text: isAscii(bytes) ? decoder.decode(bytes) : null, from, to: ends[last]! };
}

/** One page's rows as cells, each parsed when it is asked for. */
export function* rowsOf(page: SheetPage): Generator<readonly CellValue[]> {
  if (Array.isArray(page)) {
    yield* page as readonly (readonly CellValue[])[];
    return;
  }
  const { utf8, ends, cellCount, timeCells, numberCells } = page as RowTexts;
  const delimited = Array.from({ length: cellCount }, (_, at) => timeCells.includes(at) || numberCells.includes(at));
  // Rows of ASCII are decoded a group at a time and each row is a slice of its group's text.
  let group: { text: string | null; from: number; to: number } = { text: null, from: 0, to: 0 };
  let start = 0;
  for (let index = 0; index < ends.length; index++) {
    const end = ends[index]!;
    if (end > group.to) group = rowGroupAt(utf8, ends, index, start);
    const text = group.text === null ? decoder.decode(utf8.subarray(start, end)) : group.text.slice(start - group.from, end - group.from);
    const row: CellValue[] = valuesOfRowText(text, end - start, delimited, cellCount);
    start = end;
    for (let at = 0; at < cellCount; at++) {
      const cell = row[at];
      if (typeof cell === 'string' && cell.length > CELL_TEXT_MAX) row[at] = cell.slice(0, CELL_TEXT_MAX);
    }
    for (const at of timeCells) {
      const time = row[at];
      if (typeof time === 'string') row[at] = isoTimeOf(time);
    }
    for (const at of numberCells) {
      const number = row[at];
      if (typeof number === 'string') row[at] = Number(number);
    }
    yield row;
  }
}

/**
 * Starts a keyed text's cell as the database writes it, and parts its pieces: `MARK key MARK values MARK stored text`,
 * the values as their JSON text. A control character no text typed by a person starts with, which neither a key (a
 * name of letters and dots) nor JSON text (it escapes control characters) holds; the stored text, last, may. The cell
 * is written as the key's template filled in, or the stored text for a key this release does not know.
 */
export const KEYED_TEXT_MARK = '\u0001';
