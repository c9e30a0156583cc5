import { eq, inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../../shared/codes';
import { api } from '../../../shared/contract';
import { Perm } from '../../../shared/permissions';
import { operationLog, user } from '../../../server/db/schema';
import { userServiceCentre } from './schema';
import { deptIdOf, signInAdminActor, signInBranchAdmin, signInOperator, type Actor } from '../../../server/testing/actors';
import { startTestServer, type TestServer } from '../../../server/testing/harness';

let server: TestServer;
let admin: Actor;
let centre: Record<string, number>;
beforeEach(async () => {
  server = await startTestServer();
  admin = await signInAdminActor(server);
  centre = {};
  for (const name of ['远航物流集团', '华东分公司', '华南分公司', '上海转运中心', '杭州转运中心', '广州转运中心', '深圳转运中心', '财务部']) centre[name] = await deptIdOf(server, name);
});
afterEach(async () => {
  await server.close();
});

async function insertUsers(rows: Array<{ username: string; name: string; deptName: string }>): Promise<number[]> {
  const values = [];
  for (const row of rows) values.push({ username: row.username, name: row.name, deptId: await deptIdOf(server, row.deptName), passwordHash: 'not-a-hash' });
  return (await server.services.db.insert(user).values(values).returning({ userId: user.userId })).map((r) => r.userId);
}

async function boundTo(userId: number): Promise<number[]> {
  const rows = await server.services.db.select().from(userServiceCentre).where(eq(userServiceCentre.userId, userId)).orderBy(userServiceCentre.deptId);
  return rows.map((r) => r.deptId);
}

describe('the business-centre tree', () => {
  it('holds every business centre with the organisations above it, nothing else', async () => {
    const tree = await server.call(api.serviceCenter.tree, {}, admin.as);
    expect(tree.code).toBe(ResponseCode.Success);
    const shape = (nodes: typeof tree.data): unknown => nodes!.map((n) => (n.children.length > 0 ? { [n.name]: shape(n.children) } : n.name));
    expect(shape(tree.data)).toEqual([{ 远航物流集团: [{ 华东分公司: ['上海转运中心', '杭州转运中心'] }, { 华南分公司: ['广州转运中心', '深圳转运中心'] }] }]);
    const branch = await signInBranchAdmin(server, { keys: [Perm.serviceCenterView] });
    expect((await server.call(api.serviceCenter.tree, {}, branch.as)).data).toEqual(tree.data);
  });
});

describe('binding users', () => {
  it('binds users to the checked leaves, lists them with names and audit columns, and logs it', async () => {
    const [a, b] = await insertUsers([
      { username: 'east_a', name: '东甲', deptName: '华东运营部' },
      { username: 'east_b', name: '东乙', deptName: '上海转运中心' },
    ]);
    // The tree sends checked parents too; the leaves are what is bound.
    const saved = await server.call(api.serviceCenter.save, { userIds: `${a},${b}`, deptIds: `${centre['华东分公司']},${centre['上海转运中心']},${centre['杭州转运中心']}` }, admin.as);
    expect(saved.code).toBe(ResponseCode.Success);
    expect(await boundTo(a!)).toEqual([centre['上海转运中心'], centre['杭州转运中心']].sort((x, y) => x! - y!));

    const list = await server.call(api.serviceCenter.list, {}, admin.as);
    expect(list.data).toMatchObject({ total: 2, current: 1, pages: 1, size: 10 });
    expect(list.data!.records[0]).toMatchObject({
      userId: b,
      account: 'east_b',
      name: '东乙',
      deptIds: `${centre['上海转运中心']},${centre['杭州转运中心']}`,
      deptNames: '上海转运中心,杭州转运中心',
      createBy: '系统管理员',
      updateBy: '',
      updateTime: null,
    });

    await server.services.audit.flush();
    const logged = await server.services.db.select().from(operationLog).where(eq(operationLog.entryType, 'add'));
    expect(logged.map((l) => l.afterOperation)).toEqual([
      { userId: a, deptIds: [centre['上海转运中心'], centre['杭州转运中心']] },
      { userId: b, deptIds: [centre['上海转运中心'], centre['杭州转运中心']] },
    ]);
    expect(logged[0]!.beforeOperation).toEqual({ userId: a, deptIds: [] });
  });

  it('asks for a user and a leaf business centre, naming the field, and binds nothing', async () => {
    const [a] = await insertUsers([{ username: 'east_a', name: '东甲', deptName: '华东运营部' }]);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ userIds: '' }, 'userIds: please select operating user'],
      [{ userIds: undefined }, 'userIds: please select operating user'],
      [{ userIds: 'a,b' }, 'userIds: must be ids separated by commas'],
      [{ deptIds: '' }, 'deptIds: please select business center'],
      [{ deptIds: `${centre['华东分公司']}` }, 'deptIds: please select business center'],
      [{ deptIds: `${centre['上海转运中心']},${centre['财务部']}` }, 'deptIds: is not one of the allowed values'],
    ];
    for (const [patch, msg] of cases) {
      const answer = await server.raw('POST', '/api/sys/serviceCenter/saveUserDept', { userIds: String(a), deptIds: String(centre['上海转运中心']), ...patch }, admin.as);
      expect(answer.body, JSON.stringify(patch)).toMatchObject({ code: ResponseCode.InvalidInput, msg });
    }
    const chinese = await server.raw('POST', '/api/sys/serviceCenter/saveUserDept', { userIds: '', deptIds: '1' }, { ...admin.as, language: 'zh_CN' });
    expect(chinese.body.msg).toBe('userIds: 请选择操作用户');
    const emptyUpdate = await server.call(api.serviceCenter.update, { userIds: [], deptIds: String(centre['上海转运中心']) }, admin.as);
    expect(emptyUpdate.msg).toBe('userIds: please select operating user');
    expect(await boundTo(a!)).toEqual([]);
  });

  it('refuses adding to a user who has centres already, also when two adds race', async () => {
    const [a, b] = await insertUsers([
      { username: 'east_a', name: '东甲', deptName: '华东运营部' },
      { username: 'east_b', name: '东乙', deptName: '华东运营部' },
    ]);
    await server.call(api.serviceCenter.save, { userIds: String(a), deptIds: String(centre['上海转运中心']) }, admin.as);
    const again = await server.call(api.serviceCenter.save, { userIds: `${b},${a}`, deptIds: String(centre['广州转运中心']) }, admin.as);
    expect(again).toMatchObject({ code: ResponseCode.CallerError, msg: 'A selected user already has business centres: edit the binding instead' });
    expect(await boundTo(b!)).toEqual([]);
    expect(await boundTo(a!)).toEqual([centre['上海转运中心']]);

    const race = await Promise.all([
      server.call(api.serviceCenter.save, { userIds: String(b), deptIds: String(centre['广州转运中心']) }, admin.as),
      server.call(api.serviceCenter.save, { userIds: String(b), deptIds: String(centre['深圳转运中心']) }, admin.as),
    ]);
    expect(race.map((r) => r.code).sort()).toEqual([ResponseCode.Success, ResponseCode.CallerError].sort());
    expect(await boundTo(b!)).toHaveLength(1);
  });

  it('changes a binding, keeping who made it and recording who changed it', async () => {
    const [a] = await insertUsers([{ username: 'east_a', name: '东甲', deptName: '华东运营部' }]);
    await server.call(api.serviceCenter.save, { userIds: String(a), deptIds: `${centre['上海转运中心']},${centre['杭州转运中心']}` }, admin.as);
    const changed = await server.call(api.serviceCenter.update, { userIds: [a!], deptIds: `${centre['杭州转运中心']},${centre['广州转运中心']}` }, admin.as);
    expect(changed.code).toBe(ResponseCode.Success);
    expect(await boundTo(a!)).toEqual([centre['杭州转运中心'], centre['广州转运中心']].sort((x, y) => x! - y!));
    const binding = await server.call(api.serviceCenter.binding, { userId: a! }, admin.as);
    expect(binding.data).toEqual({ userId: a, account: 'east_a', name: '东甲', deptIds: [centre['杭州转运中心'], centre['广州转运中心']].sort((x, y) => x! - y!) });
    const row = (await server.call(api.serviceCenter.list, {}, admin.as)).data!.records[0]!;
    expect(row).toMatchObject({ createBy: '系统管理员', updateBy: '系统管理员' });
    expect(row.updateTime).not.toBeNull();

    await server.services.audit.flush();
    const logged = (await server.services.db.select().from(operationLog).where(eq(operationLog.entryType, 'update')))[0]!;
    expect(logged.beforeOperation).toEqual({ userId: a, deptIds: [centre['上海转运中心'], centre['杭州转运中心']].sort((x, y) => x! - y!) });
    expect(logged.afterOperation).toEqual({ userId: a, deptIds: [centre['杭州转运中心'], centre['广州转运中心']].sort((x, y) => x! - y!) });
  });

  it('removes bindings and logs what they were', async () => {
    const [a, b] = await insertUsers([
      { username: 'east_a', name: '东甲', deptName: '华东运营部' },
      { username: 'east_b', name: '东乙', deptName: '华东运营部' },
    ]);
    await server.call(api.serviceCenter.save, { userIds: `${a},${b}`, deptIds: String(centre['上海转运中心']) }, admin.as);
    expect((await server.call(api.serviceCenter.delete, { userIds: String(a) }, admin.as)).code).toBe(ResponseCode.Success);
    expect(await boundTo(a!)).toEqual([]);
    expect(await boundTo(b!)).toEqual([centre['上海转运中心']]);
    expect((await server.call(api.serviceCenter.list, {}, admin.as)).data!.records.map((r) => r.userId)).toEqual([b]);
    expect((await server.call(api.serviceCenter.delete, { userIds: '' }, admin.as)).msg).toBe('userIds: please select operating user');
    await server.services.audit.flush();
    const logged = (await server.services.db.select().from(operationLog).where(eq(operationLog.entryType, 'delete')))[0]!;
    expect(logged).toMatchObject({ beforeOperation: { userId: a, deptIds: [centre['上海转运中心']] }, afterOperation: null });
  });
});

