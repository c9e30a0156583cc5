import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../shared/codes';
import { api } from '../../shared/contract';
import { configFromEnv } from '../config';
import { listen, type RunningServer } from '..';
import { TEST_SECRET_KEY } from '../testing/fresh-data';
import { HttpCallFailed, httpCall, signInAdminHttp, signInHttp, ADMIN_PASSWORD_AFTER_CHANGE, type HttpSession } from './load-client';
import { checkLedgers, createOne, NO_ANSWER, WriteLedger } from './load-ledger';
import { startPrivatePostgres, type PrivatePostgres } from './pg-restart-server';
import { reportFigure } from './figures';

/**
 * Suite 5, PostgreSQL restarted under load (PostgreSQL only: PGlite runs inside the server's process and
 * has no server to restart). The server runs on a PostgreSQL of the test's own; clients list and create
 * dictionaries over HTTP while that PostgreSQL is stopped (`-m fast`), left down a moment and started again.
 * Every call must get an answer within the bound; a call that fails must fail with a clean server or
 * third-party code; and the server must come back by itself: calls, sign-in included, succeed afterwards.
 */
const CLIENTS = 10;
/** The longest a call may take to be answered, outage or not. */
const ANSWER_BOUND_MS = 10_000;
const DOWN_MS = 2000;
const PREFIX = 'pgr-';
const onPostgres = process.env.CONSOLE_TEST_DB === 'pg';

interface Answer {
  at: number;
  /** The envelope's code, or 'no answer'. */
  code: string;
  ms: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!onPostgres)('PostgreSQL restarted under load (PostgreSQL only; PGlite has no database server to restart)', () => {
  let work: string;
  let postgres: PrivatePostgres;
  let server: RunningServer;

  beforeAll(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), 'console-pg-restart-'));
    // As root the script runs PostgreSQL as 'postgres', which must reach its folder inside this one.
    chmodSync(work, 0o755);
    postgres = await startPrivatePostgres(path.join(work, 'pg'));
    server = await listen(configFromEnv({}, { databaseUrl: postgres.url, secretKey: TEST_SECRET_KEY, host: '127.0.0.1', port: 0, quiet: true }));
  });
  afterAll(async () => {
    await server?.close();
    await postgres?.dispose();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('keeps answering with clean codes, never hangs, and recovers by itself', { timeout: 180_000 }, async () => {
    const session = await signInAdminHttp(server.url);
    const answers: Answer[] = [];
    const ledgers = Array.from({ length: CLIENTS }, (_, client) => new WriteLedger(`${PREFIX}${client}_`));
    const timed = async (call: () => Promise<{ code: string }>) => {
      const started = Date.now();
      let code: string;
      try {
        code = (await call()).code;
      } catch (error) {
        if (!(error instanceof HttpCallFailed)) throw error;
        code = NO_ANSWER;
      }
      answers.push({ at: started, code, ms: Date.now() - started });
      return code;
    };
    let stopped = false;
    const clients = ledgers.map(async (ledger, client) => {
      for (let step = 0; !stopped; step++) {
        if ((step + client) % 2 === 0) await timed(() => httpCall(server.url, api.dictionary.list, { pageNum: 1, pageSize: 10, name: PREFIX, pid: 0 }, { ...session, timeoutMs: ANSWER_BOUND_MS }));
        else
          await timed(async () => {
            await createOne(server.url, session, ledger, ANSWER_BOUND_MS);
            return { code: ledger.lastCode };
          });
        // A failed call is retried after a pause, as a client would, not in a tight loop.
        if (answers.at(-1)?.code !== ResponseCode.Success) await sleep(100);
      }
    });

    await sleep(3000);
    const outageStart = Date.now();
    await postgres.stop();
    await sleep(DOWN_MS);
    await postgres.start();
    const restarted = Date.now();
    let recoveredAt: number | null = null;
    while (recoveredAt === null && Date.now() - restarted < 60_000) {
      await sleep(200);
      recoveredAt = answers.find((answer) => answer.at >= restarted && answer.code === ResponseCode.Success)?.at ?? null;
    }
    await sleep(2000);
    stopped = true;
    await Promise.all(clients);

    // Recovered without a restart of the server: a new sign-in, then reads and writes, all succeed.
    const fresh: HttpSession = await signInHttp(server.url, 'admin', ADMIN_PASSWORD_AFTER_CHANGE);
    const after = new WriteLedger(`${PREFIX}after_`);
    const afterCodes: string[] = [];
    for (let i = 0; i < 10; i++) {
      afterCodes.push((await httpCall(server.url, api.dictionary.list, { pageNum: 1, pageSize: 10, name: PREFIX, pid: 0 }, fresh)).code);
      await createOne(server.url, fresh, after);
      afterCodes.push(after.lastCode);
    }
    await server.services.audit.flush();
    const check = await checkLedgers(server.services.db, PREFIX, [...ledgers, after]);

    const failed = answers.filter((answer) => answer.code !== ResponseCode.Success);
    const unanswered = answers.filter((answer) => answer.code === NO_ANSWER || answer.ms > ANSWER_BOUND_MS);
    const unclean = failed.filter((answer) => !answer.code.startsWith('B') && !answer.code.startsWith('C'));
    const slowest = Math.max(...answers.map((answer) => answer.ms));
    const codes = [...new Set(failed.map((answer) => answer.code))].sort().join(', ') || 'none';
    const recoverySeconds = recoveredAt === null ? null : ((recoveredAt - restarted) / 1000).toFixed(1);
    reportFigure(
      'pg-restart',
      `${answers.length} calls across a PostgreSQL stop/start (down ${(restarted - outageStart) / 1000} s): unanswered within ${ANSWER_BOUND_MS / 1000} s ${unanswered.length}, slowest ${slowest} ms`,
      'unanswered 0',
    );
    reportFigure('pg-restart', `${failed.length} calls failed during the restart, codes ${codes}: not a clean B/C code ${unclean.length}`, 'unclean 0');
    reportFigure(
      'pg-restart',
      `recovered by itself ${recoverySeconds === null ? 'never' : `${recoverySeconds} s after PostgreSQL was back`}; afterwards sign-in and ${afterCodes.length} calls: failed ${afterCodes.filter((code) => code !== ResponseCode.Success).length}`,
      'failed 0',
    );
    reportFigure('pg-restart', `acknowledged writes: lost ${check.lost}, without their log row ${check.halfWritten}`, 'all 0');
    expect(unanswered).toEqual([]);
    expect(unclean).toEqual([]);
    expect(recoveredAt).not.toBeNull();
    expect(afterCodes.filter((code) => code !== ResponseCode.Success)).toEqual([]);
    expect(check.details).toEqual([]);
  });
});
