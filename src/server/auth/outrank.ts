import { eq, inArray } from 'drizzle-orm';
import { ResponseCode } from '../../shared/codes';
import { RoleType } from '../../shared/constants';
import type { CallContext } from '../context';
import type { Tx } from '../db/client';
import { role, userRole } from '../db/schema';
import { AppError } from '../errors';

/** A role as the outrank rule reads it. */
export interface HeldRole {
  roleId: number;
  deptId: number;
  roleType: number;
}

/**
 * Whether `held` goes beyond the caller's role: it belongs to an organisation outside the caller's, it is a
 * role of the whole company when the caller's is not, or it holds a menu of any system that the caller's
 * role does not. Menus of every system count, not only the console's keys: a role granting another system's
 * pages is above a role that lacks them. A role of the whole company holds everything.
 */
export async function exceedsCallerRole(ctx: CallContext, scope: ReadonlySet<number>, held: HeldRole): Promise<boolean> {
  const caller = ctx.requireRole();
  if (!scope.has(held.deptId)) return true;
  if (caller.roleType === RoleType.AllOrganisations) return false;
  if (held.roleType === RoleType.AllOrganisations) return true;
  const { authz } = ctx.services;
  const callerMenus = await authz.menusOf(caller.roleId);
  for (const menuId of (await authz.menusOf(held.roleId)).keys()) if (!callerMenus.has(menuId)) return true;
  return false;
}

/**
 * Refuses (A0302, `refusal`) when any of `userIds` holds a role above the caller's: acting on that user (a
 * password reset, a deletion, ending a session) would act above the caller, for example a branch role
 * signing out or resetting a global administrator whose home organisation is that branch.
 */
export async function checkUsersOutranked(ctx: CallContext, db: Tx, scope: ReadonlySet<number>, userIds: readonly number[], field: string, refusal: string): Promise<void> {
  if (userIds.length === 0) return;
  const held = await db
    .select({ roleId: role.roleId, deptId: role.deptId, roleType: role.roleType })
    .from(userRole)
    .innerJoin(role, eq(role.roleId, userRole.roleId))
    .where(userIds.length === 1 ? eq(userRole.userId, userIds[0]!) : inArray(userRole.userId, [...userIds]));
  for (const row of held) {
    if (await exceedsCallerRole(ctx, scope, row)) throw new AppError(ResponseCode.OutOfScope, refusal, {}, field);
  }
}
