import { and, eq, inArray, sql } from 'drizzle-orm';
import { MenuType } from '../../shared/constants';
import { MENU_CATALOG, type CatalogButton, type CatalogGroup, type CatalogName, type CatalogPage, type CatalogSystem } from '../../shared/menu-catalog';
import type { Db, Tx } from '../db/client';
import { markHalfCheckedParents } from '../auth/menu-grants';
import { catalogueApplied, deptMenu, menu, roleMenu } from '../db/schema';
import { i18nText } from '../db/tables';

type MenuInsert = typeof menu.$inferInsert;

/** The menu rows of the catalogue's nodes: the one place their shape is written (first start and upgrades). */
export const catalogueRows = {
  system: (system: CatalogSystem, orderNum: number): MenuInsert => ({
    name: system.name.zh_CN,
    type: MenuType.System,
    perms: system.systemId,
    appFlag: system.appFlag,
    sysVersion: system.sysVersion,
    orderNum,
    icon: 'apps',
  }),
  group: (group: CatalogGroup, systemMenuId: number, orderNum: number): MenuInsert => ({
    name: group.name.zh_CN,
    parentId: systemMenuId,
    systemMenuId,
    type: MenuType.Menu,
    perms: groupPerms(group),
    url: `#${group.key}`,
    icon: group.icon,
    orderNum,
  }),
  page: (page: CatalogPage, groupId: number, systemMenuId: number, orderNum: number): MenuInsert => ({
    name: page.name.zh_CN,
    parentId: groupId,
    systemMenuId,
    type: MenuType.Menu,
    perms: page.perms,
    url: page.url,
    linkTarget: page.linkTarget ?? 0,
    orderNum,
  }),
  button: (button: CatalogButton, pageId: number, systemMenuId: number, orderNum: number): MenuInsert => ({
    name: button.name.zh_CN,
    parentId: pageId,
    systemMenuId,
    type: MenuType.Button,
    perms: button.perms,
    orderNum,
  }),
};

export const groupPerms = (group: CatalogGroup): string => `${group.key}Group`;

/** Seeds a catalogue name's translations as multilingual text (how navigation is translated), once per Chinese name. */
export async function rememberName(tx: Tx, name: CatalogName, seen: Set<string>): Promise<void> {
  if (seen.has(name.zh_CN)) return;
  seen.add(name.zh_CN);
  await tx.insert(i18nText).values({ chinese: name.zh_CN, english: name.en_US, german: name.de_DE, korean: name.ko_KR, japanese: name.ja_JP, status: 1, operater: 'system' }).onConflictDoNothing();
}

/** Every catalogue entry as (system id, perms): a system is its own id twice. */
export function catalogueEntries(): Array<{ systemId: string; perms: string }> {
  const entries: Array<{ systemId: string; perms: string }> = [];
  for (const system of MENU_CATALOG) {
    entries.push({ systemId: system.systemId, perms: system.systemId });
    for (const group of system.groups) {
      entries.push({ systemId: system.systemId, perms: groupPerms(group) });
      for (const page of group.pages) {
        entries.push({ systemId: system.systemId, perms: page.perms });
        for (const button of page.buttons ?? []) entries.push({ systemId: system.systemId, perms: button.perms });
      }
    }
  }
  return entries;
}

export interface CatalogueSync {
  /** Menu rows added (pages and buttons of a newer release). */
  added: number;
  /** Catalogue rows whose key a newer release changed (found by their route). */
  rekeyed: number;
}

const entryKey = (systemId: string, perms: string) => `${systemId}\u0000${perms}`;

/**
 * Brings the database's menus up to this release's catalogue. An entry not yet applied is added (under its
 * group and page, named in every language) unless a row with its key is already there; a page whose key
 * changed between releases is found by its route and given the new key. A role or an organisation that held
 * every menu of a system keeps holding every menu: it is given the added rows; any other is left to an
 * administrator. Applied entries are recorded, so one an administrator deleted is never brought back.
 * A database where every entry is applied costs one query; the rest runs in one transaction, serialised
 * across server processes starting together.
 */
