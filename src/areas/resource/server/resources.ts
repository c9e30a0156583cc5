import { createHash } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { ResponseCode } from '../../../shared/codes';
import { MenuType, RoleType } from '../../../shared/constants';
import type { api } from '../../../shared/contract';
import type { ParsedInputOf } from '../../../shared/contract/endpoint';
import type { MenuTreeNode } from '../../role/contract';
import type { AssignableDept, DeptResources, ResourceLoss } from '../contract';
import { checkCurrentRole, roleScope } from '../../../server/auth/scope';
import type { CallContext } from '../../../server/context';
import type { Tx } from '../../../server/db/client';
import { dept, deptMenu, role, roleMenu } from '../../../server/db/schema';
import { AppError, Errors } from '../../../server/errors';
import { loadOrgTree, type OrgTree } from '../../../server/org-tree';
import { callerMenus, loadMenuTable, resourceBound, type MenuTable } from '../../../server/auth/menu-grants';

type SaveForm = ParsedInputOf<typeof api.resource.save>;

/**
 * Resource assignment (spec 001 §2 /resource, §4): the systems and menus an organisation may use, which
 * bound what its roles of type 2 may be given. A top organisation may be given any menu, any other only
 * what its parent has. Removing menus from an organisation removes them (and the menus below them) from
 * the organisations below it and from the roles of type 2 of all of them, in the same transaction, once
 * the caller has seen the preview and confirmed.
 */

/**
 * The organisations whose resources the caller may assign: every one for a role of type 1; for a role of
 * type 2 the ones below its own organisation (its own resources were given to it from above).
 */
async function assignable(ctx: CallContext, orgs: OrgTree): Promise<Set<number>> {
  const caller = ctx.requireRole();
  const scope = await roleScope(ctx);
  if (caller.roleType === RoleType.AllOrganisations) return scope;
  return new Set([...scope].filter((id) => id !== caller.deptId && orgs.ancestors(id).includes(caller.deptId)));
}

async function checkAssignable(ctx: CallContext, orgs: OrgTree, deptId: number, field = 'deptId'): Promise<void> {
  if (!orgs.subtree(deptId).length) throw Errors.notFound(field);
  if (!(await assignable(ctx, orgs)).has(deptId)) throw Errors.outOfScope(field);
}

export async function assignableDepts(ctx: CallContext, roleId: number): Promise<AssignableDept[]> {
  checkCurrentRole(ctx, roleId);
  const orgs = await loadOrgTree(ctx.services.db);
  const include = await assignable(ctx, orgs);
  const rows = orgs.preorder(include);
  const depthOf = new Map<number, number>();
  return rows.map((row) => {
    const depth = row.parentId !== null && depthOf.has(row.parentId) ? depthOf.get(row.parentId)! + 1 : 0;
    depthOf.set(row.deptId, depth);
    return { deptId: row.deptId, parentId: row.parentId, name: row.name, depth };
  });
}

async function storedRows(db: Tx, deptId: number): Promise<Array<{ systemMenuId: number; menuId: number }>> {
  return db.select({ systemMenuId: deptMenu.systemMenuId, menuId: deptMenu.menuId }).from(deptMenu).where(eq(deptMenu.deptId, deptId)).orderBy(asc(deptMenu.systemMenuId), asc(deptMenu.menuId));
}

/** A fingerprint of an organisation's saved resources: a save names the one it was read at. */
function stampOf(rows: ReadonlyArray<{ menuId: number }>): string {
  const ids = rows.map((r) => r.menuId).sort((a, b) => a - b);
  return createHash('sha256').update(ids.join(',')).digest('base64url').slice(0, 22);
}

export async function resourcesByDept(ctx: CallContext, deptId: number): Promise<DeptResources> {
  const { db } = ctx.services;
  await checkAssignable(ctx, await loadOrgTree(db), deptId);
  const rows = await storedRows(db, deptId);
  const bySystem = new Map<number, number[]>();
  for (const row of rows) bySystem.set(row.systemMenuId, [...(bySystem.get(row.systemMenuId) ?? []), row.menuId]);
  return {
    deptId,
    sysIdList: [...bySystem].map(([sysId, menuIdList]) => ({ sysId, menuIdList })),
    allMenuIdList: rows.map((r) => r.menuId),
    stamp: stampOf(rows),
  };
}

