import { PGlite } from '@electric-sql/pglite';
import { Column, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { isoTimeOf, LENGTH_END, textRowsOf, VALUE_END, valuesOfRowText, type RowTexts, type TextRows } from '../exports/sheet-page';
import type { Tx } from './client';
import { readTextRows } from './pglite-text-rows';
import { PGliteThread } from './pglite-thread';

/** A time cell (`isoTime`): the instant of a timestamptz column, written as ISO 8601 in UTC to the millisecond. */
export interface TimeCell {
  readonly isoTime: AnyPgColumn;
}

/** A text cut to its first characters by the database (`leadingText`). */
export interface CutText {
  readonly leadingText: AnyPgColumn | SQL;
  readonly max: number;
}

/** What a row's cells are read from: columns, SQL, times (`isoTime`) or texts cut to a length (`leadingText`). */
export type CellSource = AnyPgColumn | SQL | TimeCell | CutText;

/**
 * A timestamptz column as an export writes it (as `toISOString` does). The database gives the time in UTC as its text
 * (`2026-11-28 22:29:17.12`, PostgreSQL's ISO style, which node-postgres's own parsing of times also needs), and the writer
 * makes that ISO 8601 to the millisecond (`isoTimeOf`): formatting it with `to_char` was a large part of PGlite's reading
 * of an export (docs/decisions/0012-times-formatted-by-the-writer.md).
 */
export const isoTime = (column: AnyPgColumn): TimeCell => ({ isoTime: column });

const isTimeCell = (source: CellSource): source is TimeCell => 'isoTime' in source;

const isCutText = (source: CellSource): source is CutText => 'leadingText' in source;

/** A column whose values are numbers (integers, bigints read as numbers): written as numbers, not as their texts. */
const isNumberColumn = (source: CellSource): boolean => source instanceof Column && source.dataType === 'number';

/** A query built by drizzle, read here by its statement. */
export interface CompiledQuery {
  toSQL(): { sql: string; params: unknown[] };
}

/** Whether a value's text is delimited in a row's text (numbers and times: `valuesOfRowText`). */
const isDelimited = (source: CellSource): boolean => isTimeCell(source) || isNumberColumn(source);

/** The names the row's query gives a value (in the page's query) and its text (in the query above it). */
const valueName = (at: number) => `value_${at}`;
const textName = (at: number) => `"text_${at}"`;

/** What the page's query selects of each listed value: the column or SQL itself, nothing made of it yet. */
const valueFields = (values: readonly CellSource[]): Record<string, SQL.Aliased<unknown>> =>
  Object.fromEntries(values.map((value, at) => [valueName(at), sql`${isTimeCell(value) ? value.isoTime : isCutText(value) ? value.leadingText : value}`.as(valueName(at))]));

/** Each value's text (times in UTC), made once: a json column's text is written out anew each time it is asked for. */
const valueTexts = (values: readonly CellSource[]): string => values.map((value, at) => `("${valueName(at)}"${isTimeCell(value) ? ` at time zone 'UTC'` : ''})::text as ${textName(at)}`).join(', ');

/**
 * A value's piece of its row's text (`valuesOfRowText`). A text's length in UTF-8 is known without reading the
 * text, so a cut text walks its characters (`left`) only when it is longer than the cut in bytes.
 */
function pieceOf(value: CellSource, at: number): string {
  const text = textName(at);
  if (isDelimited(value)) return `coalesce(${text}, '') || '${VALUE_END}'`;
  const sized = (of: string) => `coalesce(octet_length(${of})::text || '${LENGTH_END}' || ${of}, '${LENGTH_END}')`;
  if (!isCutText(value)) return sized(text);
  const max = Math.trunc(value.max);
  return `case when octet_length(${text}) > ${max} then ${sized(`left(${text}, ${max})`)} else ${sized(text)} end`;
}

/**
 * The statement that reads the rows of the page's query as their texts, in three steps: the page's query selects
 * the values themselves and orders and limits them, the query above it makes each value's text once, and the one
 * above that joins them into the row's text. PostgreSQL merges neither into the query above it (the page's query
 * has a LIMIT, the texts' query an OFFSET), so the texts are made for the page's rows only, after any sort, and a
 * text asked for twice (its length, then itself) is made once. Within one query PostgreSQL would make the cheap parts
 * of its select list before a sort, for every matching row (docs/decisions/0015-json-column-texts-once-a-row.md).
 */
const rowTextsQuery = (values: readonly CellSource[], pageQuery: string): string =>
  `select ${values.map(pieceOf).join(' || ')} from (select ${valueTexts(values)} from (${pageQuery}) as "row_values" offset 0) as "row_texts"`;

/** A value of a row as the database wrote it, as its cell holds it: a number column's text as a number, a time in ISO 8601. */
const valueOf = (source: CellSource, text: unknown): unknown => {
  if (typeof text !== 'string') return text;
  if (isTimeCell(source)) return isoTimeOf(text);
  return isNumberColumn(source) ? Number(text) : text;
};

const decoder = new TextDecoder();

/** A page of an export's rows as `readRowTexts` reads it. */
export interface RowTextPage extends RowTexts {
  /** The last row's `keys`, in their order (where the next page starts); null when there is no row. */
  lastKeys: unknown[] | null;
}

/**
 * The rows of the query `page` builds from the named texts of the listed values and then of those of its `keys`
 * that are not among the values (the same object), in its own order, each row one text of them all written by the
 * database (`valuesOfRowText`); the last row's keys are parsed here, for the next page: what reads a million rows
 * (the log exports). The server's thread hands the texts to the workbook's writer thread as one UTF-8
 * buffer that moves there without a copy, and the writer parses each row as it writes it (its cells, not its keys),
 * a number column's text as a number and a time as ISO 8601. On PGlite the buffer holds the bytes of PostgreSQL's
 * answer (`readTextRows`), never decoded into strings.
 * One text a row with the keys inside it spares the server's thread the decoding and PGlite a field per key; one text a
 * page would keep the server higher (docs/decisions/0013-rows-as-value-texts.md, docs/decisions/0014-page-as-one-text.md).
 */
export async function readRowTexts(db: Tx, values: readonly CellSource[], keys: readonly CellSource[], page: (fields: Record<string, SQL.Aliased<unknown>>) => CompiledQuery): Promise<RowTextPage> {
  const client = (db as unknown as { $client?: unknown }).$client;
  const written = [...values];
  const keyPositions = keys.map((key) => {
    const at = written.indexOf(key);
    return at >= 0 ? at : written.push(key) - 1;
  });
  const { sql: pageQuery, params } = page(valueFields(written)).toSQL();
  const text = rowTextsQuery(written, pageQuery);
  let rows: TextRows;
  if (client instanceof PGlite) rows = await readTextRows(client, text, params);
  else if (client instanceof PGliteThread) rows = await client.readTextRows(text, params);
  else if (client instanceof pg.Pool || client instanceof pg.Client) rows = textRowsOf((await client.query<[string]>({ text, values: params, rowMode: 'array' })).rows.map(([row]) => row));
  else throw new Error('readRowTexts needs the database itself, not a transaction');
  const count = rows.ends.length;
  const lastStart = count > 1 ? rows.ends[count - 2]! : 0;
  const lastRow =
    count === 0 ? null : valuesOfRowText(decoder.decode(rows.utf8.subarray(lastStart, rows.ends[count - 1])), rows.ends[count - 1]! - lastStart, written.map(isDelimited), written.length);
  return {
    ...rows,
    cellCount: values.length,
    timeCells: values.flatMap((value, at) => (isTimeCell(value) ? [at] : [])),
    numberCells: values.flatMap((value, at) => (isNumberColumn(value) ? [at] : [])),
    lastKeys: lastRow && keyPositions.map((at) => valueOf(written[at]!, lastRow[at])),
  };
}

/**
 * A text's first `max` characters, cut by the database: an export holds a page of rows whole (whichever driver
 * reads it), so a page stays bounded whatever was stored. PostgreSQL counts characters and a spreadsheet UTF-16
 * units, so the writer cuts the cell to the unit as it parses the row. Any column or SQL is cut as its text (a json
 * column's too).
 */
export const leadingText = (text: AnyPgColumn | SQL, max: number): CutText => ({ leadingText: text, max });
