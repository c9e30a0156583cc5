import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../../shared/codes';
import { MenuType } from '../../../shared/constants';
import { api } from '../../../shared/contract';
import type { MenuTreeNode } from '../../role/contract';
import { CONSOLE_SYSTEM_ID } from '../../../shared/menu-catalog';
import { Perm } from '../../../shared/permissions';
import { deptMenu, menu, operationLog, roleMenu } from '../../../server/db/schema';
import { deptIdOf, roleIdOf, signInAdminActor, signInBranchAdmin, signInOperator, type Actor } from '../../../server/testing/actors';
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

async function systems() {
  const rows = await server.services.db.select().from(menu).where(eq(menu.type, MenuType.System));
  return { backoffice: rows.find((r) => r.perms === CONSOLE_SYSTEM_ID)!.menuId, logistics: rows.find((r) => r.perms === 'logistics')!.menuId };
}

/** The console menus carrying these keys and every menu above them. */
async function menusFor(...keys: string[]): Promise<number[]> {
  const { backoffice } = await systems();
  const rows = await server.services.db.select().from(menu).where(eq(menu.systemMenuId, backoffice));
  const byId = new Map(rows.map((r) => [r.menuId, r]));
  const out = new Set<number>([backoffice]);
  for (const row of rows.filter((r) => keys.includes(r.perms))) {
    for (let current: typeof row | undefined = row; current; current = current.parentId === null ? undefined : byId.get(current.parentId)) out.add(current.menuId);
  }
  return [...out];
}

async function menuIdOf(perms: string): Promise<number> {
  const { backoffice } = await systems();
  return (
    await server.services.db
      .select()
      .from(menu)
      .where(and(eq(menu.systemMenuId, backoffice), eq(menu.perms, perms)))
  )[0]!.menuId;
}

async function storedOf(deptId: number): Promise<Set<number>> {
  return new Set((await server.services.db.select().from(deptMenu).where(eq(deptMenu.deptId, deptId))).map((r) => r.menuId));
}

async function saveConsole(deptId: number, menuIdList: number[], actor: Actor = admin, confirmRemovals = false) {
  const read = await server.call(api.resource.byDept, { deptId }, actor.as);
  const { backoffice } = await systems();
  return server.call(api.resource.save, { deptId, stamp: read.data!.stamp, sysIdList: [{ sysId: backoffice, menuIdList }], confirmRemovals }, actor.as);
}

