import { asc, count, desc, is, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgTable, type PgSelect } from 'drizzle-orm/pg-core';
import type { SortOrder } from '../../shared/list-sort';
import type { Tx } from './client';

/** Helpers for list queries: filter patterns, sorting and the page envelope of spec 000 §7. */

/** An ILIKE pattern matching values that contain `text`, with LIKE's own wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function offsetOf(page: number, limit: number): number {
  return (page - 1) * limit;
}

export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  pages: number;
  size: number;
}

export function pageResult<T>(records: T[], total: number, page: number, limit: number): Page<T> {
  return { records, total, current: page, pages: Math.ceil(total / limit), size: limit };
}

/** The page a list call asks for, under either pair of names the contracts give it. */
export type PageInput = { page: number; limit: number } | { pageNum: number; pageSize: number };

function pagingOf(input: PageInput): { page: number; limit: number } {
  return 'pageNum' in input ? { page: input.pageNum, limit: input.pageSize } : input;
}

/** The page of a list with nothing in it (a role that sees no organisation, a filter that matches none). */
export function emptyPage<T>(input: PageInput): Page<T> {
  const { page, limit } = pagingOf(input);
  return pageResult<T>([], 0, page, limit);
}

/** A count's select, with the joins its filter needs: `db.select({ total: count() }).from(…)….$dynamic()`. */
export type CountSelect = PgSelect<string, { total: SQL<number> }>;

/** One paged list: the select of its rows, what its total counts, its filter and its order. */
export interface PagedList<Q extends PgSelect> {
  /** The rows' select with its joins, before the filter: `db.select(…).from(…)….$dynamic()`. */
  rows: Q;
  /** What the total counts: the list's table, or a count's select where the filter needs the joins. */
  counted: PgTable | CountSelect;
  where: SQL | undefined;
  orderBy: SQL[];
}

/** The two statements of a page, its count and its rows, not yet run (the bench runs them straight on the database). */
export function pageStatements<Q extends PgSelect>(db: Tx, input: PageInput, list: PagedList<Q>) {
  const { page, limit } = pagingOf(input);
  const counting = is(list.counted, PgTable) ? db.select({ total: count() }).from(list.counted).$dynamic() : list.counted;
  return {
    count: counting.where(list.where),
    page: list.rows
      .where(list.where)
      .orderBy(...list.orderBy)
      .limit(limit)
      .offset(offsetOf(page, limit)),
  };
}

export interface PagedQuery<Q extends PgSelect, T> extends PagedList<Q> {
  /** The page's records from its rows (in their order); the rows themselves when absent. */
  records?: (rows: Awaited<Q>) => T[] | Promise<T[]>;
  /** Totals kept per filter (`key`) until `epoch` moves: see CountCache. */
  counts?: { cache: CountCache; key: string; epoch: () => number };
}

/**
 * A page of a list in the envelope of spec 000 §7: its rows and its total. The count and the rows are
 * independent: on PostgreSQL they run on two connections at once.
 */
export async function pagedQuery<Q extends PgSelect, T = Awaited<Q>[number]>(db: Tx, input: PageInput, query: PagedQuery<Q, T>): Promise<Page<T>> {
  const { page, limit } = pagingOf(input);
  const statements = pageStatements(db, input, query);
  const countRows = async () => Number((await statements.count)[0]?.total ?? 0);
  const { counts } = query;
  const [total, rows] = await Promise.all([counts ? counts.cache.count(counts.key, counts.epoch, countRows) : countRows(), statements.page]);
  const records = query.records ? await query.records(rows) : (rows as T[]);
  return pageResult(records, total, page, limit);
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
