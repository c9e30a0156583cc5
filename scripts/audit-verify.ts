import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { verifyChain, type ChainReport } from '../src/server/audit/chain';
import { configFromArgs, HelpRequested } from '../src/server/config';
import { openDatabase, type Db } from '../src/server/db/client';

/**
 * `npm run audit:verify [-- --data DIR]` (or with DATABASE_URL): walks the operation log's hash chain and
 * prints OK with the count, or the first broken link, exiting 1. The database is found as the server finds
 * it. PostgreSQL is read over a connection of its own, so a running server need not stop; an embedded data
 * folder can be opened by one process at a time, so stop the server using it first.
 */

const USAGE = `Usage: npm run audit:verify [-- --data DIR]
Environment: DATABASE_URL (PostgreSQL) or CONSOLE_DATA_DIR (embedded), as for npm run server.`;

async function report(): Promise<ChainReport> {
  const config = configFromArgs(process.argv.slice(2));
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 1 });
    try {
      return await verifyChain(drizzle(pool) as unknown as Db);
    } finally {
      await pool.end();
    }
  }
  const database = await openDatabase({ dataDir: config.dataDir });
  try {
    return await verifyChain(database.db);
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  let result: ChainReport;
  try {
    result = await report();
  } catch (error) {
    if (error instanceof HelpRequested) {
      console.log(USAGE);
      return;
    }
    console.error(`audit:verify failed: ${(error as Error).message}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const older = result.unchained > 0 ? ` (${result.unchained} older rows before the chain)` : '';
  if (result.intact) {
    console.log(`OK: the operation log's chain is intact, ${result.count} rows${older}`);
    return;
  }
  console.error(
    `BROKEN: the chain breaks at row #${result.brokenAt.id} (operation time ${result.brokenAt.operationTime}) after ${result.count} intact rows${older}: that row was edited, or the row before it deleted`,
  );
  process.exitCode = 1;
}

void main();
