/**
 * Seeds the bench database before its server starts: the first-start seed, then 100,000 users across the
 * organisations (batched inserts, one password hash for all), each holding the operator role, then the
 * statistics a planner needs.
 *   seed-users.ts DATA_DIR     PGlite in DATA_DIR
 *   DATABASE_URL=… seed-users.ts   PostgreSQL
 */
import { sql } from 'drizzle-orm';
import { serverSecrets } from '../src/server';
import { configFromEnv } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { seedDemo } from '../src/server/seed/demo';
import { seedIfEmpty } from '../src/server/seed/seed';

const BENCH_USERS = 100_000;

const dataDir = process.argv[2];
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl && !dataDir) {
  console.error('usage: seed-users.ts DATA_DIR   (or DATABASE_URL=… seed-users.ts)');
  process.exit(2);
}
const config = configFromEnv(process.env, { quiet: true, ...(dataDir && { dataDir }) });
const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
try {
  if (!(await seedIfEmpty(database.db, config))) throw new Error('the bench database must start empty');
  await seedDemo(database.db, { users: BENCH_USERS, logRows: 0, password: config.adminPassword, secrets: serverSecrets(config) });
  // After a bulk load the planner needs statistics (and index-only scans the visibility map). PostgreSQL's
  // autovacuum would get there on its own within a minute; PGlite has no autovacuum.
  await database.db.execute(sql`vacuum analyze`);
} finally {
  await database.close();
}
