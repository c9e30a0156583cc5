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
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database: what a service writes through. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  /**
   * Bulk-loads CSV rows with COPY, where the driver can take the data without a parameter per value
   * (PGlite reads it as a blob). Null when the driver has no such path.
   */
  copyCsv: ((table: string, columns: string[], csv: string) => Promise<void>) | null;
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
}

/** Advisory-lock key a server process holds on its PostgreSQL database for as long as it runs. */
const SERVER_LOCK_KEY = 73_000_001;

/**
 * Opens the database and applies the migrations. PGlite is a single connection: every query and
 * transaction goes through its one queue (PGlite serialises them itself, and a transaction holds the
 * connection until it ends), so nothing here may open a second PGlite on the same directory.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const migrationsDir = options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR;
  if (options.databaseUrl) {
    // The caches of a server process (sessions, permissions, navigation) are dropped only by the changes it
    // makes itself: a second process on the same database would serve stale grants, so it is refused. The
    // lock lives on a connection of its own, outside the pool, for as long as the server runs.
    const owner = new pg.Client({ connectionString: options.databaseUrl });
    owner.on('error', () => undefined);
    await owner.connect();
    const locked = await owner.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [SERVER_LOCK_KEY]);
    if (!locked.rows[0]?.locked) {
      await owner.end();
      throw new Error('another server process is already running on this PostgreSQL database; run one server process per database');
    }
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    pool.on('error', () => undefined);
    const close = async () => {
      await pool.end();
      await owner.end();
    };
    try {
      const db = drizzlePg(pool, { schema }) as unknown as Db;
      await migratePg(db as never, { migrationsFolder: migrationsDir });
      return { db, driver: 'pg', copyCsv: null, close };
    } catch (error) {
      await close();
      throw error;
    }
  }
  if (!options.dataDir) throw new Error('openDatabase needs a databaseUrl or a dataDir');
  mkdirSync(options.dataDir, { recursive: true });
  const release = lockDataDir(options.dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create(options.dataDir);
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
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  try {
    await migratePglite(db as never, { migrationsFolder: migrationsDir });
  } catch (error) {
    await closeClient();
    throw error;
  }
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const copyCsv = async (table: string, columns: string[], csv: string) => {
    await client.query(`copy ${quote(table)} (${columns.map(quote).join(', ')}) from '/dev/blob' with (format csv)`, [], { blob: new Blob([csv]) });
  };
  return { db, driver: 'pglite', copyCsv, close: closeClient };
}
