import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_SYSTEM_ID } from '../../shared/menu-catalog';
import { Perm } from '../../shared/permissions';
import { Route } from '../../shared/routes';
import { catalogueApplied, deptMenu, menu, role, roleMenu } from '../db/schema';
import { startTestServer, type TestServer } from '../testing/harness';
import { catalogueEntries, syncCatalogue } from './catalogue';

/**
 * A data folder of an earlier release: its catalogue lacked a page (mail) and its button. Starting this release
 * adds them, gives them to the roles and organisations that held the whole system, and leaves a row an
 * administrator deleted deleted.
 */
describe('menu catalogue sync on an upgraded database', () => {
  let server: TestServer;
  const db = () => server.services.db;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  const rowOf = async (perms: string) => (await db().select().from(menu).where(eq(menu.perms, perms)))[0];
  const forgetApplied = (perms: string[]) =>
    db()
      .delete(catalogueApplied)
      .where(and(eq(catalogueApplied.systemId, CONSOLE_SYSTEM_ID), inArray(catalogueApplied.perms, perms)));

  it('records every entry at the first start, so a second start changes nothing', async () => {
    expect(await syncCatalogue(db())).toEqual({ added: 0, rekeyed: 0 });
    expect(await db().select().from(catalogueApplied)).toHaveLength(catalogueEntries().length);
  });

  it('adds a page and its button missing from an earlier release, granted to the holders of the whole system only', async () => {
    const page = (await rowOf(Perm.mailView))!;
    const button = (await rowOf(Perm.mailSend))!;
    const groupId = page.parentId!;
    const [admin] = await db().select().from(role).where(eq(role.roleName, '系统管理员'));
    // A role holding the messaging group and every page in it, but not the whole system.
    const siblings = await db().select({ menuId: menu.menuId }).from(menu).where(eq(menu.parentId, groupId));
    const [partial] = await db().insert(role).values({ roleName: 'catalogue-partial', deptId: admin!.deptId, roleType: 2 }).returning();
    const partialHeld = [page.systemMenuId!, groupId, ...siblings.map((row) => row.menuId).filter((id) => id !== page.menuId)];
    await db()
      .insert(roleMenu)
      .values(partialHeld.map((menuId) => ({ roleId: partial!.roleId, menuId, halfChecked: menuId === page.systemMenuId })));
    // The earlier release: neither row, nor their record of having been applied.
    await db().delete(menu).where(eq(menu.menuId, button.menuId));
    await db().delete(menu).where(eq(menu.menuId, page.menuId));
    await forgetApplied([Perm.mailView, Perm.mailSend]);

    expect(await syncCatalogue(db())).toEqual({ added: 2, rekeyed: 0 });
    const newPage = (await rowOf(Perm.mailView))!;
    const newButton = (await rowOf(Perm.mailSend))!;
    expect(newPage).toMatchObject({ url: Route.mailManage, parentId: groupId, systemMenuId: page.systemMenuId, name: page.name });
    expect(newButton).toMatchObject({ parentId: newPage.menuId, type: button.type });

    const grantsOf = async (roleId: number) => new Map((await db().select().from(roleMenu).where(eq(roleMenu.roleId, roleId))).map((row) => [row.menuId, row.halfChecked]));
    const adminGrants = await grantsOf(admin!.roleId);
    expect(adminGrants.get(newPage.menuId)).toBe(false);
    expect(adminGrants.get(newButton.menuId)).toBe(false);
    const partialGrants = await grantsOf(partial!.roleId);
    expect(partialGrants.has(newPage.menuId)).toBe(false);
    // The group is no longer whole for that role: half-checked, so saving its tree does not grant the new page.
    expect(partialGrants.get(groupId)).toBe(true);
    const rootResources = await db()
      .select()
      .from(deptMenu)
      .where(and(eq(deptMenu.deptId, admin!.deptId), inArray(deptMenu.menuId, [newPage.menuId, newButton.menuId])));
    expect(rootResources).toHaveLength(2);

    expect(await syncCatalogue(db())).toEqual({ added: 0, rekeyed: 0 });
  });

  it('leaves a catalogue page an administrator deleted deleted', async () => {
    const page = (await rowOf(Perm.classifyView))!;
    await db().delete(menu).where(eq(menu.parentId, page.menuId));
    await db().delete(menu).where(eq(menu.menuId, page.menuId));
    expect(await syncCatalogue(db())).toEqual({ added: 0, rekeyed: 0 });
    expect(await rowOf(Perm.classifyView)).toBeUndefined();
  });

  it('gives a page whose key changed between releases the new key, found by its route', async () => {
    const page = (await rowOf(Perm.dataGroupView))!;
    await db().update(menu).set({ perms: 'earlierGroupView' }).where(eq(menu.menuId, page.menuId));
    await forgetApplied([Perm.dataGroupView]);
    expect(await syncCatalogue(db())).toEqual({ added: 0, rekeyed: 1 });
    expect((await rowOf(Perm.dataGroupView))!.menuId).toBe(page.menuId);
  });
});
