import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../../shared/codes';
import { API_PREFIX, Header } from '../../../shared/constants';
import { api } from '../../../shared/contract';
import type { TokenPair } from '../../../shared/contract/auth';
import { DEFAULT_ADMIN_PASSWORD, DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET } from '../../../shared/defaults';
import type { Envelope } from '../../../shared/envelope';
import { Perm } from '../../../shared/permissions';
import { loginRecord, menu, operationLog, role, roleMenu } from '../../../server/db/schema';
import { MenuType, RoleType } from '../../../shared/constants';
import { deptIdOf, insertUserWithRole, roleIdOf, signInAdminActor, signInBranchAdmin, type Actor } from '../../../server/testing/actors';
import { seedDemo } from '../../../server/seed/demo';
import { startTestServer, UNLIMITED_RATE_LIMITS, type TestServer } from '../../../server/testing/harness';
import { localDate, localMonth } from '../../../server/calendar';

const PASSWORD = 'Visitor_pw_2026';
// Public addresses the offline database places in Guangdong, Sichuan and Shanghai.
const GUANGDONG = '202.96.128.86';
const SICHUAN = '61.139.2.69';
const SHANGHAI = '202.96.209.133';

let server: TestServer;
let admin: Actor;
beforeEach(async () => {
  server = await startTestServer({ rateLimits: UNLIMITED_RATE_LIMITS });
  admin = await signInAdminActor(server);
});
afterEach(async () => {
  await server.close();
});

/** Signs in through the token endpoint as if from `ip`. */
async function signInFrom(username: string, ip: string): Promise<TokenPair> {
  const form = new URLSearchParams({ grant_type: 'password', client_id: DEFAULT_CLIENT_ID, client_secret: DEFAULT_CLIENT_SECRET, username, password: await server.seal(PASSWORD) });
  const response = await server.app.inject({
    method: 'POST',
    url: API_PREFIX + api.auth.token.path,
    payload: form.toString(),
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded', [Header.Language]: 'en_US' },
  });
  const body = response.json<Envelope<TokenPair>>();
  if (!body.data) throw new Error(`sign-in of ${username} failed: ${body.code} ${body.msg}`);
  return body.data;
}

/** A role of `deptId`'s subtree granting only pages of the logistics system (no console key). */
async function logisticsRole(deptId: number): Promise<number> {
  const db = server.services.db;
  const system = (
    await db
      .select()
      .from(menu)
      .where(and(eq(menu.type, MenuType.System), eq(menu.perms, 'logistics')))
  )[0]!;
  const pages = await db.select().from(menu).where(eq(menu.systemMenuId, system.menuId));
  const roleId = (await db.insert(role).values({ roleName: '物流运营', deptId, roleType: RoleType.OwnSubtree }).returning({ roleId: role.roleId }))[0]!.roleId;
  await db.insert(roleMenu).values([system, ...pages].map((row) => ({ roleId, menuId: row.menuId, halfChecked: false })));
  server.services.authz.changed();
  return roleId;
}

async function operatorUser(username: string, deptName?: string): Promise<number> {
  return insertUserWithRole(server.services, username, PASSWORD, await roleIdOf(server, '运营专员'), deptName ? await deptIdOf(server, deptName) : undefined);
}

async function profile(as = admin.as) {
  const answer = await server.call(api.statistics.profile, {}, as);
  expect(answer.code).toBe(ResponseCode.Success);
  return answer.data!;
}

