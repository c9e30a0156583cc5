import { inArray } from 'drizzle-orm';
import type { CallContext } from '../context';
import type { Tx } from '../db/client';
import { user } from '../db/schema';
import { Errors } from '../errors';
import { loadOrgTree } from '../org-tree';
import type { UserRow } from './user-rows';

/**
 * Checks against the organisations the current role sees (spec 000 §6: the roleId scopes organisation
 * trees, user lists and role lists; design.md §4: ids outside the caller's scope are refused).
 * The scope is read before a transaction opens: PGlite has one connection, which the transaction holds.
 */

/** The organisations of the call's role. */
export async function roleScope(ctx: CallContext): Promise<Set<number>> {
  return ctx.services.authz.visibleDeptIds(ctx.requireRole().roleId);
}

/**
 * The organisations a list's organisation filter covers: the role's whole scope without one, else the chosen
 * organisation and those below it, inside the scope. A chosen organisation outside the scope is refused.
 */
export async function filteredScope(ctx: CallContext, deptId: number | null | undefined): Promise<number[]> {
  const scope = await roleScope(ctx);
  if (!deptId) return [...scope];
  if (!scope.has(deptId)) throw Errors.outOfScope('deptId');
  return (await loadOrgTree(ctx.services.db)).subtree(deptId).filter((id) => scope.has(id));
}

/** A roleId a call sends must be the role of the call: one role's scope never pairs with another role's keys. */
export function checkCurrentRole(ctx: CallContext, roleId: number | null | undefined): void {
  if (roleId !== null && roleId !== undefined && roleId !== ctx.requireRole().roleId) throw Errors.outOfScope('roleId');
}

export function inScope(scope: ReadonlySet<number>, row: Pick<UserRow, 'deptId'>): boolean {
  return row.deptId !== null && scope.has(row.deptId);
}

/** The users of `userIds` (distinct), each existing and inside `scope`. */
export async function usersInScope(db: Tx, scope: ReadonlySet<number>, userIds: readonly number[], field: string): Promise<UserRow[]> {
  const ids = [...new Set(userIds)];
  const rows = await db.select().from(user).where(inArray(user.userId, ids));
  if (rows.length !== ids.length) throw Errors.notFound(field);
  if (!rows.every((row) => inScope(scope, row))) throw Errors.outOfScope(field);
  return rows;
}
