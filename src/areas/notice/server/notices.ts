import { and, desc, eq, gt, ilike, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { api } from '../../../shared/contract';
import type { ParsedInputOf } from '../../../shared/contract/endpoint';
import { NoticeFormat, NoticeLimits, NoticeState, NoticeStatus, noticeStateAt, type NoticeRecord, type NoticeRow, type NoticeStateType } from '../contract';
import type { CallContext } from '../../../server/context';
import type { Tx } from '../../../server/db/client';
import { containsPattern, pagedQuery } from '../../../server/db/lists';
import { dept, role, user } from '../../../server/db/schema';
import { notice, noticeRead } from './schema';
import { AppError, Errors } from '../../../server/errors';
import { ResponseCode } from '../../../shared/codes';
import { loadOrgTree } from '../../../server/org-tree';
import { hasVisibleContent, sanitizeArticleHtml, storedImageIds } from '../../../server/rich-text/sanitize';
import { audienceSizeOf, checkAudience, noticeReachOf, noticesWithin } from './audience';

type NoticeTableRow = typeof notice.$inferSelect;
type SendForm = ParsedInputOf<typeof api.notice.send>;

const DAY_MS = 24 * 60 * 60 * 1000;

const publisher = alias(user, 'notice_publisher');
const withdrawer = alias(user, 'notice_withdrawer');

const listColumns = {
  notice,
  publisherName: publisher.name,
  withdrawName: withdrawer.name,
  deptName: dept.name,
  roleName: role.roleName,
  readCount: sql<number>`(select count(*)::int from ${noticeRead} where ${noticeRead.noticeId} = ${notice.id})`,
};

type ListedNotice = { notice: NoticeTableRow; publisherName: string | null; withdrawName: string | null; deptName: string | null; roleName: string | null; readCount: number };

function rowOf(found: ListedNotice, audienceSize: number, now: Date): NoticeRow {
  const n = found.notice;
  return {
    id: n.id,
    title: n.title,
    contentFormat: n.contentFormat === NoticeFormat.Html ? NoticeFormat.Html : NoticeFormat.Text,
    audienceType: n.audienceType as NoticeRow['audienceType'],
    audienceDeptId: n.audienceDeptId,
    audienceRoleId: n.audienceRoleId,
    audienceName: found.deptName ?? found.roleName ?? '',
    startTime: n.startTime.toISOString(),
    endTime: n.endTime.toISOString(),
    state: noticeStateAt(n, now),
    publisherName: found.publisherName ?? '',
    createTime: n.createTime.toISOString(),
    withdrawName: found.withdrawName ?? '',
    withdrawTime: n.withdrawTime?.toISOString() ?? null,
    readCount: Number(found.readCount),
    audienceSize,
    version: n.version,
  };
}

/** What the operation log keeps of a notice (the body too: it is what was published). */
function snapshotOf(n: NoticeTableRow) {
  return {
    id: n.id,
    title: n.title,
    contentFormat: n.contentFormat,
    content: n.content,
    audienceType: n.audienceType,
    audienceDeptId: n.audienceDeptId,
    audienceRoleId: n.audienceRoleId,
    status: n.status,
    startTime: n.startTime.toISOString(),
    endTime: n.endTime.toISOString(),
    withdrawBy: n.withdrawBy,
    withdrawTime: n.withdrawTime?.toISOString() ?? null,
    version: n.version,
  };
}

function stateCondition(state: NoticeStateType, now: Date): SQL | undefined {
  const published = eq(notice.status, NoticeStatus.Published);
  switch (state) {
    case NoticeState.Withdrawn:
      return eq(notice.status, NoticeStatus.Withdrawn);
    case NoticeState.Scheduled:
      return and(published, gt(notice.startTime, now));
    case NoticeState.InForce:
      return and(published, lte(notice.startTime, now), gt(notice.endTime, now));
    case NoticeState.Expired:
      return and(published, lte(notice.endTime, now));
  }
}

function listQuery(db: Tx) {
  return db
    .select(listColumns)
    .from(notice)
    .leftJoin(publisher, eq(publisher.userId, notice.createBy))
    .leftJoin(withdrawer, eq(withdrawer.userId, notice.withdrawBy))
    .leftJoin(dept, eq(dept.deptId, notice.audienceDeptId))
    .leftJoin(role, eq(role.roleId, notice.audienceRoleId))
    .$dynamic();
}

export async function listNotices(ctx: CallContext, input: ParsedInputOf<typeof api.notice.list>) {
  const reach = await noticeReachOf(ctx);
  const now = ctx.services.now();
  const { db } = ctx.services;
  return pagedQuery(db, input, {
    rows: listQuery(db),
    counted: notice,
    where: and(noticesWithin(reach), input.title ? ilike(notice.title, containsPattern(input.title)) : undefined, input.state ? stateCondition(input.state, now) : undefined),
    orderBy: [desc(notice.createTime), desc(notice.id)],
    records: async (rows) => {
      const tree = await loadOrgTree(db);
      const records: NoticeRow[] = [];
      for (const found of rows) records.push(rowOf(found, await audienceSizeOf(db, tree, found.notice), now));
      return records;
    },
  });
}

export async function noticeInfo(ctx: CallContext, id: number): Promise<NoticeRecord> {
  const reach = await noticeReachOf(ctx);
  const { db } = ctx.services;
  const rows = await listQuery(db).where(eq(notice.id, id)).limit(1);
  const found = rows[0];
  if (!found) throw Errors.notFound('id');
  const visible = await db
    .select({ id: notice.id })
    .from(notice)
    .where(and(eq(notice.id, id), noticesWithin(reach)))
    .limit(1);
  if (!visible[0]) throw Errors.outOfScope('id');
  return { ...rowOf(found, await audienceSizeOf(db, await loadOrgTree(db), found.notice), ctx.services.now()), content: found.notice.content };
}

/** The body as stored: plain text trimmed, or HTML sanitised with information's sanitiser and refused when nothing visible is left. */
function storedContent(form: SendForm): string {
  if (form.contentFormat === NoticeFormat.Text) return form.content.trim();
  const content = sanitizeArticleHtml(form.content);
  if (!hasVisibleContent(content)) throw Errors.invalid('content', 'validation.contentEmpty');
  // A stored image is read with the reader's session and purged when no article shows it: notices carry none.
  if (storedImageIds(content).length > 0) throw Errors.invalid('content', 'validation.noticeContentImage');
  if (content.length > NoticeLimits.htmlMax) throw Errors.invalid('content', 'validation.tooLong');
  return content;
}

/** The window as stored: the start now or later (a few minutes' grace for the time the form took), the end after it, within the longest window. */
function windowOf(form: SendForm, now: Date): { startTime: Date; endTime: Date } {
  const startTime = form.startTime ? new Date(form.startTime) : now;
  if (startTime.getTime() < now.getTime() - NoticeLimits.startGraceMs) throw Errors.invalid('startTime', 'validation.noticeStartPast');
  const endTime = new Date(form.endTime);
  if (endTime.getTime() <= Math.max(startTime.getTime(), now.getTime())) throw Errors.invalid('endTime', 'validation.noticeEndAfterStart');
  if (endTime.getTime() - startTime.getTime() > NoticeLimits.windowMaxDays * DAY_MS) throw Errors.invalid('endTime', 'validation.noticeWindowTooLong', { days: NoticeLimits.windowMaxDays });
  return { startTime, endTime };
}

export async function sendNotice(ctx: CallContext, form: SendForm): Promise<NoticeTableRow> {
  const session = ctx.requireSession();
  const reach = await noticeReachOf(ctx);
  const now = ctx.services.now();
  const content = storedContent(form);
  const window = windowOf(form, now);
  return ctx.services.db.transaction(async (tx) => {
    const audience = await checkAudience(tx, reach, form);
    const inserted = await tx
      .insert(notice)
      .values({
        title: form.title,
        content,
        contentFormat: form.contentFormat,
        audienceType: audience.audienceType,
        audienceDeptId: audience.audienceDeptId,
        audienceRoleId: audience.audienceRoleId,
        status: NoticeStatus.Published,
        ...window,
        createBy: session.userId,
        createTime: now,
      })
      .returning();
    const row = inserted[0]!;
    await ctx.logChange(tx, {
      entryType: 'send',
      content: audience.name ? { key: 'notice.sendTo', values: { title: row.title, audience: audience.name } } : { key: 'notice.sendAll', values: { title: row.title } },
      before: null,
      after: snapshotOf(row),
    });
    return row;
  });
}

export async function withdrawNotice(ctx: CallContext, input: { id: number; version: number }): Promise<NoticeTableRow> {
  const session = ctx.requireSession();
  const reach = await noticeReachOf(ctx);
  const now = ctx.services.now();
  return ctx.services.db.transaction(async (tx) => {
    const existing = (await tx.select().from(notice).where(eq(notice.id, input.id)).limit(1))[0];
    if (!existing) throw Errors.notFound('id');
    const visible = await tx
      .select({ id: notice.id })
      .from(notice)
      .where(and(eq(notice.id, input.id), noticesWithin(reach)))
      .limit(1);
    if (!visible[0]) throw Errors.outOfScope('id');
    const state = noticeStateAt(existing, now);
    if (state === NoticeState.Withdrawn) throw new AppError(ResponseCode.CallerError, 'error.noticeWithdrawn', { title: existing.title });
    if (state === NoticeState.Expired) throw new AppError(ResponseCode.CallerError, 'error.noticeExpired', { title: existing.title });
    const updated = await tx
      .update(notice)
      .set({ status: NoticeStatus.Withdrawn, withdrawBy: session.userId, withdrawTime: now, version: sql`${notice.version} + 1` })
      .where(and(eq(notice.id, input.id), eq(notice.version, input.version)))
      .returning();
    if (!updated[0]) throw Errors.stale();
    await ctx.logChange(tx, { entryType: 'withdraw', content: { key: 'notice.withdraw', values: { title: existing.title } }, before: snapshotOf(existing), after: snapshotOf(updated[0]) });
    return updated[0];
  });
}
