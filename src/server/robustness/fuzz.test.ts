import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { format } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { ResponseCode } from '../../shared/codes';
import { Header, MenuType } from '../../shared/constants';
import { api, listEndpoints, type EndpointDef } from '../../shared/contract';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET } from '../../shared/defaults';
import * as schema from '../db/tables';
import { PNG_1PX } from '../platform/file/test-files';
import { signInAdminActor, type Actor } from '../testing/actors';
import { ADMIN_NEW_PASSWORD, startTestServer, UNLIMITED_RATE_LIMITS, type TestServer } from '../testing/harness';
import { reportFigure } from './figures';
import { baselineOf, fuzzRequests, seededRandom, type FuzzRequest } from './fuzz-inputs';

/**
 * Contract fuzzing (issue 15, suite 1): every endpoint of the contract gets at least 100 bad requests,
 * generated from its input schema (see fuzz-inputs.ts), as the administrator (so inputs reach validation
 * and handlers) and, for public endpoints, anonymously too. No answer may be a 5xx or `B0001`, a refused
 * mutation writes nothing (no operation-log row, no business row), and the server answers normally after.
 */

const SEED = 15;
/** Requests per endpoint and caller at most (per-field inputs beyond it are sampled); never fewer than 100. */
const CAP = 100;
/** An answer slower than this is reported as a hang. */
const ANSWER_TIMEOUT_MS = 15_000;

/** Tables a refused call may legitimately touch: the logs, and sign-in bookkeeping (failures, captchas, sessions, rate limits). */
const BOOKKEEPING_TABLES = new Set([
  'log_interface',
  'log_operation',
  'log_operation_head',
  'sys_rate_bucket',
  'log_dead_letter',
  'sys_login_failure',
  'sys_login_record',
  'sys_captcha',
  'sys_access_token',
  'sys_refresh_token',
  'sys_bind_ticket',
  // Undo snapshots leave on the maintenance clock when their window closes, whatever call is under way: a long run
  // on a busy machine saw one go during refused calls. A refused delete writes none (it is written in the delete's
  // transaction), and the operation-log check above still sees a refused call that wrote.
  'sys_undo',
]);

let server: TestServer;
let admin: Actor;
let sealedWrongPassword: string;
let sealedAdminPassword: string;

/** What the server logged while answering the current request (it logs an unexpected error with its cause). */
const serverErrors: string[] = [];
let consoleError: MockInstance;

beforeAll(async () => {
  consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void serverErrors.push(format(...args)));
  server = await startTestServer({ rateLimits: UNLIMITED_RATE_LIMITS, quiet: false });
  admin = await signInAdminActor(server);
  sealedWrongPassword = await server.seal('Wrong_pw_2026');
  sealedAdminPassword = await server.seal(ADMIN_NEW_PASSWORD);
});
afterAll(async () => {
  consoleError.mockRestore();
  await server.close();
});

/**
 * A valid input of an endpoint. Credentials name an account that does not exist (or repeat the current
 * password), ids name records that do not exist: a fuzzed mutation that gets through changes nothing
 * the rest of the run relies on.
 */
function baselineFor(id: string, def: EndpointDef): Record<string, unknown> {
  const known = {
    roleId: admin.roleId,
    userRoleId: admin.roleId,
    client_id: DEFAULT_CLIENT_ID,
    clientId: DEFAULT_CLIENT_ID,
    client_secret: DEFAULT_CLIENT_SECRET,
    clientSecret: DEFAULT_CLIENT_SECRET,
    grant_type: 'password',
    username: 'fuzzghost',
    password: id === 'session.changePassword' ? sealedAdminPassword : sealedWrongPassword,
    newPassword: sealedAdminPassword,
    refreshToken: 'no-such-refresh-token',
    refresh_token: 'no-such-refresh-token',
    code: 'no-such-code',
    purpose: 'idCard',
    apiKey: 'no-such-api-key',
    // A mail account the fuzzer manages to add points at a closed loopback port: no call leaves the machine.
    host: '127.0.0.1',
    port: '19',
    account: 'fuzz@example.com',
    secret: sealedWrongPassword,
    appKey: '0'.repeat(24),
  };
  const baseline = baselineOf(def.input, known);
  if (id === 'menu.add' || id === 'menu.update') Object.assign(baseline, { type: MenuType.System, parentId: null });
  if (def.encoding === 'multipart') baseline.file = PNG_1PX;
  return baseline;
}

interface Answer {
  status: number;
  code: string | null;
  msg: string;
}

