import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The listed values of a row as one JSON array, built by the database, for what reads a million rows (the log
 * exports, issue 11). Each row then crosses the driver as one text and is one `JSON.parse`: PGlite decodes every
 * field of every row in JavaScript (a copy and a TextDecoder call each), which made reading a 14-column page
 * cost twice what the same page as one text per row costs; and no drizzle object, `Date` or copy is made per
 * value, which the old generation otherwise collected by the hundred megabytes. The row's order stays the
 * query's own `order by`. Numbers stay numbers (ids are below 2^53), json columns stay nested values.
 */
export const rowCells = (values: readonly (AnyPgColumn | SQL)[]) => sql<string>`json_build_array(${sql.join([...values], sql`, `)})::text`;

/** A time as an export writes it (ISO 8601 in UTC, to the millisecond, as `toISOString`), formatted by the database. */
export const isoTimeText = (column: AnyPgColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The cells of rows selected as `{ cells: rowCells(…) }`. */
export function parseCells<T = unknown>(rows: readonly { cells: string }[]): T[][] {
  return rows.map((row) => JSON.parse(row.cells) as T[]);
}
