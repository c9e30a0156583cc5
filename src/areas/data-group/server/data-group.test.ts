import { eq, like } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../../shared/codes';
import { api } from '../../../shared/contract';
import { Perm } from '../../../shared/permissions';
import { dataClassification, operationLog, user, userDataAuthority } from '../../../server/db/schema';
import { dataGroup, dataOrgan } from './schema';
import { deptIdOf, signInAdminActor, signInBranchAdmin, signInOperator, type Actor } from '../../../server/testing/actors';
import { startTestServer, type TestServer } from '../../../server/testing/harness';

let server: TestServer;
let admin: Actor;
beforeEach(async () => {
  server = await startTestServer();
  admin = await signInAdminActor(server);
});
afterEach(async () => {
  await server.close();
});

const EN = { language: 'en_US' } as const;

async function logRows(entryType: string, content: string) {
  return server.services.db
    .select()
    .from(operationLog)
    .where(like(operationLog.operationContent, `%${content}%`))
    .then((rows) => rows.filter((row) => row.entryType === entryType));
}

async function addGroup(number: string, name = `Group ${number}`): Promise<number> {
  const added = await server.call(api.dataGroup.groupAdd, { name, number }, admin.as);
  expect(added.code).toBe(ResponseCode.Success);
  return added.data!.id;
}

async function addOrgan(number: string, groupId: number, name = `Organ ${number}`): Promise<number> {
  const added = await server.call(api.dataGroup.organAdd, { name, number, groupId }, admin.as);
  expect(added.code).toBe(ResponseCode.Success);
  return added.data!.id;
}

describe('data groups', () => {
  it('adds, lists by name and number, pages, edits at the version read, and logs each change with before and after', async () => {
    const north = await addGroup('G-NORTH', '北方分组');
    await addGroup('G-SOUTH', '南方分组');
    await addGroup('G_WEST', '西部分组');
    const all = await server.call(api.dataGroup.groupList, { page: 1, limit: 10 }, admin.as);
    expect(all.data!.records.map((r) => r.number)).toEqual(['G-NORTH', 'G-SOUTH', 'G_WEST']);
    expect((await server.call(api.dataGroup.groupList, { page: 1, limit: 10, name: '南方' }, admin.as)).data!.records.map((r) => r.number)).toEqual(['G-SOUTH']);
    expect((await server.call(api.dataGroup.groupList, { page: 1, limit: 10, number: 'g_' }, admin.as)).data!.records.map((r) => r.number)).toEqual(['G_WEST']);
    expect((await server.call(api.dataGroup.groupList, { page: 2, limit: 2 }, admin.as)).data).toMatchObject({ total: 3, current: 2, pages: 2, records: [{ number: 'G_WEST' }] });

    const info = await server.call(api.dataGroup.groupInfo, { id: north }, admin.as);
    expect(info.data).toMatchObject({ name: '北方分组', number: 'G-NORTH', remark: '', organCount: 0, version: 1 });
    const updated = await server.call(api.dataGroup.groupUpdate, { id: north, name: '华北分组', number: 'G-NORTH', remark: '京津冀', version: 1 }, admin.as);
    expect(updated.data).toEqual({ id: north, version: 2 });
    const stale = await server.call(api.dataGroup.groupUpdate, { id: north, name: '旧名', number: 'G-NORTH', version: 1 }, admin.as);
    expect(stale.code).toBe(ResponseCode.StaleRecord);
    expect((await server.call(api.dataGroup.groupUpdate, { id: 999_999, name: 'x', number: 'X', version: 1 }, admin.as)).code).toBe(ResponseCode.NotFound);

    const [added] = await logRows('add', 'G-NORTH');
    expect(added).toMatchObject({ beforeOperation: null, afterOperation: { name: '北方分组', number: 'G-NORTH' } });
    const [changed] = await logRows('update', 'G-NORTH');
    expect(changed).toMatchObject({ beforeOperation: { name: '北方分组', version: 1 }, afterOperation: { name: '华北分组', remark: '京津冀', version: 2 } });
  });

  it('keeps numbers unique without regard to case and checks their form', async () => {
    await addGroup('G-1', '第一组');
    const taken = await server.call(api.dataGroup.groupAdd, { name: '另一组', number: 'g-1' }, { ...admin.as, ...EN });
    expect(taken.code).toBe(ResponseCode.Conflict);
    expect(taken.msg).toBe('number: the number “G-1” is already used by “第一组” (numbers are compared without regard to case)');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ number: 'has space' }, 'number: the number may contain only letters, digits, hyphen and underscore'],
      [{ number: 'Ü1' }, 'number: the number may contain only letters, digits, hyphen and underscore'],
      [{ number: 'x'.repeat(51) }, 'number: the number cannot exceed 50 characters'],
      [{ number: '' }, 'number: is required'],
      [{ name: '' }, 'name: is required'],
      [{ name: 'n'.repeat(51) }, 'name: is too long'],
      [{ remark: 'r'.repeat(201) }, 'remark: is too long'],
    ];
    for (const [patch, msg] of cases) {
      const refused = await server.raw('POST', '/api/sys/dataGroup/save', { name: '组', number: 'OK-1', ...patch }, { ...admin.as, ...EN });
      expect(refused.body.msg, JSON.stringify(patch)).toBe(msg);
    }
    expect(await server.services.db.select().from(dataGroup)).toHaveLength(1);
  });

  it('refuses to delete a group organs belong to, naming them, and deletes an unused one', async () => {
    const used = await addGroup('G-USED', '在用分组');
    const free = await addGroup('G-FREE', '空闲分组');
    await addOrgan('O-1', used, '上海机构');
    await addOrgan('O-2', used, '杭州机构');
    const refused = await server.call(api.dataGroup.groupDelete, { ids: `${free},${used}` }, { ...admin.as, ...EN });
    expect(refused.code).toBe(ResponseCode.InUse);
    expect(refused.msg).toBe('the group “在用分组 (G-USED)” cannot be deleted: 2 organs still belong to it: “上海机构 (O-1)”, “杭州机构 (O-2)”');
    expect(await server.services.db.select().from(dataGroup)).toHaveLength(2);
    expect((await server.call(api.dataGroup.groupDelete, { ids: String(free) }, admin.as)).code).toBe(ResponseCode.Success);
    expect((await logRows('delete', 'G-FREE'))[0]).toMatchObject({ beforeOperation: { number: 'G-FREE' }, afterOperation: null });
    expect((await server.call(api.dataGroup.groupDelete, { ids: String(free) }, admin.as)).code).toBe(ResponseCode.NotFound);
  });

  it('is refused to a role without its keys', async () => {
    const operator = await signInOperator(server);
    expect((await server.call(api.dataGroup.groupList, { page: 1, limit: 10 }, operator.as)).code).toBe(ResponseCode.Forbidden);
    const viewer = await signInBranchAdmin(server, { username: 'groupviewer', keys: [Perm.dataGroupView] });
    expect((await server.call(api.dataGroup.groupList, { page: 1, limit: 10 }, viewer.as)).code).toBe(ResponseCode.Success);
    expect((await server.call(api.dataGroup.groupAdd, { name: '组', number: 'V-1' }, viewer.as)).code).toBe(ResponseCode.Forbidden);
    expect((await server.call(api.dataGroup.groupDelete, { ids: '1' }, viewer.as)).code).toBe(ResponseCode.Forbidden);
  });
});

