import { and, asc, desc, gt, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { operationLog } from '../../db/schema';
import { rowsOf } from '../../auth/authz';

/**
 * Deep pages of the operation log without OFFSET over the whole depth. The log is append-only and its ids
 * grow in chain order (drawn under the chain's lock), so a row's position counted from the OLDEST end
 * never changes when rows are added. For each filter the index keeps the id at every `step`-th position
 * from that end (one scan when a filter is first asked for, then only the rows added since); a page is
 * then a seek to the anchor below it and an offset under `step`. The total stays exact. A row deleted
 * behind the log's back (tampering, which the chain reports) shifts positions until the entry is rebuilt.
 */
export const PAGE_INDEX_STEP = 100;
const MAX_ENTRIES = 64;

interface Anchors {
  /** Rows up to this id are counted. */
  upTo: number;
  count: number;
  /** The id at ascending position i * step. */
  ids: number[];
}

export type LogRow = typeof operationLog.$inferSelect;

export class SparsePageIndex {
  private readonly entries = new Map<string, Anchors>();

  constructor(private readonly step = PAGE_INDEX_STEP) {}

  /** Rows `offset .. offset + limit - 1` of the filter's rows, newest first, and how many there are. */
  async page(db: Tx, key: string, where: SQL | undefined, offset: number, limit: number): Promise<{ rows: LogRow[]; total: number }> {
    const anchors = await this.anchorsOf(db, key, where);
    const total = anchors.count;
    if (offset >= total) return { rows: [], total };
    if (offset <= this.step) {
      const rows = await db.select().from(operationLog).where(where).orderBy(desc(operationLog.id)).offset(offset).limit(limit);
      return { rows, total };
    }
    const low = Math.max(0, total - offset - limit);
    const high = total - 1 - offset;
    const anchor = Math.floor(low / this.step);
    const rows = await db
      .select()
      .from(operationLog)
      .where(and(where, gte(operationLog.id, anchors.ids[anchor]!)))
      .orderBy(asc(operationLog.id))
      .offset(low - anchor * this.step)
      .limit(high - low + 1);
    return { rows: rows.reverse(), total };
  }

  private async anchorsOf(db: Tx, key: string, where: SQL | undefined): Promise<Anchors> {
    const latest = rowsOf<{ max: string | number | null }>(await db.execute(sql`select max(id) as max from log_operation`))[0]?.max;
    const upTo = latest === null || latest === undefined ? 0 : Number(latest);
    let anchors = this.entries.get(key);
    this.entries.delete(key);
    if (!anchors) anchors = { upTo: 0, count: 0, ids: [] };
    if (upTo > anchors.upTo) anchors = await this.extend(db, anchors, where, upTo);
    this.entries.set(key, anchors);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    return anchors;
  }

  /** Counts the rows added after `anchors.upTo` and records the anchors among them, in one scan of those rows. */
  private async extend(db: Tx, anchors: Anchors, where: SQL | undefined, upTo: number): Promise<Anchors> {
    const range = and(where, gt(operationLog.id, anchors.upTo), lte(operationLog.id, upTo));
    const base = anchors.count;
    const found = rowsOf<{ id: string | number; n: string | number; total: string | number }>(
      await db.execute(sql`
        select id, n, total from (
          select id, row_number() over (order by id) - 1 + ${base}::bigint as n, count(*) over () as total
          from log_operation where ${range}
        ) numbered
        where n % ${this.step} = 0 or n = ${base}::bigint
        order by id`),
    );
    const added = found.length > 0 ? Number(found[0]!.total) : 0;
    const ids = [...anchors.ids];
    for (const row of found) if (Number(row.n) % this.step === 0) ids.push(Number(row.id));
    return { upTo, count: base + added, ids };
  }
}
