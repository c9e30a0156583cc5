import { asc, desc, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { SortOrder } from '../../shared/list-sort';

/** Helpers for list queries: filter patterns, sorting and the page envelope of spec 000 §7. */

/** An ILIKE pattern matching values that contain `text`, with LIKE's own wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function offsetOf(page: number, limit: number): number {
  return (page - 1) * limit;
}

export function pageResult<T>(records: T[], total: number, page: number, limit: number): { records: T[]; total: number; current: number; pages: number; size: number } {
  return { records, total, current: page, pages: Math.ceil(total / limit), size: limit };
}

/**
 * The ORDER BY of a list sorted by the column `sidx` names (`sortInput` in the contract), then by
 * `fallback`: alone, it is the list's default order; after a sort, it keeps equal values in a stable order
 * from page to page.
 */
export function orderByColumn<K extends string>(columns: Record<K, SQLWrapper>, sort: { sidx?: K; order?: SortOrder }, fallback: SQL): SQL[] {
  if (!sort.sidx) return [fallback];
  const column = columns[sort.sidx];
  return [sort.order === 'desc' ? desc(column) : asc(column), fallback];
}
