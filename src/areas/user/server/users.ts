import { and, asc, desc, eq, ilike, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ResponseCode } from '../../../shared/codes';
import { UserStatus } from '../../../shared/constants';
import type { api } from '../../../shared/contract';
import type { ParsedInputOf } from '../../../shared/contract/endpoint';
import type { DataAuthority, HeldRoleEntry, UserRecord, UserRow as UserListRow, UserSortColumn } from '../contract';
import { rules } from '../../../shared/rules';
import { hashPassword, openTransportPassword, randomPassword } from '../../../server/auth/passwords';
import { checkUsersOutranked, exceedsCallerRole } from '../../../server/auth/outrank';
import { revokeUserSessions } from '../../../server/auth/revoke';
import { checkCurrentRole, filteredScope, inScope, roleScope, usersInScope } from '../../../server/auth/scope';
import type { CallContext } from '../../../server/context';
import type { Db, Tx } from '../../../server/db/client';
import { SqlState, violatedConstraint } from '../../../server/db/errors';
import { containsPattern, CountCache, emptyPage, orderByColumn, pagedQuery, pageStatements } from '../../../server/db/lists';
import { dataClassification, dept, loginFailure, role, user, userDataAuthority, userRole } from '../../../server/db/schema';
import { AppError, Errors } from '../../../server/errors';
import { loadOrgTree, type OrgTree } from '../../../server/org-tree';
import { userById, userByLoginName, type UserRow } from '../../../server/auth/user-rows';
import { undoableDelete } from '../../../server/undo';
import type { UndoTicket } from '../../../shared/contract/undo';

type UserForm = ParsedInputOf<typeof api.user.add> | ParsedInputOf<typeof api.user.update>;
interface Grant {
  roleId: number;
  deptId: number;
}

const creator = alias(user, 'creator');
/** The organisation of a held role, beside the user's own organisation in one query. */
const heldDept = alias(dept, 'held_dept');

/** What each sortable column of the user list sorts by. */
const USER_SORT: Record<UserSortColumn, SQLWrapper> = {
  username: user.username,
  name: user.name,
  phone: user.mobile,
  email: user.email,
  deptName: dept.name,
  status: user.status,
  createTime: user.createTime,
};

/** What the operation log keeps of a user: no password hash, no counters. */
function snapshotOf(row: UserRow, roles: readonly Grant[], authorities: readonly DataAuthority[]) {
  return {
    userId: row.userId,
    username: row.username,
    name: row.name,
    mobile: row.mobile,
    email: row.email,
    status: row.status,
    deptId: row.deptId,
    resetPwdAllowed: row.resetPwdAllowed,
    roleIdList: roles.map((r) => r.roleId),
    userDataAuthorityList: authorities,
    version: row.version,
  };
}

/** A taken login name met at the case-insensitive unique index (also when two saves race). */
function usernameConflict(error: unknown): never {
  if (violatedConstraint(error, SqlState.UniqueViolation) === 'sys_user_username_uq') throw Errors.conflict('username');
  throw error;
}

export async function heldRolesOf(db: Tx, userId: number): Promise<HeldRoleEntry[]> {
  return db
    .select({ roleId: role.roleId, roleName: role.roleName, deptId: role.deptId, deptName: dept.name })
    .from(userRole)
    .innerJoin(role, eq(role.roleId, userRole.roleId))
    .innerJoin(dept, eq(dept.deptId, role.deptId))
    .where(eq(userRole.userId, userId))
    .orderBy(asc(role.roleId));
}

async function authoritiesOf(db: Tx, userId: number): Promise<DataAuthority[]> {
  return db
    .select({
      classificationId: userDataAuthority.classificationId,
      dataCode: userDataAuthority.dataCode,
      dataName: userDataAuthority.dataName,
      topCode: userDataAuthority.topCode,
      topName: userDataAuthority.topName,
    })
    .from(userDataAuthority)
    .where(eq(userDataAuthority.userId, userId))
    .orderBy(asc(userDataAuthority.id));
}

/** Organisations whose classifications a user of `deptId` may be given: its own and the ones above it (null: global ones). */
function classificationOwners(orgs: OrgTree, deptId: number): Set<number | null> {
  return new Set([null, deptId, ...orgs.ancestors(deptId)]);
}

