import { z } from 'zod';
import { Perm } from '../../shared/permissions';
import { pageOf, rules, pageInput } from '../../shared/rules';
import { endpoint } from '../../shared/contract/endpoint';
import type { EndpointNamesOf } from '../../shared/local-names';
import { RECORD_FIELDS, type SnapshotFieldTable } from '../../shared/contract/snapshot-fields';

/**
 * Notices (issue 12, spec 001 §2 /sendNotice, spec 000 §3 "dynamic messages shown as a scrolling notice"): an
 * administrator publishes a notice to everyone, to an organisation and those below it, or to the holders of
 * a role, in force for a window [startTime, endTime). The users it reaches see it in the shell's ticker and
 * notification list, which poll; opening one marks it read for that user. An administrator targets only
 * organisations and roles inside the current role's scope, and everyone only from a role that sees every
 * organisation.
 */

export const NoticeAudience = { All: 'all', Org: 'org', Role: 'role' } as const;
export const NOTICE_AUDIENCES = [NoticeAudience.All, NoticeAudience.Org, NoticeAudience.Role] as const;
export type NoticeAudienceType = (typeof NOTICE_AUDIENCES)[number];

/** The body is plain text (shown as typed) or HTML from the rich-text editor, sanitised by the server. */
export const NoticeFormat = { Text: 'text', Html: 'html' } as const;
export const NOTICE_FORMATS = [NoticeFormat.Text, NoticeFormat.Html] as const;
export type NoticeFormatType = (typeof NOTICE_FORMATS)[number];

/** Where a notice stands, from its window and whether it was withdrawn. */
export const NoticeState = { Scheduled: 'scheduled', InForce: 'inForce', Expired: 'expired', Withdrawn: 'withdrawn' } as const;
export const NOTICE_STATES = [NoticeState.Scheduled, NoticeState.InForce, NoticeState.Expired, NoticeState.Withdrawn] as const;
export type NoticeStateType = (typeof NOTICE_STATES)[number];

export const NoticeLimits = {
  titleMax: 50,
  textMax: 2000,
  htmlMax: 20_000,
  /** A start this far before the server's clock still counts as "now" (the time the form took to send). */
  startGraceMs: 5 * 60_000,
  /** The longest window: a notice that should stay longer is published again. */
  windowMaxDays: 366,
  /** The notices in force for one user that the shell shows, newest first. */
  inboxMax: 100,
  /** How often the shell asks for notices (and on window focus): near real time without a push channel. */
  pollMs: 30_000,
} as const;

/** The persisted status column: 1 published, 0 withdrawn. */
export const NoticeStatus = { Published: 1, Withdrawn: 0 } as const;

/** The state of a notice at `now`. */
export function noticeStateAt(notice: { status: number; startTime: string | Date; endTime: string | Date }, now: Date): NoticeStateType {
  if (notice.status === NoticeStatus.Withdrawn) return NoticeState.Withdrawn;
  if (new Date(notice.startTime).getTime() > now.getTime()) return NoticeState.Scheduled;
  if (new Date(notice.endTime).getTime() <= now.getTime()) return NoticeState.Expired;
  return NoticeState.InForce;
}

const instant = (field: 'start' | 'end') =>
  z.iso.datetime({
    offset: true,
    error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? (field === 'end' ? 'validation.noticeEndRequired' : 'validation.required') : 'validation.dateTime'),
  });

const noticeFields = z.object({
  title: z.string({ error: 'validation.titleRequired' }).trim().min(1, { message: 'validation.titleRequired' }).max(NoticeLimits.titleMax, { message: 'validation.noticeTitleLength' }),
  contentFormat: z.enum(NOTICE_FORMATS, { error: 'validation.oneOf' }).default(NoticeFormat.Text),
  content: z.string({ error: 'validation.contentRequired' }).min(1, { message: 'validation.contentRequired' }).max(NoticeLimits.htmlMax, { message: 'validation.tooLong' }),
  audienceType: z.enum(NOTICE_AUDIENCES, { error: (issue) => (issue.input === undefined ? 'validation.audienceRequired' : 'validation.oneOf') }),
  /** The organisation of an 'org' notice; it reaches the users of that organisation and those below it. */
  audienceDeptId: rules.id.nullish(),
  /** The role of a 'role' notice; it reaches the users holding it. */
  audienceRoleId: rules.id.nullish(),
  /** Omitted: from now. Otherwise now or later. */
  startTime: instant('start').nullish(),
  endTime: instant('end'),
});

type NoticeDraft = z.output<typeof noticeFields>;

/** Rules across fields: the audience named by its type, a text body within its own limit, the end after the start. */
function checkNotice(notice: NoticeDraft, ctx: z.RefinementCtx): void {
  if (notice.audienceType === NoticeAudience.Org && !notice.audienceDeptId)
    ctx.addIssue({ code: 'custom', path: ['audienceDeptId'], message: 'validation.audienceDeptRequired', input: notice.audienceDeptId });
  if (notice.audienceType === NoticeAudience.Role && !notice.audienceRoleId)
    ctx.addIssue({ code: 'custom', path: ['audienceRoleId'], message: 'validation.audienceRoleRequired', input: notice.audienceRoleId });
  if (notice.contentFormat === NoticeFormat.Text) {
    if (notice.content.trim() === '') ctx.addIssue({ code: 'custom', path: ['content'], message: 'validation.contentRequired', input: notice.content });
    else if (notice.content.length > NoticeLimits.textMax) ctx.addIssue({ code: 'custom', path: ['content'], message: 'validation.tooLong', input: notice.content });
  }
  if (notice.startTime && Date.parse(notice.endTime) <= Date.parse(notice.startTime)) {
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'validation.noticeEndAfterStart', input: notice.endTime });
  }
}

