import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../../shared/codes';
import { MenuType } from '../../../shared/constants';
import { api } from '../../../shared/contract';
import { ApiKeyStatus, type ApiKeyRow } from '../contract';
import { DEFAULT_CLIENT_ID } from '../../../shared/defaults';
import { Perm } from '../../../shared/permissions';
import { menu, operationLog } from '../../../server/db/schema';
import { systemApiKey } from './schema';
import { signInAdminActor, signInBranchAdmin, signInOperator, type Actor } from '../../../server/testing/actors';
import { startTestServer, type TestServer } from '../../../server/testing/harness';
import { systemKeysBySystem, usableSystemKey } from '.';

let server: TestServer;
let admin: Actor;
beforeEach(async () => {
  server = await startTestServer();
  admin = await signInAdminActor(server);
});
afterEach(async () => {
  await server.close();
});

async function systemIdOf(systemId: string): Promise<{ menuId: number; name: string }> {
  const rows = await server.services.db
    .select({ menuId: menu.menuId, name: menu.name })
    .from(menu)
    .where(and(eq(menu.type, MenuType.System), eq(menu.perms, systemId)));
  return rows[0]!;
}

async function addApp(clientId: string, appName: string): Promise<void> {
  const added = await server.call(
    api.appCenter.add,
    { clientId, appName, appType: 'code', accessTokenValiditySeconds: 3600, refreshTokenValiditySeconds: 7200, passwordDay: 0, ignoreCodeTimes: '' },
    admin.as,
  );
  expect(added.code).toBe(ResponseCode.Success);
}

describe('system API key list', () => {
  it("lists the keys of the role's systems, filters by key and system name, and pages", async () => {
    const all = await server.call(api.systemApiKey.list, { page: 1, limit: 10 }, admin.as);
    expect(all.code).toBe(ResponseCode.Success);
    const seeded = (await server.services.db.select().from(systemApiKey)).length;
    expect(all.data!.total).toBe(seeded);
    const console = await systemIdOf('backoffice');
    const first = all.data!.records.find((r) => r.systemCode === console.menuId)!;
    expect(first).toMatchObject({ systemName: console.name, status: ApiKeyStatus.Usable });

    const byName = await server.call(api.systemApiKey.list, { page: 1, limit: 10, systemName: console.name.slice(0, 2) }, admin.as);
    expect(byName.data!.records.map((r) => r.systemCode)).toContain(console.menuId);
    const byKey = await server.call(api.systemApiKey.list, { page: 1, limit: 10, apiKey: first.apiKey.slice(3, 12).toUpperCase() }, admin.as);
    expect(byKey.data!.records.map((r) => r.id)).toEqual([first.id]);
    const paged = await server.call(api.systemApiKey.list, { page: 2, limit: 1 }, admin.as);
    expect(paged.data).toMatchObject({ total: seeded, current: 2, pages: seeded });
    expect((await server.call(api.systemApiKey.list, { page: 1, limit: 10, apiKey: '100%_' }, admin.as)).data!.total).toBe(0);
  });

  it('is refused to a role without the API-key keys, and to a role of one organisation whatever keys it holds (the keys are company-wide)', async () => {
    const operator = await signInOperator(server);
    expect((await server.call(api.systemApiKey.list, { page: 1, limit: 10 }, operator.as)).code).toBe(ResponseCode.Forbidden);
    const branch = await signInBranchAdmin(server, { keys: [Perm.apiKeyView, Perm.apiKeySave] });
    const console = await systemIdOf('backoffice');
    expect((await server.call(api.systemApiKey.list, { page: 1, limit: 10 }, branch.as)).code).toBe(ResponseCode.Forbidden);
    const own = (await server.services.db.select().from(systemApiKey)).find((k) => k.systemMenuId === console.menuId)!;
    expect((await server.call(api.systemApiKey.info, { id: own.id }, branch.as)).code).toBe(ResponseCode.Forbidden);
    expect((await server.call(api.systemApiKey.add, { systemCode: console.menuId, apiCode: DEFAULT_CLIENT_ID, status: 1 }, branch.as)).code).toBe(ResponseCode.Forbidden);
  });
});

