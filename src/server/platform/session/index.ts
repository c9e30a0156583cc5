import { and, asc, eq } from 'drizzle-orm';
import { MenuStatus, MenuType, RoleType } from '../../../shared/constants';
import { isCompanyWideKey } from '../../../shared/permissions';
import type { NavNode, SystemEntry } from '../../../shared/contract/session';
import { ResponseCode } from '../../../shared/codes';
import { openTransportPassword } from '../../auth/passwords';
import { revokeUserSessions } from '../../auth/revoke';
import type { CallContext, Services } from '../../context';
import { dept, menu, oauthClient } from '../../db/schema';
import { AppError, Errors } from '../../errors';
import { passwordExpiresAt, setNewPassword, verifyAttempt } from '../auth/sign-in';
import { userById } from '../../auth/user-rows';
import type { AreaHandlers } from '../../handler';

/** Built navigation per server, keyed by role, system, locale and the epochs of what it is made from. */
const navCaches = new WeakMap<Services, Map<string, Promise<NavNode[]>>>();
const NAV_CACHE_MAX = 2000;

function navCacheOf(services: Services): Map<string, Promise<NavNode[]>> {
  let cache = navCaches.get(services);
  if (!cache) {
    cache = new Map();
    navCaches.set(services, cache);
  }
  return cache;
}

async function systemsOf(ctx: CallContext): Promise<SystemEntry[]> {
  const { authz, db, translations } = ctx.services;
  const roles = [...(await authz.rolesOf(ctx.requireSession().userId)).values()];
  if (roles.length === 0) return [];
  const systems = await db
    .select()
    .from(menu)
    .where(and(eq(menu.type, MenuType.System), eq(menu.status, MenuStatus.Usable)))
    .orderBy(asc(menu.orderNum), asc(menu.menuId));
  const out: SystemEntry[] = [];
  for (const system of systems) {
    const roleList = [];
    for (const role of roles) {
      if ((await authz.menusOf(role.roleId)).has(system.menuId)) roleList.push({ roleId: role.roleId, roleName: role.roleName, deptName: role.deptName });
    }
    if (roleList.length === 0) continue;
    out.push({
      appName: await translations.translate(ctx.locale, system.name),
      menuId: system.menuId,
      systemId: system.perms,
      appFlag: system.appFlag,
      sysVersion: system.sysVersion,
      roleList,
    });
  }
  return out;
}

/** The usable menus (not buttons) of a system that a role is granted, as a tree, names translated. */
async function buildNav(ctx: CallContext, roleId: number, systemMenuId: number): Promise<NavNode[]> {
  const { authz, db, translations } = ctx.services;
  const granted = await authz.menusOf(roleId);
  if (!granted.has(systemMenuId)) throw Errors.outOfScope('menuId');
  const system = await db.select({ type: menu.type }).from(menu).where(eq(menu.menuId, systemMenuId)).limit(1);
  if (system[0]?.type !== MenuType.System) throw Errors.invalid('menuId', 'validation.oneOf');
  const rows = await db
    .select()
    .from(menu)
    .where(and(eq(menu.systemMenuId, systemMenuId), eq(menu.type, MenuType.Menu), eq(menu.status, MenuStatus.Usable)))
    .orderBy(asc(menu.orderNum), asc(menu.menuId));
  const nodes = new Map<number, NavNode>();
  for (const row of rows) {
    if (!granted.has(row.menuId)) continue;
    nodes.set(row.menuId, {
      menuId: row.menuId,
      parentId: row.parentId ?? 0,
      name: await translations.translate(ctx.locale, row.name),
      url: row.url,
      type: row.type,
      orderNum: row.orderNum,
      icon: row.icon,
      linkTarget: row.linkTarget,
      perms: row.perms,
      children: [],
    });
  }
  const roots: NavNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else if (node.parentId === systemMenuId) roots.push(node);
  }
  return roots;
}

/** The navigation of a system for a role the caller holds (checked by the caller), from the cache when built already. */
export function navigationOf(ctx: CallContext, roleId: number, systemMenuId: number): Promise<NavNode[]> {
  const { authz, translations } = ctx.services;
  const key = `${roleId}:${systemMenuId}:${ctx.locale}:${authz.epoch}:${translations.epoch}`;
  const navCache = navCacheOf(ctx.services);
  let pending = navCache.get(key);
  if (!pending) {
    if (navCache.size >= NAV_CACHE_MAX) navCache.clear();
    pending = buildNav(ctx, roleId, systemMenuId);
    navCache.set(key, pending);
    pending.catch(() => navCache.delete(key));
  }
  return pending;
}

