import { eq, inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../../shared/codes';
import { api } from '../../../shared/contract';
import type { UserAddForm, UserRecord, UserUpdateForm } from '../contract';
import { Perm } from '../../../shared/permissions';
import { Patterns } from '../../../shared/rules';
import { dataClassification, interfaceLog, operationLog, user, userDataAuthority, userRole } from '../../../server/db/schema';
import { deptIdOf, roleIdOf, signInAdminActor, signInBranchAdmin, signInOperator, signInWithRole, type Actor } from '../../../server/testing/actors';
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

const INITIAL_PASSWORD = 'Initial_2026';

/** Users straight into the table (no password hashing per row), for the lists. */
async function insertUsers(rows: Array<{ username: string; name: string; deptName: string; status?: number; mobile?: string }>): Promise<number[]> {
  const values = [];
  for (const row of rows)
    values.push({
      username: row.username,
      name: row.name,
      deptId: await deptIdOf(server, row.deptName),
      status: row.status ?? 1,
      mobile: row.mobile ?? '',
      passwordHash: 'not-a-hash',
      createBy: admin.userId,
    });
  const inserted = await server.services.db.insert(user).values(values).returning({ userId: user.userId });
  return inserted.map((r) => r.userId);
}

async function addForm(patch: Partial<UserAddForm> = {}): Promise<UserAddForm> {
  return {
    username: 'zhangsan',
    name: '张三',
    password: await server.seal(INITIAL_PASSWORD),
    deptId: await deptIdOf(server, '上海转运中心'),
    email: 'zhangsan@example.com',
    mobile: '13800138000',
    ...patch,
  };
}

/** The update form of a user as the form screen would send it back, with changes. */
function formOf(record: UserRecord, patch: Partial<UserUpdateForm> = {}): UserUpdateForm {
  const { userId, version, username, name, email, mobile, deptId, roleIdList, userDataAuthorityList, resetPwdAllowed } = record;
  return { userId, version, username, name, email, mobile, status: record.status === 0 ? 0 : 1, deptId: deptId!, roleIdList, userDataAuthorityList, resetPwdAllowed, ...patch };
}

async function userRow(userId: number) {
  return (await server.services.db.select().from(user).where(eq(user.userId, userId)))[0];
}

describe('the user list', () => {
  it('pages users inside the role with names, roles and creator', async () => {
    const operatorRoleId = await roleIdOf(server, '运营专员');
    const ids = await insertUsers(Array.from({ length: 12 }, (_, i) => ({ username: `list${i}`, name: `名单${i}`, deptName: '华东运营部', mobile: `1380000000${i % 10}` })));
    await server.services.db.insert(userRole).values({ userId: ids[11]!, roleId: operatorRoleId, deptId: await deptIdOf(server, '华东分公司') });
    const first = await server.call(api.user.list, {}, admin.as);
    expect(first.code).toBe(ResponseCode.Success);
    expect(first.data).toMatchObject({ total: 13, current: 1, pages: 2, size: 10 });
    expect(first.data!.records).toHaveLength(10);
    expect(first.data!.records[0]).toMatchObject({
      userId: ids[11],
      username: 'list11',
      name: '名单11',
      phone: '13800000001',
      deptName: '华东运营部',
      roleIdName: '运营专员',
      createName: '系统管理员',
      status: 1,
      resetPwdAllowed: true,
    });
    expect(new Date(first.data!.records[0]!.createTime).getTime()).not.toBeNaN();
    const second = await server.call(api.user.list, { page: 2, limit: 10 }, admin.as);
    expect(second.data!.records.map((r) => r.username)).toEqual(['list1', 'list0', 'admin']);
    expect(second.data!.records[2]).toMatchObject({ roleIdName: '系统管理员', deptName: '远航物流集团' });
  });

  it("keeps the pager's total exact while users are added, moved and deleted (the count is cached per filter)", async () => {
    const east = await deptIdOf(server, '华东分公司');
    const total = async () => (await server.call(api.user.list, { name: '张', deptId: east }, admin.as)).data!.total;
    expect(await total()).toBe(0);
    const created = await server.call(api.user.add, await addForm(), admin.as);
    expect(created.code).toBe(ResponseCode.Success);
    expect(await total()).toBe(1);
    const moved = await server.call(api.user.changeTopDept, { username: 'zhangsan', topDeptId: await deptIdOf(server, '财务部') }, admin.as);
    expect(moved.code).toBe(ResponseCode.Success);
    expect(await total()).toBe(0);
    await server.call(api.user.changeTopDept, { username: 'zhangsan', topDeptId: await deptIdOf(server, '上海转运中心') }, admin.as);
    expect(await total()).toBe(1);
    const [row] = await server.services.db.select({ userId: user.userId }).from(user).where(eq(user.username, 'zhangsan'));
    expect((await server.call(api.user.delete, { userIds: String(row!.userId) }, admin.as)).code).toBe(ResponseCode.Success);
    expect(await total()).toBe(0);
  });

  it('filters by name, login name (any case), status and an organisation with those below it', async () => {
    await insertUsers([
      { username: 'Wang_East', name: '王东', deptName: '上海转运中心' },
      { username: 'wang_south', name: '王南', deptName: '广州转运中心', status: 0 },
      { username: 'li_east', name: '李东', deptName: '华东运营部' },
      { username: 'percent', name: '百分%号', deptName: '财务部' },
    ]);
    const usernames = async (filter: object) => (await server.call(api.user.list, filter, admin.as)).data!.records.map((r) => r.username).sort();
    expect(await usernames({ name: '王' })).toEqual(['Wang_East', 'wang_south']);
    expect(await usernames({ username: 'WANG' })).toEqual(['Wang_East', 'wang_south']);
    expect(await usernames({ status: 0 })).toEqual(['wang_south']);
    expect(await usernames({ deptId: await deptIdOf(server, '华东分公司') })).toEqual(['Wang_East', 'li_east']);
    expect(await usernames({ deptId: await deptIdOf(server, '华东分公司'), name: '王' })).toEqual(['Wang_East']);
    expect(await usernames({ name: '%' })).toEqual(['percent']);
    expect(await usernames({ name: '  ' })).toHaveLength(5);
  });

  it('shows a branch role only its own organisations, and refuses filters outside them', async () => {
    await insertUsers([
      { username: 'east1', name: '东一', deptName: '上海转运中心' },
      { username: 'south1', name: '南一', deptName: '广州转运中心' },
    ]);
    const branch = await signInBranchAdmin(server);
    const list = await server.call(api.user.list, {}, branch.as);
    expect(list.data!.records.map((r) => r.username).sort()).toEqual(['branchadmin', 'east1']);
    const outside = await server.call(api.user.list, { deptId: await deptIdOf(server, '华南分公司') }, branch.as);
    expect(outside).toMatchObject({ code: ResponseCode.OutOfScope, msg: 'The selected data lies outside the current role' });
    expect((await server.call(api.user.list, { roleId: admin.roleId }, branch.as)).code).toBe(ResponseCode.OutOfScope);
  });

  it('sorts by the column asked for, either way, with equal values in a stable order across pages', async () => {
    await insertUsers([
      { username: 'carol', name: '丙', deptName: '上海转运中心', status: 0 },
      { username: 'alice', name: '甲', deptName: '财务部' },
      { username: 'bob', name: '乙', deptName: '上海转运中心', status: 0 },
    ]);
    const usernames = async (input: object) => (await server.call(api.user.list, input, admin.as)).data!.records.map((r) => r.username);
    expect(await usernames({ sidx: 'username' })).toEqual(['admin', 'alice', 'bob', 'carol']);
    expect(await usernames({ sidx: 'username', order: 'desc' })).toEqual(['carol', 'bob', 'alice', 'admin']);
    // Equal statuses keep the default order (newest first), so a page boundary never repeats or skips a user.
    expect(await usernames({ sidx: 'status', order: 'asc' })).toEqual(['bob', 'carol', 'alice', 'admin']);
    expect([...(await usernames({ sidx: 'status', page: 1, limit: 2 })), ...(await usernames({ sidx: 'status', page: 2, limit: 2 }))]).toEqual(['bob', 'carol', 'alice', 'admin']);
    expect(await usernames({ sidx: 'createTime' })).toEqual(['admin', 'bob', 'alice', 'carol']);
    // Without a column the list stays newest first.
    expect(await usernames({ order: 'asc' })).toEqual(['bob', 'alice', 'carol', 'admin']);
  });

  it('checks the paging and filter fields', async () => {
    expect((await server.raw('POST', '/api/sys/user/listFilterDeptId', { page: 0 }, admin.as)).body.msg).toBe('page: page must be a whole number from 1');
    expect((await server.raw('POST', '/api/sys/user/listFilterDeptId', { limit: 101 }, admin.as)).body.msg).toBe('limit: page size must be between 1 and 100');
    expect((await server.raw('POST', '/api/sys/user/listFilterDeptId', { status: 2 }, admin.as)).body.msg).toBe('status: is not one of the allowed values');
    expect((await server.raw('POST', '/api/sys/user/listFilterDeptId', { deptId: 'x' }, admin.as)).body.msg).toBe('deptId: must be a positive whole number');
    expect((await server.raw('POST', '/api/sys/user/listFilterDeptId', { sidx: 'passwordHash' }, admin.as)).body.msg).toBe('sidx: is not one of the allowed values');
    expect((await server.raw('POST', '/api/sys/user/listFilterDeptId', { sidx: 'name', order: 'up' }, admin.as)).body.msg).toBe('order: is not one of the allowed values');
  });
});

describe('one user', () => {
  it('gives the form fields with roles and data authority, inside the role only', async () => {
    const form = await addForm({
      roleIdList: [await roleIdOf(server, '运营专员')],
      userDataAuthorityList: [{ classificationId: (await server.services.db.select().from(dataClassification))[0]!.id, dataCode: 'SH01', dataName: '上海运单' }],
    });
    const created = await server.call(api.user.add, form, admin.as);
    const info = await server.call(api.user.info, { userId: created.data!.userId }, admin.as);
    expect(info.data).toMatchObject({
      username: 'zhangsan',
      name: '张三',
      email: 'zhangsan@example.com',
      mobile: '13800138000',
      deptName: '上海转运中心',
      status: 1,
      roleIdList: form.roleIdList,
      roleList: [{ roleName: '运营专员', deptName: '华东分公司' }],
      userDataAuthorityList: [{ dataCode: 'SH01', dataName: '上海运单', topCode: '', topName: '' }],
      createName: '系统管理员',
      version: 1,
    });
    const branch = await signInBranchAdmin(server, { deptName: '华南分公司' });
    expect((await server.call(api.user.info, { userId: created.data!.userId }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    expect((await server.call(api.user.info, { userId: 999_999 }, admin.as)).code).toBe(ResponseCode.NotFound);
  });
});

describe('adding users', () => {
  it('adds a user who must change the initial password at the first sign-in, and logs it without the password', async () => {
    const created = await server.call(api.user.add, await addForm(), admin.as);
    expect(created.code).toBe(ResponseCode.Success);
    expect((await server.signIn('zhangsan', INITIAL_PASSWORD)).code).toBe(ResponseCode.MustChangePassword);
    const changed = await server.call(api.auth.firstChangePassword, { username: 'zhangsan', password: await server.seal(INITIAL_PASSWORD), newPassword: await server.seal('Chosen_2026') });
    expect(changed.code).toBe(ResponseCode.Success);
    expect((await server.signIn('zhangsan', 'Chosen_2026')).code).toBe(ResponseCode.Success);

    await server.services.audit.flush();
    const logged = (await server.services.db.select().from(operationLog).where(eq(operationLog.entryType, 'add')))[0]!;
    expect(logged.afterOperation).toMatchObject({ username: 'zhangsan', deptId: await deptIdOf(server, '上海转运中心'), roleIdList: [], status: 1 });
    expect(logged.beforeOperation).toBeNull();
    const calls = await server.services.db.select().from(interfaceLog).where(eq(interfaceLog.path, '/api/sys/user/save'));
    expect(calls[0]!.requestParam).toContain('"password":"******"');
    expect(JSON.stringify([logged, calls])).not.toContain(INITIAL_PASSWORD);
  });

  it('checks each field and names it', async () => {
    const seal = (p: string) => server.seal(p);
    const south = await server.services.db
      .insert(dataClassification)
      .values({ name: '华南客户', number: 'SOUTH', deptId: await deptIdOf(server, '华南分公司') })
      .returning();
    const waybill = (await server.services.db.select().from(dataClassification).where(eq(dataClassification.number, 'WAYBILL')))[0]!;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ username: '' }, 'username: Please enter username'],
      [{ username: undefined }, 'username: is required'],
      [{ username: 'zhang san' }, 'username: username may contain only digits, letters, underscore and @'],
      [{ username: 'z'.repeat(33) }, 'username: username cannot exceed 32 characters'],
      [{ name: '' }, 'name: is required'],
      [{ email: 'not-an-address' }, 'email: please enter a valid e-mail address'],
      [{ deptId: undefined }, 'deptId: organization cannot be empty'],
      [{ deptId: null }, 'deptId: organization cannot be empty'],
      [{ status: 3 }, 'status: is not one of the allowed values'],
      [{ password: undefined }, 'password: is required'],
      [{ password: 'bm90LXNlYWxlZA==' }, 'password: the password could not be decrypted; reload and try again'],
      [{ password: await seal('alllowercase1') }, 'password: password must be 8 to 16 characters with digits, upper-case and lower-case letters; symbols _!@#$ are allowed'],
      [{ password: await seal('Sh0rt_') }, 'password: password must be 8 to 16 characters with digits, upper-case and lower-case letters; symbols _!@#$ are allowed'],
      [{ roleIdList: [999_999] }, 'roleIdList: The record does not exist'],
      [{ roleIdList: ['x'] }, 'roleIdList.0: must be a positive whole number'],
      [{ userDataAuthorityList: [{ classificationId: waybill.id, dataCode: '', dataName: 'x' }] }, 'userDataAuthorityList.0.dataCode: is required'],
      [
        {
          userDataAuthorityList: [
            { classificationId: waybill.id, dataCode: 'A', dataName: 'a' },
            { classificationId: waybill.id, dataCode: 'A', dataName: 'b' },
          ],
        },
        'userDataAuthorityList: contains the same entry twice',
      ],
      [{ userDataAuthorityList: [{ classificationId: 999_999, dataCode: 'A', dataName: 'a' }] }, 'userDataAuthorityList.0.classificationId: The record does not exist'],
      [
        { userDataAuthorityList: [{ classificationId: south[0]!.id, dataCode: 'A', dataName: 'a' }] },
        "userDataAuthorityList.0.classificationId: the data classification does not belong to the user's organization",
      ],
    ];
    for (const [patch, msg] of cases) {
      const answer = await server.raw('POST', '/api/sys/user/save', { ...(await addForm()), ...patch }, admin.as);
      expect(answer.body, JSON.stringify(patch)).toMatchObject({ code: ResponseCode.InvalidInput, msg });
    }
    expect(await server.services.db.select().from(user).where(eq(user.username, 'zhangsan'))).toEqual([]);
    // A blank e-mail is allowed: the rule checks only what is given.
    expect((await server.call(api.user.add, await addForm({ email: '' }), admin.as)).code).toBe(ResponseCode.Success);
  });

  it('refuses a login name taken in any case, and of two adds of one name exactly one succeeds', async () => {
    expect(await server.call(api.user.add, await addForm({ username: 'ADMIN' }), admin.as)).toMatchObject({ code: ResponseCode.Conflict, msg: 'username: already exists' });
    const [a, b] = await Promise.all([
      server.call(api.user.add, await addForm({ username: 'twin' }), admin.as),
      server.call(api.user.add, await addForm({ username: 'TWIN', name: '双胞胎' }), admin.as),
    ]);
    expect([a.code, b.code].sort()).toEqual([ResponseCode.Success, ResponseCode.Conflict].sort());
    expect(
      await server.services.db
        .select()
        .from(user)
        .where(inArray(user.username, ['twin', 'TWIN'])),
    ).toHaveLength(1);
  });

  it('a branch role cannot place users or grant roles outside its organisations', async () => {
    const branch = await signInBranchAdmin(server);
    const outsideDept = await server.call(api.user.add, await addForm({ deptId: await deptIdOf(server, '广州转运中心') }), branch.as);
    expect(outsideDept.code).toBe(ResponseCode.OutOfScope);
    const outsideRole = await server.call(api.user.add, await addForm({ roleIdList: [admin.roleId] }), branch.as);
    expect(outsideRole.code).toBe(ResponseCode.OutOfScope);
    const inside = await server.call(api.user.add, await addForm({ roleIdList: [branch.roleId] }), branch.as);
    expect(inside.code).toBe(ResponseCode.Success);
    expect(await server.services.db.select().from(user).where(eq(user.username, 'zhangsan'))).toHaveLength(1);
  });
});

describe('updating users', () => {
  async function created(patch: Partial<UserAddForm> = {}) {
    const answer = await server.call(api.user.add, await addForm(patch), admin.as);
    const info = await server.call(api.user.info, { userId: answer.data!.userId }, admin.as);
    return info.data!;
  }

  it('saves with the version read, and logs before and after', async () => {
    const before = await created();
    const operatorRoleId = await roleIdOf(server, '运营专员');
    const saved = await server.call(api.user.update, formOf(before, { name: '张三丰', roleIdList: [operatorRoleId] }), admin.as);
    expect(saved).toMatchObject({ code: ResponseCode.Success, data: { userId: before.userId, version: 2 } });
    expect((await server.call(api.user.info, { userId: before.userId }, admin.as)).data).toMatchObject({ name: '张三丰', roleIdList: [operatorRoleId], version: 2 });
    await server.services.audit.flush();
    const logged = (await server.services.db.select().from(operationLog).where(eq(operationLog.entryType, 'update')))[0]!;
    expect(logged.beforeOperation).toMatchObject({ name: '张三', roleIdList: [], version: 1 });
    expect(logged.afterOperation).toMatchObject({ name: '张三丰', roleIdList: [operatorRoleId], version: 2 });
  });

  it('of two saves of one version exactly one wins; a stale save is refused', async () => {
    const before = await created();
    const form = formOf(before);
    const [a, b] = await Promise.all([server.call(api.user.update, { ...form, name: '甲' }, admin.as), server.call(api.user.update, { ...form, name: '乙' }, admin.as)]);
    expect([a.code, b.code].sort()).toEqual([ResponseCode.Success, ResponseCode.StaleRecord].sort());
    expect((await userRow(before.userId))!.name).toBe(a.code === ResponseCode.Success ? '甲' : '乙');
    expect((await server.call(api.user.update, { ...form, name: '丙' }, admin.as)).code).toBe(ResponseCode.StaleRecord);
  });

  it('disabling a user ends their sessions; nobody disables themself', async () => {
    const target = await signInWithRole(server, 'target', await roleIdOf(server, '运营专员'));
    expect((await server.call(api.session.currentUser, {}, { token: target.token })).code).toBe(ResponseCode.Success);
    const info = (await server.call(api.user.info, { userId: target.userId }, admin.as)).data!;
    const disabled = await server.call(api.user.update, formOf(info, { status: 0 }), admin.as);
    expect(disabled.code).toBe(ResponseCode.Success);
    expect((await server.call(api.session.currentUser, {}, { token: target.token })).code).toBe(ResponseCode.UserDisabled);
    expect(await server.signIn('target', target.password)).toMatchObject({ code: ResponseCode.UserDisabled, msg: 'User is disabled' });

    const self = (await server.call(api.user.info, { userId: admin.userId }, admin.as)).data!;
    const selfDisable = await server.call(api.user.update, formOf(self, { status: 0 }), admin.as);
    expect(selfDisable).toMatchObject({ code: ResponseCode.CallerError, msg: 'You cannot disable your own account' });
  });

  it('a branch role changes only users and organisations inside it', async () => {
    const branch = await signInBranchAdmin(server);
    const operatorRoleId = (await signInBranchAdmin(server, { username: 'clerk', keys: [Perm.userView] })).roleId;
    const [eastId, southId] = await insertUsers([
      { username: 'east', name: '东', deptName: '上海转运中心' },
      { username: 'south', name: '南', deptName: '广州转运中心' },
    ]);
    await server.services.db.insert(userRole).values({ userId: eastId!, roleId: operatorRoleId, deptId: await deptIdOf(server, '华东分公司') });
    const east = (await server.call(api.user.info, { userId: eastId! }, branch.as)).data!;
    expect(east.roleIdList).toEqual([operatorRoleId]);
    const saved = await server.call(api.user.update, formOf(east, { roleIdList: [] }), branch.as);
    expect(saved.code).toBe(ResponseCode.Success);
    expect(await server.services.db.select().from(userRole).where(eq(userRole.userId, eastId!))).toEqual([]);

    const moveOut = await server.call(api.user.update, formOf(east, { version: 2, deptId: await deptIdOf(server, '广州转运中心') }), branch.as);
    expect(moveOut.code).toBe(ResponseCode.OutOfScope);
    const southInfo = (await server.call(api.user.info, { userId: southId! }, admin.as)).data!;
    const foreign = await server.call(api.user.update, formOf(southInfo, { deptId: await deptIdOf(server, '上海转运中心') }), branch.as);
    expect(foreign.code).toBe(ResponseCode.OutOfScope);
    expect((await userRow(southId!))!.version).toBe(1);
  });

  it('keeps the reset flag when the form does not send it, and changes it when it does', async () => {
    const self = (await server.call(api.user.info, { userId: admin.userId }, admin.as)).data!;
    expect(self.resetPwdAllowed).toBe(false);
    const { resetPwdAllowed: _omitted, ...withoutFlag } = formOf(self, { mobile: '13900000000' });
    expect((await server.call(api.user.update, withoutFlag, admin.as)).code).toBe(ResponseCode.Success);
    expect(await userRow(admin.userId)).toMatchObject({ mobile: '13900000000', resetPwdAllowed: false });
    expect((await server.call(api.user.update, formOf(self, { version: self.version + 1, resetPwdAllowed: true }), admin.as)).code).toBe(ResponseCode.Success);
    expect((await userRow(admin.userId))!.resetPwdAllowed).toBe(true);
  });

  it('refuses a rename to a taken login name', async () => {
    const before = await created();
    const answer = await server.call(api.user.update, formOf(before, { username: 'Admin' }), admin.as);
    expect(answer).toMatchObject({ code: ResponseCode.Conflict, msg: 'username: already exists' });
  });
});

describe('deleting users', () => {
  it('deletes users, ends their sessions and logs what was there', async () => {
    const target = await signInWithRole(server, 'leaving', await roleIdOf(server, '运营专员'));
    const [other] = await insertUsers([{ username: 'leaving2', name: '离开', deptName: '财务部' }]);
    const answer = await server.call(api.user.delete, { userIds: `${target.userId},${other}` }, admin.as);
    expect(answer.code).toBe(ResponseCode.Success);
    expect(
      await server.services.db
        .select()
        .from(user)
        .where(inArray(user.userId, [target.userId, other!])),
    ).toEqual([]);
    expect((await server.call(api.session.currentUser, {}, { token: target.token })).code).toBe(ResponseCode.Unauthorized);
    await server.services.audit.flush();
    const logged = (await server.services.db.select().from(operationLog).where(eq(operationLog.entryType, 'delete')))[0]!;
    expect((logged.beforeOperation as Array<{ username: string }>).map((u) => u.username).sort()).toEqual(['leaving', 'leaving2']);
  });

  it('refuses deleting oneself, unknown users and users outside the role, deleting nothing', async () => {
    const [east, south] = await insertUsers([
      { username: 'east', name: '东', deptName: '上海转运中心' },
      { username: 'south', name: '南', deptName: '广州转运中心' },
    ]);
    expect(await server.call(api.user.delete, { userIds: `${east},${admin.userId}` }, admin.as)).toMatchObject({ code: ResponseCode.CallerError, msg: 'You cannot delete your own account' });
    expect((await server.call(api.user.delete, { userIds: `${east},999999` }, admin.as)).code).toBe(ResponseCode.NotFound);
    const branch = await signInBranchAdmin(server);
    expect((await server.call(api.user.delete, { userIds: `${east},${south}` }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    expect(
      await server.services.db
        .select()
        .from(user)
        .where(inArray(user.userId, [east!, south!])),
    ).toHaveLength(2);
    expect((await server.call(api.user.delete, { userIds: String(east) }, branch.as)).code).toBe(ResponseCode.Success);
  });
});

describe('resetting a password', () => {
  it('gives a new password that follows the rules, must be changed at sign-in, and ends the sessions', async () => {
    const target = await signInWithRole(server, 'forgetful', await roleIdOf(server, '运营专员'));
    const answer = await server.call(api.user.resetPassword, { userId: target.userId }, admin.as);
    expect(answer.code).toBe(ResponseCode.Success);
    const password = answer.data!.password;
    expect(password).toMatch(Patterns.newPassword);
    expect((await server.call(api.session.currentUser, {}, { token: target.token })).code).toBe(ResponseCode.Unauthorized);
    expect((await server.signIn('forgetful', password)).code).toBe(ResponseCode.MustChangePassword);
    const changed = await server.call(api.auth.firstChangePassword, { username: 'forgetful', password: await server.seal(password), newPassword: await server.seal('Remembered_1') });
    expect(changed.code).toBe(ResponseCode.Success);
    expect((await server.signIn('forgetful', 'Remembered_1')).code).toBe(ResponseCode.Success);
    expect((await server.signIn('forgetful', target.password)).code).toBe(ResponseCode.BadCredentials);

    await server.services.audit.flush();
    const calls = await server.services.db
      .select()
      .from(interfaceLog)
      .where(eq(interfaceLog.path, `/api/sys/user/resetPwd/${target.userId}`));
    expect(calls[0]!.responseText).toContain('"password":"******"');
    const logged = await server.services.db.select().from(operationLog).where(eq(operationLog.entryType, 'resetPassword'));
    expect(logged[0]!.afterOperation).toEqual({ passwordChangedAt: null });
    expect(JSON.stringify([calls, logged])).not.toContain(password);
  });

  it('refuses users whose flag forbids it, users outside the role, and roles without the key', async () => {
    const denied = await server.call(api.user.resetPassword, { userId: admin.userId }, admin.as);
    expect(denied).toMatchObject({ code: ResponseCode.CallerError, msg: "This user's password may not be reset" });
    const [south] = await insertUsers([{ username: 'south', name: '南', deptName: '广州转运中心' }]);
    const branch = await signInBranchAdmin(server);
    expect((await server.call(api.user.resetPassword, { userId: south! }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    const operator = await signInOperator(server);
    expect((await server.call(api.user.resetPassword, { userId: south! }, operator.as)).code).toBe(ResponseCode.Forbidden);
    expect((await userRow(south!))!.passwordHash).toBe('not-a-hash');
  });
});

describe('changing the top organisation', () => {
  it('moves the user and logs the organisations', async () => {
    const [userId] = await insertUsers([{ username: 'mover', name: '移动', deptName: '上海转运中心' }]);
    const south = await deptIdOf(server, '华南分公司');
    const answer = await server.call(api.user.changeTopDept, { topDeptId: south, username: 'MOVER' }, admin.as);
    expect(answer.code).toBe(ResponseCode.Success);
    expect((await userRow(userId!))!.deptId).toBe(south);
    await server.services.audit.flush();
    const logged = (await server.services.db.select().from(operationLog).where(eq(operationLog.entryType, 'changeTopDept')))[0]!;
    expect(logged).toMatchObject({ beforeOperation: { deptId: await deptIdOf(server, '上海转运中心') }, afterOperation: { deptId: south } });
  });

  it('requires the organisation and refuses what lies outside the role', async () => {
    await insertUsers([
      { username: 'east', name: '东', deptName: '上海转运中心' },
      { username: 'south', name: '南', deptName: '广州转运中心' },
    ]);
    expect((await server.raw('POST', '/api/sys/user/changeTopDept', { username: 'east' }, admin.as)).body.msg).toBe('topDeptId: organization cannot be empty');
    expect((await server.raw('POST', '/api/sys/user/changeTopDept', { username: 'east', topDeptId: 0 }, { ...admin.as, language: 'zh_CN' })).body.msg).toBe('topDeptId: 组织不能为空');
    expect((await server.call(api.user.changeTopDept, { username: 'nobody', topDeptId: await deptIdOf(server, '华东分公司') }, admin.as)).code).toBe(ResponseCode.NotFound);
    const branch = await signInBranchAdmin(server);
    expect((await server.call(api.user.changeTopDept, { username: 'east', topDeptId: await deptIdOf(server, '华南分公司') }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    expect((await server.call(api.user.changeTopDept, { username: 'south', topDeptId: await deptIdOf(server, '华东运营部') }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    expect((await server.call(api.user.changeTopDept, { username: 'east', topDeptId: await deptIdOf(server, '华东运营部') }, branch.as)).code).toBe(ResponseCode.Success);
  });
});

describe('permissions', () => {
  it('a role granted the user page without its buttons may look and is refused every change', async () => {
    const operator = await signInOperator(server);
    const [userId] = await insertUsers([{ username: 'east', name: '东', deptName: '上海转运中心' }]);
    const answers: Array<{ code: string }> = await Promise.all([
      server.call(api.user.add, await addForm(), operator.as),
      server.call(api.user.update, { ...(await addForm()), userId: userId!, version: 1 }, operator.as),
      server.call(api.user.delete, { userIds: String(userId) }, operator.as),
      server.call(api.user.changeTopDept, { username: 'east', topDeptId: await deptIdOf(server, '华东运营部') }, operator.as),
      server.call(api.user.resetPassword, { userId: userId! }, operator.as),
    ]);
    for (const answer of answers) expect(answer).toMatchObject({ code: ResponseCode.Forbidden, msg: 'You have no permission for this action' });
    // The seeded operator role holds the user page half-checked (none of its buttons): it still sees the page.
    expect((await server.call(api.user.list, {}, operator.as)).code).toBe(ResponseCode.Success);
    // A role with only userView may look, inside its organisations, and change nothing.
    const viewer = await signInBranchAdmin(server, { username: 'viewer', keys: [Perm.userView] });
    const list = await server.call(api.user.list, {}, viewer.as);
    expect(list.data!.records.map((r) => r.username).sort()).toEqual(['east', 'operator1', 'viewer']);
    expect((await server.call(api.user.delete, { userIds: String(userId) }, viewer.as)).code).toBe(ResponseCode.Forbidden);
    expect((await server.call(api.user.resetPassword, { userId: userId! }, viewer.as)).code).toBe(ResponseCode.Forbidden);
  });
});

describe('organisation and role look-ups', () => {
  it('gives the companies, the tree and the flat list a role sees', async () => {
    const companies = await server.call(api.user.topCompanies, { roleId: admin.roleId }, admin.as);
    expect(companies.data!.map((c) => c.name)).toEqual(['远航物流集团', '华东分公司', '华南分公司']);
    const tree = await server.call(api.user.deptTree, { roleId: admin.roleId, type: 1 }, admin.as);
    expect(tree.data!.map((n) => n.name)).toEqual(['远航物流集团']);
    expect(tree.data![0]!.children.map((n) => n.name)).toEqual(['信息技术部', '财务部', '华东分公司', '华南分公司']);
    expect((await server.call(api.user.deptTree, { roleId: admin.roleId, type: 2 }, admin.as)).data).toEqual(tree.data);
    expect((await server.raw('GET', `/api/sys/dept/tree/${admin.roleId}/3`, undefined, admin.as)).body.msg).toBe('type: is not one of the allowed values');

    const branch = await signInBranchAdmin(server);
    expect((await server.call(api.user.topCompanies, { roleId: branch.roleId }, branch.as)).data!.map((c) => c.name)).toEqual(['华东分公司']);
    const branchTree = await server.call(api.user.deptTree, { roleId: branch.roleId, type: 1 }, branch.as);
    expect(branchTree.data!.map((n) => [n.name, n.parentId !== null])).toEqual([['华东分公司', true]]);
    expect((await server.call(api.user.deptTree, { roleId: admin.roleId, type: 1 }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    expect((await server.call(api.user.topCompanies, { roleId: admin.roleId }, branch.as)).code).toBe(ResponseCode.OutOfScope);

    const centres = await server.call(api.user.deptList, { name: '转运' }, admin.as);
    expect(centres.data!.map((d) => d.name)).toEqual(['上海转运中心', '杭州转运中心', '广州转运中心', '深圳转运中心']);
    expect((await server.call(api.user.deptList, { deptPerson: '周' }, admin.as)).data!.map((d) => d.name)).toEqual(['华东运营部']);
    expect((await server.call(api.user.deptList, { name: '转运' }, branch.as)).data!.map((d) => d.name)).toEqual(['上海转运中心', '杭州转运中心']);
  });

  it('gives the roles of an organisation and of a user, and the classifications of an organisation', async () => {
    const east = await deptIdOf(server, '华东分公司');
    const roles = await server.call(api.user.rolesByDept, { deptId: east }, admin.as);
    expect(roles.data).toEqual([{ roleId: await roleIdOf(server, '运营专员'), roleName: '运营专员', deptId: east, deptName: '华东分公司' }]);
    const viewer = await signInBranchAdmin(server, { username: 'viewer', keys: [Perm.userView] });
    expect((await server.call(api.user.rolesByDept, { deptId: await deptIdOf(server, '远航物流集团') }, viewer.as)).code).toBe(ResponseCode.OutOfScope);

    expect((await server.call(api.user.rolesByUser, { userId: admin.userId }, admin.as)).data!.map((r) => r.roleName)).toEqual(['系统管理员']);
    expect((await server.call(api.user.rolesByUser, { userId: admin.userId }, viewer.as)).code).toBe(ResponseCode.OutOfScope);

    const shanghai = await deptIdOf(server, '上海转运中心');
    await server.services.db.insert(dataClassification).values([
      { name: '上海客户', number: 'SH', deptId: shanghai },
      { name: '华南客户', number: 'SOUTH', deptId: await deptIdOf(server, '华南分公司') },
    ]);
    const classes = await server.call(api.user.classificationsByDept, { deptId: shanghai }, admin.as);
    expect(classes.data!.map((c) => c.number)).toEqual(['WAYBILL', 'CUSTOMER', 'FINANCE', 'SH']);
    expect((await server.call(api.user.classificationsByDept, { deptId: await deptIdOf(server, '华南分公司') }, viewer.as)).code).toBe(ResponseCode.OutOfScope);
  });

  it('keeps data authority per classification on save', async () => {
    const waybill = (await server.services.db.select().from(dataClassification).where(eq(dataClassification.number, 'WAYBILL')))[0]!;
    const answer = await server.call(
      api.user.add,
      await addForm({
        userDataAuthorityList: [
          { classificationId: waybill.id, dataCode: 'SH', dataName: '上海', topCode: 'EAST', topName: '华东' },
          { classificationId: waybill.id, dataCode: 'HZ', dataName: '杭州', topCode: 'EAST', topName: '华东' },
        ],
      }),
      admin.as,
    );
    const rows = await server.services.db.select().from(userDataAuthority).where(eq(userDataAuthority.userId, answer.data!.userId)).orderBy(userDataAuthority.id);
    expect(rows.map((r) => [r.dataCode, r.topName])).toEqual([
      ['SH', '华东'],
      ['HZ', '华东'],
    ]);
  });
});

describe('users who outrank the caller, and grants beyond its own role', () => {
  /** A global administrator whose home organisation lies inside the branch. */
  async function globalAdminInBranch(): Promise<number> {
    const [id] = await insertUsers([{ username: 'globaladmin', name: '全局管理员', deptName: '上海转运中心' }]);
    await server.services.db.insert(userRole).values({ userId: id!, roleId: admin.roleId, deptId: await deptIdOf(server, '远航物流集团') });
    server.services.authz.changed();
    return id!;
  }

  it('a branch administrator can neither reset, update, delete nor move a user holding a role beyond the branch, and is told why', async () => {
    const branch = await signInBranchAdmin(server);
    const targetId = await globalAdminInBranch();
    const reset = await server.call(api.user.resetPassword, { userId: targetId }, branch.as);
    expect(reset).toMatchObject({ code: ResponseCode.OutOfScope, msg: expect.stringMatching(/^This user holds roles outside your role/) });
    expect(reset.data).toBeFalsy();
    const info = (await server.call(api.user.info, { userId: targetId }, admin.as)).data!;
    expect((await server.call(api.user.update, formOf(info, { roleIdList: [] }), branch.as)).code).toBe(ResponseCode.OutOfScope);
    expect((await server.call(api.user.delete, { userIds: String(targetId) }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    expect((await server.call(api.user.changeTopDept, { username: 'globaladmin', topDeptId: await deptIdOf(server, '杭州转运中心') }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    const row = (await userRow(targetId))!;
    expect(row).toMatchObject({ version: 1, passwordHash: 'not-a-hash' });
    expect(await server.services.db.select().from(userRole).where(eq(userRole.userId, targetId))).toHaveLength(1);
  });

  it('a role inside the branch with keys the caller lacks also protects its holder', async () => {
    const branch = await signInBranchAdmin(server, { keys: [Perm.userView, Perm.userResetPwd] });
    const [targetId] = await insertUsers([{ username: 'richer', name: '权限更多', deptName: '上海转运中心' }]);
    const wider = await signInBranchAdmin(server, { username: 'widerrole', keys: [Perm.userView, Perm.userResetPwd, Perm.menuDelete] });
    await server.services.db.insert(userRole).values({ userId: targetId!, roleId: wider.roleId, deptId: await deptIdOf(server, '华东分公司') });
    server.services.authz.changed();
    expect((await server.call(api.user.resetPassword, { userId: targetId! }, branch.as)).code).toBe(ResponseCode.OutOfScope);
  });

  it("grants only roles within the caller's keys and scope, and nobody changes their own roles", async () => {
    const branch = await signInBranchAdmin(server, { keys: [Perm.userView, Perm.userSave, Perm.userUpdate] });
    const richer = await signInBranchAdmin(server, { username: 'richer', keys: [Perm.userView, Perm.userSave, Perm.userUpdate, Perm.userDelete] });
    const beyond = await server.call(api.user.add, await addForm({ roleIdList: [richer.roleId] }), branch.as);
    expect(beyond).toMatchObject({ code: ResponseCode.OutOfScope, msg: expect.stringMatching(/^You can grant only roles/) });
    const ownRole = await server.call(api.user.add, await addForm({ roleIdList: [branch.roleId] }), branch.as);
    expect(ownRole.code).toBe(ResponseCode.Success);

    const me = (await server.call(api.user.info, { userId: branch.userId }, branch.as)).data!;
    const selfGrant = await server.call(api.user.update, formOf(me, { roleIdList: [] }), branch.as);
    expect(selfGrant).toMatchObject({ code: ResponseCode.CallerError, msg: 'You cannot change your own roles' });
    const adminSelf = (await server.call(api.user.info, { userId: admin.userId }, admin.as)).data!;
    expect((await server.call(api.user.update, formOf(adminSelf, { roleIdList: [] }), admin.as)).msg).toBe('You cannot change your own roles');
    expect((await server.call(api.user.update, formOf(adminSelf, { name: '超级管理员' }), admin.as)).code).toBe(ResponseCode.Success);
  });
});
