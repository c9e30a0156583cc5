import { and, eq, inArray } from 'drizzle-orm';
import { MenuType } from '../../shared/constants';
import { Perm, type PermissionKey } from '../../shared/permissions';
import { hashPassword } from '../auth/passwords';
import { dept, menu, role, roleMenu, user, userRole } from '../db/schema';
import type { Services } from '../context';
import type { CallOptions, TestServer } from './harness';

/** A signed-in user acting in one role: `as` gives the call options (token and role header). */
export interface Actor {
  userId: number;
  username: string;
  password: string;
  token: string;
  roleId: number;
  as: CallOptions;
}

export async function deptIdOf(server: TestServer, name: string): Promise<number> {
  const rows = await server.services.db.select({ deptId: dept.deptId }).from(dept).where(eq(dept.name, name));
  if (!rows[0]) throw new Error(`no organisation named ${name}`);
  return rows[0].deptId;
}

export async function roleIdOf(server: Pick<TestServer, 'services'>, roleName: string): Promise<number> {
  const rows = await server.services.db.select({ roleId: role.roleId }).from(role).where(eq(role.roleName, roleName));
  if (!rows[0]) throw new Error(`no role named ${roleName}`);
  return rows[0].roleId;
}

/** Adds a user with a chosen password (no forced change) holding `roleId`, as a fixture straight in the database. */
export async function insertUserWithRole(services: Services, username: string, password: string, roleId: number, deptId?: number): Promise<number> {
  const db = services.db;
  const held = (await db.select().from(role).where(eq(role.roleId, roleId)))[0];
  if (!held) throw new Error(`no role with id ${roleId}`);
  const inserted = await db
    .insert(user)
    .values({ username, name: `${username} name`, passwordHash: await hashPassword(password), deptId: deptId ?? held.deptId, passwordChangedAt: new Date() })
    .returning({ userId: user.userId });
  const userId = inserted[0]!.userId;
  await db.insert(userRole).values({ userId, roleId, deptId: held.deptId });
  services.authz.changed();
  return userId;
}

/** A user with a chosen password (no forced change) holding `roleId`, signed in. */
export async function signInWithRole(server: TestServer, username: string, roleId: number, deptId?: number): Promise<Actor> {
  const password = 'Actor_pw_2026';
  const userId = await insertUserWithRole(server.services, username, password, roleId, deptId);
  const signed = await server.signIn(username, password);
  if (!signed.data) throw new Error(`sign-in of ${username} failed: ${signed.code} ${signed.msg}`);
  return { userId, username, password, token: signed.data.accessToken, roleId, as: { token: signed.data.accessToken, roleId } };
}

/** A user holding the seeded operator role ('运营专员', 华东分公司): user and service-centre views, no user or menu changes. */
export async function signInOperator(server: TestServer, username = 'operator1'): Promise<Actor> {
  return signInWithRole(server, username, await roleIdOf(server, '运营专员'));
}

/**
 * A role of type 2 (its organisation's subtree) at `deptName` granted the pages and buttons of `keys` in
 * the back-office system, and a user holding it: an administrator of one branch.
 */
export async function signInBranchAdmin(server: TestServer, options: { username?: string; deptName?: string; keys?: PermissionKey[] } = {}): Promise<Actor> {
  const db = server.services.db;
  const username = options.username ?? 'branchadmin';
  const deptId = await deptIdOf(server, options.deptName ?? '华东分公司');
  const keys = options.keys ?? [
    Perm.userView,
    Perm.userSave,
    Perm.userUpdate,
    Perm.userDelete,
    Perm.userResetPwd,
    Perm.userChangeDept,
    Perm.menuView,
    Perm.menuSave,
    Perm.menuUpdate,
    Perm.menuDelete,
    Perm.serviceCenterView,
    Perm.serviceCenterSave,
    Perm.serviceCenterUpdate,
    Perm.serviceCenterDelete,
  ];
  const inserted = await db
    .insert(role)
    .values({ roleName: `分支${username}`, deptId, roleType: 2 })
    .returning({ roleId: role.roleId });
  const roleId = inserted[0]!.roleId;
  const system = (
    await db
      .select()
      .from(menu)
      .where(and(eq(menu.type, MenuType.System), eq(menu.perms, 'backoffice')))
  )[0]!;
  const granted = await db
    .select()
    .from(menu)
    .where(and(eq(menu.systemMenuId, system.menuId), inArray(menu.perms, keys)));
  const parents = new Set<number>([system.menuId]);
  for (const row of granted) if (row.parentId !== null) parents.add(row.parentId);
  const grantedIds = new Set(granted.map((g) => g.menuId));
  await db
    .insert(roleMenu)
    .values([...granted.map((g) => ({ roleId, menuId: g.menuId, halfChecked: false })), ...[...parents].filter((id) => !grantedIds.has(id)).map((menuId) => ({ roleId, menuId, halfChecked: true }))]);
  return signInWithRole(server, username, roleId);
}

export async function signInAdminActor(server: TestServer): Promise<Actor> {
  const admin = await server.signInAdmin();
  const row = (await server.services.db.select({ userId: user.userId }).from(user).where(eq(user.username, 'admin')))[0]!;
  return { userId: row.userId, username: 'admin', password: admin.password, token: admin.token, roleId: admin.roleId, as: { token: admin.token, roleId: admin.roleId } };
}