export async function classificationsFor(db: Tx, orgs: OrgTree, deptId: number) {
  const owners = classificationOwners(orgs, deptId);
  const rows = await db
    .select({ classificationId: dataClassification.id, name: dataClassification.name, number: dataClassification.number, type: dataClassification.type, deptId: dataClassification.deptId })
    .from(dataClassification)
    .orderBy(asc(dataClassification.id));
  return rows.filter((r) => owners.has(r.deptId));
}

/** Roles a form grants: each must exist, belong to an organisation inside the caller's role, and not exceed it in scope or menus. */
async function grantableRoles(ctx: CallContext, scope: ReadonlySet<number>, roleIds: readonly number[]): Promise<Grant[]> {
  const ids = [...new Set(roleIds)];
  if (ids.length === 0) return [];
  const rows = await ctx.services.db.select({ roleId: role.roleId, deptId: role.deptId, roleType: role.roleType }).from(role).where(inArray(role.roleId, ids));
  if (rows.length !== ids.length) throw Errors.invalid('roleIdList', 'error.notFound');
  if (rows.some((r) => !scope.has(r.deptId))) throw Errors.outOfScope('roleIdList');
  for (const row of rows) {
    if (await exceedsCallerRole(ctx, scope, row)) throw new AppError(ResponseCode.OutOfScope, 'error.grantBeyondOwn', {}, 'roleIdList');
  }
  return rows.map((r) => ({ roleId: r.roleId, deptId: r.deptId }));
}

/** Data authorities of a form: no entry twice, each of a classification the user's organisation may have. */
async function checkDataAuthorities(db: Tx, orgs: OrgTree, deptId: number, authorities: readonly DataAuthority[]): Promise<void> {
  const seen = new Set<string>();
  for (const item of authorities) {
    const key = `${item.classificationId}\u0000${item.dataCode}`;
    if (seen.has(key)) throw Errors.invalid('userDataAuthorityList', 'validation.duplicate');
    seen.add(key);
  }
  if (authorities.length === 0) return;
  const ids = [...new Set(authorities.map((a) => a.classificationId))];
  const found = await db.select({ id: dataClassification.id, deptId: dataClassification.deptId }).from(dataClassification).where(inArray(dataClassification.id, ids));
  const ownerOf = new Map(found.map((c) => [c.id, c.deptId]));
  const owners = classificationOwners(orgs, deptId);
  authorities.forEach((item, index) => {
    const field = `userDataAuthorityList.${index}.classificationId`;
    if (!ownerOf.has(item.classificationId)) throw Errors.invalid(field, 'error.notFound');
    if (!owners.has(ownerOf.get(item.classificationId) ?? null)) throw Errors.invalid(field, 'validation.classificationNotForDept');
  });
}

async function writeGrants(tx: Tx, userId: number, roles: readonly Grant[], authorities: readonly DataAuthority[]): Promise<void> {
  if (roles.length > 0) await tx.insert(userRole).values(roles.map((r) => ({ userId, roleId: r.roleId, deptId: r.deptId })));
  if (authorities.length > 0) await tx.insert(userDataAuthority).values(authorities.map((a) => ({ userId, ...a })));
}

/** The checks of a user form that need the database, done before the transaction opens. */
async function checkForm(ctx: CallContext, form: UserForm): Promise<{ scope: Set<number>; roles: Grant[] }> {
  const { db } = ctx.services;
  const scope = await roleScope(ctx);
  if (!scope.has(form.deptId)) throw Errors.outOfScope('deptId');
  const roles = await grantableRoles(ctx, scope, form.roleIdList);
  await checkDataAuthorities(db, await loadOrgTree(db), form.deptId, form.userDataAuthorityList);
  return { scope, roles };
}

function formValues(form: UserForm) {
  return { username: form.username, name: form.name, email: form.email, mobile: form.mobile, status: form.status, deptId: form.deptId, resetPwdAllowed: form.resetPwdAllowed };
}

const countsByDb = new WeakMap<object, CountCache>();

/** The user list's counts, one cache per database (a server, or a test's own database). */
function userCounts(db: object): CountCache {
  let counts = countsByDb.get(db);
  if (!counts) {
    counts = new CountCache();
    countsByDb.set(db, counts);
  }
  return counts;
}

type UserListInput = ParsedInputOf<typeof api.user.list>;

