import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../../shared/codes';
import { api } from '../../../shared/contract';
import type { MenuForm, MenuNode } from '../contract';
import { Perm } from '../../../shared/permissions';
import { Route } from '../../../shared/routes';
import { infoCategory, menu, operationLog, roleMenu } from '../../../server/db/schema';
import { signInAdminActor, signInBranchAdmin, signInOperator, type Actor } from '../../../server/testing/actors';
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

function flatten<T extends { children: T[] }>(nodes: T[]): T[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

async function menuRow(where: { perms?: string; url?: string; systemPerms?: string }) {
  const db = server.services.db;
  if (where.systemPerms)
    return (
      await db
        .select()
        .from(menu)
        .where(and(eq(menu.type, 0), eq(menu.perms, where.systemPerms)))
    )[0]!;
  if (where.url) return (await db.select().from(menu).where(eq(menu.url, where.url)))[0]!;
  return (await db.select().from(menu).where(eq(menu.perms, where.perms!)))[0]!;
}

const systemsGroup = () => menuRow({ perms: 'systemGroup' });
const backoffice = () => menuRow({ systemPerms: 'backoffice' });
const logistics = () => menuRow({ systemPerms: 'logistics' });

async function addPage(parentId: number, perms: string, extra: Partial<MenuForm> = {}) {
  return server.call(api.menu.add, { name: `页面${perms}`.slice(0, 20), type: 1, parentId, url: `/${perms}`, linkTarget: 0, perms, ...extra }, admin.as);
}

describe('menu list and info', () => {
  it('gives the tree of every system: systems, groups, pages, buttons', async () => {
    const list = await server.call(api.menu.list, {}, admin.as);
    expect(list.code).toBe(ResponseCode.Success);
    expect(list.data!.map((s) => s.perms)).toEqual(['backoffice', 'logistics']);
    const nodes = flatten(list.data!);
    const userPage = nodes.find((n) => n.url === Route.user)!;
    expect(userPage.children.map((b) => b.perms).sort()).toEqual([Perm.userChangeDept, Perm.userDelete, Perm.userResetPwd, Perm.userSave, Perm.userUpdate].sort());
    expect(userPage.children.every((b) => b.type === 2)).toBe(true);
    expect(userPage).toMatchObject({ type: 1, status: 0, linkTarget: 0, version: 1 });
  });

  it('names each menu in the caller’s language as the navigation does, beside the stored name the form edits', async () => {
    const menuPage = (tree: MenuNode[]) => flatten(tree).find((n) => n.url === Route.menu)!;
    const chinese = await server.call(api.menu.list, {}, { ...admin.as, language: 'zh_CN' });
    expect(menuPage(chinese.data!)).toMatchObject({ name: '菜单管理', shownName: '菜单管理' });
    const german = await server.call(api.menu.list, {}, { ...admin.as, language: 'de_DE' });
    expect(menuPage(german.data!)).toMatchObject({ name: '菜单管理', shownName: 'Menüs' });
  });

  it('filters by system and by status, keeping the ancestors of matches', async () => {
    const logisticsId = (await logistics()).menuId;
    const one = await server.call(api.menu.list, { menuId: logisticsId }, admin.as);
    expect(one.data!.map((s) => s.menuId)).toEqual([logisticsId]);

    const dictionary = await menuRow({ url: Route.dictionary });
    await server.call(api.menu.update, { ...dictionary, parentId: dictionary.parentId, linkTarget: 0, status: 1, type: 1, version: dictionary.version }, admin.as);
    const disabled = await server.call(api.menu.list, { status: 1 }, admin.as);
    const nodes = flatten(disabled.data!);
    expect(nodes.filter((n) => n.status === 1).map((n) => n.url)).toEqual([Route.dictionary]);
    expect(disabled.data!.map((s) => s.perms)).toEqual(['backoffice']);
    expect(nodes.map((n) => n.perms)).toEqual(['backoffice', 'systemGroup', Perm.dictView]);
  });

  it('refuses a roleId that is not the role of the call, and a system id that is not a system', async () => {
    const operator = await signInOperator(server);
    const foreign = await server.call(api.menu.list, { roleId: operator.roleId }, admin.as);
    expect(foreign.code).toBe(ResponseCode.OutOfScope);
    expect(foreign.msg).toMatch(/outside the current role/);
    const page = await menuRow({ url: Route.user });
    expect((await server.call(api.menu.list, { menuId: page.menuId }, admin.as)).code).toBe(ResponseCode.OutOfScope);
  });

  it('gives one menu with its parent name, and says when it does not exist', async () => {
    const page = await menuRow({ url: Route.user });
    const info = await server.call(api.menu.info, { menuId: page.menuId }, admin.as);
    expect(info.data).toMatchObject({ menuId: page.menuId, name: '用户管理', parentName: '系统管理', perms: Perm.userView, url: Route.user, version: 1 });
    const missing = await server.call(api.menu.info, { menuId: 999_999 }, admin.as);
    expect(missing.code).toBe(ResponseCode.NotFound);
    const bad = await server.raw('POST', '/api/sys/menu/info/abc', {}, admin.as);
    expect(bad.body).toMatchObject({ code: ResponseCode.InvalidInput, msg: 'menuId: must be a positive whole number' });
  });
});

describe('adding menus', () => {
  it('adds a system, a menu under it and a button under the menu, and logs each with its values', async () => {
    const system = await server.call(api.menu.add, { name: '仓储系统', type: 0, perms: 'warehouse', appFlag: 'single', sysVersion: '2.0.0' }, admin.as);
    expect(system.code).toBe(ResponseCode.Success);
    const page = await addPage(system.data!.menuId, 'stockView');
    expect(page.code).toBe(ResponseCode.Success);
    const button = await server.call(api.menu.add, { name: '入库', type: 2, parentId: page.data!.menuId, perms: 'stockIn' }, admin.as);
    expect(button.code).toBe(ResponseCode.Success);

    const list = await server.call(api.menu.list, { menuId: system.data!.menuId }, admin.as);
    expect(list.data![0]).toMatchObject({ name: '仓储系统', type: 0, perms: 'warehouse', appFlag: 'single', sysVersion: '2.0.0', parentId: null, systemMenuId: null });
    expect(list.data![0]!.children[0]).toMatchObject({ perms: 'stockView', url: '/stockView', systemMenuId: system.data!.menuId });
    expect(list.data![0]!.children[0]!.children[0]).toMatchObject({ perms: 'stockIn', type: 2, url: '', systemMenuId: system.data!.menuId });

    await server.services.audit.flush();
    const logged = await server.services.db.select().from(operationLog).where(eq(operationLog.entryType, 'add'));
    expect(logged.map((l) => (l.afterOperation as { perms: string }).perms)).toEqual(['warehouse', 'stockView', 'stockIn']);
    expect(logged.every((l) => l.beforeOperation === null && l.operLoginName === 'admin')).toBe(true);
  });

  it('checks each field rule and names the field', async () => {
    const groupId = (await systemsGroup()).menuId;
    const page = await menuRow({ url: Route.user });
    const system = await backoffice();
    const button = (await server.services.db.select().from(menu).where(eq(menu.perms, Perm.userSave)))[0]!;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: 'a' }, 'name: length must be 2 to 20 characters'],
      [{ name: 'x'.repeat(21) }, 'name: length must be 2 to 20 characters'],
      [{ name: undefined }, 'name: is required'],
      [{ type: 3 }, 'type: is not one of the allowed values'],
      [{ type: undefined }, 'type: is required'],
      [{ perms: undefined }, 'perms: is required'],
      [{ perms: 'has-dash' }, 'perms: may contain only letters or digits'],
      [{ perms: 'k'.repeat(51) }, 'perms: cannot exceed 50 characters'],
      [{ url: '' }, 'url: is required'],
      [{ linkTarget: undefined }, 'linkTarget: is required'],
      [{ linkTarget: 2 }, 'linkTarget: is not one of the allowed values'],
      [{ parentId: undefined }, 'parentId: is required'],
      [{ orderNum: -1 }, 'orderNum: must be a whole number from 0 to 99999'],
      [{ type: 2, url: '/x' }, 'url: a button has no url'],
      [{ type: 0, parentId: groupId }, 'parentId: a system has no parent'],
      [{ type: 2, url: '', parentId: system.menuId }, "parentId: a button's parent must be a menu"],
      [{ type: 2, url: '', parentId: button.menuId }, "parentId: a button's parent must be a menu"],
      [{ type: 1, parentId: button.menuId }, "parentId: a menu's parent must be a system or a menu"],
      [{ parentId: 999_999 }, 'parentId: The record does not exist'],
    ];
    for (const [patch, msg] of cases) {
      const body = { name: '新页面', type: 1, parentId: groupId, url: '/newPage', linkTarget: 0, perms: 'newPageView', ...patch };
      const answer = await server.raw('POST', '/api/sys/menu/save', body, admin.as);
      expect(answer.body, JSON.stringify(patch)).toMatchObject({ code: ResponseCode.InvalidInput, msg });
    }
    // A button under a page is fine, and the group (a menu) may hold menus.
    expect((await server.call(api.menu.add, { name: '导入', type: 2, parentId: page.menuId, perms: 'userImport' }, admin.as)).code).toBe(ResponseCode.Success);
    const rows = await server.services.db
      .select()
      .from(menu)
      .where(inArray(menu.perms, ['newPageView']));
    expect(rows).toEqual([]);
  });

  it('answers in the caller language', async () => {
    const answer = await server.raw('POST', '/api/sys/menu/save', { name: 'a', type: 1, perms: 'x' }, { ...admin.as, language: 'zh_CN' });
    expect(answer.body.msg).toBe('name: 长度在2到20个字符');
  });

  it('refuses a duplicate system id, and a duplicate key value within a system but not across systems', async () => {
    const dupSystem = await server.call(api.menu.add, { name: '重复系统', type: 0, perms: 'logistics' }, admin.as);
    expect(dupSystem).toMatchObject({ code: ResponseCode.Conflict, msg: 'perms: already exists' });
    const groupId = (await systemsGroup()).menuId;
    expect((await addPage(groupId, Perm.userView)).code).toBe(ResponseCode.Conflict);
    const logisticsGroup = (await logistics()).menuId;
    expect((await addPage(logisticsGroup, Perm.menuView)).code).toBe(ResponseCode.Success);
  });

  it('two adds of one key value at once: one succeeds, one is refused', async () => {
    const groupId = (await systemsGroup()).menuId;
    const answers = await Promise.all([addPage(groupId, 'raceView'), addPage(groupId, 'raceView')]);
    expect(answers.map((a) => a.code).sort()).toEqual([ResponseCode.Success, ResponseCode.Conflict].sort());
  });
});

