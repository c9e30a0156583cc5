import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { interfaceLog } from '../db/schema';

/** Rows deleted per statement: short statements leave PGlite's one connection to the requests between them. */
export const INTERFACE_LOG_PURGE_BATCH = 5000;
const DAY_MS = 24 * 3600_000;

/**
 * Deletes the interface-monitoring rows that started more than `retentionDays` days before `now`, a batch at
 * a time, letting waiting requests run between batches; returns how many went. 0 days keeps every row.
 */
export async function purgeOldInterfaceLogs(db: Db, now: Date, retentionDays: number, batchSize = INTERFACE_LOG_PURGE_BATCH): Promise<number> {
  if (retentionDays <= 0) return 0;
  const before = new Date(now.getTime() - retentionDays * DAY_MS);
  let deleted = 0;
  for (;;) {
    const batch = db.select({ id: interfaceLog.id }).from(interfaceLog).where(lt(interfaceLog.startTime, before)).limit(batchSize);
    const gone = await db.delete(interfaceLog).where(inArray(interfaceLog.id, batch)).returning({ id: interfaceLog.id });
    deleted += gone.length;
    if (gone.length < batchSize) return deleted;
    await yieldToRequests();
  }
}