/** The user list over the organisations `deptIds`: its rows, its filter and its order. */
function userList(db: Tx, deptIds: readonly number[], input: UserListInput) {
  const conditions: SQL[] = [inArray(user.deptId, [...deptIds])];
  if (input.name) conditions.push(ilike(user.name, containsPattern(input.name)));
  if (input.username) conditions.push(ilike(user.username, containsPattern(input.username)));
  if (input.status !== null && input.status !== undefined) conditions.push(eq(user.status, input.status));
  return {
    rows: db
      .select({
        userId: user.userId,
        username: user.username,
        name: user.name,
        phone: user.mobile,
        email: user.email,
        status: user.status,
        deptId: user.deptId,
        deptName: dept.name,
        createName: creator.name,
        createTime: user.createTime,
        resetPwdAllowed: user.resetPwdAllowed,
        // Evaluated only for the rows of the page; one round trip fewer on PGlite's single connection.
        roleIdName: sql<string>`coalesce((select string_agg(${role.roleName}, ',' order by ${role.roleId}) from ${userRole} join ${role} on ${role.roleId} = ${userRole.roleId} where ${userRole.userId} = ${user.userId}), '')`,
      })
      .from(user)
      .leftJoin(dept, eq(dept.deptId, user.deptId))
      .leftJoin(creator, eq(creator.userId, user.createBy))
      .$dynamic(),
    counted: user,
    where: and(...conditions),
    orderBy: orderByColumn(USER_SORT, input, desc(user.userId)),
  };
}

/**
 * The two statements of a user-list page over the organisations `deptIds`: its count and its rows. Exported
 * so that the bench runs exactly this SQL straight on the database beside the server.
 */
export function userListStatements(db: Tx, deptIds: readonly number[], input: UserListInput) {
  return pageStatements(db, input, userList(db, deptIds, input));
}

export async function listUsers(ctx: CallContext, input: UserListInput) {
  checkCurrentRole(ctx, input.roleId);
  const { db, authz } = ctx.services;
  const deptIds = await filteredScope(ctx, input.deptId);
  if (deptIds.length === 0) return emptyPage<UserListRow>(input);
  return pagedQuery(db, input, {
    ...userList(db, deptIds, input),
    // Kept per filter until a write bumps the authorisation epoch (every change of users, roles and organisations does).
    counts: { cache: userCounts(db), key: JSON.stringify([deptIds, input.name ?? '', input.username ?? '', input.status ?? null]), epoch: () => authz.epoch },
    records: (rows) =>
      rows.map((r): UserListRow => ({
        ...r,
        deptName: r.deptName ?? '',
        createName: r.createName ?? '',
        createTime: r.createTime.toISOString(),
      })),
  });
}

/**
 * One user for the form, in one round trip: on PGlite every statement costs its own pass through the
 * single connection, so the organisation, the creator, the roles and the data authorities come with the row.
 * Prepared once per database: on PostgreSQL it is then planned once per connection instead of on every call
 * (its planning took about four times its execution).
 */
function prepareUserInfo(db: Db) {
  return db
    .select({
      userId: user.userId,
      username: user.username,
      name: user.name,
      mobile: user.mobile,
      email: user.email,
      status: user.status,
      deptId: user.deptId,
      deptName: dept.name,
      resetPwdAllowed: user.resetPwdAllowed,
      createName: creator.name,
      createTime: user.createTime,
      version: user.version,
      roles: sql<
        HeldRoleEntry[]
      >`coalesce((select json_agg(json_build_object('roleId', ${role.roleId}, 'roleName', ${role.roleName}, 'deptId', ${role.deptId}, 'deptName', ${heldDept.name}) order by ${role.roleId}) from ${userRole} join ${role} on ${role.roleId} = ${userRole.roleId} join ${dept} ${heldDept} on ${heldDept.deptId} = ${role.deptId} where ${userRole.userId} = ${user.userId}), '[]'::json)`,
      authorities: sql<
        DataAuthority[]
      >`coalesce((select json_agg(json_build_object('classificationId', ${userDataAuthority.classificationId}, 'dataCode', ${userDataAuthority.dataCode}, 'dataName', ${userDataAuthority.dataName}, 'topCode', ${userDataAuthority.topCode}, 'topName', ${userDataAuthority.topName}) order by ${userDataAuthority.id}) from ${userDataAuthority} where ${userDataAuthority.userId} = ${user.userId}), '[]'::json)`,
    })
    .from(user)
    .leftJoin(dept, eq(dept.deptId, user.deptId))
    .leftJoin(creator, eq(creator.userId, user.createBy))
    .where(eq(user.userId, sql.placeholder('userId')))
    .prepare('user_info');
}

const userInfoStatements = new WeakMap<Db, ReturnType<typeof prepareUserInfo>>();

