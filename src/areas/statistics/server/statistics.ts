import { and, count, desc, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { LoginRecordRow, MapEntry, OnlineSession, SeriesOutput, StatisticsProfile } from '../contract';
import { AppStatus, RoleType, UserStatus } from '../../../shared/constants';
import { rowsOf } from '../../../server/auth/authz';
import { checkUsersOutranked } from '../../../server/auth/outrank';
import { revokeFamily } from '../../../server/auth/revoke';
import { roleScope } from '../../../server/auth/scope';
import type { CallContext } from '../../../server/context';
import { loginRecord, user } from '../../../server/db/schema';
import { offsetOf, pagedQuery, pageResult, type Page } from '../../../server/db/lists';
import { locate } from '../../../server/geo/locate';
import { Errors } from '../../../server/errors';
import { daysOf, hoursOf, localDate, localMonth, startOfDay, type Buckets } from '../../../server/calendar';

/**
 * The users a call's numbers cover: those of the role's organisations (a role over every organisation sees
 * everyone). A deleted user's sign-ins no longer belong to any organisation and are counted by no one.
 */
async function usersCovered(ctx: CallContext): Promise<SQL | undefined> {
  if (ctx.requireRole().roleType === RoleType.AllOrganisations) return undefined;
  const scope = await roleScope(ctx);
  return scope.size === 0 ? sql`false` : inArray(user.deptId, [...scope]);
}

const iso = (at: Date) => sql`${at.toISOString()}::timestamptz`;

export async function profile(ctx: CallContext): Promise<StatisticsProfile> {
  const covered = await usersCovered(ctx);
  const now = ctx.services.now();
  const today = iso(startOfDay(now));
  const rows = await ctx.services.db
    .select({
      todayCount: sql<number>`(count(distinct ${loginRecord.userId}) filter (where ${loginRecord.loginTime} >= ${today}))::int`,
      todayTimes: sql<number>`(count(*) filter (where ${loginRecord.loginTime} >= ${today}))::int`,
      totalCount: sql<number>`count(distinct ${loginRecord.userId})::int`,
      totalTimes: sql<number>`count(*)::int`,
    })
    .from(loginRecord)
    .innerJoin(user, eq(user.userId, loginRecord.userId))
    .where(covered);
  const online = await liveFamilies(ctx, covered, { countOnly: true });
  const totals = rows[0]!;
  return { onlineCount: online.total, todayCount: totals.todayCount, todayTimes: totals.todayTimes, totalCount: totals.totalCount, totalTimes: totals.totalTimes, today: localDate(now) };
}

/** A chosen day or month may be today's or earlier, never in the future (the pickers offer no later ones). */
function refuseFuture(ctx: CallContext, field: 'date' | 'month', value: string): void {
  const now = ctx.services.now();
  const latest = field === 'date' ? localDate(now) : localMonth(now);
  if (value > latest) throw Errors.invalid(field, 'validation.future');
}

export async function accessMap(ctx: CallContext, date: string): Promise<MapEntry[]> {
  refuseFuture(ctx, 'date', date);
  const covered = await usersCovered(ctx);
  const { bounds } = hoursOf(date);
  const rows = await ctx.services.db
    .select({ name: loginRecord.region, value: count() })
    .from(loginRecord)
    .innerJoin(user, eq(user.userId, loginRecord.userId))
    .where(and(gte(loginRecord.loginTime, bounds[0]!), lt(loginRecord.loginTime, bounds[bounds.length - 1]!), sql`${loginRecord.region} <> ''`, covered))
    .groupBy(loginRecord.region)
    .orderBy(desc(count()), loginRecord.region);
  return rows;
}

async function series(ctx: CallContext, buckets: Buckets): Promise<SeriesOutput> {
  const covered = await usersCovered(ctx);
  const { bounds, labels } = buckets;
  const fields: Record<string, SQL<number>> = {};
  labels.forEach((_, i) => {
    fields[`b${i}`] = sql<number>`(count(*) filter (where ${loginRecord.loginTime} >= ${iso(bounds[i]!)} and ${loginRecord.loginTime} < ${iso(bounds[i + 1]!)}))::int`;
  });
  const rows = await ctx.services.db
    .select(fields)
    .from(loginRecord)
    .innerJoin(user, eq(user.userId, loginRecord.userId))
    .where(and(gte(loginRecord.loginTime, bounds[0]!), lt(loginRecord.loginTime, bounds[bounds.length - 1]!), covered));
  const row = rows[0] ?? {};
  return { date: labels, values: labels.map((_, i) => Number(row[`b${i}`] ?? 0)) };
}

export async function daySeries(ctx: CallContext, date: string): Promise<SeriesOutput> {
  refuseFuture(ctx, 'date', date);
  return series(ctx, hoursOf(date));
}

export async function monthSeries(ctx: CallContext, month: string): Promise<SeriesOutput> {
  refuseFuture(ctx, 'month', month);
  return series(ctx, daysOf(month));
}

/** Users who signed in, most recent first, with their counts from the user record. */
export async function accessLog(ctx: CallContext, page: number, limit: number): Promise<Page<LoginRecordRow>> {
  const covered = await usersCovered(ctx);
  const db = ctx.services.db;
  return pagedQuery(
    db,
    { page, limit },
    {
      rows: db.select({ userId: user.userId, username: user.username, name: user.name, loginCount: user.loginCount, mobile: user.mobile, lastLoginTime: user.lastLoginTime }).from(user).$dynamic(),
      counted: user,
      where: and(isNotNull(user.lastLoginTime), covered),
      orderBy: [desc(user.lastLoginTime), desc(user.userId)],
      records: (rows) => rows.map((r) => ({ ...r, lastLoginTime: r.lastLoginTime!.toISOString() })),
    },
  );
}

interface FamilyRow {
  family_id: string;
  user_id: number;
  username: string;
  name: string;
  client_id: string;
  ip: string | null;
  since: string | Date;
}

/**
 * The sessions signed in now: token families holding an access token or an unused refresh token that has
 * neither expired nor been revoked, of an enabled user, issued after the user's last password change, through
 * a usable client. Newest sign-in first.
 */
async function liveFamilies(ctx: CallContext, covered: SQL | undefined, paging: { countOnly: true } | { page: number; limit: number }): Promise<{ total: number; rows: FamilyRow[] }> {
  const now = iso(ctx.services.now());
  const scope = covered ? sql`and ${covered}` : sql``;
  const families = sql`
    with live as (
      select family_id, user_id, client_id, create_time from sys_access_token where revoked_at is null and expires_at > ${now}
      union all
      select family_id, user_id, client_id, create_time from sys_refresh_token where revoked_at is null and used_at is null and expires_at > ${now}
    )
    select live.family_id, live.user_id, live.client_id
    from live
    join sys_user on sys_user.user_id = live.user_id
    join sys_oauth_client on sys_oauth_client.id = live.client_id
    where sys_user.status = ${UserStatus.Enabled}
      and sys_oauth_client.status = ${AppStatus.Usable}
      and (sys_user.tokens_valid_after is null or live.create_time >= sys_user.tokens_valid_after)
      ${scope}
    group by live.family_id, live.user_id, live.client_id`;
  const db = ctx.services.db;
  const counted = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (${families}) f`));
  const total = Number(counted[0]?.n ?? 0);
  if ('countOnly' in paging || total === 0) return { total, rows: [] };
  const rows = rowsOf<FamilyRow>(
    await db.execute(sql`
      select f.family_id, u.user_id, u.username, u.name, c.client_id, r.ip,
        coalesce(r.login_time, (select min(t.family_started_at) from sys_refresh_token t where t.family_id = f.family_id)) as since
      from (${families}) f
      join sys_user u on u.user_id = f.user_id
      join sys_oauth_client c on c.id = f.client_id
      left join lateral (
        select ip, login_time from sys_login_record where sys_login_record.family_id = f.family_id order by login_time limit 1
      ) r on true
      order by since desc nulls last, f.family_id
      limit ${paging.limit} offset ${offsetOf(paging.page, paging.limit)}`),
  );
  return { total, rows };
}

export async function onlineSessions(ctx: CallContext, page: number, limit: number): Promise<Page<OnlineSession>> {
  const current = ctx.requireSession().familyId;
  const { total, rows } = await liveFamilies(ctx, await usersCovered(ctx), { page, limit });
  const records = rows.map((r) => ({
    familyId: r.family_id,
    userId: Number(r.user_id),
    username: r.username,
    name: r.name,
    ip: r.ip ?? '',
    location: r.ip ? locate(r.ip).label : '',
    clientId: r.client_id,
    since: r.since ? new Date(r.since).toISOString() : '',
    current: r.family_id === current,
  }));
  return pageResult(records, total, page, limit);
}

/** Ends a session of a user inside the role's organisations and not above the role: its tokens are revoked, the user is signed out at the next call. */
export async function endSession(ctx: CallContext, familyId: string): Promise<void> {
  if (familyId === ctx.requireSession().familyId) throw Errors.caller('error.endOwnSession');
  const covered = await usersCovered(ctx);
  const db = ctx.services.db;
  const owners = rowsOf<{ user_id: number; dept_id: number | null; username: string }>(
    await db.execute(sql`
      select sys_user.user_id, sys_user.dept_id, sys_user.username from sys_user
      where sys_user.user_id in (
        select user_id from sys_refresh_token where family_id = ${familyId}
        union select user_id from sys_access_token where family_id = ${familyId}
      )`),
  );
  const owner = owners[0];
  if (!owner) throw Errors.notFound('familyId');
  if (covered) {
    const inScope = await db
      .select({ userId: user.userId })
      .from(user)
      .where(and(eq(user.userId, Number(owner.user_id)), covered));
    if (inScope.length === 0) throw Errors.outOfScope('familyId');
  }
  // Ending a session acts on its user as a password reset does: never on a user above the caller's role.
  await checkUsersOutranked(ctx, db, await roleScope(ctx), [Number(owner.user_id)], 'familyId', 'error.sessionOwnerOutranks');
  const signIn = (await db.select({ ip: loginRecord.ip, loginTime: loginRecord.loginTime }).from(loginRecord).where(eq(loginRecord.familyId, familyId)).limit(1))[0];
  await revokeFamily(ctx.services, familyId, (tx) =>
    ctx.logChange(tx, {
      entryType: 'endSession',
      content: { key: 'session.end', values: { username: owner.username } },
      before: { familyId, username: owner.username, ip: signIn?.ip ?? '', since: signIn?.loginTime.toISOString() ?? null, online: true },
      after: { familyId, username: owner.username, online: false },
    }),
  );
}
