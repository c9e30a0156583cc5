import { and, asc, eq, inArray } from 'drizzle-orm';
import { MenuType } from '../../../shared/constants';
import type { InfoSystem } from '../contract';
import { Perm, type PermissionKey } from '../../../shared/permissions';
import { ApiKeyStatus } from '../../system-api-key/contract';
import type { CallContext } from '../../../server/context';
import { menu } from '../../../server/db/schema';
import { systemApiKey } from '../../../server/db/tables';
import { Errors } from '../../../server/errors';
import { managedSystemIds } from '../../menu/server';

/**
 * The systems information is filed under (spec 001 §7 "GET all systems"): those the current role manages
 * (every system for a role that sees every organisation, else the systems granted to it). Categories and
 * articles of other systems are neither listed nor changed: an id naming one is refused as out of scope.
 */

/** The systems of the current role, by menuId, with their names in the caller's language; read before any transaction. */
export async function infoSystemsOf(ctx: CallContext): Promise<Map<number, string>> {
  const managed = [...(await managedSystemIds(ctx))];
  if (managed.length === 0) return new Map();
  const rows = await ctx.services.db
    .select({ menuId: menu.menuId, name: menu.name })
    .from(menu)
    .where(and(eq(menu.type, MenuType.System), inArray(menu.menuId, managed)))
    .orderBy(asc(menu.orderNum), asc(menu.menuId));
  const out = new Map<number, string>();
  for (const row of rows) out.set(row.menuId, await ctx.services.translations.translate(ctx.locale, row.name));
  return out;
}

/** The system a form names must be one of the role's. */
export function checkSystem(systems: ReadonlyMap<number, string>, systemCode: number, field = 'systemCode'): string {
  const name = systems.get(systemCode);
  if (name === undefined) throw Errors.outOfScope(field);
  return name;
}

/** The keys that open the systems select: the category screen's or the article screen's view. */
const SYSTEM_READERS: readonly PermissionKey[] = [Perm.infoTypeView, Perm.infoView];

/** The role's systems with their usable API keys, for the forms' selects. */
export async function listInfoSystems(ctx: CallContext): Promise<InfoSystem[]> {
  const keys = await ctx.services.authz.keysOf(ctx.requireRole().roleId);
  if (!SYSTEM_READERS.some((key) => keys.has(key))) throw Errors.forbidden();
  const systems = await infoSystemsOf(ctx);
  if (systems.size === 0) return [];
  const apiKeys = await ctx.services.db
    .select({ systemMenuId: systemApiKey.systemMenuId, apiKey: systemApiKey.apiKey, apiCode: systemApiKey.apiCode })
    .from(systemApiKey)
    .where(and(inArray(systemApiKey.systemMenuId, [...systems.keys()]), eq(systemApiKey.status, ApiKeyStatus.Usable)))
    .orderBy(asc(systemApiKey.id));
  return [...systems].map(([systemCode, systemName]) => ({
    systemCode,
    systemName,
    apiKeys: apiKeys.filter((k) => k.systemMenuId === systemCode).map((k) => ({ apiKey: k.apiKey, apiCode: k.apiCode })),
  }));
}