export async function userInfo(ctx: CallContext, userId: number): Promise<UserRecord> {
  const { db } = ctx.services;
  const scope = await roleScope(ctx);
  let statement = userInfoStatements.get(db);
  if (!statement) userInfoStatements.set(db, (statement = prepareUserInfo(db)));
  const [found] = await statement.execute({ userId });
  if (!found) throw Errors.notFound('userId');
  if (!inScope(scope, found)) throw Errors.outOfScope('userId');
  const roles = found.roles.filter((r) => scope.has(r.deptId));
  return {
    userId: found.userId,
    username: found.username,
    name: found.name,
    mobile: found.mobile,
    email: found.email,
    status: found.status,
    deptId: found.deptId,
    deptName: found.deptName ?? '',
    resetPwdAllowed: found.resetPwdAllowed,
    roleIdList: roles.map((r) => r.roleId),
    roleList: roles,
    userDataAuthorityList: found.authorities,
    createName: found.createName ?? '',
    createTime: found.createTime.toISOString(),
    version: found.version,
  };
}

export async function addUser(ctx: CallContext, form: ParsedInputOf<typeof api.user.add>): Promise<UserRow> {
  const session = ctx.requireSession();
  const { services } = ctx;
  const plain = await openTransportPassword('password', form.password, services.config.transportSecret);
  const shape = rules.newPassword.safeParse(plain);
  if (!shape.success) throw Errors.invalid('password', shape.error.issues[0]?.message ?? 'validation.newPasswordRule');
  const { roles } = await checkForm(ctx, form);
  const passwordHash = await hashPassword(plain);
  const created = await services.db
    .transaction(async (tx) => {
      // passwordChangedAt stays null: the initial password must be changed at the first sign-in.
      const inserted = await tx
        .insert(user)
        .values({ ...formValues(form), passwordHash, createBy: session.userId, createTime: services.now() })
        .returning();
      const row = inserted[0]!;
      await writeGrants(tx, row.userId, roles, form.userDataAuthorityList);
      await ctx.logChange(tx, { entryType: 'add', content: { key: 'user.add', values: { username: row.username } }, before: null, after: snapshotOf(row, roles, form.userDataAuthorityList) });
      return row;
    })
    .catch(usernameConflict);
  services.authz.changed();
  return created;
}

export async function updateUser(ctx: CallContext, form: ParsedInputOf<typeof api.user.update>): Promise<UserRow> {
  const session = ctx.requireSession();
  const { services } = ctx;
  if (form.userId === session.userId && form.status === UserStatus.Disabled) throw Errors.caller('error.disableSelf');
  const { scope, roles } = await checkForm(ctx, form);
  await checkUsersOutranked(ctx, services.db, scope, [form.userId], 'userId', 'error.targetOutranks');
  if (form.userId === session.userId) {
    const own = new Set((await heldRolesOf(services.db, form.userId)).filter((r) => scope.has(r.deptId)).map((r) => r.roleId));
    if (own.size !== roles.length || roles.some((r) => !own.has(r.roleId))) throw Errors.caller('error.changeOwnRoles');
  }
  const { before, after } = await services.db
    .transaction(async (tx) => {
      const existing = await userById(tx, form.userId);
      if (!existing) throw Errors.notFound('userId');
      if (!inScope(scope, existing)) throw Errors.outOfScope('userId');
      const heldBefore = await heldRolesOf(tx, form.userId);
      const authoritiesBefore = await authoritiesOf(tx, form.userId);
      const updated = await tx
        .update(user)
        .set({ ...formValues(form), updateBy: session.userId, updateTime: services.now(), version: sql`${user.version} + 1` })
        .where(and(eq(user.userId, form.userId), eq(user.version, form.version)))
        .returning();
      if (!updated[0]) throw Errors.stale();
      // checkUsersOutranked left no role outside the caller's scope on this user: the form's roles are all of them.
      await tx.delete(userRole).where(eq(userRole.userId, form.userId));
      await tx.delete(userDataAuthority).where(eq(userDataAuthority.userId, form.userId));
      await writeGrants(tx, form.userId, roles, form.userDataAuthorityList);
      const before = snapshotOf(existing, heldBefore, authoritiesBefore);
      await ctx.logChange(tx, {
        entryType: 'update',
        content: { key: 'user.update', values: { username: updated[0].username } },
        before,
        after: snapshotOf(updated[0], roles, form.userDataAuthorityList),
      });
      return { before, after: updated[0] };
    })
    .catch(usernameConflict);
  if (before.status === UserStatus.Enabled && after.status !== UserStatus.Enabled) await revokeUserSessions(services, after.userId);
  else services.sessions.forgetUser(after.userId);
  services.authz.changed();
  return after;
}