describe('updating menus', () => {
  it('saves with the version read, returns the next version and logs before and after', async () => {
    const page = await menuRow({ url: Route.dictionary });
    const saved = await server.call(
      api.menu.update,
      { menuId: page.menuId, version: page.version, name: '数据字典', type: 1, parentId: page.parentId, url: page.url, linkTarget: 1, perms: page.perms, orderNum: 9 },
      admin.as,
    );
    expect(saved).toMatchObject({ code: ResponseCode.Success, data: { menuId: page.menuId, version: 2 } });
    const info = await server.call(api.menu.info, { menuId: page.menuId }, admin.as);
    expect(info.data).toMatchObject({ name: '数据字典', linkTarget: 1, orderNum: 9, version: 2 });

    await server.services.audit.flush();
    const logged = (await server.services.db.select().from(operationLog).where(eq(operationLog.entryType, 'update')))[0]!;
    expect(logged.beforeOperation).toMatchObject({ name: '字典管理', linkTarget: 0, version: 1 });
    expect(logged.afterOperation).toMatchObject({ name: '数据字典', linkTarget: 1, version: 2 });
  });

  it('refuses a stale version, and of two saves of one version exactly one wins', async () => {
    const page = await menuRow({ url: Route.dictionary });
    const form = { menuId: page.menuId, version: page.version, type: 1 as const, parentId: page.parentId, url: page.url, linkTarget: 0 as const, perms: page.perms };
    const [a, b] = await Promise.all([server.call(api.menu.update, { ...form, name: '第一个' }, admin.as), server.call(api.menu.update, { ...form, name: '第二个' }, admin.as)]);
    expect([a.code, b.code].sort()).toEqual([ResponseCode.Success, ResponseCode.StaleRecord].sort());
    const winner = a.code === ResponseCode.Success ? '第一个' : '第二个';
    expect((await server.call(api.menu.info, { menuId: page.menuId }, admin.as)).data).toMatchObject({ name: winner, version: 2 });
    const stale = await server.call(api.menu.update, { ...form, name: '第三个' }, admin.as);
    expect(stale).toMatchObject({ code: ResponseCode.StaleRecord, msg: 'Someone else changed this record; reload and try again' });
    const missingVersion = await server.raw('POST', '/api/sys/menu/update', { ...form, version: undefined, name: '第三个' }, admin.as);
    expect(missingVersion.body.msg).toMatch(/^version: /);
  });

  it('refuses a move under the menu itself or one of its descendants', async () => {
    const group = await systemsGroup();
    const page = await menuRow({ url: Route.user });
    const form = { menuId: group.menuId, version: group.version, name: group.name, type: 1 as const, url: group.url, linkTarget: 0 as const, perms: group.perms };
    expect((await server.call(api.menu.update, { ...form, parentId: page.menuId }, admin.as)).msg).toBe('parentId: a menu cannot be moved under itself or one of its sub-menus');
    expect((await server.call(api.menu.update, { ...form, parentId: group.menuId }, admin.as)).msg).toBe('parentId: a menu cannot be moved under itself or one of its sub-menus');
  });

  it('moves a subtree to another system, its buttons along', async () => {
    const page = await addPage((await systemsGroup()).menuId, 'reportView');
    for (const perms of ['reportSave', 'reportDelete']) await server.call(api.menu.add, { name: perms, type: 2, parentId: page.data!.menuId, perms }, admin.as);
    const target = await logistics();
    const moved = await server.call(
      api.menu.update,
      { menuId: page.data!.menuId, version: 1, name: '报表', type: 1, parentId: target.menuId, url: '/reportView', linkTarget: 0, perms: 'reportView' },
      admin.as,
    );
    expect(moved.code).toBe(ResponseCode.Success);
    const subtree = await server.services.db
      .select()
      .from(menu)
      .where(inArray(menu.perms, ['reportView', 'reportSave', 'reportDelete']));
    expect(subtree).toHaveLength(3);
    expect(subtree.every((m) => m.systemMenuId === target.menuId)).toBe(true);
  });

  it('refuses a move that would repeat a key value in the target system, writing nothing', async () => {
    const logisticsId = (await logistics()).menuId;
    const group = await systemsGroup();
    expect((await server.call(api.menu.add, { name: '物流报表', type: 1, parentId: logisticsId, url: '/r', linkTarget: 0, perms: 'reportView' }, admin.as)).code).toBe(ResponseCode.Success);
    const page = await addPage(group.menuId, 'reportView');
    const answer = await server.call(
      api.menu.update,
      { menuId: page.data!.menuId, version: 1, name: '报表', type: 1, parentId: logisticsId, url: '/reportView', linkTarget: 0, perms: 'reportView' },
      admin.as,
    );
    expect(answer).toMatchObject({ code: ResponseCode.Conflict, msg: 'perms: already exists' });
    expect((await server.call(api.menu.info, { menuId: page.data!.menuId }, admin.as)).data).toMatchObject({ parentId: group.menuId, version: 1 });
  });

  it('refuses changing the type of a menu with children, and a missing menu', async () => {
    const page = await menuRow({ url: Route.user });
    const answer = await server.call(api.menu.update, { menuId: page.menuId, version: page.version, name: page.name, type: 2, parentId: page.parentId, perms: page.perms }, admin.as);
    expect(answer).toMatchObject({ code: ResponseCode.InvalidInput, msg: 'type: the type of a menu with sub-menus or buttons cannot change' });
    const toSystem = await server.call(api.menu.update, { menuId: page.menuId, version: page.version, name: page.name, type: 0, perms: 'userSystem' }, admin.as);
    expect(toSystem.msg).toBe('type: the type of a menu with sub-menus or buttons cannot change');
    const missing = await server.call(api.menu.update, { menuId: 999_999, version: 1, name: '不存在', type: 0, perms: 'nothing' }, admin.as);
    expect(missing.code).toBe(ResponseCode.NotFound);
  });
});

