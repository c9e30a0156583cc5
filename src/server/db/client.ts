import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { PGliteThread } from './pglite-thread';
import { TurnTakingPGlite } from './pglite-turns';
import { PGLITE_OPTIONS } from './pglite-options';
import * as schema from './tables';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database: what a service writes through. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  /**
   * Runs `task` unless another server process on the same PostgreSQL database is running the task of the
   * same `key` (a session advisory lock on a connection held for the task); false when it skipped. Absent
   * on PGlite, where one process owns the data folder.
   */
  exclusive?: (key: number, task: () => Promise<void>) => Promise<boolean>;
  close(): Promise<void>;
}

/** The migrations beside this file (a packaged app passes the copy in its resources instead). */
export const DEFAULT_MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface DatabaseOptions {
  /** A PostgreSQL URL: node-postgres with a pool. Without one, PGlite in `dataDir`. */
  databaseUrl?: string;
  dataDir?: string;
  /** Pool size for node-postgres. */
  poolSize?: number;
  migrationsDir?: string;
  /**
   * Where PGlite runs: on the server's own thread (`main`), or in a worker thread (`worker`, pglite-thread.ts)
   * so its WebAssembly uses another core than the HTTP work. CONSOLE_PGLITE_THREAD.
   */
  pgliteThread?: 'main' | 'worker';
}

/** Advisory-lock key held while a server process applies the migrations to a PostgreSQL database. */
const MIGRATION_LOCK_KEY = 73_000_002;

/** Applies the migrations to a PostgreSQL database, waiting for any other process doing the same. */
async function migrateAlone(databaseUrl: string, migrationsDir: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client, { schema }) as never, { migrationsFolder: migrationsDir });
  } finally {
    // Ending the session releases its lock.
    await client.end();
  }
}

/**
 * Opens the database and applies the migrations. PGlite is a single connection: every query and
 * transaction goes through its one queue (PGlite serialises them itself, and a transaction holds the
 * connection until it ends), so nothing here may open a second PGlite on the same directory.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const migrationsDir = options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR;
  if (options.databaseUrl) {
    // Several server processes may share the database (behind a load balancer): their caches are kept in step
    // through LISTEN/NOTIFY (see auth/authz-channel.ts). Drizzle's migrator takes no lock of its own, so
    // processes starting together apply the migrations one after the other, on a connection holding ours.
    await migrateAlone(options.databaseUrl, migrationsDir);
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    pool.on('error', () => undefined);
    // The pool listens for errors only on idle clients: one checked out (a transaction between statements, a
    // held lock) that loses its session when PostgreSQL restarts would emit an unheard 'error' and end the
    // process. Its next query fails instead, and the pool drops it on release.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const close = () => pool.end();
    const exclusive = async (key: number, task: () => Promise<void>): Promise<boolean> => {
      const holder = await pool.connect();
      try {
        const locked = await holder.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key]);
        if (!locked.rows[0]?.locked) return false;
        try {
          await task();
        } finally {
          await holder.query('select pg_advisory_unlock($1)', [key]);
        }
        return true;
      } finally {
        holder.release();
      }
    };
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    // drizzle-orm's pooled transaction() runs BEGIN before the try that releases its client, so a BEGIN refused by
    // a dying connection (PostgreSQL restarting) keeps that client checked out for good: the pool shrinks, and
    // closing it waits forever; and a failed ROLLBACK hands the client back as healthy and hides the first error
    // (drizzle-team/drizzle-orm#6241, #6114, open). A transaction here checks its client out itself and always
    // gives it back: destroyed when BEGIN, COMMIT or ROLLBACK failed (its session's state is unknown), kept when
    // only the work failed and was rolled back. A connection's drizzle instance is built once and kept with it.
    const onClient = new WeakMap<pg.PoolClient, Db>();
    const transaction: Db['transaction'] = async (run, config) => {
      const client = await pool.connect();
      let session = onClient.get(client);
      if (!session) onClient.set(client, (session = drizzlePg(client, { schema }) as unknown as Db));
      let workFailed: { error: unknown } | null = null;
      try {
        const result = await session.transaction(async (tx) => {
          try {
            return await run(tx);
          } catch (error) {
            workFailed = { error };
            throw error;
          }
        }, config);
        client.release();
        return result;
      } catch (error) {
        const failedWork = workFailed as { error: unknown } | null;
        if (failedWork && failedWork.error === error) {
          client.release();
          throw error;
        }
        client.release(error instanceof Error ? error : new Error(String(error)));
        throw failedWork ? failedWork.error : error;
      }
    };
    db.transaction = transaction;
    return { db, driver: 'pg', exclusive, close };
  }
  if (!options.dataDir) throw new Error('openDatabase needs a databaseUrl or a dataDir');
  mkdirSync(options.dataDir, { recursive: true });
  const release = lockDataDir(options.dataDir);
  let client: PGlite | PGliteThread;
  try {
    client = options.pgliteThread === 'worker' ? await PGliteThread.create(options.dataDir) : await TurnTakingPGlite.open(options.dataDir, PGLITE_OPTIONS);
  } catch (error) {
    release();
    throw error;
  }
  const closeClient = async () => {
    try {
      await client.close();
    } finally {
      release();
    }
  };
  // drizzle-orm/pglite calls only the part of PGlite's API that PGliteThread forwards.
  const db = drizzlePglite(client as PGlite, { schema }) as unknown as Db;
  try {
    await migratePglite(db as never, { migrationsFolder: migrationsDir });
  } catch (error) {
    await closeClient();
    throw error;
  }
  return { db, driver: 'pglite', close: closeClient };
}
