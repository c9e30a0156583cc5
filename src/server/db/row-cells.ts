import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Tx } from './client';
import { PGliteThread } from './pglite-thread';

/** What a row's cells are read from: columns, or SQL such as `isoTimeText`. */
export type CellSource = AnyPgColumn | SQL;

/** A query built by drizzle, read here by its statement. */
export interface CompiledQuery {
  toSQL(): { sql: string; params: unknown[] };
}

const INT8 = 20;

/** node-postgres's parsers, but int8 as a number as on PGlite (ids below 2^53, as drizzle's `mode: 'number'`). */
const PG_TYPES = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') => (oid === INT8 ? Number : pg.types.getTypeParser(oid, format ?? 'text')),
};

/** The listed values of a row as one JSON array (numbers stay numbers, json columns nested values). */
const rowJson = (values: readonly CellSource[]) => sql<string>`json_build_array(${sql.join([...values], sql`, `)})::text`;

/**
 * The rows of the query `page` builds, as arrays of the listed values in their order: what reads a million rows
 * (the log exports, issue 11). No drizzle object, `Date` or copy is made per value: a page of them waiting to be
 * written was promoted to the old generation by the hundred megabytes. Each driver reads the way it is fastest:
 * node-postgres decodes the values natively (`rowMode: 'array'`); PGlite decodes every field in JavaScript (a
 * copy and a TextDecoder call each), so there each row is built into one JSON text by the database and parsed
 * once, which halves the read of a 14-column page. The row order is the query's own `order by` either way.
 */
export async function readCells(db: Tx, values: readonly CellSource[], page: (fields: Record<string, CellSource>) => CompiledQuery): Promise<unknown[][]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof PGlite || client instanceof PGliteThread) {
    const { sql: text, params } = page({ cells: rowJson(values) }).toSQL();
    return (await client.query<[string]>(text, params, { rowMode: 'array' })).rows.map(([cells]) => JSON.parse(cells) as unknown[]);
  }
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    const { sql: text, params } = page(Object.fromEntries(values.map((value, at) => [`c${at}`, value]))).toSQL();
    return (await client.query<unknown[]>({ text, values: params, rowMode: 'array', types: PG_TYPES })).rows;
  }
  throw new Error('readCells needs the database itself, not a transaction');
}

/**
 * A text's first `max` characters, cut by the database: an export holds a page of rows whole (whichever driver
 * reads it), so a page stays bounded whatever was stored. PostgreSQL counts characters and a spreadsheet UTF-16
 * units, so the cell is cut to the unit after reading. `left` walks every character of every row; a text of at
 * most `max` bytes has at most `max` characters, and its byte length is known without reading it, so only the
 * longer ones are walked (`left` on each took a quarter of a 1,000,000-row interface export's query time on
 * PGlite, issue 11).
 */
export const leadingText = (text: AnyPgColumn | SQL, max: number) => {
  const limit = sql.raw(String(Math.trunc(max)));
  return sql<string>`case when octet_length(${text}) > ${limit} then left(${text}, ${limit}) else ${text} end`;
};

/** A time as an export writes it (ISO 8601 in UTC, to the millisecond, as `toISOString`), formatted by the database. */
export const isoTimeText = (column: AnyPgColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
