import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { SIGN_IN_INTERFACE_NAMES } from '../../../shared/contract/endpoint-names';
import { interfaceNameOf, serviceNameOf } from '../../../shared/contract/interface-names';
import type { Locale } from '../../../shared/constants';
import { RECENT_ERRORS_MINUTES, type InterfaceLogFigures, type InterfaceLogPage, type InterfaceLogRow } from '../contract';
import type { CallContext } from '../../../server/context';
import type { Db } from '../../../server/db/client';
import { offsetOf, pageResult } from '../../../server/db/lists';
import { pageIndexOf, type PageIndexSource } from '../../../server/db/page-index';
import { interfaceLog, oauthClient, user } from '../../../server/db/schema';
import { Errors } from '../../../server/errors';
import { startOfDay } from '../../../server/calendar';
import { allOf, filterConditions, resolveFilters, scopeCondition, scopeConditionOf, scopeOf, type ParsedFilters } from './queries';

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

function toRow(row: StoredRow, names: { apps: Map<string, string>; users: Map<string, string> }, locale: Locale): InterfaceLogRow {
  return {
    ...row,
    serviceCnName: serviceNameOf(row.serviceCnName, locale),
    interfaceCnName: interfaceNameOf(row.interfaceCnName, locale),
    appName: names.apps.get(row.appId) ?? '',
    userName: names.users.get(row.userId) ?? '',
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
  };
}

/** The list's order over the (start_time, id) index; rows are added with growing ids, a call logged when it ends. */
const PAGES: PageIndexSource = {
  table: interfaceLog,
  id: interfaceLog.id,
  order: [
    { column: interfaceLog.startTime, kind: 'instant' },
    { column: interfaceLog.id, kind: 'integer' },
  ],
};

/** The rows the role may see that the filters match, and what names them in the page index. */
async function matching(ctx: CallContext, filters: ParsedFilters): Promise<{ filterKey: string; where: SQL | undefined }> {
  const scope = await scopeOf(ctx);
  const resolved = await resolveFilters(ctx.services.db, filters);
  const filterKey = JSON.stringify([
    scope,
    Object.entries(resolved)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  ]);
  return { filterKey, where: allOf([scopeConditionOf(scope), ...filterConditions(resolved)]) };
}

/** The rows an export of these filters writes: the condition, and how many (exact, from the page index). */
export async function exportSelection(ctx: CallContext, filters: ParsedFilters): Promise<{ where: SQL | undefined; total: number }> {
  const { filterKey, where } = await matching(ctx, filters);
  return { where, total: await pageIndexOf(ctx.services.db, PAGES).count(ctx.services.db, filterKey, where) };
}

export interface ListInput extends ParsedFilters {
  page: number;
  limit: number;
}

/**
 * A page of calls, newest first, by the sparse page index: page 10,000 is a seek to the nearest anchor and a
 * short offset, as fast as page 1, and the total is exact.
 */
export async function listInterfaceLogs(ctx: CallContext, input: ListInput): Promise<InterfaceLogPage> {
  const db = ctx.services.db;
  const { page, limit, ...filters } = input;
  const { filterKey, where } = await matching(ctx, filters);
  const { rows, total } = await pageIndexOf(db, PAGES).page(db, filterKey, where, offsetOf(page, limit), limit, (range, order, offset, count) =>
    db
      .select(listColumns)
      .from(interfaceLog)
      .where(range)
      .orderBy(...order)
      .offset(offset)
      .limit(count),
  );
  const names = await namesOf(db, rows);
  return pageResult(
    rows.map((row) => toRow(row, names, ctx.locale)),
    total,
    page,
    limit,
  );
}

/**
 * Home's figures (issues 13, 51): failed sign-ins since the start of today and failed calls in the last hour, counted
 * with the list's own filters and scope, so the list opened with the filters answered shows exactly these rows.
 */
export async function interfaceLogFigures(ctx: CallContext): Promise<InterfaceLogFigures> {
  const now = ctx.services.now();
  const failedSignInsFrom = startOfDay(now).toISOString();
  const recentErrorsFrom = new Date(now.getTime() - RECENT_ERRORS_MINUTES * 60_000).toISOString();
  const scope = scopeConditionOf(await scopeOf(ctx));
  const count = async (filters: ParsedFilters) => {
    const [row] = await ctx.services.db
      .select({ n: sql<number>`count(*)::int` })
      .from(interfaceLog)
      .where(allOf([scope, ...filterConditions(filters)]));
    return row?.n ?? 0;
  };
  const failedSignIns = await count({ interfaceName: SIGN_IN_INTERFACE_NAMES[ctx.locale], outcome: 'failed', startTime: failedSignInsFrom });
  const recentErrors = await count({ outcome: 'failed', startTime: recentErrorsFrom });
  return { failedSignIns, failedSignInsFrom, recentErrors, recentErrorsFrom };
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
  return { ...toRow(listed, await namesOf(db, [listed]), ctx.locale), requestParam, responseText };
}

/** The applications of the application centre (spec 001 §7 "GET all apps"), by name. */
export async function interfaceLogApps(db: Db): Promise<Array<{ appId: string; appName: string }>> {
  return db.select({ appId: oauthClient.clientId, appName: oauthClient.appName }).from(oauthClient).orderBy(asc(oauthClient.appName), asc(oauthClient.clientId));
}
