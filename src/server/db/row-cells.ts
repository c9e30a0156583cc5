import { PGlite } from '@electric-sql/pglite';
import { Column, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { isoTimeOf, rowTextsOf, type RowTexts } from '../exports/sheet-page';
import type { Tx } from './client';
import { PGliteThread } from './pglite-thread';

/** A time cell (`isoTime`): the instant of a timestamptz column, written as ISO 8601 in UTC to the millisecond. */
export interface TimeCell {
  readonly isoTime: AnyPgColumn;
}

/** What a row's cells are read from: columns, SQL such as `leadingText`, or times (`isoTime`). */
export type CellSource = AnyPgColumn | SQL | TimeCell;

/**
 * A timestamptz column as an export writes it (as `toISOString` does). The database gives the time in UTC as its
 * text (`2026-11-28 22:29:17.12`, PostgreSQL's ISO style, which node-postgres's own parsing of times also needs), and
 * the writer makes that ISO 8601 to the millisecond (`isoTimeOf`): PostgreSQL's `to_char` formatting it took about a
 * quarter of the database's time in a 1,000,000-row interface export on PGlite (issue 11).
 */
export const isoTime = (column: AnyPgColumn): TimeCell => ({ isoTime: column });

const isTimeCell = (source: CellSource): source is TimeCell => 'isoTime' in source;

/** A column whose values are numbers (integers, bigints read as numbers): written as numbers, not as their texts. */
const isNumberColumn = (source: CellSource): boolean => source instanceof Column && source.dataType === 'number';

/** A query built by drizzle, read here by its statement. */
export interface CompiledQuery {
  toSQL(): { sql: string; params: unknown[] };
}

/**
 * The listed values of a row as one JSON array of their texts (times in UTC). An array of texts is typed once a row:
 * `json_build_array` looked up how to write each of its arguments' types again for every row (three catalogue
 * lookups a text), and PGlite read a 1,000,000-row interface export with 9.4-9.7 s of CPU against 13.0-13.7 s.
 */
const rowJson = (values: readonly CellSource[]) =>
  sql<string>`array_to_json(array[${sql.join(
    values.map((value) => (isTimeCell(value) ? sql`(${value.isoTime} at time zone 'UTC')::text` : sql`(${value})::text`)),
    sql`, `,
  )}])::text`;

/** A value of a row as the database wrote it, as its cell holds it: a number column's text as a number, a time in ISO 8601. */
const valueOf = (source: CellSource, text: unknown): unknown => {
  if (typeof text !== 'string') return text;
  if (isTimeCell(source)) return isoTimeOf(text);
  return isNumberColumn(source) ? Number(text) : text;
};

/** A page of an export's rows as `readRowTexts` reads it. */
export interface RowTextPage extends RowTexts {
  /** The last row's `keys`, in their order (where the next page starts); null when there is no row. */
  lastKeys: unknown[] | null;
}

/**
 * The rows of the query `page` builds, in its own order, each row the JSON text of an array of the texts of the
 * listed values and then of those of its `keys` that are not among the values (the same object), written by the
 * database; the last row's keys are parsed here, for the next page: what reads a million rows (the log exports,
 * issue 11). The server's thread hands the texts to the workbook's writer thread as one UTF-8 buffer that moves
 * there without a copy (`rowTextsOf`), and the writer parses each row as it writes it (its cells, not its keys),
 * a number column's text as a number and a time as ISO 8601.
 * Before, each page's values were made on the server's thread (node-postgres decoding 14 fields a row, PGlite
 * parsing each row's text) and copied into the writer's as 14,000 values: a 1,000,000-row export on PostgreSQL took
 * 4.4-6.4 s of the server thread's CPU, now 2.9-3.0 s. The keys are in the text, not fields of their own: PGlite
 * copies each field into an ArrayBuffer of its own, about 0.6 µs each; a key that is a cell is written once (the
 * interface export's time and id: 8 % fewer bytes). The database does not join a page into one field
 * (`string_agg`): a 350 KB field a page kept the server 7-20 MB higher.
 */
export async function readRowTexts(db: Tx, values: readonly CellSource[], keys: readonly CellSource[], page: (fields: { cells: SQL<string> }) => CompiledQuery): Promise<RowTextPage> {
  const client = (db as unknown as { $client?: unknown }).$client;
  const written = [...values];
  const keyPositions = keys.map((key) => {
    const at = written.indexOf(key);
    return at >= 0 ? at : written.push(key) - 1;
  });
  const { sql: text, params } = page({ cells: rowJson(written) }).toSQL();
  let rows: [string][];
  if (client instanceof PGlite || client instanceof PGliteThread) rows = (await client.query<[string]>(text, params, { rowMode: 'array' })).rows;
  else if (client instanceof pg.Pool || client instanceof pg.Client) rows = (await client.query<[string]>({ text, values: params, rowMode: 'array' })).rows;
  else throw new Error('readRowTexts needs the database itself, not a transaction');
  const last = rows.at(-1)?.[0];
  const lastRow = last === undefined ? null : (JSON.parse(last) as unknown[]);
  return {
    ...rowTextsOf(
      rows.map(([cells]) => cells),
      values.length,
      values.flatMap((value, at) => (isTimeCell(value) ? [at] : [])),
      values.flatMap((value, at) => (isNumberColumn(value) ? [at] : [])),
    ),
    lastKeys: lastRow && keyPositions.map((at) => valueOf(written[at]!, lastRow[at])),
  };
}

/**
 * A text's first `max` characters, cut by the database: an export holds a page of rows whole (whichever driver
 * reads it), so a page stays bounded whatever was stored. PostgreSQL counts characters and a spreadsheet UTF-16
 * units, so the writer cuts the cell to the unit as it parses the row. `left` walks every character of every row;
 * a text of at most `max` bytes has at most `max` characters, and its byte length is known without reading it, so
 * only the longer ones are walked (`left` on each took a quarter of a 1,000,000-row interface export's query time on
 * PGlite, issue 11).
 */
export const leadingText = (text: AnyPgColumn | SQL, max: number) => {
  const limit = sql.raw(String(Math.trunc(max)));
  return sql<string>`case when octet_length(${text}) > ${limit} then left(${text}, ${limit}) else ${text} end`;
};
