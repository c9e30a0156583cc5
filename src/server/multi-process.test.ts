import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '../shared/codes';
import { API_PREFIX, Header } from '../shared/constants';
import { api } from '../shared/contract';
import { fillPath, type EndpointDef, type InputOf, type OutputOf } from '../shared/contract/endpoint';
import type { Envelope } from '../shared/envelope';
import { roleIdOf, signInAdminActor, signInOperator, type Actor } from './testing/actors';
import { TEST_SECRET_KEY } from './testing/fresh-data';
import { startTestServer, type CallOptions, type TestServer } from './testing/harness';

/** How soon a change made by one process must be refused by the other (issue 16). */
const PROPAGATION_BOUND_MS = 1000;
const POLL_PAUSE_MS = 20;

/** A second server process on the test's database: `npm run server`'s configuration from the environment. */
function startChildServer(databaseUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'testing', 'child-server.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: databaseUrl, CONSOLE_SECRET_KEY: TEST_SECRET_KEY },
  });
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (url) => resolve({ url, child }));
    child.once('exit', (code) => reject(new Error(`the second server process exited with ${code}`)));
  });
}

/** Calls a JSON endpoint of a server over HTTP, as a client of that process would. */
async function callOver<E extends EndpointDef>(base: string, def: E, input: InputOf<E>, options: CallOptions): Promise<Envelope<OutputOf<E>>> {
  const { path: filled, rest } = fillPath(def.path, input as Record<string, unknown>);
  const headers: Record<string, string> = { [Header.Language]: 'en_US', [Header.Authorization]: `Bearer ${options.token}` };
  if (options.roleId !== undefined) headers[Header.Role] = String(options.roleId);
  const query = def.method === 'GET' ? `?${new URLSearchParams(Object.entries(rest).map(([k, v]) => [k, String(v)])).toString()}` : '';
  const response = await fetch(`${base}${API_PREFIX}${filled}${query}`, {
    method: def.method,
    headers: def.method === 'GET' ? headers : { ...headers, 'content-type': 'application/json' },
    ...(def.method !== 'GET' && { body: JSON.stringify(rest) }),
  });
  return (await response.json()) as Envelope<OutputOf<E>>;
}

/** Asks `code` again until it answers `expected`; fails when that takes longer than the bound. */
async function refusedWithinBound(code: () => Promise<string>, expected: string): Promise<void> {
  const deadline = Date.now() + PROPAGATION_BOUND_MS;
  let last = await code();
  while (last !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_PAUSE_MS));
    last = await code();
  }
  expect(last, `still answered ${last} ${PROPAGATION_BOUND_MS} ms after the change`).toBe(expected);
}

describe.skipIf(process.env.CONSOLE_TEST_DB !== 'pg')('two server processes on one PostgreSQL database (skipped on PGlite: one process per data folder)', () => {
  let a: TestServer;
  let b: { url: string; child: ChildProcess };
  let admin: Actor;

  beforeAll(async () => {
    a = await startTestServer();
    b = await startChildServer(a.services.config.databaseUrl);
    admin = await signInAdminActor(a);
  });
  afterAll(async () => {
    if (b) {
      const exited = new Promise((resolve) => b.child.once('exit', resolve));
      b.child.kill('SIGTERM');
      await exited;
    }
    await a?.close();
  });

  const navOf = (actor: Actor) => async (base: string) => {
    const systems = await callOver(base, api.session.roleSystems, {}, actor.as);
    const system = systems.data?.find((s) => s.roleList.some((r) => r.roleId === actor.roleId));
    if (!system) return systems.code;
    return (await callOver(base, api.session.nav, { roleId: actor.roleId, menuId: system.menuId }, actor.as)).code;
  };

  it('a session signed out on one process is refused by the other within a second', async () => {
    const signed = await a.signIn('admin', admin.password);
    const session: Actor = { ...admin, token: signed.data!.accessToken, as: { token: signed.data!.accessToken, roleId: admin.roleId } };
    // B caches the session with its first call.
    expect(await navOf(session)(b.url)).toBe(ResponseCode.Success);
    expect(await navOf(session)(b.url)).toBe(ResponseCode.Success);

    expect((await a.call(api.auth.logout, {}, session.as)).code).toBe(ResponseCode.Success);
    await refusedWithinBound(() => navOf(session)(b.url), ResponseCode.Unauthorized);
  });

  it('a session signed out on the second process is refused by the first within a second', async () => {
    const signed = await a.signIn('admin', admin.password);
    const session: Actor = { ...admin, token: signed.data!.accessToken, as: { token: signed.data!.accessToken, roleId: admin.roleId } };
    expect((await a.call(api.session.roleSelect, {}, session.as)).code).toBe(ResponseCode.Success);

    expect((await callOver(b.url, api.auth.logout, {}, session.as)).code).toBe(ResponseCode.Success);
    await refusedWithinBound(async () => (await a.call(api.session.roleSelect, {}, session.as)).code, ResponseCode.Unauthorized);
  });

  it("a role's permission taken away on one process is refused by the other within a second", async () => {
    const operator = await signInOperator(a);
    const listUsers = async () => (await callOver(b.url, api.user.list, { page: 1, limit: 10, roleId: operator.roleId }, operator.as)).code;
    expect(await listUsers()).toBe(ResponseCode.Success);
    expect(await navOf(operator)(b.url)).toBe(ResponseCode.Success);
    const stampBefore = (await callOver(b.url, api.session.grantStamp, { roleId: operator.roleId }, operator.as)).data!.stamp;

    const operatorRole = await roleIdOf(a, '运营专员');
    const info = (await a.call(api.role.info, { roleId: operatorRole }, admin.as)).data!;
    expect((await a.call(api.role.update, { ...info, menuIdList: [] }, admin.as)).code).toBe(ResponseCode.Success);

    await refusedWithinBound(listUsers, ResponseCode.Forbidden);
    // Its navigation and grant stamp, built from the same cache, change with it.
    expect((await callOver(b.url, api.session.grantStamp, { roleId: operator.roleId }, operator.as)).data!.stamp).not.toBe(stampBefore);
  });
});
