import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../../shared/codes';
import { RATE_LIMITS } from '../../../shared/contract/endpoint';
import { api } from '../../../shared/contract';
import type { AppForm, AppRecord, AppUpdateForm } from '../contract';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET } from '../../../shared/defaults';
import { interfaceLog, oauthClient, operationLog } from '../../../server/db/schema';
import { systemApiKey } from '../../../server/db/tables';
import { insertUserWithRole, roleIdOf, signInAdminActor, signInOperator, type Actor } from '../../../server/testing/actors';
import { startTestServer, type TestServer } from '../../../server/testing/harness';

let server: TestServer;
let admin: Actor;
beforeEach(async () => {
  server = await startTestServer({ rateLimits: { ...RATE_LIMITS, signIn: { perAddress: 1000, perAccount: 1000 } } });
  admin = await signInAdminActor(server);
});
afterEach(async () => {
  await server.close();
});

const NEW_APP: AppForm = {
  clientId: 'driver-app_2',
  appName: '司机端',
  appType: 'app',
  status: '0',
  accessTokenValiditySeconds: 3600,
  refreshTokenValiditySeconds: 86_400,
  passwordDay: 0,
  ignoreCodeTimes: '3',
  firstChangePwd: '1',
};

function formOf(record: AppRecord, patch: Partial<AppUpdateForm> = {}): AppUpdateForm {
  return {
    id: record.id,
    version: record.version,
    clientId: record.clientId,
    appName: record.appName,
    appType: record.appType as AppForm['appType'],
    status: record.status as AppForm['status'],
    accessTokenValiditySeconds: record.accessTokenValiditySeconds,
    refreshTokenValiditySeconds: record.refreshTokenValiditySeconds,
    passwordDay: record.passwordDay,
    ignoreCodeTimes: String(record.ignoreCodeTimes),
    firstChangePwd: record.firstChangePwd as AppForm['firstChangePwd'],
    ...patch,
  };
}

async function consoleClient(): Promise<AppRecord> {
  const row = (await server.services.db.select({ id: oauthClient.id }).from(oauthClient).where(eq(oauthClient.clientId, DEFAULT_CLIENT_ID)))[0]!;
  return (await server.call(api.appCenter.info, { id: row.id }, admin.as)).data!;
}

async function signInThrough(clientId: string, clientSecret: string, username: string, password: string) {
  return server.call(api.auth.token, { grant_type: 'password', client_id: clientId, client_secret: clientSecret, username, password: await server.seal(password) });
}

describe('application list and detail', () => {
  it('lists the console client with its type, marks it built in, filters by AppId and name, and pages', async () => {
    const list = await server.call(api.appCenter.list, { page: 1, limit: 10 }, admin.as);
    expect(list.code).toBe(ResponseCode.Success);
    expect(list.data!.records).toEqual([expect.objectContaining({ clientId: DEFAULT_CLIENT_ID, appType: 'pc', status: '0', accessTokenValiditySeconds: 7200, builtIn: true })]);

    await server.call(api.appCenter.add, NEW_APP, admin.as);
    await server.call(api.appCenter.add, { ...NEW_APP, clientId: 'warehouse', appName: '仓储系统', appType: 'code' }, admin.as);
    const byId = await server.call(api.appCenter.list, { page: 1, limit: 10, appId: 'DRIVER' }, admin.as);
    expect(byId.data!.records.map((r) => [r.clientId, r.builtIn])).toEqual([['driver-app_2', false]]);
    const byName = await server.call(api.appCenter.list, { page: 1, limit: 10, appName: '仓储' }, admin.as);
    expect(byName.data!.records.map((r) => r.clientId)).toEqual(['warehouse']);
    const second = await server.call(api.appCenter.list, { page: 2, limit: 2 }, admin.as);
    expect(second.data).toMatchObject({ total: 3, current: 2, pages: 2 });
    expect(second.data!.records).toHaveLength(1);
    expect((await server.call(api.appCenter.list, { page: 1, limit: 10, appId: '100%_' }, admin.as)).data!.total).toBe(0);
  });

  it('never answers a secret or its hash in a list or a detail', async () => {
    const added = await server.call(api.appCenter.add, NEW_APP, admin.as);
    const list = JSON.stringify(await server.call(api.appCenter.list, { page: 1, limit: 10 }, admin.as));
    const info = await server.call(api.appCenter.info, { id: added.data!.id }, admin.as);
    expect(info.data).toMatchObject({ clientId: NEW_APP.clientId, ignoreCodeTimes: 3, firstChangePwd: '1', refreshTokenValiditySeconds: 86_400, version: 1, builtIn: false });
    for (const text of [list, JSON.stringify(info)]) {
      expect(text).not.toContain(added.data!.appSecret);
      expect(text).not.toMatch(/secret/i);
    }
    expect((await server.call(api.appCenter.info, { id: 999_999 }, admin.as)).code).toBe(ResponseCode.NotFound);
  });

  it('is refused to a role without the application-centre keys', async () => {
    const operator = await signInOperator(server);
    expect((await server.call(api.appCenter.list, { page: 1, limit: 10 }, operator.as)).code).toBe(ResponseCode.Forbidden);
    expect((await server.call(api.appCenter.add, NEW_APP, operator.as)).code).toBe(ResponseCode.Forbidden);
  });
});