/** The menus of a system the caller may give an organisation: what it may have (its parent's), that the caller holds. */
async function visibleOf(db: Tx, menus: MenuTable, held: ReadonlySet<number>, deptId: number, sysId: number, field: string): Promise<Set<number>> {
  const system = menus.byId.get(sysId);
  if (!system) throw Errors.invalid(field, 'error.notFound');
  if (system.type !== MenuType.System) throw Errors.invalid(field, 'validation.notASystem');
  const bound = (await resourceBound(db, menus, deptId)) ?? new Set<number>();
  return new Set(menus.ofSystem(sysId).filter((id) => bound.has(id) && held.has(id)));
}

export async function resourceTree(ctx: CallContext, deptId: number, sysId: number): Promise<MenuTreeNode[]> {
  const { db, translations } = ctx.services;
  await checkAssignable(ctx, await loadOrgTree(db), deptId);
  const menus = await loadMenuTable(db);
  const visible = await visibleOf(db, menus, await callerMenus(ctx, menus), deptId, sysId, 'sysId');
  return menus.tree(visible, (name) => translations.translate(ctx.locale, name), [sysId]);
}

interface Plan {
  deptName: string;
  before: number[];
  after: Set<number>;
  /** Taken from the organisation: with the menus below them, which go too. */
  removed: Set<number>;
  loss: ResourceLoss;
  /** Roles losing menus, with what they keep. */
  roleGrants: Map<number, Set<number>>;
}

/**
 * What a save changes, read through `db` (the save's transaction): for each system sent, the menus the
 * caller sees are replaced by the ones sent, and the ones it does not see stay. Each menu sent must be
 * one the organisation may have and the caller holds, its parent among those sent.
 */
async function planOf(ctx: CallContext, db: Tx, menus: MenuTable, held: ReadonlySet<number>, orgs: OrgTree, form: SaveForm): Promise<Plan> {
  const sysIds = form.sysIdList.map((entry) => entry.sysId);
  if (new Set(sysIds).size !== sysIds.length) throw Errors.invalid('sysIdList', 'validation.duplicate');
  const before = (await storedRows(db, form.deptId)).map((r) => r.menuId);
  const after = new Set(before);
  for (const [index, entry] of form.sysIdList.entries()) {
    const visible = await visibleOf(db, menus, held, form.deptId, entry.sysId, `sysIdList.${index}.sysId`);
    const field = `sysIdList.${index}.menuIdList`;
    const outside = entry.menuIdList.find((id) => menus.systemOf(id) !== entry.sysId);
    if (outside !== undefined) throw Errors.invalid(field, 'validation.menuOfOtherSystem');
    menus.checkGrantable(entry.menuIdList, visible, field, 'error.resourceNotGivable');
    for (const id of visible) after.delete(id);
    for (const id of entry.menuIdList) after.add(id);
  }
  // A menu kept out of the caller's sight goes when a menu above it goes.
  const removed = menus.withDescendants(before.filter((id) => !after.has(id)));
  for (const id of removed) after.delete(id);

  const below = orgs.subtree(form.deptId);
  const names = new Map(orgs.rows.map((o) => [o.deptId, o.name]));
  const loss: ResourceLoss = { depts: [], roles: [] };
  const roleGrants = new Map<number, Set<number>>();
  if (removed.size > 0) {
    const lost = await db
      .select({ deptId: deptMenu.deptId, menuId: deptMenu.menuId })
      .from(deptMenu)
      .where(and(inArray(deptMenu.deptId, below), inArray(deptMenu.menuId, [...removed])));
    const lostByDept = new Map<number, number>();
    for (const row of lost) lostByDept.set(row.deptId, (lostByDept.get(row.deptId) ?? 0) + 1);
    loss.depts = below.filter((id) => lostByDept.has(id)).map((id) => ({ deptId: id, deptName: names.get(id) ?? '', menuCount: lostByDept.get(id)! }));

    // Roles of type 1 are bound by no organisation's resources.
    const holders = await db
      .select({ roleId: role.roleId, roleName: role.roleName, deptId: role.deptId, menuId: roleMenu.menuId })
      .from(role)
      .innerJoin(roleMenu, eq(roleMenu.roleId, role.roleId))
      .where(and(inArray(role.deptId, below), eq(role.roleType, RoleType.OwnSubtree)))
      .orderBy(asc(role.roleId), asc(roleMenu.menuId));
    const byRole = new Map<number, { roleName: string; deptId: number; menus: number[] }>();
    for (const row of holders) {
      const entry = byRole.get(row.roleId) ?? { roleName: row.roleName, deptId: row.deptId, menus: [] };
      entry.menus.push(row.menuId);
      byRole.set(row.roleId, entry);
    }
    for (const [roleId, entry] of byRole) {
      const losing = entry.menus.filter((id) => removed.has(id));
      if (losing.length === 0) continue;
      roleGrants.set(roleId, new Set(entry.menus.filter((id) => !removed.has(id))));
      loss.roles.push({
        roleId,
        roleName: entry.roleName,
        deptName: names.get(entry.deptId) ?? '',
        menus: await Promise.all(losing.map(async (menuId) => ({ menuId, name: await ctx.services.translations.translate(ctx.locale, menus.byId.get(menuId)?.name ?? '') }))),
      });
    }
  }
  return { deptName: names.get(form.deptId) ?? '', before, after, removed, loss, roleGrants };
}

