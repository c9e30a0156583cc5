import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../../shared/codes';
import { MenuType, RoleType } from '../../../shared/constants';
import { api } from '../../../shared/contract';
import type { MenuTreeNode } from '../contract';
import { CONSOLE_SYSTEM_ID } from '../../../shared/menu-catalog';
import { ALL_PERMISSION_KEYS, Perm } from '../../../shared/permissions';
import { deptMenu, menu, operationLog, role, roleMenu, userRole } from '../../../server/db/schema';
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

function flatten(nodes: MenuTreeNode[]): MenuTreeNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

async function consoleRows() {
  const db = server.services.db;
  const system = (
    await db
      .select()
      .from(menu)
      .where(and(eq(menu.type, MenuType.System), eq(menu.perms, CONSOLE_SYSTEM_ID)))
  )[0]!;
  const rows = await db.select().from(menu).where(eq(menu.systemMenuId, system.menuId));
  return { system, rows, byPerms: (perms: string) => rows.find((r) => r.perms === perms)! };
}

/** The ids a checkbox tree sends for these console keys: the menus carrying them and every menu above them. */
async function menusFor(...keys: string[]): Promise<number[]> {
  const { system, rows } = await consoleRows();
  const byId = new Map(rows.map((r) => [r.menuId, r]));
  const out = new Set<number>([system.menuId]);
  for (const row of rows.filter((r) => keys.includes(r.perms))) {
    for (let current: typeof row | undefined = row; current; current = current.parentId === null ? undefined : byId.get(current.parentId)) out.add(current.menuId);
  }
  return [...out];
}

async function grantsOf(roleId: number) {
  const rows = await server.services.db.select().from(roleMenu).where(eq(roleMenu.roleId, roleId));
  return new Map(rows.map((r) => [r.menuId, r.halfChecked]));
}

/** Gives an organisation the menus of these keys (straight in the table, as /resource would). */
async function giveResources(deptName: string, keys: string[]) {
  const deptId = await deptIdOf(server, deptName);
  const { system } = await consoleRows();
  const ids = await menusFor(...keys);
  await server.services.db
    .insert(deptMenu)
    .values(ids.map((menuId) => ({ deptId, menuId, systemMenuId: system.menuId })))
    .onConflictDoNothing();
  return deptId;
}