describe('deleting menus', () => {
  it('refuses a menu that still has children, with a clear message, deleting nothing', async () => {
    const page = await addPage((await systemsGroup()).menuId, 'reportView');
    const button = await server.call(api.menu.add, { name: '导出报表', type: 2, parentId: page.data!.menuId, perms: 'reportExport' }, admin.as);
    const other = await addPage((await systemsGroup()).menuId, 'auditView');
    const answer = await server.call(api.menu.delete, { menuIds: [other.data!.menuId, page.data!.menuId].join(',') }, admin.as);
    expect(answer).toMatchObject({ code: ResponseCode.InUse, msg: 'Delete the child menus first' });
    expect(
      await server.services.db
        .select()
        .from(menu)
        .where(inArray(menu.menuId, [page.data!.menuId, button.data!.menuId, other.data!.menuId])),
    ).toHaveLength(3);
  });

  it('deletes a page together with all its buttons, and logs what was there', async () => {
    const page = await addPage((await systemsGroup()).menuId, 'reportView');
    const buttons = [];
    for (const perms of ['reportSave', 'reportDelete']) buttons.push((await server.call(api.menu.add, { name: perms, type: 2, parentId: page.data!.menuId, perms }, admin.as)).data!.menuId);
    const ids = [page.data!.menuId, ...buttons];
    const answer = await server.call(api.menu.delete, { menuIds: ids.join(',') }, admin.as);
    expect(answer.code).toBe(ResponseCode.Success);
    expect(await server.services.db.select().from(menu).where(inArray(menu.menuId, ids))).toEqual([]);
    await server.services.audit.flush();
    const logged = (await server.services.db.select().from(operationLog).where(eq(operationLog.entryType, 'delete')))[0]!;
    expect((logged.beforeOperation as Array<{ perms: string }>).map((m) => m.perms).sort()).toEqual(['reportDelete', 'reportSave', 'reportView']);
    expect(logged.afterOperation).toBeNull();
  });

  it('refuses unknown ids and bad lists, deleting nothing', async () => {
    const page = await menuRow({ perms: Perm.userSave });
    expect((await server.call(api.menu.delete, { menuIds: `${page.menuId},999999` }, admin.as)).code).toBe(ResponseCode.NotFound);
    expect((await server.services.db.select().from(menu).where(eq(menu.menuId, page.menuId))).length).toBe(1);
    const bad = await server.call(api.menu.delete, { menuIds: '1,a' }, admin.as);
    expect(bad).toMatchObject({ code: ResponseCode.InvalidInput, msg: 'menuIds: must be ids separated by commas' });
    const empty = await server.call(api.menu.delete, { menuIds: '' }, admin.as);
    expect(empty.msg).toMatch(/^menuIds: /);
  });

  it('refuses a system still used by information categories', async () => {
    const system = await server.call(api.menu.add, { name: '临时系统', type: 0, perms: 'temporary' }, admin.as);
    await server.services.db.insert(infoCategory).values({ systemMenuId: system.data!.menuId, name: '公告' });
    const answer = await server.call(api.menu.delete, { menuIds: String(system.data!.menuId) }, admin.as);
    expect(answer).toMatchObject({ code: ResponseCode.InUse, msg: 'The menu is still used by information categories or articles' });
  });
});