describe('resource assignment', () => {
  it('lists the organisations the role may assign, and their saved resources by system', async () => {
    const all = await server.call(api.resource.depts, { roleId: admin.roleId }, admin.as);
    expect(all.data!.map((d) => [d.name, d.depth]).slice(0, 4)).toEqual([
      ['远航物流集团', 0],
      ['信息技术部', 1],
      ['财务部', 1],
      ['华东分公司', 1],
    ]);
    const branch = await signInBranchAdmin(server, { keys: [Perm.resourceView, Perm.resourceSave, Perm.userView] });
    const below = await server.call(api.resource.depts, { roleId: branch.roleId }, branch.as);
    expect(below.data!.map((d) => [d.name, d.depth])).toEqual([
      ['华东运营部', 0],
      ['上海转运中心', 0],
      ['杭州转运中心', 0],
    ]);
    expect((await server.call(api.resource.byDept, { deptId: await deptIdOf(server, '华东分公司') }, branch.as)).code).toBe(ResponseCode.OutOfScope);

    const east = await deptIdOf(server, '华东分公司');
    const saved = await server.call(api.resource.byDept, { deptId: east }, admin.as);
    const { backoffice, logistics } = await systems();
    expect(saved.data!.sysIdList.map((s) => s.sysId).sort()).toEqual([backoffice, logistics].sort());
    const operatorGrants = await server.services.db
      .select()
      .from(roleMenu)
      .where(eq(roleMenu.roleId, await roleIdOf(server, '运营专员')));
    expect(new Set(saved.data!.allMenuIdList)).toEqual(new Set(operatorGrants.map((g) => g.menuId)));
  });

  it("offers an organisation only what its parent has and the caller holds, as the system's tree", async () => {
    const { backoffice } = await systems();
    const eastOps = await deptIdOf(server, '华东运营部');
    const tree = await server.call(api.resource.tree, { deptId: eastOps, sysId: backoffice }, admin.as);
    expect(tree.data!.map((n) => n.menuId)).toEqual([backoffice]);
    const offered = new Set(flatten(tree.data!).map((n) => n.menuId));
    const ofBackoffice = new Set([backoffice, ...(await server.services.db.select().from(menu).where(eq(menu.systemMenuId, backoffice))).map((m) => m.menuId)]);
    expect(offered).toEqual(new Set([...(await storedOf(await deptIdOf(server, '华东分公司')))].filter((id) => ofBackoffice.has(id))));
    expect(offered.has(await menuIdOf(Perm.infoSave))).toBe(true);
    expect(offered.has(await menuIdOf(Perm.roleView))).toBe(false);
    const root = await server.call(api.resource.tree, { deptId: await deptIdOf(server, '远航物流集团'), sysId: backoffice }, admin.as);
    expect(flatten(root.data!).map((n) => n.menuId)).toContain(await menuIdOf(Perm.roleView));
    expect((await server.call(api.resource.tree, { deptId: eastOps, sysId: await menuIdOf(Perm.infoView) }, admin.as)).code).toBe(ResponseCode.InvalidInput);
  });

  it('saves with the stamp read: a stale save is refused; menus beyond the parent, without their parent or of another system are refused', async () => {
    const eastOps = await deptIdOf(server, '华东运营部');
    const ids = await menusFor(Perm.infoView, Perm.infoSave);
    const read = await server.call(api.resource.byDept, { deptId: eastOps }, admin.as);
    expect(read.data!.allMenuIdList).toEqual([]);
    const { backoffice, logistics } = await systems();
    const saved = await server.call(api.resource.save, { deptId: eastOps, stamp: read.data!.stamp, sysIdList: [{ sysId: backoffice, menuIdList: ids }] }, admin.as);
    expect(saved.code).toBe(ResponseCode.Success);
    expect(await storedOf(eastOps)).toEqual(new Set(ids));
    const stale = await server.call(api.resource.save, { deptId: eastOps, stamp: read.data!.stamp, sysIdList: [{ sysId: backoffice, menuIdList: [] }] }, admin.as);
    expect(stale.code).toBe(ResponseCode.StaleRecord);
    expect(await storedOf(eastOps)).toEqual(new Set(ids));

    const beyond = await saveConsole(eastOps, await menusFor(Perm.roleView));
    expect(beyond).toMatchObject({ code: ResponseCode.OutOfScope, msg: 'A chosen menu has not been given to the parent organisation, or your role does not hold it' });
    const orphan = await saveConsole(eastOps, [await menuIdOf(Perm.infoSave)]);
    expect(orphan).toMatchObject({ code: ResponseCode.InvalidInput, msg: "sysIdList.0.menuIdList: a chosen menu's parent must be chosen too" });
    const foreign = await server.call(api.resource.save, { deptId: eastOps, stamp: saved.data!.stamp, sysIdList: [{ sysId: logistics, menuIdList: ids }] }, admin.as);
    expect(foreign).toMatchObject({ code: ResponseCode.InvalidInput, msg: 'sysIdList.0.menuIdList: holds a menu of another system' });
    expect(await storedOf(eastOps)).toEqual(new Set(ids));

    await server.services.audit.flush();
    const logged = (await server.services.db.select().from(operationLog).where(eq(operationLog.operationContent, '为 华东运营部 分配资源')))[0]!;
    expect(logged.beforeOperation).toEqual({ deptId: eastOps, menuIdList: [] });
    expect((logged.afterOperation as { menuIdList: number[] }).menuIdList).toEqual([...ids].sort((a, b) => a - b));
  });

  it('bounds what roles of the organisation may be given', async () => {
    const east = await deptIdOf(server, '华东分公司');
    const refused = await server.call(api.role.add, { roleName: '字典角色', deptId: east, menuIdList: await menusFor(Perm.dictView) }, admin.as);
    expect(refused.code).toBe(ResponseCode.OutOfScope);
    const { backoffice } = await systems();
    const consoleIds = (await server.call(api.resource.byDept, { deptId: east }, admin.as)).data!.sysIdList.find((s) => s.sysId === backoffice)!.menuIdList;
    expect((await saveConsole(east, [...new Set([...consoleIds, ...(await menusFor(Perm.dictView))])])).code).toBe(ResponseCode.Success);
    expect((await server.call(api.role.add, { roleName: '字典角色', deptId: east, menuIdList: await menusFor(Perm.dictView) }, admin.as)).code).toBe(ResponseCode.Success);
  });

  it('removing a resource shows which roles lose what, and takes it from them and from the organisations below once confirmed', async () => {
    const east = await deptIdOf(server, '华东分公司');
    const eastOps = await deptIdOf(server, '华东运营部');
    expect((await saveConsole(eastOps, await menusFor(Perm.infoView, Perm.infoSave, Perm.userView))).code).toBe(ResponseCode.Success);
    const added = await server.call(api.role.add, { roleName: '运营部编辑', deptId: eastOps, menuIdList: await menusFor(Perm.infoView, Perm.infoSave, Perm.userView) }, admin.as);
    const deptRole = added.data!.roleId;
    const operatorRole = await roleIdOf(server, '运营专员');

    const { backoffice } = await systems();
    const read = await server.call(api.resource.byDept, { deptId: east }, admin.as);
    const before = read.data!.sysIdList.find((s) => s.sysId === backoffice)!.menuIdList;
    const infoPage = await menuIdOf(Perm.infoView);
    const infoButtons = (await server.services.db.select().from(menu).where(eq(menu.parentId, infoPage))).map((m) => m.menuId);
    const kept = before.filter((id) => id !== infoPage && !infoButtons.includes(id));
    const form = { deptId: east, stamp: read.data!.stamp, sysIdList: [{ sysId: backoffice, menuIdList: kept }] };

    const preview = await server.call(api.resource.preview, form, admin.as);
    expect(preview.code).toBe(ResponseCode.Success);
    expect(preview.data!.roles.map((r) => [r.roleName, r.menus.length])).toEqual([
      ['运营专员', 5],
      ['运营部编辑', 2],
    ]);
    expect(preview.data!.roles[1]!.menus.map((m) => m.name).sort()).toEqual(['Add', 'Articles'].sort());
    expect(preview.data!.depts.map((d) => [d.deptName, d.menuCount])).toEqual([
      ['华东分公司', 5],
      ['华东运营部', 2],
    ]);

    const unconfirmed = await server.call(api.resource.save, form, admin.as);
    expect(unconfirmed).toMatchObject({ code: ResponseCode.InUse, msg: 'This save takes menus from 2 roles: confirm it first' });
    expect((await storedOf(east)).has(infoPage)).toBe(true);

    const confirmed = await server.call(api.resource.save, { ...form, confirmRemovals: true }, admin.as);
    expect(confirmed.code).toBe(ResponseCode.Success);
    expect((await storedOf(east)).has(infoPage)).toBe(false);
    expect((await storedOf(eastOps)).has(infoPage)).toBe(false);
    for (const roleId of [operatorRole, deptRole]) {
      const grants = await server.services.db.select().from(roleMenu).where(eq(roleMenu.roleId, roleId));
      expect(grants.some((g) => g.menuId === infoPage || infoButtons.includes(g.menuId))).toBe(false);
    }
    // The information group lost a page: it is half-checked now, and the page key is gone at once.
    expect((await server.services.authz.keysOf(operatorRole)).has(Perm.infoView)).toBe(false);
    expect((await server.services.authz.keysOf(deptRole)).has(Perm.userView)).toBe(true);
  });

  it('keeps what the caller does not see, and is refused to roles without the resource keys', async () => {
    const eastOps = await deptIdOf(server, '华东运营部');
    expect((await saveConsole(eastOps, await menusFor(Perm.infoView, Perm.userView))).code).toBe(ResponseCode.Success);
    const branch = await signInBranchAdmin(server, { keys: [Perm.resourceView, Perm.resourceSave, Perm.userView] });
    const tree = flatten((await server.call(api.resource.tree, { deptId: eastOps, sysId: (await systems()).backoffice }, branch.as)).data!).map((n) => n.menuId);
    expect(tree).toContain(await menuIdOf(Perm.userView));
    expect(tree).not.toContain(await menuIdOf(Perm.infoView));
    // The branch takes away the system group it sees; the information group it cannot see stays, with its page.
    expect((await saveConsole(eastOps, [(await systems()).backoffice], branch)).code).toBe(ResponseCode.Success);
    const left = await storedOf(eastOps);
    expect(left.has(await menuIdOf(Perm.infoView))).toBe(true);
    expect(left.has(await menuIdOf(Perm.userView))).toBe(false);

    const operator = await signInOperator(server);
    expect((await server.call(api.resource.depts, { roleId: operator.roleId }, operator.as)).code).toBe(ResponseCode.Forbidden);
    expect((await server.call(api.resource.byDept, { deptId: eastOps }, operator.as)).code).toBe(ResponseCode.Forbidden);
    expect((await server.call(api.resource.save, { deptId: eastOps, stamp: 'x', sysIdList: [{ sysId: 1, menuIdList: [] }] }, operator.as)).code).toBe(ResponseCode.Forbidden);
    const viewer = await signInBranchAdmin(server, { username: 'viewer', keys: [Perm.resourceView] });
    expect((await server.call(api.resource.save, { deptId: eastOps, stamp: 'x', sysIdList: [{ sysId: 1, menuIdList: [] }] }, viewer.as)).code).toBe(ResponseCode.Forbidden);
  });
});
