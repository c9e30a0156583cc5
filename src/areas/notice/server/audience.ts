import { and, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { UserStatus, RoleType } from '../../../shared/constants';
import { NoticeAudience, type NoticeAudienceType } from '../contract';
import { roleScope } from '../../../server/auth/scope';
import type { CallContext } from '../../../server/context';
import type { Tx } from '../../../server/db/client';
import { dept, role, user, userRole } from '../../../server/db/schema';
import { notice } from './schema';
import { Errors } from '../../../server/errors';
import type { OrgTree } from '../../../server/org-tree';

/**
 * Who a notice reaches, and which notices an administrator may see and target. An administrator's reach is
 * the current role's organisation scope: organisations inside it, roles belonging to them, and everyone only
 * from a role that sees every organisation. Computed before a transaction opens (PGlite: one connection).
 */
export interface NoticeReach {
  /** The role sees every organisation: no limit applies. */
  everything: boolean;
  deptIds: ReadonlySet<number>;
  userId: number;
}

export async function noticeReachOf(ctx: CallContext): Promise<NoticeReach> {
  const { roleType } = ctx.requireRole();
  const userId = ctx.requireSession().userId;
  if (roleType === RoleType.AllOrganisations) return { everything: true, deptIds: new Set(), userId };
  return { everything: false, deptIds: await roleScope(ctx), userId };
}

/** The SQL condition "the notice lies inside the reach": its audience is targetable, or the caller published it. */
export function noticesWithin(reach: NoticeReach): SQL | undefined {
  if (reach.everything) return undefined;
  const deptIds = [...reach.deptIds];
  if (deptIds.length === 0) return eq(notice.createBy, reach.userId);
  const rolesInScope = sql`(select ${role.roleId} from ${role} where ${inArray(role.deptId, deptIds)})`;
  return or(
    eq(notice.createBy, reach.userId),
    and(eq(notice.audienceType, NoticeAudience.Org), inArray(notice.audienceDeptId, deptIds)),
    and(eq(notice.audienceType, NoticeAudience.Role), sql`${notice.audienceRoleId} in ${rolesInScope}`),
  );
}

export interface TargetedAudience {
  audienceType: NoticeAudienceType;
  audienceDeptId: number | null;
  audienceRoleId: number | null;
  /** The organisation's or role's name, for the log. */
  name: string;
}

/** Checks the audience a send names: it exists and lies inside the reach. Runs in the send's transaction. */
export async function checkAudience(
  tx: Tx,
  reach: NoticeReach,
  form: { audienceType: NoticeAudienceType; audienceDeptId?: number | null | undefined; audienceRoleId?: number | null | undefined },
): Promise<TargetedAudience> {
  if (form.audienceType === NoticeAudience.All) {
    if (!reach.everything) throw Errors.outOfScope('audienceType');
    return { audienceType: NoticeAudience.All, audienceDeptId: null, audienceRoleId: null, name: '' };
  }
  if (form.audienceType === NoticeAudience.Org) {
    const deptId = form.audienceDeptId!;
    const found = await tx.select({ deptId: dept.deptId, name: dept.name }).from(dept).where(eq(dept.deptId, deptId)).limit(1);
    if (!found[0]) throw Errors.notFound('audienceDeptId');
    if (!reach.everything && !reach.deptIds.has(deptId)) throw Errors.outOfScope('audienceDeptId');
    return { audienceType: NoticeAudience.Org, audienceDeptId: deptId, audienceRoleId: null, name: found[0].name };
  }
  const roleId = form.audienceRoleId!;
  const found = await tx.select({ roleId: role.roleId, roleName: role.roleName, deptId: role.deptId }).from(role).where(eq(role.roleId, roleId)).limit(1);
  if (!found[0]) throw Errors.notFound('audienceRoleId');
  if (!reach.everything && !reach.deptIds.has(found[0].deptId)) throw Errors.outOfScope('audienceRoleId');
  return { audienceType: NoticeAudience.Role, audienceDeptId: null, audienceRoleId: roleId, name: found[0].roleName };
}

/** Enabled users a notice reaches now. */
export async function audienceSizeOf(db: Tx, tree: OrgTree, row: { audienceType: string; audienceDeptId: number | null; audienceRoleId: number | null }): Promise<number> {
  const enabled = eq(user.status, UserStatus.Enabled);
  let where: SQL | undefined;
  if (row.audienceType === NoticeAudience.All) where = enabled;
  else if (row.audienceType === NoticeAudience.Org) {
    if (row.audienceDeptId === null) return 0;
    where = and(enabled, inArray(user.deptId, tree.subtree(row.audienceDeptId)));
  } else {
    if (row.audienceRoleId === null) return 0;
    where = and(enabled, sql`${user.userId} in (select ${userRole.userId} from ${userRole} where ${eq(userRole.roleId, row.audienceRoleId)})`);
  }
  const rows = await db.select({ n: count() }).from(user).where(where);
  return rows[0]?.n ?? 0;
}

/**
 * The SQL condition "the notice reaches the user": everyone's notices, those of a role the user holds, and
 * those of the user's organisation or one above it.
 */
export function reachesUser(userId: number): SQL {
  const heldRoles = sql`(select ${userRole.roleId} from ${userRole} where ${userRole.userId} = ${userId})`;
  // The user's organisation and every one above it (the table is a tree: parent links end at a root).
  const ownOrgs = sql`(with recursive up(dept_id, parent_id) as (
      select d.dept_id, d.parent_id from ${dept} d where d.dept_id = (select u.dept_id from ${user} u where u.user_id = ${userId})
      union all
      select d.dept_id, d.parent_id from ${dept} d join up on d.dept_id = up.parent_id
    ) select dept_id from up)`;
  return or(
    eq(notice.audienceType, NoticeAudience.All),
    and(eq(notice.audienceType, NoticeAudience.Role), sql`${notice.audienceRoleId} in ${heldRoles}`),
    and(eq(notice.audienceType, NoticeAudience.Org), sql`${notice.audienceDeptId} in ${ownOrgs}`),
  )!;
}
