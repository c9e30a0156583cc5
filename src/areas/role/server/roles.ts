import { and, asc, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { ResponseCode } from '../../../shared/codes';
import { MenuStatus, MenuType, RoleType } from '../../../shared/constants';
import type { api } from '../../../shared/contract';
import type { ParsedInputOf } from '../../../shared/contract/endpoint';
import type { GrantableMenus, RolePreview, RoleRecord, RoleRow } from '../contract';
import { checkCurrentRole, filteredScope, roleScope } from '../../../server/auth/scope';
import type { CallContext } from '../../../server/context';
import type { Tx } from '../../../server/db/client';
import { SqlState, violatedConstraint } from '../../../server/db/errors';
import { containsPattern, emptyPage, pagedQuery } from '../../../server/db/lists';
import { dept, role, roleMenu, userRole } from '../../../server/db/schema';
import { AppError, Errors } from '../../../server/errors';
import { navigationOf } from '../../../server/platform/session';
import { callerMenus, consoleMenuIds, loadMenuTable, resourcesOf, type MenuTable } from '../../../server/auth/menu-grants';
import { undoableDelete } from '../../../server/undo';
import type { UndoTicket } from '../../../shared/contract/undo';

type RoleForm = ParsedInputOf<typeof api.role.add>;
type RoleUpdateForm = ParsedInputOf<typeof api.role.update>;
type RoleTableRow = typeof role.$inferSelect;

interface RoleTarget {
  roleId: number;
  deptId: number;
  roleType: number;
}

/** What a save or delete is checked against, read before its transaction opens (PGlite has one connection). */
interface Guards {
  scope: Set<number>;
  menus: MenuTable;
  /** The menus the caller may hand on. */
  grantable: Set<number>;
  consoleMenus: number[];
}

async function guardsOf(ctx: CallContext): Promise<Guards> {
  const { db, authz } = ctx.services;
  const menus = await loadMenuTable(db);
  return { scope: await roleScope(ctx), menus, grantable: await callerMenus(ctx, menus), consoleMenus: consoleMenuIds(menus, await authz.consoleSystemId()) };
}

/** The stored role type as the contract names it (the column holds only 1 or 2). */
function typeOf(stored: number): typeof RoleType.AllOrganisations | typeof RoleType.OwnSubtree {
  return stored === RoleType.AllOrganisations ? RoleType.AllOrganisations : RoleType.OwnSubtree;
}

function callerIsGlobal(ctx: CallContext): boolean {
  return ctx.requireRole().roleType === RoleType.AllOrganisations;
}

/** What the operation log keeps of a role. */
function snapshotOf(row: RoleTableRow, menuIdList: readonly number[]) {
  return { roleId: row.roleId, roleName: row.roleName, deptId: row.deptId, remark: row.remark, roleType: row.roleType, menuIdList: [...menuIdList].sort((a, b) => a - b), version: row.version };
}

async function roleById(db: Tx, roleId: number): Promise<RoleTableRow | null> {
  const rows = await db.select().from(role).where(eq(role.roleId, roleId)).limit(1);
  return rows[0] ?? null;
}

async function menuIdsOf(db: Tx, roleId: number): Promise<number[]> {
  const rows = await db.select({ menuId: roleMenu.menuId }).from(roleMenu).where(eq(roleMenu.roleId, roleId)).orderBy(asc(roleMenu.menuId));
  return rows.map((r) => r.menuId);
}

/** A role taken at the unique index of its organisation's role names (also when two saves race). */
function roleNameConflict(error: unknown): never {
  if (violatedConstraint(error, SqlState.UniqueViolation) === 'sys_role_name_dept_uq') throw Errors.conflict('roleName');
  throw error;
}

/**
 * A role the caller may change or delete: inside its organisations, and not above it. A role of type 1,
 * or one holding a menu the caller lacks, is out of reach of a role of type 2 (otherwise a branch
 * administrator could strip, rename or move a role that outranks it). A role of type 2 never changes the
 * role it acts in: it would change its own permissions.
 */
function checkReach(ctx: CallContext, guards: Guards, target: RoleTarget, targetMenus: readonly number[], field: string): void {
  if (!guards.scope.has(target.deptId)) throw Errors.outOfScope(field);
  if (callerIsGlobal(ctx)) return;
  if (target.roleType === RoleType.AllOrganisations || targetMenus.some((id) => !guards.grantable.has(id))) throw new AppError(ResponseCode.OutOfScope, 'error.roleOutranks', {}, field);
  if (target.roleId === ctx.requireRole().roleId) throw Errors.caller('error.changeOwnRole');
}

/**
 * The menus a role of `roleType` in organisation `deptId` may be given by the caller: a role of type 1
 * (only a role of type 1 gives one) is bound by nothing but the caller; a role of type 2 only to what its
 * organisation has been given (/resource) and the caller holds.
 */
async function offeredMenus(ctx: CallContext, db: Tx, guards: Guards, deptId: number, roleType: number): Promise<Set<number>> {
  if (roleType === RoleType.AllOrganisations) {
    if (!callerIsGlobal(ctx)) throw new AppError(ResponseCode.OutOfScope, 'error.roleTypeBeyondOwn', {}, 'roleType');
    return guards.grantable;
  }
  const given = await resourcesOf(db, deptId);
  return new Set([...given].filter((id) => guards.grantable.has(id)));
}

/**
 * The grants a form asks for: each menu offered, its parent among them; a role of type 1 always holds
 * the whole back-office system (its permission keys cannot be taken from it, see authz.keysOf).
 */
async function grantsOf(ctx: CallContext, db: Tx, guards: Guards, form: RoleForm): Promise<{ granted: Set<number>; half: Set<number> }> {
  const offered = await offeredMenus(ctx, db, guards, form.deptId, form.roleType);
  const fixed = form.roleType === RoleType.AllOrganisations ? guards.consoleMenus : [];
  const ids = [...new Set([...form.menuIdList, ...fixed])];
  guards.menus.checkGrantable(ids, offered, 'menuIdList', 'error.menuNotGrantable');
  const granted = new Set(ids);
  return { granted, half: guards.menus.halfChecked(granted) };
}

async function writeGrants(tx: Tx, roleId: number, grants: { granted: Set<number>; half: Set<number> }): Promise<void> {
  await tx.delete(roleMenu).where(eq(roleMenu.roleId, roleId));
  if (grants.granted.size > 0) await tx.insert(roleMenu).values([...grants.granted].map((menuId) => ({ roleId, menuId, halfChecked: grants.half.has(menuId) })));
}

export async function listRoles(ctx: CallContext, input: ParsedInputOf<typeof api.role.list>) {
  checkCurrentRole(ctx, input.roleId);
  const { db } = ctx.services;
  const deptIds = await filteredScope(ctx, input.deptId);
  if (deptIds.length === 0) return emptyPage<RoleRow>(input);
  const conditions: SQL[] = [inArray(role.deptId, deptIds)];
  if (input.name) conditions.push(ilike(role.roleName, containsPattern(input.name)));
  return pagedQuery(db, input, {
    rows: db
      .select({
        roleId: role.roleId,
        roleName: role.roleName,
        remark: role.remark,
        deptId: role.deptId,
        deptName: dept.name,
        roleType: role.roleType,
        createTime: role.createTime,
        userCount: sql<number>`(select count(*)::int from ${userRole} where ${userRole.roleId} = ${role.roleId})`,
      })
      .from(role)
      .innerJoin(dept, eq(dept.deptId, role.deptId))
      .$dynamic(),
    counted: role,
    where: and(...conditions),
    orderBy: [asc(role.roleId)],
    records: (rows) => rows.map((r): RoleRow => ({ ...r, roleType: typeOf(r.roleType), userCount: Number(r.userCount), createTime: r.createTime.toISOString() })),
  });
}

/** A role inside the caller's organisations. */
async function roleInScope(ctx: CallContext, roleId: number): Promise<RoleTableRow & { deptName: string }> {
  const { db } = ctx.services;
  const rows = await db.select({ row: role, deptName: dept.name }).from(role).innerJoin(dept, eq(dept.deptId, role.deptId)).where(eq(role.roleId, roleId)).limit(1);
  const found = rows[0];
  if (!found) throw Errors.notFound('roleId');
  if (!(await roleScope(ctx)).has(found.row.deptId)) throw Errors.outOfScope('roleId');
  return { ...found.row, deptName: found.deptName };
}

export async function roleInfo(ctx: CallContext, roleId: number): Promise<RoleRecord> {
  const found = await roleInScope(ctx, roleId);
  return {
    roleId: found.roleId,
    roleName: found.roleName,
    remark: found.remark,
    deptId: found.deptId,
    deptName: found.deptName,
    roleType: typeOf(found.roleType),
    menuIdList: await menuIdsOf(ctx.services.db, roleId),
    version: found.version,
  };
}

export async function addRole(ctx: CallContext, form: RoleForm): Promise<RoleTableRow> {
  const session = ctx.requireSession();
  const guards = await guardsOf(ctx);
  if (!guards.scope.has(form.deptId)) throw Errors.outOfScope('deptId');
  const { db } = ctx.services;
  const created = await db
    .transaction(async (tx) => {
      const grants = await grantsOf(ctx, tx, guards, form);
      const inserted = await tx
        .insert(role)
        .values({ roleName: form.roleName, deptId: form.deptId, remark: form.remark, roleType: form.roleType, createBy: session.userId, createTime: ctx.services.now() })
        .returning();
      const row = inserted[0]!;
      await writeGrants(tx, row.roleId, grants);
      await ctx.logChange(tx, { entryType: 'add', content: { key: 'role.add', values: { name: row.roleName } }, before: null, after: snapshotOf(row, [...grants.granted]) });
      return row;
    })
    .catch(roleNameConflict);
  ctx.services.authz.changed();
  return created;
}

export async function updateRole(ctx: CallContext, form: RoleUpdateForm): Promise<RoleTableRow> {
  const session = ctx.requireSession();
  const guards = await guardsOf(ctx);
  if (!guards.scope.has(form.deptId)) throw Errors.outOfScope('deptId');
  const { db } = ctx.services;
  const after = await db
    .transaction(async (tx) => {
      const existing = await roleById(tx, form.roleId);
      if (!existing) throw Errors.notFound('roleId');
      const menusBefore = await menuIdsOf(tx, existing.roleId);
      checkReach(ctx, guards, existing, menusBefore, 'roleId');
      const grants = await grantsOf(ctx, tx, guards, form);
      const updated = await tx
        .update(role)
        .set({
          roleName: form.roleName,
          deptId: form.deptId,
          remark: form.remark,
          roleType: form.roleType,
          updateBy: session.userId,
          updateTime: ctx.services.now(),
          version: sql`${role.version} + 1`,
        })
        .where(and(eq(role.roleId, form.roleId), eq(role.version, form.version)))
        .returning();
      if (!updated[0]) throw Errors.stale();
      await writeGrants(tx, form.roleId, grants);
      // A role is held for its organisation: its holders follow it to the new one.
      if (existing.deptId !== form.deptId) await tx.update(userRole).set({ deptId: form.deptId }).where(eq(userRole.roleId, form.roleId));
      await ctx.logChange(tx, {
        entryType: 'update',
        content: { key: 'role.update', values: { name: updated[0].roleName } },
        before: snapshotOf(existing, menusBefore),
        after: snapshotOf(updated[0], [...grants.granted]),
      });
      return updated[0];
    })
    .catch(roleNameConflict);
  ctx.services.authz.changed();
  return after;
}

/** Deletes all the roles or none: each in reach, none held by a user (the message says by how many). */
export async function deleteRoles(ctx: CallContext, roleIds: number[]): Promise<UndoTicket> {
  const guards = await guardsOf(ctx);
  const { db } = ctx.services;
  const ticket = await db.transaction(async (tx) => {
    const rows = await tx.select().from(role).where(inArray(role.roleId, roleIds)).orderBy(asc(role.roleId));
    if (rows.length !== roleIds.length) throw Errors.notFound('roleIds');
    const snapshots = [];
    for (const row of rows) {
      const menuIds = await menuIdsOf(tx, row.roleId);
      checkReach(ctx, guards, row, menuIds, 'roleIds');
      snapshots.push(snapshotOf(row, menuIds));
    }
    const held = await tx.select({ roleId: userRole.roleId, users: count() }).from(userRole).where(inArray(userRole.roleId, roleIds)).groupBy(userRole.roleId);
    if (held.length > 0) {
      const nameOf = new Map(rows.map((r) => [r.roleId, r.roleName]));
      const roles = held
        .sort((a, b) => a.roleId - b.roleId)
        .map((h) => ctx.t('error.roleHolders', { name: nameOf.get(h.roleId) ?? String(h.roleId), count: Number(h.users) }))
        .join('; ');
      throw Errors.inUse('error.roleHeldByUsers', { roles });
    }
    const undo = await undoableDelete(ctx, tx, { table: role, where: inArray(role.roleId, roleIds) });
    await tx.delete(role).where(inArray(role.roleId, roleIds));
    await ctx.logChange(tx, { entryType: 'delete', content: { key: 'role.delete', values: { names: snapshots.map((r) => r.roleName) } }, before: snapshots, after: null });
    return undo;
  });
  ctx.services.authz.changed();
  return ticket;
}

export async function grantableMenus(ctx: CallContext, input: ParsedInputOf<typeof api.role.grantableMenus>): Promise<GrantableMenus> {
  checkCurrentRole(ctx, input.userRoleId);
  const guards = await guardsOf(ctx);
  if (!guards.scope.has(input.deptId)) throw Errors.outOfScope('deptId');
  const { db, translations } = ctx.services;
  const offered = await offeredMenus(ctx, db, guards, input.deptId, input.roleType);
  const fixedMenuIds = input.roleType === RoleType.AllOrganisations ? guards.consoleMenus : [];
  for (const id of fixedMenuIds) offered.add(id);
  const tree = await guards.menus.tree(offered, (name) => translations.translate(ctx.locale, name));
  return { tree, fixedMenuIds };
}

/** What a role grants, as its holders would see it: navigation per system, button keys per page, permission keys. */
export async function previewRole(ctx: CallContext, roleId: number): Promise<RolePreview> {
  const found = await roleInScope(ctx, roleId);
  const { authz, db, translations } = ctx.services;
  const menus = await loadMenuTable(db);
  const granted = await authz.menusOf(roleId);
  const systems: RolePreview['systems'] = [];
  for (const row of menus.rows) {
    if (row.type !== MenuType.System || row.status !== MenuStatus.Usable || !granted.has(row.menuId)) continue;
    const nav = await navigationOf(ctx, roleId, row.menuId);
    const buttons = [];
    for (const page of menus.ofSystem(row.menuId)) {
      if (!granted.has(page) || menus.byId.get(page)?.type !== MenuType.Menu) continue;
      const perms = menus
        .children(page)
        .filter((child) => child.type === MenuType.Button && child.status === MenuStatus.Usable && granted.get(child.menuId) === true)
        .map((child) => child.perms);
      if (perms.length > 0) buttons.push({ menuId: page, perms });
    }
    systems.push({ menuId: row.menuId, appName: await translations.translate(ctx.locale, row.name), nav, buttons });
  }
  return { roleId: found.roleId, roleName: found.roleName, roleType: typeOf(found.roleType), keys: [...(await authz.keysOf(roleId))].sort(), systems };
}