describe('secrets', () => {
  it('makes a strong secret, shows it once, and the token endpoint takes it; a regenerated one replaces it', async () => {
    const roleId = await roleIdOf(server, '运营专员');
    await insertUserWithRole(server.services, 'driver1', 'Driver_pw_2026', roleId);
    const added = await server.call(api.appCenter.add, NEW_APP, admin.as);
    expect(added.code).toBe(ResponseCode.Success);
    const first = added.data!.appSecret;
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = (await server.services.db.select().from(oauthClient).where(eq(oauthClient.id, added.data!.id)))[0]!;
    expect(stored.clientSecretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.clientSecretHash).not.toContain(first);

    const signed = await signInThrough(NEW_APP.clientId, first, 'driver1', 'Driver_pw_2026');
    expect(signed.code).toBe(ResponseCode.Success);
    expect(signed.data!.expiresIn).toBe(3600);

    const again = await server.call(api.appCenter.regenerateSecret, { id: added.data!.id }, admin.as);
    expect(again.data!.appSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(again.data!.appSecret).not.toBe(first);
    expect((await signInThrough(NEW_APP.clientId, first, 'driver1', 'Driver_pw_2026')).code).toBe(ResponseCode.InvalidClient);
    expect((await signInThrough(NEW_APP.clientId, again.data!.appSecret, 'driver1', 'Driver_pw_2026')).code).toBe(ResponseCode.Success);

    // Neither secret reaches the interface log or the operation log.
    await server.services.audit.flush();
    const calls = await server.services.db.select().from(interfaceLog);
    const changes = await server.services.db.select().from(operationLog);
    expect(calls.some((c) => c.path.includes('/sys/oauth/clients/secret'))).toBe(true);
    expect(changes.map((c) => c.entryType)).toEqual(expect.arrayContaining(['add', 'regenerateSecret']));
    const logged = JSON.stringify([calls, changes]);
    for (const secret of [first, again.data!.appSecret, stored.clientSecretHash]) expect(logged).not.toContain(secret);
  });

  it('ignores a secret the client sends: the server makes its own', async () => {
    const added = await server.call(api.appCenter.add, { ...NEW_APP, clientSecretStr: 'typed-by-hand' } as AppForm, admin.as);
    expect(added.code).toBe(ResponseCode.Success);
    expect(added.data!.appSecret).not.toBe('typed-by-hand');
    expect((await signInThrough(NEW_APP.clientId, 'typed-by-hand', 'admin', admin.password)).code).toBe(ResponseCode.InvalidClient);
  });
});

describe('saving an application', () => {
  it('checks each field and names it, with the spec’s message for the code count', async () => {
    const cases: Array<[Partial<Record<keyof AppForm, unknown>>, string]> = [
      [{ ignoreCodeTimes: '01' }, 'ignoreCodeTimes: the verification-code exemption count must be a non-negative integer without leading zeros (at most 999)'],
      [{ ignoreCodeTimes: '-1' }, 'ignoreCodeTimes: the verification-code exemption count'],
      [{ ignoreCodeTimes: '1.5' }, 'ignoreCodeTimes: the verification-code exemption count'],
      [{ appName: '  ' }, 'appName: is required'],
      [{ appType: 'desktop' }, 'appType: '],
      [{ appType: undefined }, 'appType: is required'],
      [{ status: '2' }, 'status: '],
      [{ clientId: 'has space' }, 'clientId: the AppId may hold only letters, digits, hyphens and underscores'],
      [{ accessTokenValiditySeconds: 59 }, 'accessTokenValiditySeconds: the access token lifetime must be a whole number of seconds from 60 to 86400'],
      [{ refreshTokenValiditySeconds: 1800 }, 'refreshTokenValiditySeconds: the refresh token cannot live shorter than the access token'],
      [{ passwordDay: -1 }, 'passwordDay: password validity must be a whole number of days from 0 to 3650'],
      [{ firstChangePwd: 'yes' }, 'firstChangePwd: '],
    ];
    for (const [patch, message] of cases) {
      const answer = await server.call(api.appCenter.add, { ...NEW_APP, ...patch } as AppForm, admin.as);
      expect(answer.code, JSON.stringify(patch)).toBe(ResponseCode.InvalidInput);
      expect(answer.msg, JSON.stringify(patch)).toContain(message);
    }
    const blank = await server.call(api.appCenter.add, { ...NEW_APP, ignoreCodeTimes: '' }, admin.as);
    expect(blank.code).toBe(ResponseCode.Success);
    expect((await server.call(api.appCenter.info, { id: blank.data!.id }, admin.as)).data!.ignoreCodeTimes).toBe(0);
    expect((await server.services.db.select().from(oauthClient)).length).toBe(2);
  });

  it('refuses an AppId another application has, and a save over a newer version', async () => {
    expect((await server.call(api.appCenter.add, { ...NEW_APP, clientId: DEFAULT_CLIENT_ID }, admin.as)).code).toBe(ResponseCode.Conflict);
    const added = await server.call(api.appCenter.add, NEW_APP, admin.as);
    const record = (await server.call(api.appCenter.info, { id: added.data!.id }, admin.as)).data!;
    const saved = await server.call(api.appCenter.update, formOf(record, { appName: '司机端 App' }), admin.as);
    expect(saved.data).toEqual({ id: record.id, version: 2 });
    expect((await server.call(api.appCenter.update, formOf(record, { appName: '旧版本' }), admin.as)).code).toBe(ResponseCode.StaleRecord);
    expect((await server.call(api.appCenter.update, formOf({ ...record, version: 2 }, { clientId: DEFAULT_CLIENT_ID }), admin.as)).code).toBe(ResponseCode.Conflict);

    await server.services.audit.flush();
    const update = (await server.services.db.select().from(operationLog).where(eq(operationLog.entryType, 'update')))[0]!;
    expect(update.beforeOperation).toMatchObject({ appName: '司机端', version: 1 });
    expect(update.afterOperation).toMatchObject({ appName: '司机端 App', version: 2, ignoreCodeTimes: 3 });
    expect(JSON.stringify([update.beforeOperation, update.afterOperation])).not.toMatch(/hash|secret/i);
  });

  it('what is saved for the console client is what the next sign-in obeys: captcha count and password expiry', async () => {
    const roleId = await roleIdOf(server, '运营专员');
    await insertUserWithRole(server.services, 'clerk1', 'Clerk_pw_2026', roleId);
    const need = async () => (await server.call(api.auth.captchaNeed, { clientId: DEFAULT_CLIENT_ID, username: 'clerk1' })).data!.needShow;

    const seeded = await consoleClient();
    expect(seeded.ignoreCodeTimes).toBe(0);
    const saved = await server.call(api.appCenter.update, formOf(seeded, { ignoreCodeTimes: '2', passwordDay: 1 }), admin.as);
    expect(saved.code).toBe(ResponseCode.Success);

    await server.signIn('clerk1', 'Wrong_pw_1');
    await server.signIn('clerk1', 'Wrong_pw_2');
    expect(await need()).toBe(false);
    await server.signIn('clerk1', 'Wrong_pw_3');
    expect(await need()).toBe(true);

    // A day's validity: two days on, the password has expired and must be changed first.
    server.clock.advance(2 * 86_400_000);
    server.services.captchaText = () => 'AB7x';
    const fresh = await server.call(api.auth.captcha, {});
    const late = await server.signIn('clerk1', 'Clerk_pw_2026', { validCode: 'AB7x', uuid: fresh.data!.uuid });
    expect(late.code).toBe(ResponseCode.MustChangePassword);
  });
});

describe('the console’s own client', () => {
  it('cannot be deleted, stopped, renamed or given a new secret, and the refusal says why', async () => {
    const record = await consoleClient();
    const deleted = await server.call(api.appCenter.delete, { id: record.id }, admin.as);
    expect(deleted.code).toBe(ResponseCode.CallerError);
    expect(deleted.msg).toContain('the desktop app could no longer sign in, so it cannot be deleted');
    const stopped = await server.call(api.appCenter.update, formOf(record, { status: '1' }), admin.as);
    expect(stopped.msg).toContain('so it cannot be stopped');
    const renamed = await server.call(api.appCenter.update, formOf(record, { clientId: 'renamed' }), admin.as);
    expect(renamed.msg).toContain('the AppId cannot change');
    const secret = await server.call(api.appCenter.regenerateSecret, { id: record.id }, admin.as);
    expect(secret.msg).toContain('its secret cannot be regenerated');
    expect((await server.call(api.appCenter.info, { id: record.id }, admin.as)).data).toMatchObject({ status: '0', clientId: DEFAULT_CLIENT_ID, version: 1 });
    expect((await server.signIn('admin', admin.password)).code).toBe(ResponseCode.Success);
    expect(
      (
        await server.call(api.auth.token, {
          grant_type: 'password',
          client_id: DEFAULT_CLIENT_ID,
          client_secret: DEFAULT_CLIENT_SECRET,
          username: 'admin',
          password: await server.seal(admin.password),
        })
      ).code,
    ).toBe(ResponseCode.Success);
  });
});

describe('deleting and stopping an application', () => {
  it('ends the sign-ins made through it, and refuses while a system API key uses it', async () => {
    const roleId = await roleIdOf(server, '运营专员');
    await insertUserWithRole(server.services, 'driver1', 'Driver_pw_2026', roleId);
    const added = await server.call(api.appCenter.add, NEW_APP, admin.as);
    const signed = await signInThrough(NEW_APP.clientId, added.data!.appSecret, 'driver1', 'Driver_pw_2026');
    const as = { token: signed.data!.accessToken, roleId };
    expect((await server.call(api.session.currentUser, {}, as)).code).toBe(ResponseCode.Success);

    const record = (await server.call(api.appCenter.info, { id: added.data!.id }, admin.as)).data!;
    await server.call(api.appCenter.update, formOf(record, { status: '1' }), admin.as);
    expect((await server.call(api.session.currentUser, {}, as)).code).toBe(ResponseCode.Unauthorized);
    expect((await signInThrough(NEW_APP.clientId, added.data!.appSecret, 'driver1', 'Driver_pw_2026')).code).toBe(ResponseCode.InvalidClient);

    const system = (await server.services.db.select().from(systemApiKey).limit(1))[0]!;
    await server.services.db.insert(systemApiKey).values({ systemMenuId: system.systemMenuId, systemName: system.systemName, apiKey: 'k'.repeat(43), apiCode: NEW_APP.clientId, status: 1 });
    const refused = await server.call(api.appCenter.delete, { id: record.id }, admin.as);
    expect(refused.code).toBe(ResponseCode.InUse);
    expect(refused.msg).toContain(system.systemName);
    await server.services.db.delete(systemApiKey).where(eq(systemApiKey.apiCode, NEW_APP.clientId));

    expect((await server.call(api.appCenter.delete, { id: record.id }, admin.as)).code).toBe(ResponseCode.Success);
    expect((await server.call(api.appCenter.info, { id: record.id }, admin.as)).code).toBe(ResponseCode.NotFound);
    await server.services.audit.flush();
    const removed = (await server.services.db.select().from(operationLog).where(eq(operationLog.entryType, 'delete')))[0]!;
    expect(removed.beforeOperation).toMatchObject({ clientId: NEW_APP.clientId, status: '1' });
  });

  it('renaming an AppId carries the system API keys with it', async () => {
    const added = await server.call(api.appCenter.add, NEW_APP, admin.as);
    const system = (await server.services.db.select().from(systemApiKey).limit(1))[0]!;
    await server.services.db.insert(systemApiKey).values({ systemMenuId: system.systemMenuId, systemName: system.systemName, apiKey: 'r'.repeat(43), apiCode: NEW_APP.clientId, status: 1 });
    const record = (await server.call(api.appCenter.info, { id: added.data!.id }, admin.as)).data!;
    expect((await server.call(api.appCenter.update, formOf(record, { clientId: 'driver-v3' }), admin.as)).code).toBe(ResponseCode.Success);
    const key = (
      await server.services.db
        .select()
        .from(systemApiKey)
        .where(eq(systemApiKey.apiKey, 'r'.repeat(43)))
    )[0]!;
    expect(key.apiCode).toBe('driver-v3');
  });
});
