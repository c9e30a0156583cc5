import { and, asc, count, desc, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { rowsOf } from '../auth/authz';
import type { Tx } from './client';

/**
 * Deep pages of an append-mostly log without OFFSET over the whole depth (the operation log, interface
 * monitoring). For each filter the index keeps the sort key of every `step`-th row counted from the OLDEST end
 * of the list, and how many rows there are; a page is then a seek to the anchor below it plus an offset of at
 * most about `step` rows, so page 10,000 costs what page 1 costs and the total is exact.
 *
 * Rows are added with growing ids. The first call of a filter numbers its rows in one scan; later calls read
 * only the rows added since (ids above the last one counted): each anchor moves up by the added rows that sort
 * below it (a call that started early is logged late, with an older start time), and the rows above the newest
 * anchor are numbered again. When the oldest anchor's row is gone (the retention purge removed the oldest rows,
 * or a row was deleted behind the log's back) the filter's anchors are rebuilt. Every page is read as of the
 * last id counted, so its rows agree with its total.
 */

export const PAGE_INDEX_STEP = 100;
/** Filters kept at once; the least recently asked for goes first. */
const MAX_ENTRIES = 32;
/** More added rows than this since a filter was last asked for: numbering the filter afresh costs less. */
const ADDED_ROWS_MAX = 20_000;

/** A column of the list's order: an instant (compared to the microsecond) or a whole number. */
export interface SortColumn {
  column: AnyPgColumn;
  kind: 'instant' | 'integer';
}

export interface PageIndexSource {
  table: PgTable;
  /** The insertion sequence: a row added later has a larger id. */
  id: AnyPgColumn;
  /** The list's order, oldest first; the last column is unique (the id), so the order is total. */
  order: readonly [...SortColumn[], SortColumn];
}

/** A row's position in the order: one number per order column (instants in microseconds since 1970). */
type SortKey = number[];

interface Anchors {
  /** Rows up to this id are counted. */
  upTo: number;
  count: number;
  /** Ascending by key; `positions[i]` is the ascending position of the row whose key is `keys[i]`. */
  keys: SortKey[];
  positions: number[];
}

/** Reads one page: rows matching `range`, in the order given, skipping `offset`, at most `limit`. */
export type PageReader<R> = (range: SQL | undefined, order: SQL[], offset: number, limit: number) => Promise<R[]>;

function compareKeys(a: SortKey, b: SortKey): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** An instant in microseconds as PostgreSQL reads it back exactly: ISO 8601 with six decimals, UTC. */
function isoMicros(micros: number): string {
  const millis = Math.floor(micros / 1000);
  return new Date(millis).toISOString().replace('Z', `${String(micros - millis * 1000).padStart(3, '0')}Z`);
}

export class SparsePageIndex {
  private readonly entries = new Map<string, Anchors>();

  constructor(
    private readonly source: PageIndexSource,
    private readonly step = PAGE_INDEX_STEP,
  ) {}

  /** The ORDER BY of the list newest first (`desc`) or oldest first. */
  orderBy(direction: 'asc' | 'desc'): SQL[] {
    return this.source.order.map(({ column }) => (direction === 'asc' ? asc(column) : desc(column)));
  }

  /** Rows `offset .. offset + limit - 1` of the filter's rows, newest first, and how many there are. */
  async page<R>(db: Tx, filterKey: string, where: SQL | undefined, offset: number, limit: number, read: PageReader<R>): Promise<{ rows: R[]; total: number }> {
    const anchors = await this.anchorsOf(db, filterKey, where);
    const total = anchors.count;
    if (offset >= total) return { rows: [], total };
    const counted = and(where, sql`${this.source.id} <= ${anchors.upTo}`);
    if (offset <= this.step) return { rows: await read(counted, this.orderBy('desc'), offset, limit), total };
    const low = Math.max(0, total - offset - limit);
    const high = total - 1 - offset;
    const anchor = this.anchorAtOrBelow(anchors, low);
    // Rows logged late below the oldest anchor leave no anchor under the first positions: those are read from the oldest row.
    const range = anchor === null ? counted : and(counted, this.fromKey(anchors.keys[anchor]!, '>='));
    const rows = await read(range, this.orderBy('asc'), low - (anchor === null ? 0 : anchors.positions[anchor]!), high - low + 1);
    return { rows: rows.reverse(), total };
  }

  /**
   * How many rows the filter matches (exact): from its anchors when its pages have been read, otherwise counted
   * without numbering them. An export's progress needs only the count: numbering 1,000,000 rows to keep every
   * step-th key took a fresh server on PGlite 1.8 s before its export's first row, a count 0.2 s (issue 11).
   */
  async count(db: Tx, filterKey: string, where: SQL | undefined): Promise<number> {
    if (this.entries.has(filterKey)) return (await this.anchorsOf(db, filterKey, where)).count;
    const [counted] = await db.select({ rows: count() }).from(this.source.table).where(where);
    return counted?.rows ?? 0;
  }

  /** Forgets every filter's anchors (tests; a purge in this process). */
  clear(): void {
    this.entries.clear();
  }

  /** The newest anchor at or below a position; null when every anchor is above it. */
  private anchorAtOrBelow(anchors: Anchors, position: number): number | null {
    if (anchors.positions.length === 0 || anchors.positions[0]! > position) return null;
    let low = 0;
    let high = anchors.positions.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (anchors.positions[middle]! <= position) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  private columnsSql(): SQL {
    return sql.join(
      this.source.order.map(({ column }) => sql`${column}`),
      sql`, `,
    );
  }

  /** Rows at (`>=`) or after (`>`) a key in the ascending order: a seek on the order's index. */
  private fromKey(key: SortKey, operator: '>=' | '>'): SQL {
    const values = sql.join(
      this.source.order.map(({ kind }, i) => (kind === 'instant' ? sql`${isoMicros(key[i]!)}::timestamptz` : sql`${key[i]!}::bigint`)),
      sql`, `,
    );
    return sql`(${this.columnsSql()}) ${sql.raw(operator)} (${values})`;
  }

  /** The key columns as numbers, by the names `k0`, `k1`, …, read from an inner query's unqualified columns. */
  private keySelect(): SQL {
    return sql.join(
      this.source.order.map(({ column, kind }, i) => {
        const name = sql.identifier(column.name);
        return kind === 'instant' ? sql`(extract(epoch from ${name}) * 1000000)::bigint as ${sql.identifier(`k${i}`)}` : sql`${name} as ${sql.identifier(`k${i}`)}`;
      }),
      sql`, `,
    );
  }

  private keyOf(row: Record<string, unknown>): SortKey {
    return this.source.order.map((_, i) => Number(row[`k${i}`]));
  }

  private async anchorsOf(db: Tx, filterKey: string, where: SQL | undefined): Promise<Anchors> {
    let anchors = this.entries.get(filterKey);
    this.entries.delete(filterKey);
    const oldestId = anchors && anchors.keys.length > 0 ? anchors.keys[0]![anchors.keys[0]!.length - 1]! : null;
    const { table, id } = this.source;
    const latest = rowsOf<{ max: string | number | null; kept: boolean | null }>(
      await db.execute(sql`select (select max(${id}) from ${table}) as max, ${oldestId === null ? sql`true` : sql`exists (select 1 from ${table} where ${id} = ${oldestId})`} as kept`),
    )[0];
    const upTo = latest?.max === null || latest?.max === undefined ? 0 : Number(latest.max);
    if (anchors && !latest?.kept) anchors = undefined;
    if (!anchors || (anchors.keys.length === 0 && upTo > anchors.upTo)) anchors = await this.build(db, where, upTo);
    else if (upTo > anchors.upTo) anchors = await this.extend(db, anchors, where, upTo);
    this.entries.set(filterKey, anchors);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    return anchors;
  }

  /** Numbers the rows of the filter from the oldest, in one scan, keeping every `step`-th key. */
  private async build(db: Tx, where: SQL | undefined, upTo: number): Promise<Anchors> {
    const { table, id } = this.source;
    const inner = sql.join(
      this.source.order.map(({ column }) => sql.identifier(column.name)),
      sql`, `,
    );
    const found = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select ${this.keySelect()}, n, total from (
          select ${inner}, row_number() over (order by ${this.columnsSql()}) - 1 as n, count(*) over () as total
          from ${table} where ${and(where, sql`${id} <= ${upTo}`)}
        ) numbered
        where n % ${this.step} = 0
        order by n`),
    );
    return {
      upTo,
      count: found.length > 0 ? Number(found[0]!.total) : 0,
      keys: found.map((row) => this.keyOf(row)),
      positions: found.map((row) => Number(row.n)),
    };
  }

  /** Counts the rows added after `anchors.upTo`, moves the anchors above them, and numbers the rows above the newest anchor. */
  private async extend(db: Tx, anchors: Anchors, where: SQL | undefined, upTo: number): Promise<Anchors> {
    const { table, id } = this.source;
    const added = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select ${this.keySelect()} from ${table}
        where ${and(where, sql`${id} > ${anchors.upTo}`, sql`${id} <= ${upTo}`)}
        limit ${ADDED_ROWS_MAX + 1}`),
    )
      .map((row) => this.keyOf(row))
      // Sorted here: ordered by the list's index, the planner would walk it from the oldest row to find the newest ids.
      .sort(compareKeys);
    if (added.length > ADDED_ROWS_MAX) return this.build(db, where, upTo);
    const positions = [...anchors.positions];
    // Both ascending: walk them together, each anchor moving up by the added rows below it.
    let below = 0;
    for (let i = 0; i < anchors.keys.length; i++) {
      while (below < added.length && compareKeys(added[below]!, anchors.keys[i]!) < 0) below++;
      positions[i]! += below;
    }
    const keys = [...anchors.keys];
    const newest = keys.length - 1;
    const above = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select ${this.keySelect()}, n from (
          select ${sql.join(
            this.source.order.map(({ column }) => sql.identifier(column.name)),
            sql`, `,
          )}, row_number() over (order by ${this.columnsSql()}) as n
          from ${table} where ${and(where, this.fromKey(keys[newest]!, '>'), sql`${id} <= ${upTo}`)}
        ) numbered
        where n % ${this.step} = 0
        order by n`),
    );
    for (const row of above) {
      keys.push(this.keyOf(row));
      positions.push(positions[newest]! + Number(row.n));
    }
    return { upTo, count: anchors.count + added.length, keys, positions };
  }
}

const indexes = new WeakMap<object, Map<PageIndexSource, SparsePageIndex>>();

/** The index of one source over one database: a test server's rows never answer another's. */
export function pageIndexOf(db: object, source: PageIndexSource): SparsePageIndex {
  let bySource = indexes.get(db);
  if (!bySource) {
    bySource = new Map();
    indexes.set(db, bySource);
  }
  let index = bySource.get(source);
  if (!index) {
    index = new SparsePageIndex(source);
    bySource.set(source, index);
  }
  return index;
}
