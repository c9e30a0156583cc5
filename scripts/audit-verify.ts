import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chainKeyOf, verifyChain, type ChainReport } from '../src/server/audit/chain';
import { configFromArgs, HelpRequested } from '../src/server/config';
import { openDatabase, type Db } from '../src/server/db/client';
import { serverSecrets } from '../src/server';
import { SECRET_KEY_FILE } from '../src/server/secrets/secret-box';

/**
 * `npm run audit:verify [-- --data DIR]` (or with DATABASE_URL): walks the operation log's hash chain and
 * prints OK with the count, or the first broken link, exiting 1. The database is found as the server finds
 * it. PostgreSQL is read over a connection of its own, so a running server need not stop; an embedded data
 * folder can be opened by one process at a time, so stop the server using it first. The chain is keyed with
 * the server's secret key, found as the server finds it (CONSOLE_SECRET_KEY, or the data folder's key file).
 */

const USAGE = `Usage: npm run audit:verify [-- --data DIR]
Environment: DATABASE_URL (PostgreSQL) or CONSOLE_DATA_DIR (embedded), and CONSOLE_SECRET_KEY, as for npm run server.`;

async function report(): Promise<ChainReport> {
  const config = configFromArgs(process.argv.slice(2));
  // The verifier never makes a key: a new one would only report every keyed row as broken.
  if (!config.secretKey && !existsSync(path.join(config.dataDir, SECRET_KEY_FILE))) {
    throw new Error(`no server key: set CONSOLE_SECRET_KEY or name the data folder holding ${SECRET_KEY_FILE} (--data DIR), as the server was started`);
  }
  const key = chainKeyOf(serverSecrets(config));
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 1 });
    try {
      return await verifyChain(drizzle(pool) as unknown as Db, key);
    } finally {
      await pool.end();
    }
  }
  const database = await openDatabase({ dataDir: config.dataDir });
  try {
    return await verifyChain(database.db, key);
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
    console.log(
      `OK: the operation log's chain is intact, ${result.count} rows${older}; keyed with the server's key from row #${result.keyedFromId} on, earlier rows by the unkeyed hash of earlier releases`,
    );
    return;
  }
  const { id, operationTime } = result.brokenAt;
  const why = {
    row: `the chain breaks at row #${id} (operation time ${operationTime}) after ${result.count} intact rows${older}: that row was edited, or the row before it deleted`,
    tail: `the log ends early: its head names row #${id}, but after ${result.count} intact rows${older} the last row there is another (operation time ${operationTime || 'none'}): rows were cut off its end`,
    head: `the chain's head is missing or does not verify under this server's key: it was altered, or this is not the key the server uses (CONSOLE_SECRET_KEY or the data folder's ${SECRET_KEY_FILE})`,
  }[result.cause];
  console.error(`BROKEN: ${why}`);
  process.exitCode = 1;
}

void main();
