import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../../shared/codes';
import { api, listEndpoints } from '../../../shared/contract';
import { endpoint } from '../../../shared/contract/endpoint';
import { XLSX_MEDIA_TYPE } from '../../../shared/constants';
import { Perm } from '../../../shared/permissions';
import { Route } from '../../../shared/routes';
import { menu, role, user, userRole } from '../../db/schema';
import { hashPassword } from '../../auth/passwords';
import { ADMIN_NEW_PASSWORD, startTestServer, type TestServer } from '../../testing/harness';
import { CallContext } from '../../context';
import { guard } from '../../plugins/request-guard';
import { z } from 'zod';
import type { NavNode } from '../../../shared/contract/session';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

function flatten(nodes: NavNode[]): NavNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

/** A user holding only the seeded operator role, with a chosen password already set. */
async function createOperator(): Promise<{ token: string; roleId: number }> {
  const operator = (await server.services.db.select().from(role).where(eq(role.roleName, '运营专员')))[0]!;
  const inserted = await server.services.db
    .insert(user)
    .values({ username: 'operator1', name: '操作员', passwordHash: await hashPassword('Operator_1'), deptId: operator.deptId, passwordChangedAt: new Date() })
    .returning({ userId: user.userId });
  await server.services.db.insert(userRole).values({ userId: inserted[0]!.userId, roleId: operator.roleId, deptId: operator.deptId });
  const signed = await server.signIn('operator1', 'Operator_1');
  return { token: signed.data!.accessToken, roleId: operator.roleId };
}

describe('systems and roles', () => {
  it('lists the systems the administrator may enter, each with its roles', async () => {
    const admin = await server.signInAdmin();
    const systems = await server.call(api.session.roleSystems, {}, { token: admin.token });
    expect(systems.code).toBe(ResponseCode.Success);
    expect(systems.data!.map((s) => s.systemId)).toEqual(['backoffice', 'logistics']);
    const logistics = systems.data!.find((s) => s.systemId === 'logistics')!;
    expect(logistics.appFlag).toContain('single');
    expect(logistics.sysVersion).toBe('1.0.1');
    expect(logistics.roleList).toEqual([{ roleId: admin.roleId, roleName: '系统管理员', deptName: '远航物流集团' }]);
  });

  it('names systems in the caller language', async () => {
    const admin = await server.signInAdmin();
    const german = await server.call(api.session.roleSystems, {}, { token: admin.token, language: 'de_DE' });
    expect(german.data![0]!.appName).toBe('Back-Office-Verwaltung');
    const chinese = await server.call(api.session.roleSystems, {}, { token: admin.token, language: 'zh_CN' });
    expect(chinese.data![0]!.appName).toBe('后台管理系统');
  });

  it('role info is given only for held roles', async () => {
    const admin = await server.signInAdmin();
    const info = await server.call(api.session.roleInfo, { roleId: admin.roleId }, { token: admin.token });
    expect(info.data).toMatchObject({ roleId: admin.roleId, roleType: 1, deptName: '远航物流集团' });
    const operator = await createOperator();
    const foreign = await server.call(api.session.roleInfo, { roleId: admin.roleId }, { token: operator.token });
    expect(foreign.code).toBe(ResponseCode.OutOfScope);
  });
});

