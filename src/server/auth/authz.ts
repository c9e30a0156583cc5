import { createHash } from 'node:crypto';
import { and, eq, or, sql } from 'drizzle-orm';
import { MenuStatus, MenuType, RoleType } from '../../shared/constants';
import { CONSOLE_SYSTEM_ID } from '../../shared/menu-catalog';
import { ALL_PERMISSION_KEYS, isCompanyWideKey, isPermissionKey } from '../../shared/permissions';
import type { Db } from '../db/client';
import { dept, menu, role, roleMenu, userRole } from '../db/schema';

export interface HeldRole {
  roleId: number;
  roleName: string;
  roleType: number;
  /** The role's organisation. */
  deptId: number;
  deptName: string;
}

/** Carries `changed()` to the other server processes on the same database (PostgreSQL LISTEN/NOTIFY). */
export interface AuthzBroadcast {
  publish(): void;
}

/**
 * What roles a user holds, what a role may do and which organisations it sees. Cached in memory and
 * dropped whole by `changed()`, which every mutation of menus, roles, organisations, resources or user
 * roles calls (inside the request that made the change, after its transaction committed); `changed()` also
 * tells the other server processes on the database, which drop theirs (`dropCaches`).
 */
export class Authz {
  private rolesByUser = new Map<number, Promise<Map<number, HeldRole>>>();
  private keysByRole = new Map<number, Promise<Set<string>>>();
  private menusByRole = new Map<number, Promise<Map<number, boolean>>>();
  private deptsByRole = new Map<number, Promise<Set<number>>>();
  private consoleSystem = new Map<0, Promise<number | null>>();
  private epochValue = 0;
  private broadcast: AuthzBroadcast | null = null;

  constructor(private readonly db: Db) {}

  /** From now on every `changed()` is also announced to the other server processes. */
  broadcastTo(broadcast: AuthzBroadcast | null): void {
    this.broadcast = broadcast;
  }

  /** Bumps on every change; caches derived from authorisation data key on it. */
  get epoch(): number {
    return this.epochValue;
  }

  changed(): void {
    this.dropCaches();
    this.broadcast?.publish();
  }

  /** Forgets everything cached here (another process changed authorisation data, or its news may have been missed). */
  dropCaches(): void {
    this.epochValue++;
    this.rolesByUser.clear();
    this.keysByRole.clear();
    this.menusByRole.clear();
    this.deptsByRole.clear();
    this.consoleSystem.clear();
  }

  rolesOf(userId: number): Promise<Map<number, HeldRole>> {
    return this.memo(this.rolesByUser, userId, async () => {
      const rows = await this.db
        .select({ roleId: role.roleId, roleName: role.roleName, roleType: role.roleType, deptId: role.deptId, deptName: dept.name })
        .from(userRole)
        .innerJoin(role, eq(role.roleId, userRole.roleId))
        .innerJoin(dept, eq(dept.deptId, role.deptId))
        .where(eq(userRole.userId, userId))
        .orderBy(role.roleId);
      return new Map(rows.map((r) => [r.roleId, r]));
    });
  }

  async holds(userId: number, roleId: number): Promise<HeldRole | null> {
    return (await this.rolesOf(userId)).get(roleId) ?? null;
  }