describe('permissions and scope', () => {
  it('a role without the menu keys is refused every menu call', async () => {
    const operator = await signInOperator(server);
    const page = await menuRow({ url: Route.user });
    const calls = [
      server.call(api.menu.list, {}, operator.as),
      server.call(api.menu.info, { menuId: page.menuId }, operator.as),
      server.call(api.menu.add, { name: '新系统', type: 0, perms: 'denied' }, operator.as),
      server.call(api.menu.update, { menuId: page.menuId, version: 1, name: '新名字', type: 1, parentId: page.parentId, url: page.url, linkTarget: 0, perms: page.perms }, operator.as),
      server.call(api.menu.delete, { menuIds: String(page.menuId) }, operator.as),
    ];
    for (const answer of await Promise.all(calls)) expect(answer).toMatchObject({ code: ResponseCode.Forbidden, msg: 'You have no permission for this action' });
    const withoutRole = await server.call(api.menu.list, {}, { token: admin.token });
    expect(withoutRole.code).toBe(ResponseCode.RoleNotHeld);
  });

  it('a role granted one system manages only that system', async () => {
    const branch = await signInBranchAdmin(server, { keys: [Perm.menuView, Perm.menuSave, Perm.menuUpdate, Perm.menuDelete] });
    const list = await server.call(api.menu.list, {}, branch.as);
    expect(list.data!.map((s) => s.perms)).toEqual(['backoffice']);
    const foreign = await logistics();
    const foreignPage = (await server.services.db.select().from(menu).where(eq(menu.systemMenuId, foreign.menuId)))[0]!;
    expect((await server.call(api.menu.list, { menuId: foreign.menuId }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    expect((await server.call(api.menu.info, { menuId: foreignPage.menuId }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    const addThere = await server.call(api.menu.add, { name: '越权页面', type: 1, parentId: foreign.menuId, url: '/x', linkTarget: 0, perms: 'outside' }, branch.as);
    expect(addThere).toMatchObject({ code: ResponseCode.OutOfScope });
    expect((await server.call(api.menu.add, { name: '越权系统', type: 0, perms: 'outsideSystem' }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    expect((await server.call(api.menu.delete, { menuIds: String(foreignPage.menuId) }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    const own = await addPage((await systemsGroup()).menuId, 'branchPage', {});
    expect(own.code).toBe(ResponseCode.Success);
  });
});

describe('systems by role and single-system navigation', () => {
  it('lists the systems granted to a held role, and refuses a role not held', async () => {
    const apps = await server.call(api.menu.appsByRole, { roleId: admin.roleId }, { token: admin.token, language: 'en_US' });
    expect(apps.data!.map((a) => [a.systemId, a.appName])).toEqual([
      ['backoffice', 'Back-office administration'],
      ['logistics', 'Logistics operations'],
    ]);
    const branch = await signInBranchAdmin(server, { keys: [Perm.userView] });
    expect((await server.call(api.menu.appsByRole, { roleId: admin.roleId }, { token: branch.token })).code).toBe(ResponseCode.OutOfScope);
    expect((await server.call(api.menu.appsByRole, { roleId: branch.roleId }, { token: branch.token })).data!.map((a) => a.systemId)).toEqual(['backoffice']);
  });

  it("gives a 'single' system's navigation by its name in the caller's language", async () => {
    const system = await logistics();
    const nav = await server.call(api.menu.singleNav, { appName: 'Logistics operations', menuId: system.menuId, roleId: admin.roleId }, { token: admin.token });
    expect(nav.code).toBe(ResponseCode.Success);
    expect(flatten(nav.data!).map((n) => n.url)).toContain(Route.information);
    const stored = await server.call(api.menu.singleNav, { appName: '物流运营系统', menuId: system.menuId, roleId: admin.roleId }, { token: admin.token });
    expect(stored.code).toBe(ResponseCode.Success);
    const wrongName = await server.call(api.menu.singleNav, { appName: 'Back-office administration', menuId: system.menuId, roleId: admin.roleId }, { token: admin.token });
    expect(wrongName.msg).toBe('appName: is not one of the allowed values');
    const notSingle = await server.call(api.menu.singleNav, { appName: 'Back-office administration', menuId: (await backoffice()).menuId, roleId: admin.roleId }, { token: admin.token });
    expect(notSingle.msg).toBe('menuId: is not one of the allowed values');
    const branch = await signInBranchAdmin(server, { keys: [Perm.userView] });
    expect((await server.call(api.menu.singleNav, { appName: 'Logistics operations', menuId: system.menuId, roleId: admin.roleId }, { token: branch.token })).code).toBe(ResponseCode.OutOfScope);
    expect((await server.call(api.menu.singleNav, { appName: 'Logistics operations', menuId: system.menuId, roleId: branch.roleId }, { token: branch.token })).code).toBe(ResponseCode.OutOfScope);
  });
});

describe('the permission-key catalogue', () => {
  const formOf = (row: typeof menu.$inferSelect) => ({
    menuId: row.menuId,
    version: row.version,
    name: row.name,
    type: row.type as 0 | 1 | 2,
    parentId: row.parentId,
    url: row.url,
    linkTarget: row.linkTarget as 0 | 1,
    perms: row.perms,
    status: row.status as 0 | 1,
  });

  it("a branch menu manager can neither take the administrator's key nor give itself one", async () => {
    const branch = await signInBranchAdmin(server);
    const reset = await menuRow({ perms: Perm.userResetPwd });
    const renamed = await server.call(api.menu.update, { ...formOf(reset), perms: 'userResetPwdX' }, branch.as);
    expect(renamed.code).not.toBe(ResponseCode.Success);
    const disabled = await server.call(api.menu.update, { ...formOf(reset), status: 1 }, branch.as);
    expect(disabled.code).not.toBe(ResponseCode.Success);
    expect((await server.call(api.menu.delete, { menuIds: String(reset.menuId) }, branch.as)).code).not.toBe(ResponseCode.Success);
    const ownUpdate = await menuRow({ perms: Perm.menuUpdate });
    const minted = await server.call(api.menu.update, { ...formOf(ownUpdate), perms: Perm.userResetPwd }, branch.as);
    expect(minted.code).not.toBe(ResponseCode.Success);
    expect((await menuRow({ perms: Perm.userResetPwd })).menuId).toBe(reset.menuId);
    expect((await server.services.authz.keysOf(admin.roleId)).has(Perm.userResetPwd)).toBe(true);
    expect((await server.services.authz.keysOf(branch.roleId)).has(Perm.menuUpdate)).toBe(true);
  });

  it('catalogue rows keep their key, type and system for everyone; only the all-organisations role may disable one, and it keeps its keys', async () => {
    const dict = await menuRow({ perms: Perm.dictView });
    const rekey = await server.call(api.menu.update, { ...formOf(dict), perms: 'dictionaryView' }, admin.as);
    expect(rekey).toMatchObject({ code: ResponseCode.InvalidInput, msg: expect.stringMatching(/^perms: This menu carries a permission key/) });
    const move = await server.call(api.menu.update, { ...formOf(dict), parentId: (await logistics()).menuId }, admin.as);
    expect(move.msg).toMatch(/^perms: This menu carries a permission key/);
    const system = await backoffice();
    expect((await server.call(api.menu.update, { ...formOf(system), perms: 'backoffice2' }, admin.as)).msg).toMatch(/^perms: This menu carries/);
    expect((await server.call(api.menu.delete, { menuIds: String(dict.menuId) }, admin.as)).code).toBe(ResponseCode.InUse);

    expect((await server.call(api.menu.update, { ...formOf(dict), status: 1 }, admin.as)).code).toBe(ResponseCode.Success);
    expect((await server.services.authz.keysOf(admin.roleId)).has(Perm.dictView)).toBe(true);
    const branch = await signInBranchAdmin(server, { keys: [Perm.menuView, Perm.menuUpdate, Perm.dictView] });
    expect((await server.services.authz.keysOf(branch.roleId)).has(Perm.dictView)).toBe(false);
    expect((await server.call(api.menu.list, {}, admin.as)).code).toBe(ResponseCode.Success);
  });

  it('a button of another system never grants a console key', async () => {
    const foreignSystem = await logistics();
    const foreignPage = (
      await server.services.db
        .select()
        .from(menu)
        .where(and(eq(menu.systemMenuId, foreignSystem.menuId), eq(menu.type, 1), eq(menu.perms, Perm.infoView)))
    )[0]!;
    const button = await server.call(api.menu.add, { name: '删除用户', type: 2, parentId: foreignPage.menuId, perms: Perm.userDelete }, admin.as);
    expect(button.code).toBe(ResponseCode.Success);
    const branch = await signInBranchAdmin(server, { keys: [Perm.userView] });
    await server.services.db.insert(roleMenu).values([
      { roleId: branch.roleId, menuId: foreignSystem.menuId, halfChecked: true },
      { roleId: branch.roleId, menuId: foreignPage.menuId, halfChecked: true },
      { roleId: branch.roleId, menuId: button.data!.menuId, halfChecked: false },
    ]);
    server.services.authz.changed();
    expect((await server.services.authz.keysOf(branch.roleId)).has(Perm.userDelete)).toBe(false);
    expect((await server.call(api.user.delete, { userIds: String(admin.userId) }, branch.as)).code).toBe(ResponseCode.Forbidden);
  });

  it('a scoped role changes and deletes only menus no role outside its organisations holds', async () => {
    const branch = await signInBranchAdmin(server);
    const own = await server.call(api.menu.add, { name: '分支页面', type: 1, parentId: (await systemsGroup()).menuId, url: '/branch', linkTarget: 0, perms: 'branchPage' }, branch.as);
    const row = (await server.services.db.select().from(menu).where(eq(menu.menuId, own.data!.menuId)))[0]!;
    expect((await server.call(api.menu.update, { ...formOf(row), name: '分支页面二' }, branch.as)).code).toBe(ResponseCode.Success);
    // Once a role of the group holds it, it is no longer the branch's alone.
    await server.services.db.insert(roleMenu).values({ roleId: admin.roleId, menuId: row.menuId, halfChecked: false });
    server.services.authz.changed();
    const after = (await server.services.db.select().from(menu).where(eq(menu.menuId, row.menuId)))[0]!;
    const refused = await server.call(api.menu.update, { ...formOf(after), name: '分支页面三' }, branch.as);
    expect(refused).toMatchObject({ code: ResponseCode.OutOfScope, msg: expect.stringMatching(/^This menu is granted to roles outside your role/) });
    expect((await server.call(api.menu.delete, { menuIds: String(row.menuId) }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    expect((await server.call(api.menu.update, { ...formOf(after), name: '集团页面' }, admin.as)).code).toBe(ResponseCode.Success);
  });
});
