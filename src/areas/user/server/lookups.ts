import { and, asc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DeptType } from '../../../shared/constants';
import type { api } from '../../../shared/contract';
import type { ParsedInputOf } from '../../../shared/contract/endpoint';
import type { HeldRoleEntry } from '../contract';
import { roleScope, usersInScope } from '../../../server/auth/scope';
import type { CallContext } from '../../../server/context';
import { containsPattern } from '../../../server/db/lists';
import { dept, role, user } from '../../../server/db/schema';
import { Errors } from '../../../server/errors';
import { loadOrgTree } from '../../../server/org-tree';
import { classificationsFor, heldRolesOf } from './users';

/** The organisation and role look-ups of the user screens, each inside the organisations of a role. */

const creator = alias(user, 'creator');

/** The organisations of a role the caller holds (a roleId named in the path). */
async function heldRoleScope(ctx: CallContext, roleId: number): Promise<Set<number>> {
  await ctx.heldRole(roleId);
  return ctx.services.authz.visibleDeptIds(roleId);
}

export async function topCompanies(ctx: CallContext, roleId: number) {
  const scope = await heldRoleScope(ctx, roleId);
  const orgs = await loadOrgTree(ctx.services.db);
  return orgs
    .preorder(scope)
    .filter((o) => o.deptType === DeptType.Company)
    .map((o) => ({ deptId: o.deptId, parentId: o.parentId, name: o.name }));
}

export async function deptTree(ctx: CallContext, roleId: number) {
  const scope = await heldRoleScope(ctx, roleId);
  return (await loadOrgTree(ctx.services.db)).tree(scope);
}

export async function deptList(ctx: CallContext, input: ParsedInputOf<typeof api.user.deptList>) {
  const scope = await roleScope(ctx);
  if (scope.size === 0) return [];
  const conditions: SQL[] = [inArray(dept.deptId, [...scope])];
  if (input.name) conditions.push(ilike(dept.name, containsPattern(input.name)));
  if (input.deptPerson) conditions.push(ilike(dept.deptPerson, containsPattern(input.deptPerson)));
  const rows = await ctx.services.db
    .select({
      deptId: dept.deptId,
      parentId: dept.parentId,
      name: dept.name,
      deptType: dept.deptType,
      deptPerson: dept.deptPerson,
      telephone: dept.telephone,
      companyAddress: dept.companyAddress,
      orderNum: dept.orderNum,
      status: dept.status,
      createName: creator.name,
      createTime: dept.createTime,
    })
    .from(dept)
    .leftJoin(creator, eq(creator.userId, dept.createBy))
    .where(and(...conditions));
  // In tree order, so that the screen builds its tree from the flat list as it comes.
  const position = new Map((await loadOrgTree(ctx.services.db)).preorder().map((o, index) => [o.deptId, index]));
  return rows.sort((a, b) => (position.get(a.deptId) ?? 0) - (position.get(b.deptId) ?? 0)).map((r) => ({ ...r, createName: r.createName ?? '', createTime: r.createTime.toISOString() }));
}

export async function rolesByDept(ctx: CallContext, deptId: number): Promise<HeldRoleEntry[]> {
  if (!(await roleScope(ctx)).has(deptId)) throw Errors.outOfScope('deptId');
  return ctx.services.db
    .select({ roleId: role.roleId, roleName: role.roleName, deptId: role.deptId, deptName: dept.name })
    .from(role)
    .innerJoin(dept, eq(dept.deptId, role.deptId))
    .where(eq(role.deptId, deptId))
    .orderBy(asc(role.roleId));
}

/** The roles a user in the caller's organisations holds there. */
export async function rolesByUser(ctx: CallContext, userId: number): Promise<HeldRoleEntry[]> {
  const scope = await roleScope(ctx);
  await usersInScope(ctx.services.db, scope, [userId], 'userId');
  return (await heldRolesOf(ctx.services.db, userId)).filter((r) => scope.has(r.deptId));
}

export async function classificationsByDept(ctx: CallContext, deptId: number) {
  if (!(await roleScope(ctx)).has(deptId)) throw Errors.outOfScope('deptId');
  const { db } = ctx.services;
  return classificationsFor(db, await loadOrgTree(db), deptId);
}