describe('visit statistics', () => {
  it('counts sign-ins and distinct users, today and ever, and the sessions online', async () => {
    const before = await profile();
    await operatorUser('visitor1');
    await operatorUser('visitor2');
    await signInFrom('visitor1', GUANGDONG);
    await signInFrom('visitor1', SICHUAN);
    await signInFrom('visitor2', GUANGDONG);

    const after = await profile();
    expect(after.totalTimes - before.totalTimes).toBe(3);
    expect(after.todayTimes - before.todayTimes).toBe(3);
    expect(after.totalCount - before.totalCount).toBe(2);
    expect(after.todayCount - before.todayCount).toBe(2);
    expect(after.onlineCount - before.onlineCount).toBe(3);
    expect(after.today).toBe(localDate(server.clock.now()));
  });

  it('records the province and the token family of each sign-in', async () => {
    const userId = await operatorUser('visitor1');
    await signInFrom('visitor1', SHANGHAI);
    const rows = await server.services.db.select().from(loginRecord).where(eq(loginRecord.userId, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.region).toBe('上海');
    expect(rows[0]!.ip).toBe(SHANGHAI);
    expect(rows[0]!.familyId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('draws the map, the day and the month from the sign-ins', async () => {
    await operatorUser('visitor1');
    await signInFrom('visitor1', GUANGDONG);
    await signInFrom('visitor1', GUANGDONG);
    await signInFrom('visitor1', SICHUAN);
    const records = await server.services.db.select().from(loginRecord);
    const today = localDate(server.clock.now());

    const map = await server.call(api.statistics.accessMap, { date: today }, admin.as);
    expect(map.code).toBe(ResponseCode.Success);
    expect(map.data).toEqual([
      { name: '广东', value: 2 },
      { name: '四川', value: 1 },
    ]);

    const day = await server.call(api.statistics.day, { date: today }, admin.as);
    expect(day.data!.date).toHaveLength(24);
    expect(day.data!.date[0]).toBe('00');
    const expectedHours = Array<number>(24).fill(0);
    for (const r of records) if (localDate(r.loginTime) === today) expectedHours[r.loginTime.getHours()]!++;
    expect(day.data!.values).toEqual(expectedHours);

    const month = await server.call(api.statistics.month, { month: localMonth(server.clock.now()) }, admin.as);
    const dayIndex = month.data!.date.indexOf(today);
    expect(dayIndex).toBeGreaterThanOrEqual(0);
    expect(month.data!.values[dayIndex]).toBe(records.filter((r) => localDate(r.loginTime) === today).length);
    expect(month.data!.values.reduce((a, b) => a + b, 0)).toBe(records.filter((r) => localMonth(r.loginTime) === localMonth(server.clock.now())).length);
  });

  it('puts an earlier day in its own bucket', async () => {
    await operatorUser('visitor1');
    const yesterday = new Date(server.clock.now().getTime() - 86_400_000);
    await server.services.db
      .insert(loginRecord)
      .values({ userId: (await server.services.db.select().from(loginRecord))[0]!.userId, username: 'admin', clientId: DEFAULT_CLIENT_ID, ip: GUANGDONG, region: '广东', loginTime: yesterday });
    const day = await server.call(api.statistics.day, { date: localDate(yesterday) }, admin.as);
    expect(day.data!.values[yesterday.getHours()]).toBe(1);
    expect(day.data!.values.reduce((a, b) => a + b, 0)).toBe(1);
    const map = await server.call(api.statistics.accessMap, { date: localDate(yesterday) }, admin.as);
    expect(map.data).toEqual([{ name: '广东', value: 1 }]);
  });

  it('refuses future days and months, and malformed ones', async () => {
    const tomorrow = localDate(new Date(server.clock.now().getTime() + 2 * 86_400_000));
    const future = await server.call(api.statistics.day, { date: tomorrow }, admin.as);
    expect(future.code).toBe(ResponseCode.InvalidInput);
    expect(future.msg).toContain('later than today');
    const nextYear = `${server.clock.now().getFullYear() + 1}-01`;
    expect((await server.call(api.statistics.month, { month: nextYear }, admin.as)).code).toBe(ResponseCode.InvalidInput);
    expect((await server.call(api.statistics.month, { month: '2026-13' }, admin.as)).code).toBe(ResponseCode.InvalidInput);
    expect((await server.call(api.statistics.accessMap, { date: '2026-02-30' }, admin.as)).code).toBe(ResponseCode.InvalidInput);
  });

  it('lists the users who signed in, most recent first, with their counts', async () => {
    await operatorUser('visitor1');
    await signInFrom('visitor1', GUANGDONG);
    await signInFrom('visitor1', GUANGDONG);
    const list = await server.call(api.statistics.accessLog, { page: 1, limit: 10 }, admin.as);
    expect(list.code).toBe(ResponseCode.Success);
    const first = list.data!.records[0]!;
    expect(first).toMatchObject({ username: 'visitor1', name: 'visitor1 name', loginCount: 2 });
    expect(Number.isNaN(Date.parse(first.lastLoginTime))).toBe(false);
    expect(list.data!.total).toBe(list.data!.records.length);
  });

  it('is refused to a role without the view key', async () => {
    await operatorUser('visitor1');
    const branch = await signInBranchAdmin(server, { keys: [Perm.userView] });
    expect((await server.call(api.statistics.profile, {}, branch.as)).code).toBe(ResponseCode.Forbidden);
  });
});

describe('online sessions', () => {
  it('lists who is signed in, from where, and which session is the caller’s own', async () => {
    await operatorUser('visitor1');
    await signInFrom('visitor1', GUANGDONG);
    const list = await server.call(api.statistics.sessions, { page: 1, limit: 100 }, admin.as);
    expect(list.code).toBe(ResponseCode.Success);
    const visitor = list.data!.records.find((s) => s.username === 'visitor1')!;
    expect(visitor).toMatchObject({ ip: GUANGDONG, location: '广东省 广州市', clientId: DEFAULT_CLIENT_ID, current: false });
    const own = list.data!.records.filter((s) => s.username === 'admin');
    expect(own.filter((s) => s.current)).toHaveLength(1);
  });

  it('ends another user’s session: their token is refused at the next call, and the end is logged', async () => {
    await operatorUser('visitor1');
    const tokens = await signInFrom('visitor1', GUANGDONG);
    const visitor = { token: tokens.accessToken };
    expect((await server.call(api.session.roleSelect, {}, visitor)).code).toBe(ResponseCode.Success);
    const sessions = await server.call(api.statistics.sessions, { page: 1, limit: 100 }, admin.as);
    const target = sessions.data!.records.find((s) => s.username === 'visitor1')!;

    const ended = await server.call(api.statistics.endSession, { familyId: target.familyId }, admin.as);
    expect(ended.code).toBe(ResponseCode.Success);

    expect((await server.call(api.session.roleSelect, {}, visitor)).code).toBe(ResponseCode.Unauthorized);
    const refreshed = await server.call(api.auth.token, { grant_type: 'refresh_token', client_id: DEFAULT_CLIENT_ID, client_secret: DEFAULT_CLIENT_SECRET, refresh_token: tokens.refreshToken });
    expect(refreshed.code).not.toBe(ResponseCode.Success);
    const after = await server.call(api.statistics.sessions, { page: 1, limit: 100 }, admin.as);
    expect(after.data!.records.some((s) => s.familyId === target.familyId)).toBe(false);

    await server.services.audit.flush();
    const logged = await server.services.db.select().from(operationLog).where(eq(operationLog.entryType, 'endSession'));
    expect(logged).toHaveLength(1);
    expect(logged[0]!.beforeOperation).toMatchObject({ familyId: target.familyId, username: 'visitor1', online: true });
  });

  it('refuses to end the caller’s own current session, and an unknown one', async () => {
    const sessions = await server.call(api.statistics.sessions, { page: 1, limit: 100 }, admin.as);
    const own = sessions.data!.records.find((s) => s.current)!;
    const refused = await server.call(api.statistics.endSession, { familyId: own.familyId }, admin.as);
    expect(refused.code).toBe(ResponseCode.CallerError);
    expect((await server.call(api.session.roleSelect, {}, admin.as)).code).toBe(ResponseCode.Success);
    const unknown = await server.call(api.statistics.endSession, { familyId: '00000000-0000-0000-0000-000000000000' }, admin.as);
    expect(unknown.code).toBe(ResponseCode.NotFound);
  });

  it('keeps a branch administrator to the sign-ins and sessions of its organisations', async () => {
    await operatorUser('east_visitor', '华东分公司');
    await operatorUser('south_visitor', '华南分公司');
    await signInFrom('east_visitor', GUANGDONG);
    await signInFrom('south_visitor', SICHUAN);
    const branch = await signInBranchAdmin(server, { deptName: '华东分公司', keys: [Perm.statisticsView, Perm.sessionEnd] });

    const sessions = await server.call(api.statistics.sessions, { page: 1, limit: 100 }, branch.as);
    const names = sessions.data!.records.map((s) => s.username);
    expect(names).toContain('east_visitor');
    expect(names).not.toContain('south_visitor');
    expect(names).not.toContain('admin');

    const map = await server.call(api.statistics.accessMap, { date: localDate(server.clock.now()) }, branch.as);
    expect(map.data).toEqual([{ name: '广东', value: 1 }]);
    const log = await server.call(api.statistics.accessLog, { page: 1, limit: 100 }, branch.as);
    expect(log.data!.records.map((r) => r.username)).not.toContain('south_visitor');

    const everyone = await server.call(api.statistics.sessions, { page: 1, limit: 100 }, admin.as);
    const south = everyone.data!.records.find((s) => s.username === 'south_visitor')!;
    const refused = await server.call(api.statistics.endSession, { familyId: south.familyId }, branch.as);
    expect(refused.code).toBe(ResponseCode.OutOfScope);
    expect((await server.call(api.statistics.sessions, { page: 1, limit: 100 }, admin.as)).data!.records.some((s) => s.familyId === south.familyId)).toBe(true);
  });

  it('refuses to end the session of a user above the caller’s role: a global administrator at home in the branch, another system’s menus', async () => {
    const eastDeptId = await deptIdOf(server, '华东分公司');
    const branch = await signInBranchAdmin(server, { deptName: '华东分公司', keys: [Perm.statisticsView, Perm.sessionEnd, Perm.userView, Perm.userResetPwd] });
    await insertUserWithRole(server.services, 'east_global', PASSWORD, await roleIdOf(server, '系统管理员'), eastDeptId);
    await insertUserWithRole(server.services, 'east_logistics', PASSWORD, await logisticsRole(eastDeptId), eastDeptId);
    await insertUserWithRole(server.services, 'east_peer', PASSWORD, branch.roleId, eastDeptId);
    const globalTokens = await signInFrom('east_global', GUANGDONG);
    await signInFrom('east_logistics', GUANGDONG);
    await signInFrom('east_peer', GUANGDONG);

    const listed = (await server.call(api.statistics.sessions, { page: 1, limit: 100 }, branch.as)).data!.records;
    const sessionOf = (username: string) => listed.find((s) => s.username === username)!;
    for (const username of ['east_global', 'east_logistics']) {
      const refused = await server.call(api.statistics.endSession, { familyId: sessionOf(username).familyId }, branch.as);
      expect(refused).toMatchObject({
        code: ResponseCode.OutOfScope,
        msg: "This session's user holds roles outside your role or with permissions your role lacks; only an administrator above them can end it",
      });
    }
    expect((await server.call(api.session.roleSelect, {}, { token: globalTokens.accessToken })).code).toBe(ResponseCode.Success);
    const stillOnline = (await server.call(api.statistics.sessions, { page: 1, limit: 100 }, admin.as)).data!.records.map((s) => s.username);
    expect(stillOnline).toEqual(expect.arrayContaining(['east_global', 'east_logistics']));
    // The user forms' rule counts other systems' menus too: the logistics role holds no console key at all.
    const logisticsUser = (await server.call(api.user.list, { page: 1, limit: 100, username: 'east_logistics' }, branch.as)).data!.records[0]!;
    expect((await server.call(api.user.resetPassword, { userId: logisticsUser.userId }, branch.as)).code).toBe(ResponseCode.OutOfScope);

    expect((await server.call(api.statistics.endSession, { familyId: sessionOf('east_peer').familyId }, branch.as)).code).toBe(ResponseCode.Success);
    await server.services.audit.flush();
    const logged = await server.services.db.select().from(operationLog).where(eq(operationLog.entryType, 'endSession'));
    expect(logged.map((row) => (row.beforeOperation as { username: string }).username)).toEqual(['east_peer']);
  });

  it('lets only the end-session key end a session', async () => {
    await operatorUser('east_visitor', '华东分公司');
    await signInFrom('east_visitor', GUANGDONG);
    const viewer = await signInBranchAdmin(server, { deptName: '华东分公司', keys: [Perm.statisticsView] });
    const sessions = await server.call(api.statistics.sessions, { page: 1, limit: 100 }, viewer.as);
    const target = sessions.data!.records.find((s) => s.username === 'east_visitor')!;
    expect((await server.call(api.statistics.endSession, { familyId: target.familyId }, viewer.as)).code).toBe(ResponseCode.Forbidden);
  });
});

describe('demo data', () => {
  it('gives every chart and the login records something to show', async () => {
    await seedDemo(server.services.db, { users: 6, logRows: 120, password: DEFAULT_ADMIN_PASSWORD, secrets: server.services.secrets });
    const now = server.clock.now();
    const map = await server.call(api.statistics.accessMap, { date: localDate(now) }, admin.as);
    expect(map.data!.length).toBeGreaterThan(0);
    const month = await server.call(api.statistics.month, { month: localMonth(now) }, admin.as);
    expect(month.data!.values.some((v) => v > 0)).toBe(true);
    const day = await server.call(api.statistics.day, { date: localDate(now) }, admin.as);
    expect(day.data!.values.some((v) => v > 0)).toBe(true);
    const records = await server.call(api.statistics.accessLog, { page: 1, limit: 100 }, admin.as);
    expect(records.data!.records.filter((r) => r.username.startsWith('demo')).length).toBeGreaterThan(0);
    expect((await profile()).totalTimes).toBeGreaterThanOrEqual(120);
  });
});
