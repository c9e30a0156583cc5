import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainKeyOf, verifyChain } from '../audit/chain';
import { configFromEnv } from '../config';
import { serverSecrets } from '..';
import { openDatabase } from '../db/client';
import { dictionary } from '../db/tables';
import { killChild, startChildServer, stopChild } from './crash-child';
import { ADMIN_PASSWORD_AFTER_CHANGE, signInAdminHttp, signInHttp } from './load-client';
import { checkLedgers, createOne, editOne, WriteLedger } from './load-ledger';
import { reportFigure } from './figures';
import { freshData, testDriver as driver } from '../testing/fresh-data';

/**
 * Suite 4, crashes: the standalone server's entry runs in a child process (crash-child.ts), on the
 * database of the project running this file (a PGlite folder or a PostgreSQL database of its own). Writers
 * create and edit dictionaries over HTTP; the server is killed with SIGKILL in the middle of their writes,
 * KILLS times, and started again on the same data. Afterwards every acknowledged write must be there, and
 * each change must have its operation-log row and no log row its missing change. On PGlite a copy of the
 * folder taken in the middle of the writes stands for a power cut: it must open.
 */
const KILLS = Number(process.env.CONSOLE_CRASH_KILLS ?? 5);
const WRITERS = 6;
const PREFIX = 'crash-';

describe(`crash: the server killed in the middle of writes (${driver})`, () => {
  let work: string;
  let prepared: Awaited<ReturnType<typeof freshData>>;

  beforeAll(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), 'console-crash-'));
    prepared = await freshData(work, 'console_crash');
  });
  afterAll(async () => {
    await prepared?.drop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it(`${KILLS} kills with SIGKILL: the database opens, no acknowledged write lost, no change without its log row`, { timeout: 420_000 }, async () => {
    const ledgers: WriteLedger[] = [];
    const powerCuts: string[] = [];
    let starts = 0;
    for (let round = 1; round <= KILLS; round++) {
      const child = await startChildServer(prepared.data);
      starts++;
      const session = round === 1 ? await signInAdminHttp(child.url) : await signInHttp(child.url, 'admin', ADMIN_PASSWORD_AFTER_CHANGE);
      const ledger = new WriteLedger(`${PREFIX}${round}_`);
      ledgers.push(ledger);
      let stopped = false;
      const writers = Array.from({ length: WRITERS }, async (_, writer) => {
        for (let step = 0; !stopped; step++) {
          const owned = [...ledger.live.keys()];
          if (owned.length > 0 && (step + writer) % 2 === 1) await editOne(child.url, session, ledger, owned[(step * 7 + writer) % owned.length]!, 5000);
          else await createOne(child.url, session, ledger, 5000);
        }
      });
      // The kill lands at a different point of the writes each round.
      const target = 6 + round * 5;
      while (ledger.acknowledged < target && child.process.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 20));
      if ('dataDir' in prepared.data) {
        const copy = path.join(work, `power-cut-${round}`);
        cpSync(prepared.data.dataDir, copy, { recursive: true });
        powerCuts.push(copy);
      }
      await killChild(child);
      stopped = true;
      await Promise.all(writers);
    }

    // Started once more as an operator would after the last crash, then stopped cleanly.
    const last = await startChildServer(prepared.data);
    starts++;
    // tsx's loader may end the process with the signal itself once the server's own handler has run.
    expect(['exit 0', 'SIGTERM']).toContain(await stopChild(last));

    const database = await openDatabase('dataDir' in prepared.data ? { dataDir: prepared.data.dataDir } : { databaseUrl: prepared.data.databaseUrl });
    let check;
    let chain;
    try {
      check = await checkLedgers(database.db, PREFIX, ledgers);
      chain = await verifyChain(database.db, chainKeyOf(serverSecrets(configFromEnv({}, 'dataDir' in prepared.data ? { dataDir: prepared.data.dataDir } : {}))));
    } finally {
      await database.close();
    }
    const acknowledged = ledgers.reduce((sum, ledger) => sum + ledger.acknowledged, 0);
    const inDoubt = ledgers.reduce((sum, ledger) => sum + ledger.inDoubt.size, 0);
    reportFigure('crash', `${KILLS} kills with SIGKILL mid-write: database opened ${starts}/${starts} times`, `${starts}/${starts}`);
    reportFigure(
      'crash',
      `${acknowledged} acknowledged writes (${inDoubt} cut off in flight): lost ${check.lost}, half-written ${check.halfWritten}, unacknowledged present ${check.unacknowledgedPresent}`,
      'lost 0, half-written 0',
    );
    reportFigure('crash', `operation-log hash chain after the kills: ${chain.intact ? 'intact' : `broken at ${chain.brokenAt.id}`} (${chain.count} rows)`, 'intact');
    expect(check.details).toEqual([]);
    expect(chain.intact).toBe(true);

    if (powerCuts.length > 0) {
      const unopenable: string[] = [];
      const halfWritten: string[] = [];
      for (const copy of powerCuts) {
        try {
          const copied = await openDatabase({ dataDir: copy });
          try {
            await copied.db.select({ rows: count() }).from(dictionary);
            halfWritten.push(...(await checkLedgers(copied.db, PREFIX, [])).details.filter((detail) => detail.startsWith('halfWritten')));
          } finally {
            await copied.close();
          }
        } catch (error) {
          unopenable.push(`${path.basename(copy)}: ${(error as Error).message}`);
        }
      }
      const opened = powerCuts.length - unopenable.length;
      reportFigure(
        'crash',
        `copies of the PGlite folder taken mid-write (power cut): ${opened}/${powerCuts.length} open, half-written ${halfWritten.length}`,
        `${powerCuts.length}/${powerCuts.length}, 0`,
      );
      expect({ unopenable, halfWritten }).toEqual({ unopenable: [], halfWritten: [] });
    }
  });
});
