import { and, eq, gte, ilike, inArray, like, lte, or, sql, type SQL } from 'drizzle-orm';
import { RoleType } from '../../../shared/constants';
import type { InterfaceLogSeek } from '../../../shared/contract/interface-log';
import { roleScope } from '../../auth/scope';
import type { CallContext } from '../../context';
import { containsPattern } from '../../db/lists';
import { interfaceLog, user } from '../../db/schema';

/** The filters as the contract parses them. */
export interface ParsedFilters {
  appId?: string;
  serviceName?: string;
  interfaceName?: string;
  responseStatus?: string;
  useTime?: number;
  userId?: string;
  ip?: string;
  deviceId?: string;
  modelInfo?: string;
  startTime?: string;
  endTime?: string;
}

/**
 * The rows the call's role may read: every row for a role over all organisations, otherwise the rows of its
 * organisation subtree (calls without a user, such as sign-ins, have no organisation and stay with the
 * all-organisations roles). Read before any transaction (PGlite has one connection).
 */
export async function scopeCondition(ctx: CallContext): Promise<SQL | undefined> {
  if (ctx.requireRole().roleType === RoleType.AllOrganisations) return undefined;
  const scope = await roleScope(ctx);
  return scope.size > 0 ? inArray(interfaceLog.deptId, [...scope]) : sql`false`;
}

/** A LIKE pattern matching values that start with `text`. */
function prefixPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The filters of spec 001 §7 as conditions on the log. */
export function filterConditions(filters: ParsedFilters): SQL[] {
  const conditions: (SQL | undefined)[] = [
    filters.appId ? eq(interfaceLog.appId, filters.appId) : undefined,
    filters.serviceName ? ilike(interfaceLog.serviceCnName, containsPattern(filters.serviceName)) : undefined,
    filters.interfaceName ? ilike(interfaceLog.interfaceCnName, containsPattern(filters.interfaceName)) : undefined,
    filters.responseStatus ? eq(interfaceLog.responseStatus, filters.responseStatus) : undefined,
    filters.useTime !== undefined ? gte(interfaceLog.useTime, filters.useTime) : undefined,
    filters.userId
      ? or(
          eq(interfaceLog.userId, filters.userId),
          inArray(interfaceLog.userId, sql`(select cast(${user.userId} as varchar) from ${user} where ${ilike(user.username, containsPattern(filters.userId))})`),
        )
      : undefined,
    filters.ip ? like(interfaceLog.ip, prefixPattern(filters.ip)) : undefined,
    filters.deviceId ? ilike(interfaceLog.deviceId, containsPattern(filters.deviceId)) : undefined,
    filters.modelInfo ? ilike(interfaceLog.modelInfo, containsPattern(filters.modelInfo)) : undefined,
    filters.startTime ? gte(interfaceLog.startTime, new Date(filters.startTime)) : undefined,
    filters.endTime ? lte(interfaceLog.startTime, new Date(filters.endTime)) : undefined,
  ];
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}

/** Rows after `seek` in the list's order (newest first: start time, then id, both descending). */
export function olderThan(seek: InterfaceLogSeek): SQL {
  return sql`(${interfaceLog.startTime}, ${interfaceLog.id}) < (${new Date(seek.startTime).toISOString()}::timestamptz, ${seek.id})`;
}

/** Rows before `seek` in the list's order. */
export function newerThan(seek: InterfaceLogSeek): SQL {
  return sql`(${interfaceLog.startTime}, ${interfaceLog.id}) > (${new Date(seek.startTime).toISOString()}::timestamptz, ${seek.id})`;
}

export function allOf(conditions: readonly (SQL | undefined)[]): SQL | undefined {
  const present = conditions.filter((condition): condition is SQL => condition !== undefined);
  return present.length === 0 ? undefined : and(...present);
}
