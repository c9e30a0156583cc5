import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client';
import { PGliteThread } from './pglite-thread';

/** A query builder's statement, as drizzle's `toSQL()` gives it. */
export interface CompiledQuery {
  toSQL(): { sql: string; params: unknown[] };
}

const INT8 = 20;

/** node-postgres's parsers, but int8 as a number as on PGlite (ids: a number up to 2^53, as drizzle's `mode: 'number'`). */
const PG_TYPES = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') => (oid === INT8 ? Number : pg.types.getTypeParser(oid, format ?? 'text')),
};

/**
 * The rows of `query` as arrays of column values in the select's order, without drizzle's object per row and
 * its conversions. What a long export reads: a million rows of objects, each promoted to the old generation
 * while the page waits to be written, made the V8 heap the largest part of an export's memory (issue 11).
 * Timestamps are best selected as text in SQL; the driver's own parsers apply to the rest.
 */
export async function valueRows(db: Db, query: CompiledQuery): Promise<unknown[][]> {
  const { sql, params } = query.toSQL();
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite || client instanceof PGliteThread) return (await client.query<unknown[]>(sql, params, { rowMode: 'array' })).rows;
  if (client instanceof pg.Pool || client instanceof pg.Client) return (await client.query<unknown[]>({ text: sql, values: params, rowMode: 'array', types: PG_TYPES })).rows;
  throw new Error('valueRows needs the database itself, not a transaction');
}

/** A time as an export writes it (ISO 8601 in UTC, to the millisecond, as `toISOString`), formatted by the database. */
export const isoTimeText = (column: AnyPgColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