describe('lists', () => {
  it('filters the bindings by name, account and business centre, and the unbound users by name and account', async () => {
    const [a, b] = await insertUsers([
      { username: 'east_a', name: '东甲', deptName: '华东运营部' },
      { username: 'south_b', name: '南乙', deptName: '华南运营部' },
      { username: 'free_c', name: '自由丙', deptName: '华东运营部' },
    ]);
    await server.call(api.serviceCenter.save, { userIds: String(a), deptIds: String(centre['上海转运中心']) }, admin.as);
    await server.call(api.serviceCenter.save, { userIds: String(b), deptIds: String(centre['广州转运中心']) }, admin.as);
    const accounts = async (filter: object) => (await server.call(api.serviceCenter.list, filter, admin.as)).data!.records.map((r) => r.account);
    expect(await accounts({ name: '南' })).toEqual(['south_b']);
    expect(await accounts({ account: 'EAST' })).toEqual(['east_a']);
    expect(await accounts({ deptId: centre['华东分公司'] })).toEqual(['east_a']);
    expect(await accounts({ deptId: centre['深圳转运中心'] })).toEqual([]);
    expect((await server.call(api.serviceCenter.list, { pageNum: 2, pageSize: 1 }, admin.as)).data).toMatchObject({ total: 2, current: 2, pages: 2, size: 1 });

    const unbound = await server.call(api.serviceCenter.unboundUsers, { roleId: admin.roleId }, admin.as);
    expect(unbound.data!.records.map((r) => r.account)).toEqual(['free_c', 'admin']);
    expect((await server.call(api.serviceCenter.unboundUsers, { name: '自由' }, admin.as)).data!.records).toEqual([{ userId: expect.any(Number), account: 'free_c', name: '自由丙' }]);
    expect((await server.call(api.serviceCenter.unboundUsers, { account: 'ADM' }, admin.as)).data!.total).toBe(1);
  });

  it('sorts the bindings and the unbound users by account or name, either way', async () => {
    const [a, b] = await insertUsers([
      { username: 'bravo', name: 'B', deptName: '华东运营部' },
      { username: 'alpha', name: 'C', deptName: '华东运营部' },
      { username: 'charlie', name: 'A', deptName: '华东运营部' },
      { username: 'delta', name: 'D', deptName: '华东运营部' },
    ]);
    await server.call(api.serviceCenter.save, { userIds: `${a},${b}`, deptIds: String(centre['上海转运中心']) }, admin.as);
    const bound = async (input: object) => (await server.call(api.serviceCenter.list, input, admin.as)).data!.records.map((r) => r.account);
    expect(await bound({})).toEqual(['alpha', 'bravo']);
    expect(await bound({ sidx: 'account' })).toEqual(['alpha', 'bravo']);
    expect(await bound({ sidx: 'account', order: 'desc' })).toEqual(['bravo', 'alpha']);
    expect(await bound({ sidx: 'name' })).toEqual(['bravo', 'alpha']);
    const unbound = async (input: object) => (await server.call(api.serviceCenter.unboundUsers, input, admin.as)).data!.records.map((r) => r.account);
    expect(await unbound({})).toEqual(['delta', 'charlie', 'admin']);
    expect(await unbound({ sidx: 'account' })).toEqual(['admin', 'charlie', 'delta']);
    expect(await unbound({ sidx: 'name', order: 'desc' })).toEqual(['admin', 'delta', 'charlie']);
    expect((await server.raw('POST', '/api/sys/serviceCenter/list', { sidx: 'deptIds' }, admin.as)).body.msg).toBe('sidx: is not one of the allowed values');
  });
});

