import { asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { INTERFACE_EXACT_COUNT_MAX, type InterfaceLogPage, type InterfaceLogRow, type InterfaceLogSeek } from '../../../shared/contract/interface-log';
import { rowsOf } from '../../auth/authz';
import type { CallContext } from '../../context';
import type { Db } from '../../db/client';
import { offsetOf } from '../../db/lists';
import { interfaceLog, oauthClient, user } from '../../db/schema';
import { Errors } from '../../errors';
import { allOf, filterConditions, newerThan, olderThan, scopeCondition, type ParsedFilters } from './queries';

/** The columns of a list row, as stored. */
const listColumns = {
  id: interfaceLog.id,
  appId: interfaceLog.appId,
  serviceCnName: interfaceLog.serviceCnName,
  interfaceCnName: interfaceLog.interfaceCnName,
  method: interfaceLog.method,
  path: interfaceLog.path,
  userId: interfaceLog.userId,
  startTime: interfaceLog.startTime,
  endTime: interfaceLog.endTime,
  useTime: interfaceLog.useTime,
  ip: interfaceLog.ip,
  deviceId: interfaceLog.deviceId,
  modelInfo: interfaceLog.modelInfo,
  responseStatus: interfaceLog.responseStatus,
};

type StoredRow = { [K in keyof typeof listColumns]: (typeof listColumns)[K]['_']['data'] };

/** The names of the applications and users of some rows: two small lookups beside the page. */
async function namesOf(db: Db, rows: readonly StoredRow[]): Promise<{ apps: Map<string, string>; users: Map<string, string> }> {
  const appIds = [...new Set(rows.map((r) => r.appId).filter((id) => id !== ''))];
  const userIds = [...new Set(rows.map((r) => Number(r.userId)).filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647))];
  const apps = appIds.length > 0 ? await db.select({ clientId: oauthClient.clientId, appName: oauthClient.appName }).from(oauthClient).where(inArray(oauthClient.clientId, appIds)) : [];
  const users = userIds.length > 0 ? await db.select({ userId: user.userId, username: user.username }).from(user).where(inArray(user.userId, userIds)) : [];
  return { apps: new Map(apps.map((a) => [a.clientId, a.appName])), users: new Map(users.map((u) => [String(u.userId), u.username])) };
}

function toRow(row: StoredRow, names: { apps: Map<string, string>; users: Map<string, string> }): InterfaceLogRow {
  return {
    ...row,
    appName: names.apps.get(row.appId) ?? '',
    userName: names.users.get(row.userId) ?? '',
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
  };
}

/**
 * How many rows match: exact up to INTERFACE_EXACT_COUNT_MAX, beyond it the planner's estimate (counting a
 * million rows on every page would cost more than the page), never less than what was counted.
 */
async function totalOf(db: Db, where: SQL | undefined): Promise<{ total: number; estimated: boolean }> {
  const condition = where ?? sql`true`;
  const counted = rowsOf<{ n: number | string }>(await db.execute(sql`select count(*) as n from (select 1 from ${interfaceLog} where ${condition} limit ${INTERFACE_EXACT_COUNT_MAX + 1}) capped`));
  const exact = Number(counted[0]?.n ?? 0);
  if (exact <= INTERFACE_EXACT_COUNT_MAX) return { total: exact, estimated: false };
  const plan = rowsOf<Record<string, unknown>>(await db.execute(sql`explain (format json) select 1 from ${interfaceLog} where ${condition}`));
  const raw = plan[0] ? Object.values(plan[0])[0] : null;
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan?: { 'Plan Rows'?: number } }> | null;
  const estimate = Math.round(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0);
  return { total: Math.max(estimate, exact), estimated: true };
}

export interface ListInput extends ParsedFilters {
  page: number;
  limit: number;
  after?: InterfaceLogSeek;
  before?: InterfaceLogSeek;
}

/**
 * A page of calls, newest first. With `after` (the last row of the page before) or `before` (the first row of
 * the page after) the page is read from that row by the (start_time, id) index, as fast deep in the log as at
 * its start; without either, by offset.
 */
export async function listInterfaceLogs(ctx: CallContext, input: ListInput): Promise<InterfaceLogPage> {
  const db = ctx.services.db;
  const filtered = allOf([await scopeCondition(ctx), ...filterConditions(input)]);
  const base = db.select(listColumns).from(interfaceLog);
  let stored: StoredRow[];
  if (input.after) {
    stored = await base
      .where(allOf([filtered, olderThan(input.after)]))
      .orderBy(desc(interfaceLog.startTime), desc(interfaceLog.id))
      .limit(input.limit);
  } else if (input.before) {
    const newer = await base
      .where(allOf([filtered, newerThan(input.before)]))
      .orderBy(asc(interfaceLog.startTime), asc(interfaceLog.id))
      .limit(input.limit);
    stored = newer.reverse();
  } else {
    stored = await base.where(filtered).orderBy(desc(interfaceLog.startTime), desc(interfaceLog.id)).limit(input.limit).offset(offsetOf(input.page, input.limit));
  }
  const { total, estimated } = await totalOf(db, filtered);
  const names = await namesOf(db, stored);
  return {
    records: stored.map((row) => toRow(row, names)),
    total,
    totalEstimated: estimated,
    current: input.page,
    pages: Math.ceil(total / input.limit),
    size: input.limit,
  };
}

/** One call with its request and response; a call outside the role's organisations is refused. */
export async function interfaceLogInfo(ctx: CallContext, id: number): Promise<InterfaceLogRow & { requestParam: string; responseText: string }> {
  const db = ctx.services.db;
  const scope = await scopeCondition(ctx);
  const found = await db
    .select({ ...listColumns, requestParam: interfaceLog.requestParam, responseText: interfaceLog.responseText, inScope: scope ? sql<boolean>`coalesce(${scope}, false)` : sql<boolean>`true` })
    .from(interfaceLog)
    .where(eq(interfaceLog.id, id))
    .limit(1);
  const row = found[0];
  if (!row) throw Errors.notFound('id');
  if (!row.inScope) throw Errors.outOfScope('id');
  const { requestParam, responseText, inScope: _inScope, ...listed } = row;
  return { ...toRow(listed, await namesOf(db, [listed])), requestParam, responseText };
}

/** The applications of the application centre (spec 001 §7 "GET all apps"), by name. */
export async function interfaceLogApps(db: Db): Promise<Array<{ appId: string; appName: string }>> {
  return db.select({ appId: oauthClient.clientId, appName: oauthClient.appName }).from(oauthClient).orderBy(asc(oauthClient.appName), asc(oauthClient.clientId));
}