  /**
   * Permission keys the role holds. Keys are the catalogue of `src/shared/permissions.ts`, resolved only
   * within the console's own system: a row of another system never grants a console key, whatever its
   * `perms` says. The all-organisations role holds the whole catalogue, so no change of menus or grants
   * through the API can take a key from it. Otherwise: the usable pages and buttons granted; a page granted
   * with only some of its buttons is stored half-checked and still grants its page key; a button is a leaf,
   * granted only when checked.
   */
  keysOf(roleId: number): Promise<Set<string>> {
    return this.memo(this.keysByRole, roleId, async () => {
      const found = await this.db.select({ roleType: role.roleType }).from(role).where(eq(role.roleId, roleId)).limit(1);
      if (!found[0]) return new Set<string>();
      if (found[0].roleType === RoleType.AllOrganisations) return new Set<string>(ALL_PERMISSION_KEYS);
      const consoleSystem = await this.consoleSystemId();
      if (consoleSystem === null) return new Set<string>();
      const rows = await this.db
        .select({ perms: menu.perms })
        .from(roleMenu)
        .innerJoin(menu, eq(menu.menuId, roleMenu.menuId))
        .where(
          and(
            eq(roleMenu.roleId, roleId),
            eq(menu.systemMenuId, consoleSystem),
            eq(menu.status, MenuStatus.Usable),
            or(eq(menu.type, MenuType.Menu), and(eq(menu.type, MenuType.Button), eq(roleMenu.halfChecked, false))),
          ),
        );
      // A role of one organisation never holds a key of the company's own records (COMPANY_WIDE_KEYS).
      return new Set(rows.map((r) => r.perms).filter((perms) => isPermissionKey(perms) && !isCompanyWideKey(perms)));
    });
  }

  /** The menu id of the console's own system (the system whose id is CONSOLE_SYSTEM_ID), or null before it is seeded. */
  consoleSystemId(): Promise<number | null> {
    return this.memo(this.consoleSystem, 0, async () => {
      const rows = await this.db
        .select({ menuId: menu.menuId })
        .from(menu)
        .where(and(eq(menu.type, MenuType.System), eq(menu.perms, CONSOLE_SYSTEM_ID)))
        .limit(1);
      return rows[0]?.menuId ?? null;
    });
  }

  /** Menu ids granted to the role: true when fully checked, false when half-checked. */
  menusOf(roleId: number): Promise<Map<number, boolean>> {
    return this.memo(this.menusByRole, roleId, async () => {
      const rows = await this.db.select({ menuId: roleMenu.menuId, halfChecked: roleMenu.halfChecked }).from(roleMenu).where(eq(roleMenu.roleId, roleId));
      return new Map(rows.map((r) => [r.menuId, !r.halfChecked]));
    });
  }

  /**
   * A fingerprint of what `roleId` grants `userId`: whether the user still holds it and the role's menus
   * (checked or half-checked). Equal in every server process for equal data, so a client compares it
   * across calls to learn that its navigation and buttons must be read again.
   */
  async grantStamp(userId: number, roleId: number): Promise<string> {
    const held = await this.holds(userId, roleId);
    const menus = held ? [...(await this.menusOf(roleId)).entries()].sort(([a], [b]) => a - b) : [];
    const text = JSON.stringify([held?.roleType ?? 0, held?.deptId ?? 0, menus]);
    return createHash('sha256').update(text).digest('base64url').slice(0, 22);
  }

  /** Organisations the role sees: every one for role type 1, otherwise its organisation's subtree. */
  visibleDeptIds(roleId: number): Promise<Set<number>> {
    return this.memo(this.deptsByRole, roleId, async () => {
      const found = await this.db.select({ roleType: role.roleType, deptId: role.deptId }).from(role).where(eq(role.roleId, roleId)).limit(1);
      const held = found[0];
      if (!held) return new Set<number>();
      if (held.roleType === RoleType.AllOrganisations) {
        const all = await this.db.select({ deptId: dept.deptId }).from(dept);
        return new Set(all.map((d) => d.deptId));
      }
      const rows = await this.db.execute<{ dept_id: number }>(sql`
        with recursive subtree as (
          select dept_id from sys_dept where dept_id = ${held.deptId}
          union all
          select d.dept_id from sys_dept d join subtree s on d.parent_id = s.dept_id
        )
        select dept_id from subtree`);
      return new Set(rowsOf<{ dept_id: number }>(rows).map((r) => Number(r.dept_id)));
    });
  }

  private memo<K, V>(cache: Map<K, Promise<V>>, key: K, load: () => Promise<V>): Promise<V> {
    const hit = cache.get(key);
    if (hit) return hit;
    const pending = load().catch((error: unknown) => {
      cache.delete(key);
      throw error;
    });
    cache.set(key, pending);
    return pending;
  }
}

/** node-postgres returns `{rows}`, PGlite returns `{rows}` too, but drizzle's typing differs by driver. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