describe('building and editing a key', () => {
  it('makes the key value on the server, one per system and application, and refuses a second naming both', async () => {
    const console = await systemIdOf('backoffice');
    const apps = await server.call(api.systemApiKey.apps, {}, admin.as);
    expect(apps.data!.map((a) => a.clientId)).toContain(DEFAULT_CLIENT_ID);
    // The seed gives every system a key for the console's own application: this system starts without one.
    await server.services.db.delete(systemApiKey).where(eq(systemApiKey.systemMenuId, console.menuId));

    const built = await server.call(api.systemApiKey.add, { systemCode: console.menuId, apiCode: DEFAULT_CLIENT_ID, status: ApiKeyStatus.Usable }, admin.as);
    expect(built.code).toBe(ResponseCode.Success);
    expect(built.data).toMatchObject({ systemCode: console.menuId, systemName: console.name, apiCode: DEFAULT_CLIENT_ID, appName: '后台管理控制台', owner: 'admin', status: 1 });
    expect(built.data!.apiKey).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const twice = await server.call(api.systemApiKey.add, { systemCode: console.menuId, apiCode: DEFAULT_CLIENT_ID, status: ApiKeyStatus.NotInUse }, admin.as);
    expect(twice.code).toBe(ResponseCode.Conflict);
    expect(twice.msg).toContain(console.name);
    expect(twice.msg).toContain(DEFAULT_CLIENT_ID);

    await server.services.audit.flush();
    const added = (await server.services.db.select().from(operationLog).where(eq(operationLog.entryType, 'add')))[0]!;
    expect(added.afterOperation).toMatchObject({ systemCode: console.menuId, apiCode: DEFAULT_CLIENT_ID, status: 1 });
  });

  it('requires system, application and status, and refuses what does not exist', async () => {
    const console = await systemIdOf('backoffice');
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ apiCode: DEFAULT_CLIENT_ID, status: 1 }, ResponseCode.InvalidInput, 'systemCode: is required'],
      [{ systemCode: console.menuId, status: 1 }, ResponseCode.InvalidInput, 'apiCode: is required'],
      [{ systemCode: console.menuId, apiCode: DEFAULT_CLIENT_ID }, ResponseCode.InvalidInput, 'status: is required'],
      [{ systemCode: console.menuId, apiCode: DEFAULT_CLIENT_ID, status: 3 }, ResponseCode.InvalidInput, 'status: '],
      [{ systemCode: console.menuId, apiCode: 'no-such-app', status: 1 }, ResponseCode.InvalidInput, 'apiCode: the chosen application does not exist'],
    ];
    for (const [input, code, message] of cases) {
      const answer = await server.raw('POST', '/api/sys/systemApiKey/save', input, admin.as);
      expect(answer.body.code, JSON.stringify(input)).toBe(code);
      expect(answer.body.msg, JSON.stringify(input)).toContain(message);
    }
    const page = (await server.services.db.select({ menuId: menu.menuId }).from(menu).where(eq(menu.type, MenuType.Menu)).limit(1))[0]!;
    const notSystem = await server.call(api.systemApiKey.add, { systemCode: page.menuId, apiCode: DEFAULT_CLIENT_ID, status: 1 }, admin.as);
    expect(notSystem.code).not.toBe(ResponseCode.Success);
  });

  it('edits against the time it was read, and a key set unusable stops opening its system at once', async () => {
    await addApp('tms-web', '运输管理');
    const console = await systemIdOf('backoffice');
    const built = (await server.call(api.systemApiKey.add, { systemCode: console.menuId, apiCode: 'tms-web', status: ApiKeyStatus.Usable }, admin.as)).data!;
    expect(await usableSystemKey(server.services.db, built.apiKey)).toEqual({ systemMenuId: console.menuId });

    const form = (row: ApiKeyRow, patch: Partial<{ status: 1 | 2; apiCode: string }>) => ({
      id: row.id,
      stamp: row.stamp,
      systemCode: row.systemCode,
      apiCode: row.apiCode,
      status: row.status as 1 | 2,
      ...patch,
    });
    const read = (await server.call(api.systemApiKey.info, { id: built.id }, admin.as)).data!;
    server.clock.advance(1000);
    const stopped = await server.call(api.systemApiKey.update, form(read, { status: ApiKeyStatus.NotInUse }), admin.as);
    expect(stopped.code).toBe(ResponseCode.Success);
    expect(stopped.data).toMatchObject({ apiKey: built.apiKey, status: 2 });
    expect(await usableSystemKey(server.services.db, built.apiKey)).toBeNull();
    expect((await systemKeysBySystem(server.services.db, [console.menuId])).get(console.menuId)).toEqual(expect.arrayContaining([{ apiKey: built.apiKey, apiCode: 'tms-web', status: 2 }]));

    expect((await server.call(api.systemApiKey.update, form(read, { status: ApiKeyStatus.Usable }), admin.as)).code).toBe(ResponseCode.StaleRecord);
    const again = await server.call(api.systemApiKey.update, form(stopped.data!, { status: ApiKeyStatus.Usable }), admin.as);
    expect(again.code).toBe(ResponseCode.Success);
    expect(await usableSystemKey(server.services.db, built.apiKey)).toEqual({ systemMenuId: console.menuId });
    expect(await usableSystemKey(server.services.db, 'not-a-key')).toBeNull();

    const seededConsole = (await server.services.db.select().from(systemApiKey).where(eq(systemApiKey.systemMenuId, console.menuId))).find((k) => k.id !== built.id)!;
    const clash = await server.call(
      api.systemApiKey.update,
      { id: seededConsole.id, stamp: (seededConsole.updateTime ?? seededConsole.createTime).toISOString(), systemCode: console.menuId, apiCode: 'tms-web', status: 1 },
      admin.as,
    );
    expect(clash.code).toBe(ResponseCode.Conflict);

    await server.services.audit.flush();
    const updates = await server.services.db.select().from(operationLog).where(eq(operationLog.entryType, 'update'));
    expect(updates[0]!.beforeOperation).toMatchObject({ status: 1 });
    expect(updates[0]!.afterOperation).toMatchObject({ status: 2 });
  });

  it('edits a seeded key read with its own stamp', async () => {
    const seeded = (await server.call(api.systemApiKey.list, { page: 1, limit: 1 }, admin.as)).data!.records[0]!;
    const saved = await server.call(api.systemApiKey.update, { id: seeded.id, stamp: seeded.stamp, systemCode: seeded.systemCode, apiCode: DEFAULT_CLIENT_ID, status: 2 }, admin.as);
    expect(saved.code).toBe(ResponseCode.Success);
    expect(saved.data).toMatchObject({ apiKey: seeded.apiKey, apiCode: DEFAULT_CLIENT_ID, status: 2 });
  });
});
