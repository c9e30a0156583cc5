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

const MAX_CACHED_COUNTS = 1_000;

/**
 * Totals of list filters, kept while the data they count is unchanged. A list's count is the expensive half
 * of its page (it visits every matching row; the page stops at its limit), and the pager shows it on every
 * page turn of the same filter. An entry is kept under the epoch it was counted in: the caller passes an
 * epoch that bumps on every write that can change the count (and across server processes, through the
 * cache-change channel), so a stale total is never served after the bump.
 */
export class CountCache {
  private readonly totals = new Map<string, { epoch: number; total: number }>();

  async count(key: string, epoch: () => number, load: () => Promise<number>): Promise<number> {
    const started = epoch();
    const hit = this.totals.get(key);
    if (hit && hit.epoch === started) return hit.total;
    const total = await load();
    // A write during the count may or may not be in it: such a total is answered, never kept.
    if (epoch() === started) {
      this.totals.delete(key);
      if (this.totals.size >= MAX_CACHED_COUNTS) this.totals.delete(this.totals.keys().next().value!);
      this.totals.set(key, { epoch: started, total });
    }
    return total;
  }
}
