import { asc, eq, sql } from 'drizzle-orm';
import { ResponseCode } from '../../shared/codes';
import { MenuStatus, MenuType, RoleType } from '../../shared/constants';
import type { MenuTreeNode } from '../../areas/role/contract';
import type { CallContext } from '../context';
import type { Tx } from '../db/client';
import { dept, deptMenu, menu } from '../db/schema';
import { AppError, Errors } from '../errors';

/**
 * What the role and resource screens share: the menu table in memory, the rule that a granted menu's
 * parent is granted too, half-checked flags, the menus the caller may hand on, and an organisation's
 * resources (sys_dept_menu).
 */

export interface MenuEntry {
  menuId: number;
  parentId: number | null;
  systemMenuId: number | null;
  type: number;
  name: string;
  status: number;
  perms: string;
}

/** The menu table (it is small), in display order. */
export class MenuTable {
  readonly byId = new Map<number, MenuEntry>();
  private readonly childrenOf = new Map<number, MenuEntry[]>();

  constructor(readonly rows: readonly MenuEntry[]) {
    for (const row of rows) {
      this.byId.set(row.menuId, row);
      if (row.parentId === null) continue;
      const siblings = this.childrenOf.get(row.parentId) ?? [];
      siblings.push(row);
      this.childrenOf.set(row.parentId, siblings);
    }
  }

  children(menuId: number): readonly MenuEntry[] {
    return this.childrenOf.get(menuId) ?? [];
  }

  /** The system a menu belongs to (a system belongs to itself). */
  systemOf(menuId: number): number | null {
    const row = this.byId.get(menuId);
    if (!row) return null;
    return row.type === MenuType.System ? row.menuId : row.systemMenuId;
  }

  /** Every menu of a system, the system among them. */
  ofSystem(systemMenuId: number): number[] {
    return this.rows.filter((row) => row.menuId === systemMenuId || row.systemMenuId === systemMenuId).map((row) => row.menuId);
  }

  /** The menus of `ids` and everything below them. */
  withDescendants(ids: Iterable<number>): Set<number> {
    const out = new Set<number>();
    const stack = [...ids];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (out.has(id)) continue;
      out.add(id);
      for (const child of this.children(id)) stack.push(child.menuId);
    }
    return out;
  }

  /**
   * Half-checked menus of a granted set: those with a child that is not granted (spec 001 §4). A page with
   * only some of its buttons still grants the page; a button, a leaf, is never half-checked.
   */
  halfChecked(granted: ReadonlySet<number>): Set<number> {
    const half = new Set<number>();
    for (const id of granted) if (this.children(id).some((child) => !granted.has(child.menuId))) half.add(id);
    return half;
  }

  /**
   * Refuses ids that are no menu, a menu not offered (`refusal`, A0302), and a menu whose parent is not in
   * the list (the tree's half-checked parents are sent too).
   */
  checkGrantable(ids: readonly number[], offered: ReadonlySet<number>, field: string, refusal: string): void {
    const chosen = new Set(ids);
    for (const id of ids) {
      const row = this.byId.get(id);
      if (!row) throw Errors.invalid(field, 'error.notFound');
      if (!offered.has(id)) throw new AppError(ResponseCode.OutOfScope, refusal, {}, field);
      if (row.parentId !== null && !chosen.has(row.parentId)) throw Errors.invalid(field, 'validation.menuParentMissing');
    }
  }

  /** The offered menus as trees (systems at the root), names translated. */
  async tree(offered: ReadonlySet<number>, translate: (name: string) => Promise<string>, roots?: readonly number[]): Promise<MenuTreeNode[]> {
    const build = async (row: MenuEntry): Promise<MenuTreeNode> => {
      const children: MenuTreeNode[] = [];
      for (const child of this.children(row.menuId)) if (offered.has(child.menuId)) children.push(await build(child));
      return { menuId: row.menuId, parentId: row.parentId, name: await translate(row.name), type: row.type, enabled: row.status === MenuStatus.Usable, children };
    };
    const starts = roots ? roots.map((id) => this.byId.get(id)).filter((row): row is MenuEntry => row !== undefined) : this.rows.filter((row) => row.type === MenuType.System);
    const out: MenuTreeNode[] = [];
    for (const row of starts) if (offered.has(row.menuId)) out.push(await build(row));
    return out;
  }
}

/**
 * Menus just added under `parentIds` are granted to no one: a role holding such a parent whole now holds it
 * half-checked (it has a child not granted), the rule every save applies, so that opening the role and saving
 * it unchanged changes nothing.
 */
export async function markHalfCheckedParents(tx: Tx, parentIds: readonly number[]): Promise<void> {
  if (parentIds.length === 0) return;
  await tx.execute(sql`update sys_role_menu rm set half_checked = true
    where rm.menu_id in (${sql.join(
      parentIds.map((id) => sql`${id}`),
      sql`, `,
    )}) and not rm.half_checked
      and exists (select 1 from sys_menu c where c.parent_id = rm.menu_id
        and not exists (select 1 from sys_role_menu h where h.role_id = rm.role_id and h.menu_id = c.menu_id))`);
}

export async function loadMenuTable(db: Tx): Promise<MenuTable> {
  const rows = await db
    .select({ menuId: menu.menuId, parentId: menu.parentId, systemMenuId: menu.systemMenuId, type: menu.type, name: menu.name, status: menu.status, perms: menu.perms })
    .from(menu)
    .orderBy(asc(menu.orderNum), asc(menu.menuId));
  return new MenuTable(rows);
}

/** The menus the current role may hand on: every menu for a role of type 1, otherwise the ones it holds. */
export async function callerMenus(ctx: CallContext, menus: MenuTable): Promise<Set<number>> {
  const caller = ctx.requireRole();
  if (caller.roleType === RoleType.AllOrganisations) return new Set(menus.byId.keys());
  return new Set((await ctx.services.authz.menusOf(caller.roleId)).keys());
}

/** The menus an organisation has been given (/resource). */
export async function resourcesOf(db: Tx, deptId: number): Promise<Set<number>> {
  const rows = await db.select({ menuId: deptMenu.menuId }).from(deptMenu).where(eq(deptMenu.deptId, deptId));
  return new Set(rows.map((r) => r.menuId));
}

/**
 * What an organisation may be given: any menu for a top organisation, otherwise what its parent
 * organisation has. Null when the organisation does not exist.
 */
export async function resourceBound(db: Tx, menus: MenuTable, deptId: number): Promise<Set<number> | null> {
  const found = await db.select({ parentId: dept.parentId }).from(dept).where(eq(dept.deptId, deptId)).limit(1);
  if (!found[0]) return null;
  const parentId = found[0].parentId;
  return parentId === null ? new Set(menus.byId.keys()) : resourcesOf(db, parentId);
}

/** The rows of the back-office system: a role of type 1 always holds them all. */
export function consoleMenuIds(menus: MenuTable, consoleSystem: number | null): number[] {
  return consoleSystem === null ? [] : menus.ofSystem(consoleSystem);
}
