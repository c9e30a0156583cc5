import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../shared/codes';
import { API_PREFIX, UNDO_GRACE_SECONDS, UNDO_WINDOW_SECONDS } from '../../shared/constants';
import { api } from '../../shared/contract';
import type { UndoTicket } from '../../shared/contract/undo';
import { Perm } from '../../shared/permissions';
import { rowsOf } from '../auth/authz';
import { dataClassification, dept, interfaceLog, loginRecord, menu, operationLog, role, roleMenu, user, userDataAuthority, userRole } from '../db/schema';
import { userServiceCentre } from '../db/tables';
import { deptIdOf, roleIdOf, signInAdminActor, signInBranchAdmin, signInWithRole, type Actor } from '../testing/actors';
import { startTestServer, type TestServer } from '../testing/harness';

let server: TestServer;
let admin: Actor;
beforeEach(async () => {
  server = await startTestServer();
  admin = await signInAdminActor(server);
});
afterEach(async () => {
  await server.close();
});

/** Every row of `table` matching `where`, as the database spells each column (types exactly, as text). */
async function rowsAsText(table: string, where: string): Promise<string[]> {
  const found = rowsOf<{ row: string }>(await server.services.db.execute(sql.raw(`select to_jsonb(t)::text as row from ${table} t where ${where} order by 1`)));
  return found.map((r) => r.row);
}