export async function deleteUsers(ctx: CallContext, userIds: number[]): Promise<UndoTicket> {
  const session = ctx.requireSession();
  if (userIds.includes(session.userId)) throw Errors.caller('error.deleteSelf');
  const { services } = ctx;
  const scope = await roleScope(ctx);
  await checkUsersOutranked(ctx, services.db, scope, userIds, 'userIds', 'error.targetOutranks');
  const { removed, ticket } = await services.db.transaction(async (tx) => {
    const rows = await usersInScope(tx, scope, userIds, 'userIds');
    const snapshots = [];
    for (const row of rows) snapshots.push(snapshotOf(row, await heldRolesOf(tx, row.userId), await authoritiesOf(tx, row.userId)));
    const ticket = await undoableDelete(ctx, tx, { table: user, where: inArray(user.userId, userIds) });
    await tx.delete(user).where(inArray(user.userId, userIds));
    await ctx.logChange(tx, { entryType: 'delete', content: { key: 'user.delete', values: { usernames: snapshots.map((r) => r.username) } }, before: snapshots, after: null });
    return { removed: snapshots, ticket };
  });
  // Their tokens went with them (cascade); the cached sessions go too.
  for (const row of removed) services.sessions.forgetUser(row.userId);
  services.authz.changed();
  return ticket;
}

/** A new random password the user must change at the next sign-in; their sessions end. */
export async function resetPassword(ctx: CallContext, userId: number): Promise<string> {
  const session = ctx.requireSession();
  const { services } = ctx;
  const scope = await roleScope(ctx);
  const [target] = await usersInScope(services.db, scope, [userId], 'userId');
  await checkUsersOutranked(ctx, services.db, scope, [userId], 'userId', 'error.targetOutranks');
  if (!target!.resetPwdAllowed) throw Errors.caller('error.resetPwdNotAllowed');
  const password = randomPassword();
  const passwordHash = await hashPassword(password);
  await services.db.transaction(async (tx) => {
    const updated = await tx
      .update(user)
      .set({ passwordHash, passwordChangedAt: null, tokensValidAfter: services.now(), updateBy: session.userId, updateTime: services.now(), version: sql`${user.version} + 1` })
      .where(eq(user.userId, userId))
      .returning({ userId: user.userId });
    if (!updated[0]) throw Errors.notFound('userId');
    await tx.delete(loginFailure).where(eq(loginFailure.username, target!.username.toLowerCase()));
    await ctx.logChange(tx, {
      entryType: 'resetPassword',
      content: { key: 'user.resetPassword', values: { username: target!.username } },
      before: { passwordChangedAt: target!.passwordChangedAt },
      after: { passwordChangedAt: null },
    });
  });
  await revokeUserSessions(services, userId);
  return password;
}

export async function changeTopDept(ctx: CallContext, input: ParsedInputOf<typeof api.user.changeTopDept>): Promise<void> {
  const session = ctx.requireSession();
  const { services } = ctx;
  const scope = await roleScope(ctx);
  if (!scope.has(input.topDeptId)) throw Errors.outOfScope('topDeptId');
  const target = await userByLoginName(services.db, input.username);
  if (!target) throw Errors.notFound('username');
  if (!inScope(scope, target)) throw Errors.outOfScope('username');
  await checkUsersOutranked(ctx, services.db, scope, [target.userId], 'username', 'error.targetOutranks');
  // The version read above guards the move: a change in between (another move, a role granted) is refused.
  await services.db.transaction(async (tx) => {
    const moved = await tx
      .update(user)
      .set({ deptId: input.topDeptId, updateBy: session.userId, updateTime: services.now(), version: sql`${user.version} + 1` })
      .where(and(eq(user.userId, target.userId), eq(user.version, target.version)))
      .returning({ userId: user.userId });
    if (!moved[0]) throw Errors.stale();
    await ctx.logChange(tx, {
      entryType: 'changeTopDept',
      content: { key: 'user.changeTopDept', values: { username: target.username } },
      before: { deptId: target.deptId },
      after: { deptId: input.topDeptId },
    });
  });
  // The user lists' counts key on the authorisation epoch: a user moved to another organisation changes them.
  services.authz.changed();
}
