import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import { NoticeFormat, NoticeLimits, NoticeStatus, type InboxNotice, type OpenedNotice } from '../contract';
import type { CallContext } from '../../../server/context';
import { user } from '../../../server/db/schema';
import { notice, noticeRead } from './schema';
import { Errors } from '../../../server/errors';
import { reachesUser } from './audience';

/**
 * The reader's side: the notices in force that reach the signed-in user, read or not, and opening one. Every
 * answer comes from the database, so a notice published or withdrawn through any server process shows at the
 * next poll of every shell.
 */

function inForceFor(userId: number, now: Date) {
  return and(eq(notice.status, NoticeStatus.Published), lte(notice.startTime, now), gt(notice.endTime, now), reachesUser(userId));
}

const inboxColumns = (userId: number) => ({
  id: notice.id,
  title: notice.title,
  startTime: notice.startTime,
  endTime: notice.endTime,
  publisherName: user.name,
  read: sql<boolean>`exists (select 1 from ${noticeRead} where ${noticeRead.noticeId} = ${notice.id} and ${noticeRead.userId} = ${userId})`,
});

type InboxRow = { id: number; title: string; startTime: Date; endTime: Date; publisherName: string | null; read: boolean };

function inboxOf(row: InboxRow): InboxNotice {
  return { id: row.id, title: row.title, startTime: row.startTime.toISOString(), endTime: row.endTime.toISOString(), publisherName: row.publisherName ?? '', read: Boolean(row.read) };
}

/** The signed-in user's notices in force, newest first (at most `NoticeLimits.inboxMax`), and how many are unread. */
export async function inbox(ctx: CallContext): Promise<{ notices: InboxNotice[]; unread: number }> {
  const userId = ctx.requireSession().userId;
  const rows = await ctx.services.db
    .select(inboxColumns(userId))
    .from(notice)
    .leftJoin(user, eq(user.userId, notice.createBy))
    .where(inForceFor(userId, ctx.services.now()))
    .orderBy(desc(notice.startTime), desc(notice.id))
    .limit(NoticeLimits.inboxMax);
  const notices = rows.map(inboxOf);
  return { notices, unread: notices.filter((n) => !n.read).length };
}

/** The notices in force for the signed-in user as the ticker's dynamic messages: titles, oldest first. */
export async function dynamicMessagesOf(ctx: CallContext): Promise<Array<{ id: number; content: string }>> {
  const userId = ctx.requireSession().userId;
  return ctx.services.db
    .select({ id: notice.id, content: notice.title })
    .from(notice)
    .where(inForceFor(userId, ctx.services.now()))
    .orderBy(asc(notice.startTime), asc(notice.id))
    .limit(NoticeLimits.inboxMax);
}

/** A notice in force for the signed-in user, with its body; the first opening records the read (and logs it, in one transaction). */
export async function openNotice(ctx: CallContext, id: number): Promise<OpenedNotice> {
  const userId = ctx.requireSession().userId;
  const now = ctx.services.now();
  return ctx.services.db.transaction(async (tx) => {
    const rows = await tx
      .select({ ...inboxColumns(userId), contentFormat: notice.contentFormat, content: notice.content })
      .from(notice)
      .leftJoin(user, eq(user.userId, notice.createBy))
      .where(and(eq(notice.id, id), inForceFor(userId, now)))
      .limit(1);
    const found = rows[0];
    // Not in force for this user (another audience, withdrawn, outside its window) reads as absent.
    if (!found) throw Errors.notFound('id');
    if (!found.read) {
      await tx.insert(noticeRead).values({ noticeId: id, userId, readTime: now }).onConflictDoNothing();
      await ctx.logChange(tx, { entryType: 'read', content: { key: 'notice.read', values: { title: found.title } }, before: { read: false }, after: { read: true, readTime: now.toISOString() } });
    } else {
      await ctx.logChange(tx, { entryType: 'read', content: { key: 'notice.readAgain', values: { title: found.title } }, before: { read: true }, after: { read: true } });
    }
    return { ...inboxOf({ ...found, read: true }), contentFormat: found.contentFormat === NoticeFormat.Html ? NoticeFormat.Html : NoticeFormat.Text, content: found.content };
  });
}