describe('navigation', () => {
  it('gives the administrator a menu for every list route and no buttons in the tree', async () => {
    const admin = await server.signInAdmin();
    const systems = await server.call(api.session.roleSystems, {}, { token: admin.token });
    const backoffice = systems.data!.find((s) => s.systemId === 'backoffice')!;
    const nav = await server.call(api.session.nav, { roleId: admin.roleId, menuId: backoffice.menuId }, { token: admin.token });
    expect(nav.code).toBe(ResponseCode.Success);
    const nodes = flatten(nav.data!);
    const urls = new Set(nodes.map((n) => n.url));
    for (const route of [
      Route.menu,
      Route.user,
      Route.serviceCenter,
      Route.department,
      Route.role,
      Route.resource,
      Route.dictionary,
      Route.appCenter,
      Route.inforTypeManage,
      Route.information,
      Route.internationalize,
      Route.appSystem,
      Route.behaviorDiary,
      Route.userStatistics,
      Route.interFace,
      Route.sendingSMS,
      Route.sendManage,
      Route.templateManage,
      Route.signatureManage,
      Route.sendCenter,
      Route.sendNotice,
      Route.mailManage,
      Route.accountManage,
      Route.apiKeyMessg,
      Route.apiKeySystem,
      Route.polarLight,
      Route.groupManage,
      Route.organManage,
      Route.classifyManage,
    ]) {
      expect(urls, route).toContain(route);
    }
    expect(nodes.every((n) => n.type === 1)).toBe(true);
    expect(nav.data!.map((g) => g.name)).toEqual(['System', 'Information', 'Logs', 'Messaging', 'Data groups']);
  });

  it('the operator role sees only its granted part', async () => {
    const operator = await createOperator();
    const systems = await server.call(api.session.roleSystems, {}, { token: operator.token });
    const backoffice = systems.data!.find((s) => s.systemId === 'backoffice')!;
    const nav = await server.call(api.session.nav, { roleId: operator.roleId, menuId: backoffice.menuId }, { token: operator.token, language: 'zh_CN' });
    const urls = flatten(nav.data!).map((n) => n.url);
    expect(urls).toContain(Route.user);
    expect(urls).toContain(Route.information);
    expect(urls).not.toContain(Route.menu);
    expect(urls).not.toContain(Route.role);
  });

  it('refuses a role the user does not hold and a system outside the role', async () => {
    const admin = await server.signInAdmin();
    const operator = await createOperator();
    const systems = await server.call(api.session.roleSystems, {}, { token: admin.token });
    const backoffice = systems.data!.find((s) => s.systemId === 'backoffice')!;
    const foreign = await server.call(api.session.nav, { roleId: admin.roleId, menuId: backoffice.menuId }, { token: operator.token });
    expect(foreign.code).toBe(ResponseCode.OutOfScope);
    const bogus = await server.call(api.session.nav, { roleId: admin.roleId, menuId: 999_999 }, { token: admin.token });
    expect(bogus.code).toBe(ResponseCode.OutOfScope);
    const bad = await server.raw('POST', '/api/sys/menu/nav', { roleId: 'abc', menuId: 1 }, { token: admin.token });
    expect(bad.body).toMatchObject({ code: ResponseCode.InvalidInput, msg: 'roleId: must be a positive whole number' });
  });

  it('reflects a menu change at once (cache dropped by the change)', async () => {
    const admin = await server.signInAdmin();
    const systems = await server.call(api.session.roleSystems, {}, { token: admin.token });
    const backoffice = systems.data!.find((s) => s.systemId === 'backoffice')!;
    const before = await server.call(api.session.nav, { roleId: admin.roleId, menuId: backoffice.menuId }, { token: admin.token });
    expect(flatten(before.data!).map((n) => n.url)).toContain(Route.dictionary);
    await server.services.db.update(menu).set({ status: 1 }).where(eq(menu.url, Route.dictionary));
    server.services.authz.changed();
    const after = await server.call(api.session.nav, { roleId: admin.roleId, menuId: backoffice.menuId }, { token: admin.token });
    expect(flatten(after.data!).map((n) => n.url)).not.toContain(Route.dictionary);
  });
});

describe('buttons', () => {
  it('lists the permission strings of a page for the role', async () => {
    const admin = await server.signInAdmin();
    const operator = await createOperator();
    const userPage = (await server.services.db.select().from(menu).where(eq(menu.url, Route.user)))[0]!;
    const all = await server.call(api.session.buttons, { menuId: userPage.menuId, roleId: admin.roleId }, { token: admin.token });
    expect(all.data!.sort()).toEqual([Perm.userChangeDept, Perm.userDelete, Perm.userResetPwd, Perm.userSave, Perm.userUpdate].sort());
    const none = await server.call(api.session.buttons, { menuId: userPage.menuId, roleId: operator.roleId }, { token: operator.token });
    expect(none.data).toEqual([]);
    const infoPage = (await server.services.db.select().from(menu).where(eq(menu.url, Route.information)))[0]!;
    // The operator's menus grant the article buttons, but articles are the whole company's: a role of one organisation never holds their keys.
    const companyWide = await server.call(api.session.buttons, { menuId: infoPage.menuId, roleId: operator.roleId }, { token: operator.token });
    expect(companyWide.data).toEqual([]);
    const logPage = (await server.services.db.select().from(menu).where(eq(menu.url, Route.behaviorDiary)))[0]!;
    expect((await server.call(api.session.buttons, { menuId: logPage.menuId, roleId: admin.roleId }, { token: admin.token })).data).toEqual([Perm.operLogExport]);
  });
});

