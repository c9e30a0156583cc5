import { asc } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../../shared/codes';
import { api } from '../../../shared/contract';
import { DEFAULT_ADMIN_PASSWORD } from '../../../shared/defaults';
import type { MenuTreeNode } from '../../role/contract';
import { deptMenu, role, roleMenu } from '../../../server/db/schema';
import { seedDemo } from '../../../server/seed/demo';
import { signInAdminActor, type Actor } from '../../../server/testing/actors';
import { startTestServer, type TestServer } from '../../../server/testing/harness';

/**
 * Opening and saving a role or an organisation's resources unchanged changes nothing (issue 45), on the
 * seeded data and on the --demo data: every seeded role is saved with the menus it holds, and every
 * organisation with each system with what its tree shows of its saved menus (what the resource screen sends,
 * resource-model.ts), and the grant tables read the same afterwards, with no removal proposed.
 */

let server: TestServer;
let admin: Actor;
beforeEach(async () => {
  server = await startTestServer();
  admin = await signInAdminActor(server);
});
afterEach(async () => {
  await server.close();
});

function idsOf(nodes: readonly MenuTreeNode[]): number[] {
  return nodes.flatMap((node) => [node.menuId, ...idsOf(node.children)]);
}

/** Every grant row: roles with their menus and half-checked flags, organisations with theirs. */
async function grantTables(): Promise<{ roles: unknown[]; depts: unknown[] }> {
  const db = server.services.db;
  const roles = await db.select().from(roleMenu).orderBy(asc(roleMenu.roleId), asc(roleMenu.menuId));
  const depts = await db.select().from(deptMenu).orderBy(asc(deptMenu.deptId), asc(deptMenu.menuId));
  return { roles: roles.map((r) => `${r.roleId}:${r.menuId}:${r.halfChecked}`), depts: depts.map((d) => `${d.deptId}:${d.systemMenuId}:${d.menuId}`) };
}

async function data<T>(envelope: Promise<{ code: string; msg: string; data?: T | null }>): Promise<NonNullable<T>> {
  const answer = await envelope;
  expect(answer.code, answer.msg).toBe(ResponseCode.Success);
  return answer.data as NonNullable<T>;
}

async function saveEveryRoleUnchanged(): Promise<number> {
  const roleIds = (await server.services.db.select({ roleId: role.roleId }).from(role).orderBy(asc(role.roleId))).map((r) => r.roleId);
  for (const roleId of roleIds) {
    const record = await data(server.call(api.role.info, { roleId }, admin.as));
    await data(
      server.call(
        api.role.update,
        { roleId, roleName: record.roleName, deptId: record.deptId, remark: record.remark, roleType: record.roleType, menuIdList: record.menuIdList, version: record.version },
        admin.as,
      ),
    );
    expect((await data(server.call(api.role.info, { roleId }, admin.as))).menuIdList).toEqual(record.menuIdList);
  }
  return roleIds.length;
}

async function saveEveryOrganisationUnchanged(): Promise<number> {
  const depts = await data(server.call(api.resource.depts, { roleId: admin.roleId }, admin.as));
  const systems = await data(server.call(api.menu.appsByRole, { roleId: admin.roleId }, admin.as));
  let saves = 0;
  for (const dept of depts) {
    for (const system of systems) {
      const saved = await data(server.call(api.resource.byDept, { deptId: dept.deptId }, admin.as));
      const tree = await data(server.call(api.resource.tree, { deptId: dept.deptId, sysId: system.menuId }, admin.as));
      const held = new Set(saved.sysIdList.find((entry) => entry.sysId === system.menuId)?.menuIdList ?? []);
      const form = { deptId: dept.deptId, stamp: saved.stamp, sysIdList: [{ sysId: system.menuId, menuIdList: idsOf(tree).filter((id) => held.has(id)) }] };
      expect(await data(server.call(api.resource.preview, form, admin.as)), `${dept.name} / ${system.appName}`).toEqual({ depts: [], roles: [] });
      await data(server.call(api.resource.save, form, admin.as));
      expect((await data(server.call(api.resource.byDept, { deptId: dept.deptId }, admin.as))).allMenuIdList.sort()).toEqual([...saved.allMenuIdList].sort());
      saves += 1;
    }
  }
  return saves;
}

describe('load → save unchanged changes nothing', () => {
  it('for every seeded role and every seeded organisation with each of its systems', async () => {
    const before = await grantTables();
    expect(await saveEveryRoleUnchanged()).toBeGreaterThan(3);
    expect(await saveEveryOrganisationUnchanged()).toBeGreaterThan(3);
    expect(await grantTables()).toEqual(before);
  });

  it('on the --demo data too', async () => {
    await seedDemo(server.services.db, { users: 6, logRows: 20, password: DEFAULT_ADMIN_PASSWORD, secrets: server.services.secrets });
    const before = await grantTables();
    await saveEveryRoleUnchanged();
    await saveEveryOrganisationUnchanged();
    expect(await grantTables()).toEqual(before);
  });
});