export const noticeForm = noticeFields.superRefine(checkNotice);
export type NoticeForm = z.input<typeof noticeForm>;

export const noticeRow = z.object({
  id: z.number().int(),
  title: z.string(),
  contentFormat: z.enum(NOTICE_FORMATS),
  audienceType: z.enum(NOTICE_AUDIENCES),
  audienceDeptId: z.number().int().nullable(),
  audienceRoleId: z.number().int().nullable(),
  /** The organisation's or role's name ('' for everyone; '' too when it was deleted since). */
  audienceName: z.string(),
  /** ISO 8601. */
  startTime: z.string(),
  endTime: z.string(),
  state: z.enum(NOTICE_STATES),
  publisherName: z.string(),
  /** ISO 8601. */
  createTime: z.string(),
  withdrawName: z.string(),
  withdrawTime: z.string().nullable(),
  /** Users who opened it. */
  readCount: z.number().int(),
  /** Enabled users it reaches now. */
  audienceSize: z.number().int(),
  version: z.number().int(),
});
export type NoticeRow = z.infer<typeof noticeRow>;

export const noticeRecord = noticeRow.extend({ content: z.string() });
export type NoticeRecord = z.infer<typeof noticeRecord>;

/** A notice in the signed-in user's notification list (no body: that comes when it is opened). */
export const inboxNotice = z.object({
  id: z.number().int(),
  title: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  publisherName: z.string(),
  read: z.boolean(),
});
export type InboxNotice = z.infer<typeof inboxNotice>;

export const openedNotice = inboxNotice.extend({ contentFormat: z.enum(NOTICE_FORMATS), content: z.string() });
export type OpenedNotice = z.infer<typeof openedNotice>;

const stamp = { id: rules.id, version: rules.version };

export const notice = {
  list: endpoint({
    service: 'notice',
    summary: 'Notices inside the current role, newest first, a page at a time',
    method: 'POST',
    path: '/sys/notice/list',
    access: Perm.noticeView,
    mutation: false,
    input: z.object({ title: rules.filterText, state: z.enum(NOTICE_STATES, { error: 'validation.oneOf' }).optional(), ...pageInput }),
    output: pageOf(noticeRow),
  }),
  info: endpoint({
    service: 'notice',
    summary: 'One notice with its body',
    method: 'POST',
    path: '/sys/notice/info/:id',
    access: Perm.noticeView,
    mutation: false,
    input: z.object({ id: rules.id }),
    output: noticeRecord,
  }),
  send: endpoint({
    service: 'notice',
    summary: 'Publish a notice',
    method: 'POST',
    path: '/sys/notice/send',
    access: Perm.noticeSend,
    input: noticeForm,
    output: z.object({ id: z.number().int() }),
  }),
  withdraw: endpoint({
    service: 'notice',
    summary: 'Withdraw a notice',
    method: 'POST',
    path: '/sys/notice/withdraw',
    access: Perm.noticeSend,
    input: z.object(stamp),
    output: z.object({ id: z.number().int(), version: z.number().int() }),
  }),
  inbox: endpoint({
    service: 'notice',
    summary: 'The notices in force for the signed-in user',
    method: 'POST',
    path: '/sys/notice/inbox',
    access: 'session',
    mutation: false,
    input: z.object({}),
    output: z.object({ notices: z.array(inboxNotice), unread: z.number().int() }),
  }),
  open: endpoint({
    service: 'notice',
    summary: 'Open a notice in force for the signed-in user and mark it read',
    method: 'POST',
    path: '/sys/notice/open/:id',
    access: 'session',
    input: z.object({ id: rules.id }),
    output: openedNotice,
  }),
} as const;

/** What interface monitoring, its filters and its export call each endpoint of notice, in the five locales. */
export const noticeNames: EndpointNamesOf<typeof notice> = {
  list: ['公告列表', 'Notice list', 'Mitteilungsliste', 'お知らせ一覧', '공지 목록'],
  info: ['公告详情', 'Notice details', 'Mitteilungsdetails', 'お知らせ詳細', '공지 상세'],
  send: ['发布公告', 'Publish notice', 'Mitteilung veröffentlichen', 'お知らせ公開', '공지 게시'],
  withdraw: ['撤回公告', 'Withdraw notice', 'Mitteilung zurückziehen', 'お知らせ取り下げ', '공지 철회'],
  inbox: ['我的公告', 'My notices', 'Meine Mitteilungen', '自分宛てのお知らせ', '내 공지'],
  open: ['阅读公告', 'Open notice', 'Mitteilung öffnen', 'お知らせを開く', '공지 열기'],
};

/** The fields of the notice or its reading snapshots the operation log keeps (labels and references; `src/shared/contract/snapshot-fields.ts`). */
export const noticeSnapshotFields = {
  ...RECORD_FIELDS,
  title: { label: 'common.title' },
  contentFormat: { label: 'notice.field.format' },
  content: { label: 'common.content' },
  audienceType: { label: 'notice.field.audienceType' },
  audienceDeptId: { label: 'notice.field.audienceDept', ref: 'dept' },
  audienceRoleId: { label: 'notice.field.audienceRole', ref: 'role' },
  status: { label: 'common.status' },
  startTime: { label: 'notice.field.startTime' },
  endTime: { label: 'notice.field.endTime' },
  withdrawBy: { label: 'operationLog.snapshot.withdrawBy', ref: 'user' },
  withdrawTime: { label: 'operationLog.snapshot.withdrawTime' },
  read: { label: 'notice.column.read' },
  readTime: { label: 'operationLog.snapshot.readTime' },
} as const satisfies SnapshotFieldTable;