describe('the permission guard', () => {
  const gated = endpoint({ service: 'test', summary: 'gated', method: 'POST', path: '/test/gated', access: Perm.userSave, input: z.object({}), output: z.null() });
  const fakeRequest = (headers: Record<string, string>) => ({ headers }) as never;

  it('lets a role with the key through and refuses one without it, or without a held role', async () => {
    const admin = await server.signInAdmin();
    const operator = await createOperator();
    const ctx = () => new CallContext(server.services, 'en_US', '127.0.0.1', '', '', '');

    await expect(guard(ctx(), gated, fakeRequest({ authorization: `Bearer ${admin.token}`, 'x-role-id': String(admin.roleId) }))).resolves.toBeUndefined();
    await expect(guard(ctx(), gated, fakeRequest({ authorization: `Bearer ${operator.token}`, 'x-role-id': String(operator.roleId) }))).rejects.toMatchObject({ code: ResponseCode.Forbidden });
    await expect(guard(ctx(), gated, fakeRequest({ authorization: `Bearer ${operator.token}`, 'x-role-id': String(admin.roleId) }))).rejects.toMatchObject({ code: ResponseCode.RoleNotHeld });
    await expect(guard(ctx(), gated, fakeRequest({ authorization: `Bearer ${admin.token}` }))).rejects.toMatchObject({ code: ResponseCode.RoleNotHeld });
    await expect(guard(ctx(), gated, fakeRequest({}))).rejects.toMatchObject({ code: ResponseCode.Unauthorized });
  });

  it('a header role the user does not hold is refused on any signed-in call', async () => {
    const admin = await server.signInAdmin();
    const operator = await createOperator();
    const call = await server.call(api.session.roleSelect, {}, { token: operator.token, roleId: admin.roleId });
    expect(call.code).toBe(ResponseCode.RoleNotHeld);
  });
});

describe('the contract', () => {
  it('every endpoint names a permission key, session or public, and OpenAPI lists them all', async () => {
    const doc = await server.raw('GET', '/api/openapi.json');
    const paths = (doc.body as unknown as { paths: Record<string, Record<string, { operationId: string; 'x-access': string }>> }).paths;
    const ids = Object.values(paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(ids.sort()).toEqual(
      listEndpoints()
        .map((e) => e.id)
        .sort(),
    );
    expect(paths['/api/sys/menu/buttons/{menuId}/{roleId}']?.get?.['x-access']).toBe('session');
    // A key no menu of the console carries could be granted to no role: its endpoint would be dead.
    const catalogueKeys = new Set((await server.services.db.select({ perms: menu.perms }).from(menu)).map((m) => m.perms));
    for (const { id, def } of listEndpoints()) {
      if (def.access !== 'public' && def.access !== 'session') expect(catalogueKeys.has(def.access), `${id} needs ${def.access}`).toBe(true);
    }
  });

  it('OpenAPI describes a download as its file and an upload as multipart', async () => {
    const doc = await server.raw('GET', '/api/openapi.json');
    type Operation = { requestBody?: { content: Record<string, unknown> }; responses: Record<string, { content: Record<string, unknown> }> };
    const paths = (doc.body as unknown as { paths: Record<string, Record<string, Operation>> }).paths;
    const exported = paths[`/api${api.dictionary.export.path}`]?.get;
    expect(Object.keys(exported?.responses[200]?.content ?? {})).toEqual([XLSX_MEDIA_TYPE, 'application/json']);
    expect(Object.keys(paths[`/api${api.file.upload.path}`]?.post?.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
  });
});

describe('own account', () => {
  it('changes the password, keeping this session and ending the others', async () => {
    const admin = await server.signInAdmin();
    const other = await server.signIn('admin', ADMIN_NEW_PASSWORD);
    const wrongOld = await server.call(api.session.changePassword, { password: await server.seal('Nope_12345'), newPassword: await server.seal('Changed_1234') }, { token: admin.token });
    expect(wrongOld.code).toBe(ResponseCode.WrongOldPassword);
    const changed = await server.call(api.session.changePassword, { password: await server.seal(ADMIN_NEW_PASSWORD), newPassword: await server.seal('Changed_1234') }, { token: admin.token });
    expect(changed.code).toBe(ResponseCode.Success);
    expect((await server.call(api.session.currentUser, {}, { token: admin.token })).code).toBe(ResponseCode.Success);
    expect((await server.call(api.session.currentUser, {}, { token: other.data!.accessToken })).code).toBe(ResponseCode.Unauthorized);
    expect((await server.signIn('admin', 'Changed_1234')).code).toBe(ResponseCode.Success);
  });

  it('shows the current user and the notices', async () => {
    const admin = await server.signInAdmin();
    const me = await server.call(api.session.currentUser, {}, { token: admin.token });
    expect(me.data).toMatchObject({ username: 'admin', deptName: '远航物流集团' });
    expect(me.data!.passwordExpiresAt).not.toBeNull();
    const notices = await server.call(api.session.dynamicMessages, {}, { token: admin.token });
    expect(notices.data!.length).toBeGreaterThanOrEqual(2);
  });
});