/** The session's endpoints but the shell's dynamic messages, which the notice area answers (`registry.ts`). */
export const sessionHandlers: Omit<AreaHandlers<'session'>, 'dynamicMessages'> = {
  async roleSystems(_input, ctx) {
    return systemsOf(ctx);
  },

  async roleSelect(_input, ctx) {
    const roles = await ctx.services.authz.rolesOf(ctx.requireSession().userId);
    return [...roles.values()].map((r) => ({ roleId: r.roleId, roleName: r.roleName, deptName: r.deptName }));
  },

  async roleInfo(input, ctx) {
    const held = await ctx.heldRole(input.roleId);
    return { roleId: held.roleId, roleName: held.roleName, deptId: held.deptId, deptName: held.deptName, roleType: held.roleType };
  },

  async nav(input, ctx) {
    await ctx.heldRole(input.roleId);
    return navigationOf(ctx, input.roleId, input.menuId);
  },

  async buttons(input, ctx) {
    const held = await ctx.heldRole(input.roleId);
    const { authz, db } = ctx.services;
    const granted = await authz.menusOf(input.roleId);
    if (!granted.has(input.menuId)) throw Errors.outOfScope('menuId');
    const buttons = await db
      .select({ menuId: menu.menuId, perms: menu.perms })
      .from(menu)
      .where(and(eq(menu.parentId, input.menuId), eq(menu.type, MenuType.Button), eq(menu.status, MenuStatus.Usable)));
    // A role of one organisation is not offered the buttons of the company's own records (COMPANY_WIDE_KEYS).
    const companyWide = held.roleType === RoleType.AllOrganisations;
    return buttons.filter((b) => granted.get(b.menuId) === true && (companyWide || !isCompanyWideKey(b.perms))).map((b) => b.perms);
  },

  async grantStamp(input, ctx) {
    await ctx.heldRole(input.roleId);
    // The translations' stamp too: a renamed menu or system re-reads the navigation like a changed grant.
    const [grants, texts] = await Promise.all([ctx.services.authz.grantStamp(ctx.requireSession().userId, input.roleId), ctx.services.translations.stamp()]);
    return { stamp: `${grants}.${texts}` };
  },

  async currentUser(_input, ctx) {
    const session = ctx.requireSession();
    const { db } = ctx.services;
    const found = await userById(db, session.userId);
    if (!found) throw Errors.unauthorized();
    const deptRow = found.deptId ? await db.select({ name: dept.name }).from(dept).where(eq(dept.deptId, found.deptId)).limit(1) : [];
    const client = await db.select().from(oauthClient).where(eq(oauthClient.id, session.clientDbId)).limit(1);
    const expires = client[0] ? passwordExpiresAt(found, client[0]) : null;
    return {
      userId: found.userId,
      username: found.username,
      name: found.name,
      mobile: found.mobile,
      email: found.email,
      deptId: found.deptId,
      deptName: deptRow[0]?.name ?? '',
      passwordExpiresAt: expires ? expires.toISOString() : null,
    };
  },

  async changePassword(input, ctx) {
    const session = ctx.requireSession();
    const { services } = ctx;
    const found = await userById(services.db, session.userId);
    if (!found) throw Errors.unauthorized();
    const oldPlain = await openTransportPassword('password', input.password, services.config.transportSecret);
    // Wrong current passwords count as at sign-in: whoever sits at an unlocked session cannot guess on.
    try {
      await verifyAttempt(services, { username: found.username, found, plain: oldPlain, client: null, captcha: null, wrongPassword: Errors.wrongOldPassword });
    } catch (error) {
      if (error instanceof AppError && error.code === ResponseCode.AccountLocked) {
        await revokeUserSessions(services, found.userId);
        throw Errors.caller('error.passwordChangeLocked', error.params);
      }
      throw error;
    }
    await setNewPassword(services, found, oldPlain, input.newPassword, session.familyId, (tx) =>
      ctx.logChange(tx, {
        entryType: 'password',
        content: { key: 'password.own', values: { username: found.username } },
        before: { passwordChangedAt: found.passwordChangedAt },
        after: { passwordChangedAt: services.now() },
      }),
    );
    return null;
  },
};