describe('organs', () => {
  it('adds organs to a group, lists them by group, name and number, moves and deletes them with log rows', async () => {
    const east = await addGroup('G-EAST', '华东组');
    const west = await addGroup('G-WEST', '西部组');
    const shanghai = await addOrgan('SH', east, '上海机构');
    await addOrgan('HZ', east, '杭州机构');
    await addOrgan('CD', west, '成都机构');
    const byGroup = await server.call(api.dataGroup.organList, { page: 1, limit: 10, groupId: east }, admin.as);
    expect(byGroup.data!.records.map((r) => [r.number, r.groupName])).toEqual([
      ['HZ', '华东组'],
      ['SH', '华东组'],
    ]);
    expect((await server.call(api.dataGroup.organList, { page: 1, limit: 10, name: '成都' }, admin.as)).data!.records.map((r) => r.number)).toEqual(['CD']);
    expect((await server.call(api.dataGroup.groupOptions, {}, admin.as)).data!.map((g) => g.number)).toEqual(['G-EAST', 'G-WEST']);
    expect((await server.call(api.dataGroup.groupInfo, { id: east }, admin.as)).data!.organCount).toBe(2);

    const moved = await server.call(api.dataGroup.organUpdate, { id: shanghai, name: '上海机构', number: 'SH', groupId: west, version: 1 }, admin.as);
    expect(moved.data).toEqual({ id: shanghai, version: 2 });
    expect((await logRows('update', 'SH'))[0]).toMatchObject({ beforeOperation: { groupName: '华东组' }, afterOperation: { groupName: '西部组', version: 2 } });
    expect((await server.call(api.dataGroup.organInfo, { id: shanghai }, admin.as)).data).toMatchObject({ groupId: west, groupName: '西部组' });

    expect((await server.call(api.dataGroup.organDelete, { ids: String(shanghai) }, admin.as)).code).toBe(ResponseCode.Success);
    expect((await logRows('delete', 'SH'))[0]).toMatchObject({ beforeOperation: { number: 'SH', groupName: '西部组' }, afterOperation: null });
    expect(await server.services.db.select().from(dataOrgan)).toHaveLength(2);
  });

  it('requires an existing group and a free number', async () => {
    const group = await addGroup('G-1');
    await addOrgan('O-1', group);
    const noGroup = await server.raw('POST', '/api/sys/dataOrgan/save', { name: '机构', number: 'O-2' }, { ...admin.as, ...EN });
    expect(noGroup.body.msg).toBe('groupId: is required');
    expect((await server.call(api.dataGroup.organAdd, { name: '机构', number: 'O-2', groupId: 999_999 }, admin.as)).code).toBe(ResponseCode.NotFound);
    expect((await server.call(api.dataGroup.organAdd, { name: '机构', number: 'o-1', groupId: group }, admin.as)).code).toBe(ResponseCode.Conflict);
    // A group's number does not collide with an organ's: each kind has its own numbers.
    expect((await server.call(api.dataGroup.organAdd, { name: '机构', number: 'G-1', groupId: group }, admin.as)).code).toBe(ResponseCode.Success);
  });
});

