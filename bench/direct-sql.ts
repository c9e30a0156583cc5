/**
 * The database's own limit for the user list: the server's two statements of one page (its count and its
 * rows, built by the same `userListStatements`) run straight on the database, CONNECTIONS at a time, for
 * SECONDS. Prints one JSON line: requests (pages) per second and latency percentiles.
 *   direct-sql.ts DATA_DIR CONNECTIONS SECONDS           PGlite in DATA_DIR (no server may hold it)
 *   DATABASE_URL=… direct-sql.ts - CONNECTIONS SECONDS   node-postgres with the server's pool size
 */
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { UserStatus } from '../src/shared/constants';
import type { Db } from '../src/server/db/client';
import { dept } from '../src/server/db/schema';
import { userListStatements } from '../src/areas/user/server/users';
import { loadOrgTree } from '../src/server/org-tree';
import { BENCH_BRANCH, BENCH_USER_FILTER } from './targets';

const [dataDir, connectionsArg, secondsArg] = process.argv.slice(2);
const connections = Number(connectionsArg);
const seconds = Number(secondsArg);
const databaseUrl = process.env.DATABASE_URL;

type Run = (text: string, params: unknown[]) => Promise<unknown>;

async function open(): Promise<{ db: Db; run: Run; close(): Promise<void> }> {
  if (databaseUrl) {
    // The server's own pool size (openDatabase's default), so both sides have the same connections.
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    return { db: drizzlePg(pool) as unknown as Db, run: (text, params) => pool.query(text, params), close: () => pool.end() };
  }
  const client = await PGlite.create(dataDir!);
  return { db: drizzlePglite(client) as unknown as Db, run: (text, params) => client.query(text, params), close: () => client.close() };
}

const { db, run, close } = await open();
try {
  const [branch] = await db.select({ deptId: dept.deptId }).from(dept).where(eq(dept.name, BENCH_BRANCH));
  if (!branch) throw new Error(`the bench organisation ${BENCH_BRANCH} is missing`);
  const deptIds = (await loadOrgTree(db)).subtree(branch.deptId);
  const statements = userListStatements(db, deptIds, { ...BENCH_USER_FILTER, username: undefined, status: UserStatus.Enabled, deptId: branch.deptId, roleId: null });
  const count = statements.count.toSQL();
  const page = statements.page.toSQL();
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      // As the server runs them: the count and the page at once.
      await Promise.all([run(count.sql, count.params), run(page.sql, page.params)]);
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, loop));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? Number.NaN;
  console.log(JSON.stringify({ requestsPerSecond: latencies.length / elapsed, p50: at(50), p95: at(95), p99: at(99) }));
} finally {
  await close();
}
