import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness';
import { DEFAULT_CALL_TIMEOUT_MS, signInAdminHttp, type HttpSession } from './load-client';
import { checkLedgers, createOne, deleteOne, editOne, listSome, WriteLedger } from './load-ledger';
import { reportFigure } from './figures';

/**
 * Suite 3, mixed load: many clients create, edit, delete and list dictionaries at once against the
 * server listening on loopback (real HTTP, not inject), on the database of the project running it. Every
 * call must succeed, and afterwards the database must hold exactly what was acknowledged, each change
 * with its operation-log row. CONSOLE_LOAD_SECONDS and CONSOLE_LOAD_CLIENTS shorten a run while developing.
 */
const SECONDS = Number(process.env.CONSOLE_LOAD_SECONDS ?? 60);
const CLIENTS = Number(process.env.CONSOLE_LOAD_CLIENTS ?? 50);
const PREFIX = 'load-';

/** One client: a random mix of list (40%), create (25%), edit (20%) and delete (15%) of its own dictionaries. */
async function runClient(baseUrl: string, session: HttpSession, ledger: WriteLedger, until: number, random: () => number): Promise<void> {
  while (Date.now() < until) {
    const roll = random();
    const owned = [...ledger.live.keys()];
    const pick = () => owned[Math.floor(random() * owned.length)]!;
    if (roll < 0.4) await listSome(baseUrl, session, ledger);
    else if (roll < 0.65 || owned.length === 0) await createOne(baseUrl, session, ledger);
    else if (roll < 0.85) await editOne(baseUrl, session, ledger, pick());
    else await deleteOne(baseUrl, session, ledger, pick());
  }
}

/** A small seeded generator, so that a failing run can be repeated. */
function seeded(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}

describe('mixed load over HTTP on loopback', () => {
  let server: TestServer;
  let baseUrl: string;

  beforeAll(async () => {
    // Not quiet: a call that fails with B0001 then prints its unexpected error, so a failed run names its cause.
    server = await startTestServer({ quiet: false });
    baseUrl = await server.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it(`${CLIENTS} clients for ${SECONDS} s: no errors, every acknowledged write kept, nothing unacknowledged`, { timeout: (SECONDS + 120) * 1000 }, async () => {
    const session = await signInAdminHttp(baseUrl);
    const ledgers = Array.from({ length: CLIENTS }, (_, client) => new WriteLedger(`${PREFIX}${client}_`));
    const until = Date.now() + SECONDS * 1000;
    await Promise.all(ledgers.map((ledger, client) => runClient(baseUrl, session, ledger, until, seeded(client + 1))));
    await server.services.audit.flush();

    const calls = ledgers.reduce((sum, ledger) => sum + ledger.acknowledged + ledger.unacknowledged + ledger.reads, 0);
    const errors = ledgers.reduce((sum, ledger) => sum + ledger.unacknowledged + ledger.failedReads, 0);
    const acknowledged = ledgers.reduce((sum, ledger) => sum + ledger.acknowledged, 0);
    const check = await checkLedgers(server.services.db, PREFIX, ledgers);
    const failures = ledgers.flatMap((ledger) => ledger.failures).slice(0, 10);

    const callMs = ledgers.flatMap((ledger) => ledger.callMs).sort((a, b) => a - b);
    const percentile = (share: number) => Math.round(callMs[Math.min(callMs.length - 1, Math.floor(callMs.length * share))] ?? 0);
    reportFigure('load', `${CLIENTS} clients, ${SECONDS} s, ${calls} calls (${(calls / SECONDS).toFixed(0)}/s): errors ${errors}`, 'errors 0');
    reportFigure('load', `answered in: median ${percentile(0.5)} ms, p99 ${percentile(0.99)} ms, slowest ${percentile(1)} ms (deadline ${DEFAULT_CALL_TIMEOUT_MS} ms)`, 'none past the deadline');
    reportFigure('load', `${acknowledged} acknowledged writes: lost ${check.lost}, unacknowledged present ${check.unacknowledgedPresent}, without their log row ${check.halfWritten}`, 'all 0');
    // The failures go in the message: CI's summary shows a failed assertion's first line only.
    expect(errors, `failures: ${failures.join('; ')}`).toBe(0);
    expect(check.details).toEqual([]);
    expect(acknowledged).toBeGreaterThan(0);
  });
});