describe('classifications', () => {
  it('adds what the user form then offers, filters by name, number, type and organisation, and logs changes', async () => {
    const east = await deptIdOf(server, '华东分公司');
    const added = await server.call(api.dataGroup.classificationAdd, { name: '华东运单', number: 'EAST-WAYBILL', type: 'business', deptId: east }, admin.as);
    expect(added.code).toBe(ResponseCode.Success);
    const shanghai = await deptIdOf(server, '上海转运中心');
    const offered = await server.call(api.user.classificationsByDept, { deptId: shanghai }, admin.as);
    expect(offered.data!.map((c) => c.number)).toContain('EAST-WAYBILL');
    const south = await deptIdOf(server, '华南分公司');
    expect((await server.call(api.user.classificationsByDept, { deptId: south }, admin.as)).data!.map((c) => c.number)).not.toContain('EAST-WAYBILL');

    const byType = await server.call(api.dataGroup.classificationList, { page: 1, limit: 10, type: 'finance' }, admin.as);
    expect(byType.data!.records.map((r) => r.number)).toEqual(['FINANCE']);
    const byDept = await server.call(api.dataGroup.classificationList, { page: 1, limit: 10, deptId: east }, admin.as);
    expect(byDept.data!.records).toMatchObject([{ number: 'EAST-WAYBILL', deptName: '华东分公司', holderCount: 0 }]);
    expect((await server.call(api.dataGroup.classificationList, { page: 1, limit: 10, number: 'way' }, admin.as)).data!.total).toBe(2);

    const renamed = await server.call(api.dataGroup.classificationUpdate, { id: added.data!.id, name: '华东运单数据', number: 'EAST-WAYBILL', type: 'business', deptId: east, version: 1 }, admin.as);
    expect(renamed.data!.version).toBe(2);
    expect((await logRows('update', 'EAST-WAYBILL'))[0]).toMatchObject({ beforeOperation: { name: '华东运单' }, afterOperation: { name: '华东运单数据', deptName: '华东分公司' } });
    expect((await logRows('add', 'EAST-WAYBILL'))[0]).toMatchObject({ beforeOperation: null, afterOperation: { number: 'EAST-WAYBILL', deptId: east } });
  });

  it("refuses to delete a classification a user's data authority holds, naming the user", async () => {
    const waybill = (await server.services.db.select().from(dataClassification).where(eq(dataClassification.number, 'WAYBILL')))[0]!;
    const adminRow = (await server.services.db.select().from(user).where(eq(user.username, 'admin')))[0]!;
    const other = await server.services.db.insert(user).values({ username: 'zz-holder', name: '另一持有人', passwordHash: 'x', deptId: adminRow.deptId }).returning();
    await server.services.db.insert(userDataAuthority).values([
      { userId: adminRow.userId, classificationId: waybill.id, dataCode: 'SH01', dataName: '上海运单' },
      { userId: adminRow.userId, classificationId: waybill.id, dataCode: 'SH02', dataName: '上海运单二' },
      { userId: other[0]!.userId, classificationId: waybill.id, dataCode: 'SH01', dataName: '上海运单' },
    ]);
    const refused = await server.call(api.dataGroup.classificationDelete, { ids: String(waybill.id) }, { ...admin.as, ...EN });
    expect(refused.code).toBe(ResponseCode.InUse);
    expect(refused.msg).toBe(`the classification “运单数据 (WAYBILL)” cannot be deleted: it is held by the data authority of 2 users, among them “${adminRow.name} (admin)”, “另一持有人 (zz-holder)”`);
    expect((await server.call(api.dataGroup.classificationInfo, { id: waybill.id }, admin.as)).data!.holderCount).toBe(2);

    const finance = (await server.services.db.select().from(dataClassification).where(eq(dataClassification.number, 'FINANCE')))[0]!;
    expect((await server.call(api.dataGroup.classificationDelete, { ids: String(finance.id) }, admin.as)).code).toBe(ResponseCode.Success);
    expect((await logRows('delete', 'FINANCE'))[0]).toMatchObject({ beforeOperation: { number: 'FINANCE' }, afterOperation: null });
  });

  it('refuses moving a classification to an organisation its holders are not under', async () => {
    const east = await deptIdOf(server, '华东分公司');
    const south = await deptIdOf(server, '华南分公司');
    const added = await server.call(api.dataGroup.classificationAdd, { name: '华东客户', number: 'EAST-CUST', type: 'business', deptId: east }, admin.as);
    const holder = await server.services.db
      .insert(user)
      .values({ username: 'holder1', name: '持有人', passwordHash: 'x', deptId: await deptIdOf(server, '上海转运中心') })
      .returning();
    await server.services.db.insert(userDataAuthority).values({ userId: holder[0]!.userId, classificationId: added.data!.id, dataCode: 'C1', dataName: '客户一' });
    const moved = await server.call(
      api.dataGroup.classificationUpdate,
      { id: added.data!.id, name: '华东客户', number: 'EAST-CUST', type: 'business', deptId: south, version: 1 },
      { ...admin.as, ...EN },
    );
    expect(moved.code).toBe(ResponseCode.InvalidInput);
    expect(moved.msg).toBe('deptId: 1 users holding this classification are not in the chosen organisation or below it: “持有人 (holder1)”. Remove it from their data authority first');
    const widened = await server.call(api.dataGroup.classificationUpdate, { id: added.data!.id, name: '华东客户', number: 'EAST-CUST', type: 'business', deptId: null, version: 1 }, admin.as);
    expect(widened.code).toBe(ResponseCode.Success);
  });

  it('keeps a branch role to its organisations: it sees the global ones, changes only its own', async () => {
    const branch = await signInBranchAdmin(server, { keys: [Perm.classifyView, Perm.classifySave, Perm.classifyDelete] });
    const east = await deptIdOf(server, '华东分公司');
    const south = await deptIdOf(server, '华南分公司');
    const southOwn = await server.call(api.dataGroup.classificationAdd, { name: '华南运单', number: 'SOUTH-1', type: 'business', deptId: south }, admin.as);
    const globalOne = await server.call(api.dataGroup.classificationAdd, { name: '公共数据', number: 'COMMON', type: 'shared', deptId: null }, admin.as);
    expect(globalOne.code).toBe(ResponseCode.Success);

    const seen = await server.call(api.dataGroup.classificationList, { page: 1, limit: 10 }, branch.as);
    expect(seen.data!.records.map((r) => r.number)).toEqual(['COMMON']);
    expect((await server.call(api.dataGroup.classificationList, { page: 1, limit: 10, deptId: south }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    expect((await server.call(api.dataGroup.classificationInfo, { id: southOwn.data!.id }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    expect((await server.call(api.dataGroup.classificationDelete, { ids: String(southOwn.data!.id) }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    expect((await server.call(api.dataGroup.classificationDelete, { ids: String(globalOne.data!.id) }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    expect((await server.call(api.dataGroup.classificationAdd, { name: '华南二', number: 'SOUTH-2', type: 'b', deptId: south }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    const noOwner = await server.call(api.dataGroup.classificationAdd, { name: '公共二', number: 'COMMON-2', type: 'b', deptId: null }, { ...branch.as, ...EN });
    expect(noOwner.msg).toBe('deptId: please choose the organisation: only a role over all organisations may make a classification for every organisation');

    const own = await server.call(api.dataGroup.classificationAdd, { name: '华东二', number: 'EAST-2', type: 'b', deptId: east }, branch.as);
    expect(own.code).toBe(ResponseCode.Success);
    expect((await server.call(api.dataGroup.classificationDelete, { ids: String(own.data!.id) }, branch.as)).code).toBe(ResponseCode.Success);
  });
});