export async function previewResources(ctx: CallContext, form: SaveForm): Promise<ResourceLoss> {
  const { db } = ctx.services;
  const orgs = await loadOrgTree(db);
  await checkAssignable(ctx, orgs, form.deptId);
  const menus = await loadMenuTable(db);
  return (await planOf(ctx, db, menus, await callerMenus(ctx, menus), orgs, form)).loss;
}

export async function saveResources(ctx: CallContext, form: SaveForm): Promise<{ stamp: string }> {
  const { db, authz } = ctx.services;
  const orgs = await loadOrgTree(db);
  await checkAssignable(ctx, orgs, form.deptId);
  const menus = await loadMenuTable(db);
  const held = await callerMenus(ctx, menus);
  const stamp = await db.transaction(async (tx) => {
    // One save of an organisation at a time: the stamp read below stays true until this one commits.
    await tx.select({ deptId: dept.deptId }).from(dept).where(eq(dept.deptId, form.deptId)).for('update');
    if (stampOf(await storedRows(tx, form.deptId)) !== form.stamp) throw Errors.stale();
    const plan = await planOf(ctx, tx, menus, held, orgs, form);
    if (plan.loss.roles.length > 0 && !form.confirmRemovals) throw new AppError(ResponseCode.InUse, 'error.resourceRemovalUnconfirmed', { count: plan.loss.roles.length }, 'confirmRemovals');
    await tx.delete(deptMenu).where(eq(deptMenu.deptId, form.deptId));
    const rows = [...plan.after].map((menuId) => ({ deptId: form.deptId, systemMenuId: menus.systemOf(menuId)!, menuId }));
    if (rows.length > 0) await tx.insert(deptMenu).values(rows);
    if (plan.removed.size > 0) {
      await tx.delete(deptMenu).where(and(inArray(deptMenu.deptId, orgs.subtree(form.deptId)), inArray(deptMenu.menuId, [...plan.removed])));
      for (const [roleId, kept] of plan.roleGrants) {
        await tx.delete(roleMenu).where(eq(roleMenu.roleId, roleId));
        const half = menus.halfChecked(kept);
        if (kept.size > 0) await tx.insert(roleMenu).values([...kept].map((menuId) => ({ roleId, menuId, halfChecked: half.has(menuId) })));
      }
    }
    await ctx.logChange(tx, {
      entryType: 'update',
      content: { key: 'resource.assign', values: { dept: plan.deptName } },
      before: { deptId: form.deptId, menuIdList: plan.before },
      after: { deptId: form.deptId, menuIdList: [...plan.after].sort((a, b) => a - b), removedFrom: plan.loss },
    });
    return stampOf(rows);
  });
  authz.changed();
  return { stamp };
}