async function send(request: FuzzRequest, caller: Record<string, string>): Promise<Answer> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ANSWER_TIMEOUT_MS} ms`)), ANSWER_TIMEOUT_MS);
  });
  try {
    const response = await Promise.race([
      server.app.inject({ method: request.method, url: request.url, headers: { [Header.Language]: 'en_US', ...caller, ...request.headers }, payload: request.payload }),
      timeout,
    ]);
    let code: string | null = null;
    let msg = '';
    if (String(response.headers['content-type'] ?? '').startsWith('application/json')) {
      const body = JSON.parse(response.body) as { code?: unknown; msg?: unknown };
      code = typeof body.code === 'string' ? body.code : null;
      msg = typeof body.msg === 'string' ? body.msg : '';
    }
    return { status: response.statusCode, code, msg };
  } finally {
    clearTimeout(timer);
  }
}

/** Rows the operation log was asked to write so far (written, queued, dead-lettered or dropped). */
function operationRowsPushed(): number {
  const counts = server.services.audit.operationLog.counts();
  return counts.written + counts.queued + counts.deadLettered + counts.dropped;
}

const businessTables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table))
  .filter((name) => !BOOKKEEPING_TABLES.has(name))
  .sort();

/** The row count of every business table, in one statement. */
async function businessRowCounts(): Promise<string> {
  const counts = sql.join(
    businessTables.map((name) => sql`(select count(*) from ${sql.identifier(name)})`),
    sql`, `,
  );
  const result = await server.services.db.execute(sql`select json_build_array(${counts}) as counts`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ counts: unknown }>;
  return JSON.stringify(rows[0]!.counts);
}

/** The administrator's session is still good; a fuzzed logout or session end that got through is signed in again. */
async function keepAdminSignedIn(): Promise<void> {
  const check = await server.call(api.session.currentUser, {}, admin.as);
  if (check.code === ResponseCode.Success) return;
  const signed = await server.signIn('admin', ADMIN_NEW_PASSWORD);
  if (!signed.data) throw new Error(`the administrator cannot sign in again: ${signed.code} ${signed.msg}`);
  admin.token = signed.data.accessToken;
  admin.as = { token: admin.token, roleId: admin.roleId };
}

describe('contract fuzzing', () => {
  it('answers every bad input of every endpoint with a caller error, never a 5xx or B0001, and refused changes write nothing', async () => {
    const random = seededRandom(SEED);
    const failures: string[] = [];
    let serverErrorCount = 0;
    let wroteCount = 0;
    const perEndpoint: number[] = [];
    let requests = 0;
    const endpoints = listEndpoints();
    for (const { id, def } of endpoints) {
      const baseline = baselineFor(id, def);
      expect(def.encoding === 'multipart' || def.input.safeParse(baseline).success, `the baseline of ${id} is valid`).toBe(true);
      const callers: Array<[string, () => Record<string, string>]> = [['admin', () => ({ [Header.Authorization]: `Bearer ${admin.token}`, [Header.Role]: String(admin.roleId) })]];
      if (def.access === 'public') callers.push(['anonymous', () => ({})]);
      let count = 0;
      for (const [callerName, callerHeaders] of callers) {
        const batch = fuzzRequests({ def, baseline, headers: {}, random, cap: CAP });
        count += batch.length;
        let tablesBefore = def.mutation ? await businessRowCounts() : '';
        let refusedSinceCount = false;
        for (const request of batch) {
          const where = `${id} as ${callerName}, ${request.label}`;
          const pushedBefore = operationRowsPushed();
          let answer: Answer;
          serverErrors.length = 0;
          try {
            answer = await send(request, callerHeaders());
          } catch (error) {
            serverErrorCount++;
            failures.push(`${where}: ${(error as Error).message}`);
            continue;
          }
          requests++;
          if (answer.status >= 500 || answer.code === ResponseCode.ServerError) {
            serverErrorCount++;
            failures.push(`${where}: HTTP ${answer.status} ${answer.code ?? ''} ${answer.msg} | ${serverErrors.join(' ').slice(0, 300)}`);
          }
          const succeeded = answer.code === ResponseCode.Success || (def.download !== undefined && answer.status === 200 && answer.code === null);
          if (!def.mutation) continue;
          if (succeeded) {
            // A fuzzed input the contract accepts is a real change: count from here on.
            await server.services.audit.flush();
            tablesBefore = await businessRowCounts();
            refusedSinceCount = false;
          } else {
            refusedSinceCount = true;
            if (operationRowsPushed() !== pushedBefore) {
              wroteCount++;
              failures.push(`${where}: refused (${answer.code}) but wrote an operation-log row`);
            }
          }
          if (answer.code === ResponseCode.Unauthorized) await keepAdminSignedIn();
        }
        if (def.mutation && refusedSinceCount) {
          const tablesAfter = await businessRowCounts();
          if (tablesAfter !== tablesBefore) {
            wroteCount++;
            failures.push(`${id} as ${callerName}: refused calls changed row counts ${tablesBefore} → ${tablesAfter} (tables ${businessTables.join(',')})`);
          }
        }
        await keepAdminSignedIn();
      }
      perEndpoint.push(count);
    }
    reportFigure(
      'contract fuzzing',
      `${endpoints.length} endpoints × ${Math.min(...perEndpoint)}–${Math.max(...perEndpoint)} inputs (${requests} requests), 5xx, B0001 or no answer = ${serverErrorCount}, refused changes that wrote = ${wroteCount}`,
      '5xx, B0001 or no answer = 0, refused changes that wrote = 0',
    );
    expect(failures).toEqual([]);
  }, 600_000);

  it('leaves the server healthy: a real call succeeds and the database answers', async () => {
    await keepAdminSignedIn();
    const users = await server.call(api.user.list, { page: 1, limit: 10 }, admin.as);
    expect(users.code).toBe(ResponseCode.Success);
    const signIn = await server.signIn('admin', ADMIN_NEW_PASSWORD);
    expect(signIn.code).toBe(ResponseCode.Success);
    const result = await server.services.db.execute(sql`select 1 as one`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ one: number }>;
    expect(rows[0]!.one).toBe(1);
    reportFigure('contract fuzzing', 'server healthy afterwards: yes', 'yes');
  });
});
