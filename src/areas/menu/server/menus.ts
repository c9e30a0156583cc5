import { and, asc, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import { ResponseCode } from '../../../shared/codes';
import { LinkTarget, MenuType, RoleType } from '../../../shared/constants';
import { isPermissionKey } from '../../../shared/permissions';
import type { MenuNode } from '../contract';
import type { api } from '../../../shared/contract';
import type { ParsedInputOf } from '../../../shared/contract/endpoint';
import { rowsOf } from '../../../server/auth/authz';
import { checkCurrentRole } from '../../../server/auth/scope';
import { markHalfCheckedParents } from '../../../server/auth/menu-grants';
import type { CallContext } from '../../../server/context';
import type { Tx } from '../../../server/db/client';
import { SqlState, violatedConstraint } from '../../../server/db/errors';
import { menu, role, roleMenu } from '../../../server/db/schema';
import { AppError, Errors } from '../../../server/errors';
import { undoableDelete } from '../../../server/undo';
import type { UndoTicket } from '../../../shared/contract/undo';

type MenuRow = typeof menu.$inferSelect;
type MenuForm = ParsedInputOf<typeof api.menu.add>;
// The stored record, as the form and the operation log see it; the list adds the name in the reader's language.
type MenuSnapshot = Omit<MenuNode, 'children' | 'shownName'>;

/** The unique indexes a menu save can run into: both are about the perms field (system id, key value). */
const PERMS_CONSTRAINTS = new Set(['sys_menu_system_id_uq', 'sys_menu_key_uq']);

function snapshotOf(row: MenuRow): MenuSnapshot {
  return {
    menuId: row.menuId,
    parentId: row.parentId,
    systemMenuId: row.systemMenuId,
    name: row.name,
    url: row.url,
    type: row.type,
    orderNum: row.orderNum,
    status: row.status,
    perms: row.perms,
    linkTarget: row.linkTarget,
    icon: row.icon,
    appFlag: row.appFlag,
    sysVersion: row.sysVersion,
    version: row.version,
  };
}

function systemOf(row: Pick<MenuRow, 'menuId' | 'type' | 'systemMenuId'>): number {
  return row.type === MenuType.System ? row.menuId : (row.systemMenuId ?? row.menuId);
}

export async function menuById(db: Tx, menuId: number): Promise<MenuRow | null> {
  const rows = await db.select().from(menu).where(eq(menu.menuId, menuId)).limit(1);
  return rows[0] ?? null;
}

/**
 * Systems whose menus the current role manages: every system for a role that sees every organisation,
 * otherwise the systems granted to it. A role that manages only some systems cannot create a system
 * (it would lie outside the role at once).
 */
export async function managedSystemIds(ctx: CallContext): Promise<Set<number>> {
  const role = ctx.requireRole();
  const systems = await ctx.services.db.select({ menuId: menu.menuId }).from(menu).where(eq(menu.type, MenuType.System));
  if (role.roleType === RoleType.AllOrganisations) return new Set(systems.map((s) => s.menuId));
  const granted = await ctx.services.authz.menusOf(role.roleId);
  return new Set(systems.filter((s) => granted.has(s.menuId)).map((s) => s.menuId));
}

function managesEverySystem(ctx: CallContext): boolean {
  return ctx.requireRole().roleType === RoleType.AllOrganisations;
}

/**
 * A catalogue row carries a console permission key (or is the console's system itself): the keys are
 * owned by the code, so such a row is never deleted and its key, type and system never change; only a
 * role that manages every system may change its status.
 */
function isCatalogueRow(row: Pick<MenuRow, 'menuId' | 'type' | 'perms' | 'systemMenuId'>, consoleSystem: number | null): boolean {
  if (row.type === MenuType.System) return row.menuId === consoleSystem;
  return row.systemMenuId === consoleSystem && isPermissionKey(row.perms);
}

/**
 * What a save or delete is checked against, read before its transaction opens (PGlite has one connection,
 * which the transaction holds): the console's system, and the organisations of a role that does not see
 * them all (null for one that does).
 */
async function guardsOf(ctx: CallContext): Promise<{ consoleSystem: number | null; scope: Set<number> | null }> {
  const { authz } = ctx.services;
  return { consoleSystem: await authz.consoleSystemId(), scope: managesEverySystem(ctx) ? null : await authz.visibleDeptIds(ctx.requireRole().roleId) };
}

/**
 * A role that sees only its own organisations may change or delete only menus that no role outside them
 * holds: a menu others depend on is theirs too.
 */
async function checkHeldInScope(tx: Tx, scope: ReadonlySet<number> | null, menuIds: readonly number[], field: string): Promise<void> {
  if (scope === null) return;
  const holders = await tx
    .selectDistinct({ deptId: role.deptId })
    .from(roleMenu)
    .innerJoin(role, eq(role.roleId, roleMenu.roleId))
    .where(inArray(roleMenu.menuId, [...menuIds]));
  if (holders.some((h) => !scope.has(h.deptId))) throw new AppError(ResponseCode.OutOfScope, 'error.menuHeldOutsideScope', {}, field);
}

function checkCatalogueUpdate(ctx: CallContext, existing: MenuRow, form: MenuForm, systemMenuId: number | null, consoleSystem: number | null): void {
  if (!isCatalogueRow(existing, consoleSystem)) return;
  if (form.perms !== existing.perms || form.type !== existing.type || (existing.type !== MenuType.System && systemMenuId !== existing.systemMenuId)) {
    throw new AppError(ResponseCode.InvalidInput, 'error.catalogueMenu', {}, 'perms');
  }
  if (form.status !== existing.status && !managesEverySystem(ctx)) throw new AppError(ResponseCode.OutOfScope, 'error.catalogueMenuStatus', {}, 'status');
}

async function descendantIds(db: Tx, menuId: number): Promise<Set<number>> {
  const result = await db.execute(sql`
    with recursive below as (
      select menu_id from sys_menu where parent_id = ${menuId}
      union all
      select m.menu_id from sys_menu m join below b on m.parent_id = b.menu_id
    )
    select menu_id from below`);
  return new Set(rowsOf<{ menu_id: number }>(result).map((r) => Number(r.menu_id)));
}

async function hasChildren(db: Tx, menuId: number): Promise<boolean> {
  const rows = await db.select({ menuId: menu.menuId }).from(menu).where(eq(menu.parentId, menuId)).limit(1);
  return rows.length > 0;
}

/** Keeps the rows that match and every ancestor of a match, so a filtered tree stays connected. */
function withAncestors(rows: MenuRow[], matches: (row: MenuRow) => boolean): MenuRow[] {
  const byId = new Map(rows.map((r) => [r.menuId, r]));
  const kept = new Set<number>();
  for (const row of rows) {
    if (!matches(row)) continue;
    let current: MenuRow | undefined = row;
    while (current && !kept.has(current.menuId)) {
      kept.add(current.menuId);
      current = current.parentId === null ? undefined : byId.get(current.parentId);
    }
  }
  return rows.filter((r) => kept.has(r.menuId));
}

/** Rows (in display order) as a tree; a row whose parent is absent becomes a root. */
async function menuTree(ctx: CallContext, rows: MenuRow[]): Promise<MenuNode[]> {
  const { translations } = ctx.services;
  const shown = await Promise.all(rows.map((r) => translations.translate(ctx.locale, r.name)));
  const nodes = new Map<number, MenuNode>(rows.map((r, index) => [r.menuId, { ...snapshotOf(r), shownName: shown[index] ?? r.name, children: [] }]));
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

export async function listMenus(ctx: CallContext, input: ParsedInputOf<typeof api.menu.list>): Promise<MenuNode[]> {
  checkCurrentRole(ctx, input.roleId);
  const managed = await managedSystemIds(ctx);
  if (input.menuId && !managed.has(input.menuId)) throw Errors.outOfScope('menuId');
  const systems = input.menuId ? [input.menuId] : [...managed];
  if (systems.length === 0) return [];
  const rows = await ctx.services.db
    .select()
    .from(menu)
    .where(or(inArray(menu.menuId, systems), inArray(menu.systemMenuId, systems)))
    .orderBy(asc(menu.orderNum), asc(menu.menuId));
  const status = input.status;
  return menuTree(ctx, status === null || status === undefined ? rows : withAncestors(rows, (r) => r.status === status));
}

export async function menuInfo(ctx: CallContext, menuId: number): Promise<MenuSnapshot & { parentName: string }> {
  const { db } = ctx.services;
  const row = await menuById(db, menuId);
  if (!row) throw Errors.notFound('menuId');
  if (!(await managedSystemIds(ctx)).has(systemOf(row))) throw Errors.outOfScope('menuId');
  const parent = row.parentId === null ? null : await menuById(db, row.parentId);
  return { ...snapshotOf(row), parentName: parent?.name ?? '' };
}

/** The stored values of a form: fields that do not apply to the type are stored empty. */
function valuesOf(form: MenuForm) {
  const isSystem = form.type === MenuType.System;
  return {
    name: form.name,
    type: form.type,
    parentId: isSystem ? null : (form.parentId ?? null),
    url: form.type === MenuType.Button ? '' : form.url,
    linkTarget: form.type === MenuType.Menu ? (form.linkTarget ?? LinkTarget.CurrentWindow) : LinkTarget.CurrentWindow,
    perms: form.perms,
    orderNum: form.orderNum,
    status: form.status,
    icon: form.icon,
    appFlag: isSystem ? form.appFlag : '',
    sysVersion: isSystem ? form.sysVersion : '',
  };
}

/**
 * Where a menu or button goes: its parent must exist, fit the type (a button under a menu, a menu under a
 * system or menu), lie in a system the role manages and, for a moved menu, not be the menu itself or below
 * it. Returns the system the node belongs to (null for a system).
 */
async function placementOf(tx: Tx, form: MenuForm, managed: Set<number>, moving: MenuRow | null): Promise<number | null> {
  if (form.type === MenuType.System || !form.parentId) return null;
  const parent = await menuById(tx, form.parentId);
  if (!parent) throw Errors.invalid('parentId', 'error.notFound');
  if (form.type === MenuType.Button && parent.type !== MenuType.Menu) throw Errors.invalid('parentId', 'validation.buttonParent');
  if (form.type === MenuType.Menu && parent.type === MenuType.Button) throw Errors.invalid('parentId', 'validation.menuParent');
  const systemMenuId = systemOf(parent);
  if (!managed.has(systemMenuId)) throw Errors.outOfScope('parentId');
  if (moving && (parent.menuId === moving.menuId || (await descendantIds(tx, moving.menuId)).has(parent.menuId))) {
    throw Errors.invalid('parentId', 'validation.menuCycle');
  }
  return systemMenuId;
}

/** A duplicate system id or key value met at the unique index (also when two saves race). */
function permsConflict(error: unknown): never {
  const constraint = violatedConstraint(error, SqlState.UniqueViolation);
  if (constraint !== null && PERMS_CONSTRAINTS.has(constraint)) throw Errors.conflict('perms');
  throw error;
}

export async function addMenu(ctx: CallContext, form: MenuForm): Promise<MenuRow> {
  const session = ctx.requireSession();
  const managed = await managedSystemIds(ctx);
  if (form.type === MenuType.System && !managesEverySystem(ctx)) throw Errors.outOfScope('type');
  const { db } = ctx.services;
  const created = await db
    .transaction(async (tx) => {
      const systemMenuId = await placementOf(tx, form, managed, null);
      const inserted = await tx
        .insert(menu)
        .values({ ...valuesOf(form), systemMenuId, createBy: session.userId, createTime: ctx.services.now() })
        .returning();
      const row = inserted[0]!;
      // Nobody holds the new menu: roles holding its parent whole now hold that parent half-checked.
      if (row.parentId !== null) await markHalfCheckedParents(tx, [row.parentId]);
      await ctx.logChange(tx, { entryType: 'add', content: { key: 'menu.add', values: { name: row.name, perms: row.perms } }, before: null, after: snapshotOf(row) });
      return row;
    })
    .catch(permsConflict);
  ctx.services.authz.changed();
  return created;
}

export async function updateMenu(ctx: CallContext, form: ParsedInputOf<typeof api.menu.update>): Promise<MenuRow> {
  const session = ctx.requireSession();
  const managed = await managedSystemIds(ctx);
  const guards = await guardsOf(ctx);
  const { db } = ctx.services;
  const after = await db
    .transaction(async (tx) => {
      const existing = await menuById(tx, form.menuId);
      if (!existing) throw Errors.notFound('menuId');
      if (!managed.has(systemOf(existing))) throw Errors.outOfScope('menuId');
      if (form.type !== existing.type) {
        if (await hasChildren(tx, existing.menuId)) throw Errors.invalid('type', 'validation.menuTypeWithChildren');
        if (form.type === MenuType.System && !managesEverySystem(ctx)) throw Errors.outOfScope('type');
      }
      const systemMenuId = await placementOf(tx, form, managed, existing);
      checkCatalogueUpdate(ctx, existing, form, systemMenuId, guards.consoleSystem);
      await checkHeldInScope(tx, guards.scope, [existing.menuId], 'menuId');
      const updated = await tx
        .update(menu)
        .set({ ...valuesOf(form), systemMenuId, updateBy: session.userId, updateTime: ctx.services.now(), version: sql`${menu.version} + 1` })
        .where(and(eq(menu.menuId, form.menuId), eq(menu.version, form.version)))
        .returning();
      if (!updated[0]) throw Errors.stale();
      // A menu moved to another system takes its whole subtree along.
      if (existing.type !== MenuType.System && systemMenuId !== existing.systemMenuId) {
        const below = [...(await descendantIds(tx, existing.menuId))];
        if (below.length > 0) await tx.update(menu).set({ systemMenuId }).where(inArray(menu.menuId, below));
      }
      await ctx.logChange(tx, {
        entryType: 'update',
        content: { key: 'menu.update', values: { name: updated[0].name, perms: updated[0].perms } },
        before: snapshotOf(existing),
        after: snapshotOf(updated[0]),
      });
      return updated[0];
    })
    .catch(permsConflict);
  ctx.services.authz.changed();
  return after;
}

/** Deletes all the menus or none: each must be in a managed system and keep no child outside the selection. */
export async function deleteMenus(ctx: CallContext, menuIds: number[]): Promise<UndoTicket> {
  const managed = await managedSystemIds(ctx);
  const guards = await guardsOf(ctx);
  const { db } = ctx.services;
  const ticket = await db
    .transaction(async (tx) => {
      const rows = await tx.select().from(menu).where(inArray(menu.menuId, menuIds));
      if (rows.length !== menuIds.length) throw Errors.notFound('menuIds');
      if (rows.some((r) => !managed.has(systemOf(r)))) throw Errors.outOfScope('menuIds');
      if (rows.some((r) => isCatalogueRow(r, guards.consoleSystem))) throw new AppError(ResponseCode.InUse, 'error.catalogueMenu', {}, 'menuIds');
      await checkHeldInScope(tx, guards.scope, menuIds, 'menuIds');
      const remaining = await tx
        .select({ menuId: menu.menuId })
        .from(menu)
        .where(and(inArray(menu.parentId, menuIds), notInArray(menu.menuId, menuIds)))
        .limit(1);
      if (remaining.length > 0) throw Errors.inUse('error.menuHasChildren');
      const undo = await undoableDelete(ctx, tx, { table: menu, where: inArray(menu.menuId, menuIds) });
      await tx.delete(menu).where(inArray(menu.menuId, menuIds));
      await ctx.logChange(tx, { entryType: 'delete', content: { key: 'menu.delete', values: { menus: rows.map((r) => `${r.name} (${r.perms})`) } }, before: rows.map(snapshotOf), after: null });
      return undo;
    })
    .catch((error: unknown) => {
      if (violatedConstraint(error, SqlState.RestrictViolation) !== null || violatedConstraint(error, SqlState.ForeignKeyViolation) !== null) throw Errors.inUse('error.menuInUse');
      throw error;
    });
  ctx.services.authz.changed();
  return ticket;
}