describe('role list', () => {
  it('lists the roles of the organisations the role sees, with filters and paging', async () => {
    const all = await server.call(api.role.list, { roleId: admin.roleId }, admin.as);
    expect(all.code).toBe(ResponseCode.Success);
    expect(all.data!.records.map((r) => [r.roleName, r.deptName, r.roleType])).toEqual([
      ['系统管理员', '远航物流集团', RoleType.AllOrganisations],
      ['运营专员', '华东分公司', RoleType.OwnSubtree],
      ['分公司管理员', '华南分公司', RoleType.OwnSubtree],
      ['审计员', '远航物流集团', RoleType.OwnSubtree],
    ]);
    expect(all.data!.records[0]!.userCount).toBe(1);

    const east = await server.call(api.role.list, { deptId: await deptIdOf(server, '华东分公司') }, admin.as);
    expect(east.data!.records.map((r) => r.roleName)).toEqual(['运营专员']);
    const named = await server.call(api.role.list, { name: '管理员' }, admin.as);
    expect(named.data!.records.map((r) => r.roleName)).toEqual(['系统管理员', '分公司管理员']);
    const paged = await server.call(api.role.list, { page: 2, limit: 3 }, admin.as);
    expect(paged.data).toMatchObject({ total: 4, current: 2, pages: 2 });
    expect(paged.data!.records.map((r) => r.roleName)).toEqual(['审计员']);

    const branch = await signInBranchAdmin(server, { keys: [Perm.roleView] });
    const scoped = await server.call(api.role.list, {}, branch.as);
    expect(scoped.data!.records.map((r) => r.roleName)).toEqual(['运营专员', '分支branchadmin']);
    expect((await server.call(api.role.list, { deptId: await deptIdOf(server, '华南分公司') }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    expect((await server.call(api.role.list, { roleId: admin.roleId }, branch.as)).code).toBe(ResponseCode.OutOfScope);
  });

  it('is refused to a role without the role keys, and so is every change (A0301)', async () => {
    const operator = await signInOperator(server);
    const operatorRole = await roleIdOf(server, '运营专员');
    expect((await server.call(api.role.list, {}, operator.as)).code).toBe(ResponseCode.Forbidden);
    expect((await server.call(api.role.info, { roleId: operatorRole }, operator.as)).code).toBe(ResponseCode.Forbidden);
    expect((await server.call(api.role.add, { roleName: '新角色名', deptId: 1 }, operator.as)).code).toBe(ResponseCode.Forbidden);
    expect((await server.call(api.role.update, { roleId: operatorRole, roleName: '新角色名', deptId: 1, version: 1 }, operator.as)).code).toBe(ResponseCode.Forbidden);
    expect((await server.call(api.role.delete, { roleIds: String(operatorRole) }, operator.as)).code).toBe(ResponseCode.Forbidden);
    expect((await server.call(api.role.preview, { roleId: operatorRole }, operator.as)).code).toBe(ResponseCode.Forbidden);

    // A role that may only view the list sees it, and is refused every change.
    const viewer = await signInBranchAdmin(server, { username: 'viewer', keys: [Perm.roleView] });
    expect((await server.call(api.role.list, {}, viewer.as)).code).toBe(ResponseCode.Success);
    expect((await server.call(api.role.add, { roleName: '新角色名', deptId: await deptIdOf(server, '华东分公司') }, viewer.as)).code).toBe(ResponseCode.Forbidden);
    expect((await server.call(api.role.delete, { roleIds: String(operatorRole) }, viewer.as)).code).toBe(ResponseCode.Forbidden);
  });
});

describe('role form', () => {
  it('offers the menus the organisation was given and the caller holds; a role of type 1 the whole catalogue', async () => {
    const east = await deptIdOf(server, '华东分公司');
    const offered = await server.call(api.role.grantableMenus, { userRoleId: admin.roleId, deptId: east }, admin.as);
    expect(offered.code).toBe(ResponseCode.Success);
    const keys = new Set(flatten(offered.data!.tree).map((n) => n.menuId));
    const { byPerms } = await consoleRows();
    expect(keys.has(byPerms(Perm.infoSave).menuId)).toBe(true);
    expect(keys.has(byPerms(Perm.roleView).menuId)).toBe(false);
    expect(offered.data!.fixedMenuIds).toEqual([]);

    const global = await server.call(api.role.grantableMenus, { userRoleId: admin.roleId, deptId: east, roleType: RoleType.AllOrganisations }, admin.as);
    const { rows, system } = await consoleRows();
    expect(new Set(global.data!.fixedMenuIds)).toEqual(new Set([system.menuId, ...rows.map((r) => r.menuId)]));

    const branch = await signInBranchAdmin(server, { keys: [Perm.roleView, Perm.roleSave, Perm.userView] });
    expect((await server.call(api.role.grantableMenus, { userRoleId: branch.roleId, deptId: east, roleType: RoleType.AllOrganisations }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    expect((await server.call(api.role.grantableMenus, { userRoleId: admin.roleId, deptId: east }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    // The branch holds only role and user pages: of the east's resources it may hand on the user page alone.
    const branchOffer = flatten((await server.call(api.role.grantableMenus, { userRoleId: branch.roleId, deptId: east }, branch.as)).data!.tree).map((n) => n.menuId);
    expect(branchOffer).toContain(byPerms(Perm.userView).menuId);
    expect(branchOffer).not.toContain(byPerms(Perm.infoView).menuId);
  });

  it('adds a role with its menus, telling half-checked menus apart, and logs it', async () => {
    const east = await deptIdOf(server, '华东分公司');
    const { byPerms } = await consoleRows();
    const menuIdList = await menusFor(Perm.infoView, Perm.infoSave);
    const added = await server.call(api.role.add, { roleName: '信息编辑', deptId: east, remark: '发布信息', menuIdList }, admin.as);
    expect(added.code).toBe(ResponseCode.Success);
    const roleId = added.data!.roleId;
    const grants = await grantsOf(roleId);
    expect(grants.get(byPerms(Perm.infoSave).menuId)).toBe(false);
    expect(grants.get(byPerms(Perm.infoView).menuId)).toBe(true);
    expect(new Set(grants.keys())).toEqual(new Set(menuIdList));

    const info = await server.call(api.role.info, { roleId }, admin.as);
    expect(info.data).toMatchObject({ roleName: '信息编辑', deptId: east, deptName: '华东分公司', remark: '发布信息', roleType: RoleType.OwnSubtree, version: 1 });
    expect(new Set(info.data!.menuIdList)).toEqual(new Set(menuIdList));

    await server.services.audit.flush();
    const logged = (await server.services.db.select().from(operationLog).where(eq(operationLog.operationContent, '新增角色 信息编辑')))[0]!;
    expect(logged.beforeOperation).toBeNull();
    expect(logged.afterOperation).toMatchObject({ roleName: '信息编辑', deptId: east, roleType: 2 });
  });

  it('checks every field and refuses menus outside what the organisation was given', async () => {
    const east = await deptIdOf(server, '华东分公司');
    const short = await server.call(api.role.add, { roleName: 'ab', deptId: east }, admin.as);
    expect(short).toMatchObject({ code: ResponseCode.InvalidInput, msg: 'roleName: length must be 3 to 30 characters' });
    expect((await server.call(api.role.add, { roleName: 'x'.repeat(31), deptId: east }, admin.as)).code).toBe(ResponseCode.InvalidInput);
    expect((await server.raw('POST', '/api/sys/role/save', { roleName: '无组织角色' }, admin.as)).body.msg).toBe('deptId: organization cannot be empty');

    const outside = await server.call(api.role.add, { roleName: '越界角色', deptId: east, menuIdList: await menusFor(Perm.roleView) }, admin.as);
    expect(outside).toMatchObject({ code: ResponseCode.OutOfScope, msg: "A chosen menu has not been given to the role's organisation, or your role does not hold it" });
    const { byPerms } = await consoleRows();
    const orphan = await server.call(api.role.add, { roleName: '缺上级角色', deptId: east, menuIdList: [byPerms(Perm.infoSave).menuId] }, admin.as);
    expect(orphan).toMatchObject({ code: ResponseCode.InvalidInput, msg: "menuIdList: a chosen menu's parent must be chosen too" });
    expect((await server.call(api.role.add, { roleName: '运营专员', deptId: east }, admin.as)).code).toBe(ResponseCode.Conflict);
    expect((await server.services.db.select().from(role).where(eq(role.deptId, east))).map((r) => r.roleName)).toEqual(['运营专员']);
  });

  it('updates with the version read: a stale save is refused and overwrites nothing; holders follow a moved role', async () => {
    const operatorRole = await roleIdOf(server, '运营专员');
    const south = await deptIdOf(server, '华南分公司');
    const info = (await server.call(api.role.info, { roleId: operatorRole }, admin.as)).data!;
    const holder = await signInWithRole(server, 'holder1', operatorRole);
    const first = await server.call(api.role.update, { ...info, roleName: '运营主管', deptId: south, menuIdList: info.menuIdList }, admin.as);
    expect(first).toMatchObject({ code: ResponseCode.Success, data: { version: 2 } });
    const stale = await server.call(api.role.update, { ...info, roleName: '旧的保存' }, admin.as);
    expect(stale.code).toBe(ResponseCode.StaleRecord);
    const stored = (await server.services.db.select().from(role).where(eq(role.roleId, operatorRole)))[0]!;
    expect(stored).toMatchObject({ roleName: '运营主管', deptId: south, version: 2 });
    expect((await server.services.db.select().from(userRole).where(eq(userRole.userId, holder.userId)))[0]!.deptId).toBe(south);

    await server.services.audit.flush();
    const logged = (await server.services.db.select().from(operationLog).where(eq(operationLog.entryType, 'update')))[0]!;
    expect(logged.beforeOperation).toMatchObject({ roleName: '运营专员', version: 1 });
    expect(logged.afterOperation).toMatchObject({ roleName: '运营主管', version: 2 });
  });

  it('keeps the whole back-office system on a role of type 1', async () => {
    const info = (await server.call(api.role.info, { roleId: admin.roleId }, admin.as)).data!;
    const { system, rows } = await consoleRows();
    const saved = await server.call(api.role.update, { ...info, menuIdList: [system.menuId] }, admin.as);
    expect(saved.code).toBe(ResponseCode.Success);
    const grants = await grantsOf(admin.roleId);
    expect(rows.every((r) => grants.get(r.menuId) === false)).toBe(true);
    expect([...(await server.services.authz.keysOf(admin.roleId))].sort()).toEqual([...ALL_PERMISSION_KEYS].sort());
    expect((await server.call(api.role.list, {}, admin.as)).code).toBe(ResponseCode.Success);
  });
});

describe('what a role of type 2 may do to roles', () => {
  it('grants only what it holds, never a role of type 1, never to its own role, never over a role above it', async () => {
    const east = await deptIdOf(server, '华东分公司');
    await giveResources('华东分公司', [Perm.roleView, Perm.roleSave, Perm.roleUpdate, Perm.roleDelete, Perm.menuView]);
    const branch = await signInBranchAdmin(server, { keys: [Perm.roleView, Perm.roleSave, Perm.roleUpdate, Perm.roleDelete, Perm.userView] });

    const own = await server.call(api.role.add, { roleName: '分支查看', deptId: east, menuIdList: await menusFor(Perm.roleView) }, branch.as);
    expect(own.code).toBe(ResponseCode.Success);
    const beyond = await server.call(api.role.add, { roleName: '分支菜单', deptId: east, menuIdList: await menusFor(Perm.menuView) }, branch.as);
    expect(beyond.code).toBe(ResponseCode.OutOfScope);
    const global = await server.call(api.role.add, { roleName: '分支全局', deptId: east, roleType: RoleType.AllOrganisations }, branch.as);
    expect(global).toMatchObject({ code: ResponseCode.OutOfScope, msg: 'Only a role that sees every organisation can give or change a role that sees every organisation' });
    expect((await server.call(api.role.add, { roleName: '外部角色', deptId: await deptIdOf(server, '华南分公司') }, branch.as)).code).toBe(ResponseCode.OutOfScope);

    const mine = (await server.call(api.role.info, { roleId: branch.roleId }, branch.as)).data!;
    expect(await server.call(api.role.update, { ...mine, remark: '改自己' }, branch.as)).toMatchObject({
      code: ResponseCode.CallerError,
      msg: 'You cannot change or delete the role you are working in',
    });

    // The operator holds information pages the branch lacks: it outranks the branch there.
    const operatorRole = await roleIdOf(server, '运营专员');
    const operatorInfo = (await server.call(api.role.info, { roleId: operatorRole }, branch.as)).data!;
    const outranked = await server.call(api.role.update, { ...operatorInfo, remark: '改' }, branch.as);
    expect(outranked).toMatchObject({ code: ResponseCode.OutOfScope, msg: 'This role has permissions beyond your role; only an administrator above it can change or delete it' });
    expect((await server.call(api.role.delete, { roleIds: String(operatorRole) }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    expect((await server.call(api.role.info, { roleId: admin.roleId }, branch.as)).code).toBe(ResponseCode.OutOfScope);
  });
});

describe('role delete', () => {
  it('refuses a role still held by users, saying by how many, and deletes nothing', async () => {
    const operatorRole = await roleIdOf(server, '运营专员');
    await signInWithRole(server, 'holder1', operatorRole);
    await signInWithRole(server, 'holder2', operatorRole);
    const auditor = await roleIdOf(server, '审计员');
    const refused = await server.call(api.role.delete, { roleIds: `${auditor},${operatorRole}` }, admin.as);
    expect(refused).toMatchObject({ code: ResponseCode.InUse, msg: 'Roles still held by users cannot be deleted: “运营专员” is held by 2 users' });
    expect(
      (
        await server.services.db
          .select()
          .from(role)
          .where(inArray(role.roleId, [auditor, operatorRole]))
      ).length,
    ).toBe(2);

    const deleted = await server.call(api.role.delete, { roleIds: String(auditor) }, admin.as);
    expect(deleted.code).toBe(ResponseCode.Success);
    expect(await grantsOf(auditor)).toEqual(new Map());
    await server.services.audit.flush();
    const logged = (await server.services.db.select().from(operationLog).where(eq(operationLog.entryType, 'delete')))[0]!;
    expect((logged.beforeOperation as Array<{ roleName: string }>).map((r) => r.roleName)).toEqual(['审计员']);
    expect((await server.call(api.role.delete, { roleIds: '999999' }, admin.as)).code).toBe(ResponseCode.NotFound);
  });
});

describe('a change of a role reaches its signed-in holders', () => {
  it('refuses at once the calls the role lost, and changes its grant stamp', async () => {
    await giveResources('华东分公司', [Perm.roleView, Perm.roleSave]);
    const east = await deptIdOf(server, '华东分公司');
    const created = await server.call(api.role.add, { roleName: '角色查看员', deptId: east, menuIdList: await menusFor(Perm.roleView, Perm.roleSave) }, admin.as);
    const roleId = created.data!.roleId;
    const holder = await signInWithRole(server, 'viewer1', roleId);
    const stampBefore = (await server.call(api.session.grantStamp, { roleId }, holder.as)).data!.stamp;
    const { byPerms } = await consoleRows();
    expect((await server.call(api.session.buttons, { menuId: byPerms(Perm.roleView).menuId, roleId }, holder.as)).data).toEqual([Perm.roleSave]);
    expect((await server.call(api.role.list, {}, holder.as)).code).toBe(ResponseCode.Success);

    const info = (await server.call(api.role.info, { roleId }, admin.as)).data!;
    expect((await server.call(api.role.update, { ...info, menuIdList: await menusFor(Perm.roleView) }, admin.as)).code).toBe(ResponseCode.Success);
    expect((await server.call(api.session.buttons, { menuId: byPerms(Perm.roleView).menuId, roleId }, holder.as)).data).toEqual([]);
    expect((await server.call(api.role.add, { roleName: '不该成功', deptId: east }, holder.as)).code).toBe(ResponseCode.Forbidden);
    const stampAfter = (await server.call(api.session.grantStamp, { roleId }, holder.as)).data!.stamp;
    expect(stampAfter).not.toBe(stampBefore);

    const next = (await server.call(api.role.info, { roleId }, admin.as)).data!;
    expect((await server.call(api.role.update, { ...next, menuIdList: [] }, admin.as)).code).toBe(ResponseCode.Success);
    expect((await server.call(api.role.list, {}, holder.as)).code).toBe(ResponseCode.Forbidden);
  });
});

describe('preview as a role', () => {
  it('shows the navigation and button keys a role grants, read-only', async () => {
    const operatorRole = await roleIdOf(server, '运营专员');
    const preview = await server.call(api.role.preview, { roleId: operatorRole }, admin.as);
    expect(preview.code).toBe(ResponseCode.Success);
    expect(preview.data!.keys).toEqual([...preview.data!.keys].sort());
    expect(preview.data!.keys).toEqual(expect.arrayContaining([Perm.userView, Perm.infoView]));
    // Granted by its menus, but company-wide: a role of one organisation never holds them.
    expect(preview.data!.keys).not.toContain(Perm.infoSave);
    expect(preview.data!.keys).not.toContain(Perm.userSave);
    const backoffice = preview.data!.systems.find((s) => s.appName === 'Back-office administration')!;
    const pages = backoffice.nav.flatMap((group) => group.children.map((page) => page.perms));
    expect(pages).toEqual(expect.arrayContaining([Perm.userView, Perm.infoView]));
    expect(pages).not.toContain(Perm.menuView);
    const { byPerms } = await consoleRows();
    expect(backoffice.buttons.find((b) => b.menuId === byPerms(Perm.infoView).menuId)!.perms.sort()).toEqual([Perm.infoDisplay, Perm.infoSave, Perm.infoTop, Perm.infoUpdate].sort());

    const branch = await signInBranchAdmin(server, { deptName: '华南分公司', keys: [Perm.roleView] });
    expect((await server.call(api.role.preview, { roleId: operatorRole }, branch.as)).code).toBe(ResponseCode.OutOfScope);
  });
});