export async function syncCatalogue(db: Db): Promise<CatalogueSync> {
  const all = catalogueEntries();
  const appliedRows = await db.select({ systemId: catalogueApplied.systemId, perms: catalogueApplied.perms }).from(catalogueApplied);
  const appliedBefore = new Set(appliedRows.map((row) => entryKey(row.systemId, row.perms)));
  if (all.every((entry) => appliedBefore.has(entryKey(entry.systemId, entry.perms)))) return { added: 0, rekeyed: 0 };

  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table sys_catalogue_applied in exclusive mode`);
    const applied = new Set((await tx.select({ systemId: catalogueApplied.systemId, perms: catalogueApplied.perms }).from(catalogueApplied)).map((row) => entryKey(row.systemId, row.perms)));
    const rows = await tx.select({ menuId: menu.menuId, systemMenuId: menu.systemMenuId, type: menu.type, perms: menu.perms, url: menu.url }).from(menu);
    const systemRows = new Map(rows.filter((row) => row.type === MenuType.System).map((row) => [row.perms, row.menuId]));
    const byKey = new Map(rows.filter((row) => row.type !== MenuType.System).map((row) => [`${row.systemMenuId}\u0000${row.perms}`, row.menuId]));
    const pageByUrl = new Map(rows.filter((row) => row.type === MenuType.Menu && row.url !== '').map((row) => [`${row.systemMenuId}\u0000${row.url}`, row]));
    const seenNames = new Set<string>();
    const added: AddedRow[] = [];
    const nowApplied: Array<{ systemId: string; perms: string }> = [];
    let rekeyed = 0;

    const markApplied = (systemId: string, perms: string) => {
      if (!applied.has(entryKey(systemId, perms))) nowApplied.push({ systemId, perms });
    };
    /** The row of a catalogue node: the one there, a new one if never applied, or null (deleted by an administrator). */
    const ensure = async (systemId: string, systemMenuId: number, perms: string, name: CatalogName, insert: () => MenuInsert, page?: CatalogPage): Promise<number | null> => {
      const existing = byKey.get(`${systemMenuId}\u0000${perms}`);
      if (existing !== undefined) {
        markApplied(systemId, perms);
        return existing;
      }
      if (applied.has(entryKey(systemId, perms))) return null;
      const moved = page ? pageByUrl.get(`${systemMenuId}\u0000${page.url}`) : undefined;
      let menuId: number;
      if (moved) {
        await tx.update(menu).set({ perms }).where(eq(menu.menuId, moved.menuId));
        menuId = moved.menuId;
        rekeyed++;
      } else {
        await rememberName(tx, name, seenNames);
        const inserted = await tx.insert(menu).values(insert()).returning({ menuId: menu.menuId, parentId: menu.parentId });
        menuId = inserted[0]!.menuId;
        added.push({ menuId, systemMenuId, parentId: inserted[0]!.parentId! });
      }
      byKey.set(`${systemMenuId}\u0000${perms}`, menuId);
      markApplied(systemId, perms);
      return menuId;
    };

    let systemOrder = systemRows.size;
    for (const system of MENU_CATALOG) {
      let systemMenuId = systemRows.get(system.systemId) ?? null;
      if (systemMenuId === null && !applied.has(entryKey(system.systemId, system.systemId))) {
        await rememberName(tx, system.name, seenNames);
        const inserted = await tx.insert(menu).values(catalogueRows.system(system, systemOrder++)).returning({ menuId: menu.menuId });
        systemMenuId = inserted[0]!.menuId;
      }
      if (systemMenuId === null) continue;
      const systemId = systemMenuId;
      markApplied(system.systemId, system.systemId);
      for (const [groupOrder, group] of system.groups.entries()) {
        const groupId = await ensure(system.systemId, systemId, groupPerms(group), group.name, () => catalogueRows.group(group, systemId, groupOrder));
        if (groupId === null) continue;
        for (const [pageOrder, page] of group.pages.entries()) {
          const pageId = await ensure(system.systemId, systemId, page.perms, page.name, () => catalogueRows.page(page, groupId, systemId, pageOrder), page);
          if (pageId === null) continue;
          for (const [buttonOrder, button] of (page.buttons ?? []).entries()) {
            await ensure(system.systemId, systemId, button.perms, button.name, () => catalogueRows.button(button, pageId, systemId, buttonOrder));
          }
        }
      }
    }

    await giveToHoldersOfAll(tx, added);
    if (nowApplied.length > 0) await tx.insert(catalogueApplied).values(nowApplied).onConflictDoNothing();
    return { added: added.length, rekeyed };
  });
}

interface AddedRow {
  menuId: number;
  systemMenuId: number;
  parentId: number;
}

/**
 * Gives the added rows of each system to every role and organisation that held every other row of it. A role
 * left without an added row now holds its parent half-checked (it has a child not granted), so the role's
 * tree does not show that parent whole and grant the new row by the next save.
 */
async function giveToHoldersOfAll(tx: Tx, added: readonly AddedRow[]): Promise<void> {
  const bySystem = new Map<number, number[]>();
  for (const row of added) bySystem.set(row.systemMenuId, [...(bySystem.get(row.systemMenuId) ?? []), row.menuId]);
  for (const [systemMenuId, addedIds] of bySystem) {
    const before = await tx
      .select({ menuId: menu.menuId })
      .from(menu)
      .where(
        sql`(${menu.systemMenuId} = ${systemMenuId} or ${menu.menuId} = ${systemMenuId}) and ${menu.menuId} not in (${sql.join(
          addedIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    const beforeIds = before.map((row) => row.menuId);
    const fullRoles = await tx
      .select({ roleId: roleMenu.roleId })
      .from(roleMenu)
      .where(and(inArray(roleMenu.menuId, beforeIds), eq(roleMenu.halfChecked, false)))
      .groupBy(roleMenu.roleId)
      .having(sql`count(*) = ${beforeIds.length}`);
    if (fullRoles.length > 0)
      await tx
        .insert(roleMenu)
        .values(fullRoles.flatMap(({ roleId }) => addedIds.map((menuId) => ({ roleId, menuId, halfChecked: false }))))
        .onConflictDoNothing();
    const fullDepts = await tx
      .select({ deptId: deptMenu.deptId })
      .from(deptMenu)
      .where(inArray(deptMenu.menuId, beforeIds))
      .groupBy(deptMenu.deptId)
      .having(sql`count(*) = ${beforeIds.length}`);
    if (fullDepts.length > 0)
      await tx
        .insert(deptMenu)
        .values(fullDepts.flatMap(({ deptId }) => addedIds.map((menuId) => ({ deptId, menuId, systemMenuId }))))
        .onConflictDoNothing();
  }
  const addedIds = new Set(added.map((row) => row.menuId));
  await markHalfCheckedParents(
    tx,
    [...new Set(added.map((row) => row.parentId))].filter((id) => !addedIds.has(id)),
  );
}