describe('scope and permissions', () => {
  it('a branch role sees and binds only its own users, to any business centre', async () => {
    const [east, south] = await insertUsers([
      { username: 'east_a', name: '东甲', deptName: '华东运营部' },
      { username: 'south_b', name: '南乙', deptName: '华南运营部' },
    ]);
    await server.call(api.serviceCenter.save, { userIds: String(south), deptIds: String(centre['广州转运中心']) }, admin.as);
    const branch = await signInBranchAdmin(server);
    expect((await server.call(api.serviceCenter.save, { userIds: `${east},${south}`, deptIds: String(centre['上海转运中心']) }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    expect((await server.call(api.serviceCenter.update, { userIds: [south!], deptIds: String(centre['上海转运中心']) }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    expect((await server.call(api.serviceCenter.delete, { userIds: String(south) }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    expect((await server.call(api.serviceCenter.binding, { userId: south! }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    expect(await boundTo(south!)).toEqual([centre['广州转运中心']]);
    expect(await boundTo(east!)).toEqual([]);

    expect((await server.call(api.serviceCenter.save, { userIds: String(east), deptIds: String(centre['深圳转运中心']) }, branch.as)).code).toBe(ResponseCode.Success);
    expect((await server.call(api.serviceCenter.list, {}, branch.as)).data!.records.map((r) => r.account)).toEqual(['east_a']);
    expect((await server.call(api.serviceCenter.unboundUsers, {}, branch.as)).data!.records.map((r) => r.account)).toEqual(['branchadmin']);
    expect((await server.call(api.serviceCenter.unboundUsers, { roleId: admin.roleId }, branch.as)).code).toBe(ResponseCode.OutOfScope);
  });

  it('refuses roles without the keys, and unknown users', async () => {
    const [a] = await insertUsers([{ username: 'east_a', name: '东甲', deptName: '华东运营部' }]);
    // The seeded operator role holds the page half-checked, without its buttons: it may look, not change.
    const operator = await signInOperator(server);
    expect((await server.call(api.serviceCenter.list, {}, operator.as)).code).toBe(ResponseCode.Success);
    for (const answer of [
      await server.call(api.serviceCenter.save, { userIds: String(a), deptIds: String(centre['上海转运中心']) }, operator.as),
      await server.call(api.serviceCenter.delete, { userIds: String(a) }, operator.as),
    ]) {
      expect(answer).toMatchObject({ code: ResponseCode.Forbidden, msg: 'You have no permission for this action' });
    }
    const viewer = await signInBranchAdmin(server, { username: 'viewer', keys: [Perm.serviceCenterView] });
    expect((await server.call(api.serviceCenter.list, {}, viewer.as)).code).toBe(ResponseCode.Success);
    const refused = await Promise.all([
      server.call(api.serviceCenter.unboundUsers, {}, viewer.as),
      server.call(api.serviceCenter.save, { userIds: String(a), deptIds: String(centre['上海转运中心']) }, viewer.as),
      server.call(api.serviceCenter.update, { userIds: [a!], deptIds: String(centre['上海转运中心']) }, viewer.as),
      server.call(api.serviceCenter.delete, { userIds: String(a) }, viewer.as),
    ]);
    for (const answer of refused) expect(answer).toMatchObject({ code: ResponseCode.Forbidden });
    expect((await server.call(api.serviceCenter.save, { userIds: `${a},999999`, deptIds: String(centre['上海转运中心']) }, admin.as)).code).toBe(ResponseCode.NotFound);
    expect(
      await server.services.db
        .select()
        .from(userServiceCentre)
        .where(inArray(userServiceCentre.userId, [a!])),
    ).toEqual([]);
  });
});
