import { inArray, lt } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { LOCKOUT, UNDO_GRACE_SECONDS } from '../../shared/constants';
import type { Db } from '../db/client';
import { accessToken, bindTicket, captcha, loginFailure, rateBucket, refreshToken, undoSnapshot } from '../db/schema';
import { purgeUnreferencedFiles, UNREFERENCED_FILE_GRACE_MS } from '../platform/file/files';
import { purgeOldInterfaceLogs } from '../audit/interface-log-retention';
import { RATE_WINDOW_MS } from '../auth/rate-limit';

/** Rows deleted per statement: short statements keep PGlite's one connection free for requests between them. */
export const PURGE_BATCH_SIZE = 500;
export const PURGE_INTERVAL_MS = 5 * 60_000;
/**
 * How long a name's failed sign-ins are remembered after the last one: a day, so the captcha and lock
 * rules hold within it, and never less than the longest lock, so no lock is forgotten while it holds.
 */
export const LOGIN_FAILURE_KEPT_MS = Math.max(24 * 3600_000, LOCKOUT.maxLockSeconds * 1000);

export interface PurgeCounts {
  captchas: number;
  accessTokens: number;
  refreshTokens: number;
  bindTickets: number;
  loginFailures: number;
  files: number;
  undoSnapshots: number;
  rateBuckets: number;
}

/** Deletes the rows whose `time` column is before `before`, `batchSize` at a time; returns how many went. */
async function deleteBefore(db: Db, table: PgTable, key: PgColumn, time: PgColumn, before: Date, batchSize: number): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = db.select({ key }).from(table).where(lt(time, before)).limit(batchSize);
    const gone = await db.delete(table).where(inArray(key, batch)).returning({ key });
    deleted += gone.length;
    if (gone.length < batchSize) return deleted;
  }
}

/**
 * Deletes what has expired: captchas, access tokens (revoked ones too, once past their expiry: until
 * then a revoked token must still be found to be refused), refresh tokens, messenger binding tickets, and
 * the failed sign-ins of names that have not failed for LOGIN_FAILURE_KEPT_MS, and uploaded files no record
 * refers to once UNREFERENCED_FILE_GRACE_MS has passed since their upload, and the snapshots of deletes past
 * their undo window (they hold deleted rows, password hashes and sealed secrets among them, no longer needed),
 * and rate-limit buckets untouched for a minute (full again: a new call starts a new one).
 */
export async function purgeExpired(db: Db, now: Date, batchSize = PURGE_BATCH_SIZE): Promise<PurgeCounts> {
  return {
    captchas: await deleteBefore(db, captcha, captcha.uuid, captcha.expiresAt, now, batchSize),
    accessTokens: await deleteBefore(db, accessToken, accessToken.tokenHash, accessToken.expiresAt, now, batchSize),
    refreshTokens: await deleteBefore(db, refreshToken, refreshToken.tokenHash, refreshToken.expiresAt, now, batchSize),
    bindTickets: await deleteBefore(db, bindTicket, bindTicket.ticketHash, bindTicket.expiresAt, now, batchSize),
    loginFailures: await deleteBefore(db, loginFailure, loginFailure.username, loginFailure.lastFailure, new Date(now.getTime() - LOGIN_FAILURE_KEPT_MS), batchSize),
    files: await purgeUnreferencedFiles(db, new Date(now.getTime() - UNREFERENCED_FILE_GRACE_MS), batchSize),
    undoSnapshots: await deleteBefore(db, undoSnapshot, undoSnapshot.tokenHash, undoSnapshot.expiresAt, new Date(now.getTime() - UNDO_GRACE_SECONDS * 1000), batchSize),
    rateBuckets: await deleteBefore(db, rateBucket, rateBucket.bucketKey, rateBucket.takenAt, new Date(now.getTime() - RATE_WINDOW_MS), batchSize),
  };
}

export interface Maintenance {
  /** Stops the timer and waits for a purge under way. */
  stop(): Promise<void>;
}

/** Advisory-lock key of a maintenance run: one server process at a time purges a shared PostgreSQL database. */
export const MAINTENANCE_LOCK_KEY = 73_000_021;

export interface MaintenanceOptions {
  interfaceLogRetentionDays: number;
  /** Runs a task unless another server process on the database runs it now (`Database.exclusive`). */
  exclusive?: (key: number, task: () => Promise<void>) => Promise<boolean>;
}

/**
 * Purges every PURGE_INTERVAL_MS on a timer that never keeps the process alive, then removes the interface-
 * monitoring rows older than `interfaceLogRetentionDays`; a failed run is reported and the next one tries again.
 * Where several processes share the database, a run that finds another one under way is skipped.
 */
export function startMaintenance(db: Db, now: () => Date, report: (error: unknown) => void, options: MaintenanceOptions): Maintenance {
  let running: Promise<void> | null = null;
  const purge = async () => {
    await purgeExpired(db, now());
    await purgeOldInterfaceLogs(db, now(), options.interfaceLogRetentionDays);
  };
  const timer = setInterval(() => {
    if (running) return;
    running = (options.exclusive ? options.exclusive(MAINTENANCE_LOCK_KEY, purge) : purge())
      .then(() => undefined, report)
      .finally(() => {
        running = null;
      });
  }, PURGE_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