async function ticketOf(answer: Promise<{ code: string; msg: string; data?: UndoTicket | null }>): Promise<UndoTicket> {
  const settled = await answer;
  expect(settled.code, settled.msg).toBe(ResponseCode.Success);
  expect(settled.data!.undoKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return settled.data!;
}

/** A user holding a role, a data authority and a business-centre binding, who signed in once. */
async function wellConnectedUser(username: string): Promise<Actor> {
  const actor = await signInWithRole(server, username, await roleIdOf(server, '运营专员'));
  const classification = (await server.services.db.select().from(dataClassification).orderBy(asc(dataClassification.id)))[0]!;
  await server.services.db.insert(userDataAuthority).values({ userId: actor.userId, classificationId: classification.id, dataCode: 'SH01', dataName: '上海运单' });
  const bound = await server.call(api.serviceCenter.save, { userIds: String(actor.userId), deptIds: String(await deptIdOf(server, '上海转运中心')) }, admin.as);
  expect(bound.code, bound.msg).toBe(ResponseCode.Success);
  return actor;
}

describe('undo of a user delete', () => {
  it('brings the user back exactly, with roles, data authority, bindings and sign-in records; the user signs in with the old password', async () => {
    const target = await wellConnectedUser('leaving');
    const id = target.userId;
    const before = {
      user: await rowsAsText('sys_user', `user_id = ${id}`),
      roles: await rowsAsText('sys_user_role', `user_id = ${id}`),
      authority: await rowsAsText('sys_user_data_authority', `user_id = ${id}`),
      bindings: await rowsAsText('sys_user_service_centre', `user_id = ${id}`),
      signIns: await rowsAsText('sys_login_record', `user_id = ${id}`),
    };
    expect(before.roles).toHaveLength(1);
    expect(before.authority).toHaveLength(1);
    expect(before.bindings).toHaveLength(1);
    expect(before.signIns.length).toBeGreaterThan(0);

    const ticket = await ticketOf(server.call(api.user.delete, { userIds: String(id) }, admin.as));
    expect(new Date(ticket.undoUntil).getTime() - server.clock.now().getTime()).toBeGreaterThan((UNDO_WINDOW_SECONDS - 1) * 1000);
    expect(await server.services.db.select().from(user).where(eq(user.userId, id))).toEqual([]);
    expect(await server.services.db.select().from(loginRecord).where(eq(loginRecord.userId, id))).toEqual([]);

    const undone = await server.call(api.undo.restore, { undoKey: ticket.undoKey }, admin.as);
    expect(undone.code, undone.msg).toBe(ResponseCode.Success);
    expect(undone.data!.restored).toBe(4);
    expect({
      user: await rowsAsText('sys_user', `user_id = ${id}`),
      roles: await rowsAsText('sys_user_role', `user_id = ${id}`),
      authority: await rowsAsText('sys_user_data_authority', `user_id = ${id}`),
      bindings: await rowsAsText('sys_user_service_centre', `user_id = ${id}`),
      signIns: await rowsAsText('sys_login_record', `user_id = ${id}`),
    }).toEqual(before);

    // The old sessions stay ended; the password still opens the account, and the restored role is held at once.
    expect((await server.call(api.session.currentUser, {}, { token: target.token })).code).toBe(ResponseCode.Unauthorized);
    const signed = await server.signIn('leaving', target.password);
    expect(signed.code, signed.msg).toBe(ResponseCode.Success);
    const roles = await server.call(api.session.roleSelect, {}, { token: signed.data!.accessToken });
    expect(roles.data!.map((r) => r.roleId)).toEqual([target.roleId]);

    // Both are in the operation log, the undo naming the delete's row; the token is spent.
    await server.services.audit.flush();
    const logged = await server.services.db
      .select()
      .from(operationLog)
      .where(inArray(operationLog.entryType, ['delete', 'undo']))
      .orderBy(asc(operationLog.id));
    expect(logged.map((row) => row.entryType)).toEqual(['delete', 'undo']);
    expect(logged[1]!.operationContent).toContain(`sys_user ${id}`);
    expect(logged[1]!.beforeOperation).toMatchObject({ undoOf: 'user.delete', deleteLogId: logged[0]!.id });
    expect(await server.call(api.undo.restore, { undoKey: ticket.undoKey }, admin.as)).toMatchObject({ code: ResponseCode.NotFound });
  });

  it('is refused after the window (a grace of the round trip only), to another user, and for a token never given', async () => {
    const [first, second] = [await wellConnectedUser('first'), await wellConnectedUser('second')];
    // Half a second of margin on each side of the window: the clock must not also move with the calls' own time.
    server.clock.freeze();
    const late = await ticketOf(server.call(api.user.delete, { userIds: String(first.userId) }, admin.as));
    const justInTime = await ticketOf(server.call(api.user.delete, { userIds: String(second.userId) }, admin.as));
    server.clock.advance((UNDO_WINDOW_SECONDS + UNDO_GRACE_SECONDS) * 1000 - 500);
    expect((await server.call(api.undo.restore, { undoKey: justInTime.undoKey }, admin.as)).code).toBe(ResponseCode.Success);
    server.clock.advance(1000);
    const expired = await server.call(api.undo.restore, { undoKey: late.undoKey }, admin.as);
    expect(expired).toMatchObject({ code: ResponseCode.CallerError, msg: `The ${UNDO_WINDOW_SECONDS} seconds to undo have passed: the delete is final` });
    const chinese = await server.call(api.undo.restore, { undoKey: late.undoKey }, { ...admin.as, language: 'zh_CN' });
    expect(chinese.msg).toContain('删除已生效');
    expect(await server.services.db.select().from(user).where(eq(user.userId, first.userId))).toEqual([]);

    const third = await wellConnectedUser('third');
    const ticket = await ticketOf(server.call(api.user.delete, { userIds: String(third.userId) }, admin.as));
    // The next delete removed the expired snapshot: its rows (a password hash among them) are kept no longer.
    expect(await server.call(api.undo.restore, { undoKey: late.undoKey }, admin.as)).toMatchObject({ code: ResponseCode.NotFound });
    const branch = await signInBranchAdmin(server);
    expect(await server.call(api.undo.restore, { undoKey: ticket.undoKey }, branch.as)).toMatchObject({ code: ResponseCode.Forbidden });
    expect(await server.services.db.select().from(user).where(eq(user.userId, third.userId))).toEqual([]);
    expect(await server.call(api.undo.restore, { undoKey: 'A'.repeat(43) }, admin.as)).toMatchObject({ code: ResponseCode.NotFound });
    expect((await server.call(api.undo.restore, { undoKey: 'short' }, admin.as)).code).toBe(ResponseCode.InvalidInput);
    expect((await server.call(api.undo.restore, { undoKey: ticket.undoKey }, {})).code).toBe(ResponseCode.Unauthorized);
    // Still the deleting user's to undo.
    expect((await server.call(api.undo.restore, { undoKey: ticket.undoKey }, admin.as)).code).toBe(ResponseCode.Success);
  });

  it('is refused when a user added since has the login name, naming it, and writes nothing; it works once the name is free', async () => {
    const target = await wellConnectedUser('zhangwei');
    const ticket = await ticketOf(server.call(api.user.delete, { userIds: String(target.userId) }, admin.as));
    const [blocker] = await server.services.db
      .insert(user)
      .values({ username: 'zhangwei', name: 'new', passwordHash: 'not-a-hash', deptId: await deptIdOf(server, '财务部') })
      .returning({ userId: user.userId });
    const refused = await server.call(api.undo.restore, { undoKey: ticket.undoKey }, admin.as);
    expect(refused.code).toBe(ResponseCode.Conflict);
    expect(refused.msg).toContain('username');
    expect(refused.msg).toContain('zhangwei');
    expect(await server.services.db.select().from(userRole).where(eq(userRole.userId, target.userId))).toEqual([]);
    expect(await server.services.db.select().from(userServiceCentre).where(eq(userServiceCentre.userId, target.userId))).toEqual([]);
    await server.services.audit.flush();
    expect(await server.services.db.select().from(operationLog).where(eq(operationLog.entryType, 'undo'))).toEqual([]);

    expect((await server.call(api.user.delete, { userIds: String(blocker!.userId) }, admin.as)).code).toBe(ResponseCode.Success);
    expect((await server.call(api.undo.restore, { undoKey: ticket.undoKey }, admin.as)).code).toBe(ResponseCode.Success);
    expect(await server.services.db.select().from(userRole).where(eq(userRole.userId, target.userId))).toHaveLength(1);
  });

  it('is refused when the organisation the user belonged to was deleted since, naming it, and writes nothing', async () => {
    const [gone] = await server.services.db
      .insert(dept)
      .values({ name: '临时网点', parentId: await deptIdOf(server, '上海转运中心'), deptType: '1' })
      .returning({ deptId: dept.deptId });
    const [target] = await server.services.db.insert(user).values({ username: 'orphaned', name: 'orphaned', passwordHash: 'not-a-hash', deptId: gone!.deptId }).returning({ userId: user.userId });
    const ticket = await ticketOf(server.call(api.user.delete, { userIds: String(target!.userId) }, admin.as));
    await server.services.db.delete(dept).where(eq(dept.deptId, gone!.deptId));
    const refused = await server.call(api.undo.restore, { undoKey: ticket.undoKey }, admin.as);
    expect(refused).toMatchObject({ code: ResponseCode.InUse, msg: `Cannot undo: the record it belongs to (deptId ${gone!.deptId}) has been deleted since` });
    expect(await server.services.db.select().from(user).where(eq(user.userId, target!.userId))).toEqual([]);
  });

  it('needs the delete permission still and the role that deleted', async () => {
    const deleter = await signInBranchAdmin(server, { username: 'deleter' });
    // A user without roles: a branch administrator may delete only users it outranks.
    const [target] = await server.services.db
      .insert(user)
      .values({ username: 'victim', name: 'victim', passwordHash: 'not-a-hash', deptId: await deptIdOf(server, '上海转运中心') })
      .returning({ userId: user.userId });
    const ticket = await ticketOf(server.call(api.user.delete, { userIds: String(target!.userId) }, deleter.as));
    const deleteButtons = (await server.services.db.select({ menuId: menu.menuId }).from(menu).where(eq(menu.perms, Perm.userDelete))).map((m) => m.menuId);
    await server.services.db.delete(roleMenu).where(and(eq(roleMenu.roleId, deleter.roleId), inArray(roleMenu.menuId, deleteButtons)));
    server.services.authz.changed();
    expect(await server.call(api.undo.restore, { undoKey: ticket.undoKey }, deleter.as)).toMatchObject({ code: ResponseCode.Forbidden });
    expect(await server.services.db.select().from(user).where(eq(user.userId, target!.userId))).toEqual([]);
  });
  it('is refused when the deleted user is no longer in the role’s organisations, writing nothing', async () => {
    const deleter = await signInBranchAdmin(server, { username: 'mover' });
    const [target] = await server.services.db
      .insert(user)
      .values({ username: 'outofreach', name: 'outofreach', passwordHash: 'not-a-hash', deptId: await deptIdOf(server, '上海转运中心') })
      .returning({ userId: user.userId });
    const ticket = await ticketOf(server.call(api.user.delete, { userIds: String(target!.userId) }, deleter.as));
    // Within the window the role moves to an organisation outside 华东分公司.
    await server.services.db
      .update(role)
      .set({ deptId: await deptIdOf(server, '财务部') })
      .where(eq(role.roleId, deleter.roleId));
    server.services.authz.changed();
    expect(await server.call(api.undo.restore, { undoKey: ticket.undoKey }, deleter.as)).toMatchObject({ code: ResponseCode.OutOfScope });
    expect(await server.services.db.select().from(user).where(eq(user.userId, target!.userId))).toEqual([]);

    // Back in scope, the same ticket works.
    await server.services.db
      .update(role)
      .set({ deptId: await deptIdOf(server, '华东分公司') })
      .where(eq(role.roleId, deleter.roleId));
    server.services.authz.changed();
    expect((await server.call(api.undo.restore, { undoKey: ticket.undoKey }, deleter.as)).code).toBe(ResponseCode.Success);
    expect(await server.services.db.select().from(user).where(eq(user.userId, target!.userId))).toHaveLength(1);
  });
});

describe('undo of other deletes', () => {
  it('brings a role back with its menu grants, and the permission caches see them', async () => {
    const roleId = (
      await server.services.db
        .insert(role)
        .values({ roleName: '临时角色', deptId: await deptIdOf(server, '华东分公司'), roleType: 2 })
        .returning({ roleId: role.roleId })
    )[0]!.roleId;
    const granted = await server.services.db
      .select()
      .from(roleMenu)
      .where(eq(roleMenu.roleId, await roleIdOf(server, '运营专员')));
    await server.services.db.insert(roleMenu).values(granted.map((g) => ({ ...g, roleId })));
    server.services.authz.changed();
    const keys = [...(await server.services.authz.keysOf(roleId))].sort();
    expect(keys.length).toBeGreaterThan(0);
    const grants = await rowsAsText('sys_role_menu', `role_id = ${roleId}`);

    const ticket = await ticketOf(server.call(api.role.delete, { roleIds: String(roleId) }, admin.as));
    expect(await server.services.authz.keysOf(roleId)).toEqual(new Set());
    expect((await server.call(api.undo.restore, { undoKey: ticket.undoKey }, admin.as)).code).toBe(ResponseCode.Success);
    expect(await rowsAsText('sys_role_menu', `role_id = ${roleId}`)).toEqual(grants);
    expect([...(await server.services.authz.keysOf(roleId))].sort()).toEqual(keys);
  });

  it('brings back an organisation with its sub-organisation, parents first', async () => {
    const parentOf = await deptIdOf(server, '华东分公司');
    const [parent] = await server.services.db.insert(dept).values({ name: '临时中心', parentId: parentOf, deptType: '1', establishTime: '2020-02-29' }).returning({ deptId: dept.deptId });
    const [child] = await server.services.db.insert(dept).values({ name: '临时小组', parentId: parent!.deptId, deptType: '1' }).returning({ deptId: dept.deptId });
    const where = `dept_id in (${parent!.deptId}, ${child!.deptId})`;
    const before = await rowsAsText('sys_dept', where);
    const ticket = await ticketOf(server.call(api.dept.delete, { deptIds: `${parent!.deptId},${child!.deptId}` }, admin.as));
    expect(await rowsAsText('sys_dept', where)).toEqual([]);
    const undone = await server.call(api.undo.restore, { undoKey: ticket.undoKey }, admin.as);
    expect(undone.code, undone.msg).toBe(ResponseCode.Success);
    expect(await rowsAsText('sys_dept', where)).toEqual(before);
    // The role's organisation scope sees them again.
    expect((await server.call(api.dept.delete, { deptIds: String(child!.deptId) }, admin.as)).code).toBe(ResponseCode.Success);
  });

  it('answers a ticket from every delete of the contract', async () => {
    const { listEndpoints } = await import('../../shared/contract');
    const { undoTicket } = await import('../../shared/contract/undo');
    const deletes = listEndpoints().filter(({ def }) => /delete/i.test(def.path) || /^(Delete|Remove)/.test(def.summary));
    expect(deletes.length).toBeGreaterThanOrEqual(19);
    for (const { id, def } of deletes) expect(def.output, id).toBe(undoTicket);
  });
});

// Security review 2, L3: the undo key reached the interface log twice, in the undo call's path and in the delete's logged answer.
describe('the interface log', () => {
  it('keeps an undo key out of the delete’s logged answer and of the undo call’s path', async () => {
    const added = await server.call(api.dictionary.add, { dictNo: 'L3_UNDO', dictName: '撤销日志', dictOrder: 1 }, admin.as);
    expect(added.code).toBe(ResponseCode.Success);
    const ticket = await ticketOf(server.call(api.dictionary.delete, { ids: String(added.data!.id) }, admin.as));
    expect((await server.call(api.undo.restore, { undoKey: ticket.undoKey }, admin.as)).code).toBe(ResponseCode.Success);
    await server.services.audit.flush();
    const logged = await server.services.db.select().from(interfaceLog);
    const undoCall = logged.find((row) => row.path.startsWith(`${API_PREFIX}/sys/undo/`));
    expect(undoCall).toBeDefined();
    expect(JSON.stringify(logged)).not.toContain(ticket.undoKey);
  });
});
