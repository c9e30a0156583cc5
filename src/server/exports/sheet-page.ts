/**
 * An export's pages as the server's thread reads them and the writer writes them. Nothing here loads exceljs: the
 * server's thread reads and counts pages from its start, and loads the writer only when it writes an export itself
 * (issue 11).
 */

/** What one spreadsheet cell holds at most, in UTF-16 units (Excel's limit). */
export const CELL_TEXT_MAX = 32_767;

/** What a cell of an export holds. */
export type CellValue = string | number | null;

/**
 * A page of rows as the database wrote them: each row the JSON text of an array of its cells (and after them the
 * row's keys), the texts in UTF-8 one after another, each parsed as it is written. The bytes move to the writer
 * thread without a copy and stay off V8's heaps: as 1,000 strings, a page waiting to be written outlived
 * young-generation collections on both threads and was promoted, to be collected with the old generation
 * (issue 11).
 */
export interface RowTexts {
  utf8: Uint8Array;
  /** Where each row's text ends in `utf8`. */
  ends: Uint32Array;
  /** How many of a row's values are its cells: those after them are the row's keys, read for the next page, not written. */
  cellCount: number;
  /** The cells that are times as the database's text of a timestamp, written as ISO 8601 (`isoTimeOf`). */
  timeCells: readonly number[];
  /** The cells that are numbers as the database's text of them, written as numbers. */
  numberCells: readonly number[];
}

const encoder = new TextEncoder();

/** `texts` as a page of row texts. */
export function rowTextsOf(texts: readonly string[], cellCount: number, timeCells: readonly number[], numberCells: readonly number[]): RowTexts {
  let size = 0;
  for (const text of texts) size += Buffer.byteLength(text, 'utf8');
  const utf8 = new Uint8Array(size);
  const ends = new Uint32Array(texts.length);
  let at = 0;
  texts.forEach((text, row) => {
    at += encoder.encodeInto(text, utf8.subarray(at)).written;
    ends[row] = at;
  });
  return { utf8, ends, cellCount, timeCells, numberCells };
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

/** One page's rows as cells, each parsed when it is asked for. */
export function* rowsOf(page: SheetPage): Generator<readonly CellValue[]> {
  if (Array.isArray(page)) {
    yield* page as readonly (readonly CellValue[])[];
    return;
  }
  const { utf8, ends, cellCount, timeCells, numberCells } = page as RowTexts;
  let start = 0;
  for (const end of ends) {
    const row = JSON.parse(decoder.decode(utf8.subarray(start, end))) as CellValue[];
    start = end;
    row.length = cellCount;
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
