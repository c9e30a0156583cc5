import { and, eq, gte, ilike, inArray, like, lte, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { INTERFACE_GUARD_ANSWERS, INTERFACE_STATUS_NORMAL, type InterfaceOutcome } from '../contract';
import { interfacesNamed, servicesNamed } from '../../../shared/contract/interface-names';
import { RoleType } from '../../../shared/constants';
import { roleScope } from '../../../server/auth/scope';
import type { CallContext } from '../../../server/context';
import type { Tx } from '../../../server/db/client';
import { containsPattern } from '../../../server/db/lists';
import { interfaceLog, user } from '../../../server/db/schema';

/** The filters as the contract parses them. */
export interface ParsedFilters {
  appId?: string;
  serviceName?: string;
  interfaceName?: string;
  responseStatus?: string;
  outcome?: InterfaceOutcome;
  useTime?: number;
  userId?: string;
  ip?: string;
  deviceId?: string;
  modelInfo?: string;
  startTime?: string;
  endTime?: string;
}

/** The position of a row in the list's order (newest first): its start time (as exported, to the millisecond) and id. */
export interface InterfaceLogSeek {
  startTime: string;
  id: number;
}

/**
 * The organisations whose calls the call's role may read: null (every row) for a role over all organisations,
 * otherwise its organisation subtree (calls without a user, such as sign-ins, have no organisation and stay with
 * the all-organisations roles). Read before any transaction (PGlite has one connection).
 */
export async function scopeOf(ctx: CallContext): Promise<number[] | null> {
  if (ctx.requireRole().roleType === RoleType.AllOrganisations) return null;
  return [...(await roleScope(ctx))].sort((a, b) => a - b);
}

export function scopeConditionOf(scope: number[] | null): SQL | undefined {
  if (scope === null) return undefined;
  return scope.length > 0 ? inArray(interfaceLog.deptId, scope) : sql`false`;
}

export async function scopeCondition(ctx: CallContext): Promise<SQL | undefined> {
  return scopeConditionOf(await scopeOf(ctx));
}

/** The filters with the users a name matches looked up once: the same rows match the same resolved filters. */
export interface ResolvedFilters extends ParsedFilters {
  /** Users whose login name contains the userId filter. */
  namedUserIds?: string[];
}

export async function resolveFilters(db: Tx, filters: ParsedFilters): Promise<ResolvedFilters> {
  if (!filters.userId) return filters;
  const named = await db
    .select({ userId: user.userId })
    .from(user)
    .where(ilike(user.username, containsPattern(filters.userId)));
  return { ...filters, namedUserIds: named.map((u) => String(u.userId)).sort() };
}

/** A LIKE pattern matching values that start with `text`. */
function prefixPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Rows whose stored key has a name containing `text` in any of the five languages, or whose stored text itself
 * contains it (a call to an unknown address stores its path).
 */
function named(column: typeof interfaceLog.serviceCnName | typeof interfaceLog.interfaceCnName, text: string, keysNamed: (text: string) => string[]): SQL | undefined {
  const keys = keysNamed(text);
  return or(keys.length > 0 ? inArray(column, keys) : undefined, ilike(column, containsPattern(text)));
}

/** The filters of spec 001 §7 as conditions on the log. */
export function filterConditions(filters: ResolvedFilters): SQL[] {
  const conditions: (SQL | undefined)[] = [
    filters.appId ? eq(interfaceLog.appId, filters.appId) : undefined,
    filters.serviceName ? named(interfaceLog.serviceCnName, filters.serviceName, servicesNamed) : undefined,
    filters.interfaceName ? named(interfaceLog.interfaceCnName, filters.interfaceName, interfacesNamed) : undefined,
    filters.responseStatus ? eq(interfaceLog.responseStatus, filters.responseStatus) : undefined,
    filters.outcome === 'normal' ? eq(interfaceLog.responseStatus, INTERFACE_STATUS_NORMAL) : undefined,
    filters.outcome === 'abnormal' ? ne(interfaceLog.responseStatus, INTERFACE_STATUS_NORMAL) : undefined,
    filters.outcome === 'failed' ? notInArray(interfaceLog.responseStatus, [INTERFACE_STATUS_NORMAL, ...INTERFACE_GUARD_ANSWERS]) : undefined,
    filters.useTime !== undefined ? gte(interfaceLog.useTime, filters.useTime) : undefined,
    filters.userId ? or(eq(interfaceLog.userId, filters.userId), filters.namedUserIds?.length ? inArray(interfaceLog.userId, filters.namedUserIds) : undefined) : undefined,
    filters.ip ? like(interfaceLog.ip, prefixPattern(filters.ip)) : undefined,
    filters.deviceId ? ilike(interfaceLog.deviceId, containsPattern(filters.deviceId)) : undefined,
    filters.modelInfo ? ilike(interfaceLog.modelInfo, containsPattern(filters.modelInfo)) : undefined,
    filters.startTime ? gte(interfaceLog.startTime, new Date(filters.startTime)) : undefined,
    filters.endTime ? lte(interfaceLog.startTime, new Date(filters.endTime)) : undefined,
  ];
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}

/**
 * Rows after `seek` in the list's order (newest first: start time, then id, both descending). The column holds
 * microseconds and the seek's time only milliseconds, which would skip the rows of the seek's millisecond that
 * follow it: the seek row's own time is read back by its id (one index lookup a page). A seek row removed
 * meanwhile (the retention purge, which removes the oldest first) leaves the millisecond's time.
 */
export function olderThan(seek: InterfaceLogSeek): SQL {
  const seekRow = sql.identifier('seek_row');
  const seekTime = sql`(select ${seekRow}.${sql.identifier(interfaceLog.startTime.name)} from ${interfaceLog} ${seekRow} where ${seekRow}.${sql.identifier(interfaceLog.id.name)} = ${seek.id})`;
  return sql`(${interfaceLog.startTime}, ${interfaceLog.id}) < (coalesce(${seekTime}, ${new Date(seek.startTime).toISOString()}::timestamptz), ${seek.id})`;
}

export function allOf(conditions: readonly (SQL | undefined)[]): SQL | undefined {
  const present = conditions.filter((condition): condition is SQL => condition !== undefined);
  return present.length === 0 ? undefined : and(...present);
}
