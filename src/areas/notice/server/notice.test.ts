import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../../shared/codes';
import { api, RATE_LIMITS } from '../../../shared/contract';
import { NoticeAudience, NoticeFormat, NoticeLimits, NoticeState, type NoticeForm } from '../contract';
import { Perm } from '../../../shared/permissions';
import { operationLog, user } from '../../../server/db/schema';
import { notice, noticeRead } from './schema';
import { deptIdOf, roleIdOf, signInAdminActor, signInBranchAdmin, signInWithRole, type Actor } from '../../../server/testing/actors';
import { startTestServer, type TestServer } from '../../../server/testing/harness';

let server: TestServer;
let admin: Actor;
beforeEach(async () => {
  server = await startTestServer({ rateLimits: { ...RATE_LIMITS, signIn: { perAddress: 1000, perAccount: 1000 } } });
  admin = await signInAdminActor(server);
});
afterEach(async () => {
  await server.close();
});

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

function windowFromNow(startMs: number, endMs: number): Pick<NoticeForm, 'startTime' | 'endTime'> {
  const now = server.clock.now().getTime();
  return { startTime: new Date(now + startMs).toISOString(), endTime: new Date(now + endMs).toISOString() };
}

function form(patch: Partial<NoticeForm> = {}): NoticeForm {
  return {
    title: 'Depot closed on Friday',
    content: 'The Shanghai depot closes at noon.',
    contentFormat: NoticeFormat.Text,
    audienceType: NoticeAudience.All,
    ...windowFromNow(0, 2 * HOUR),
    ...patch,
  };
}

async function send(actor: Actor, patch: Partial<NoticeForm> = {}): Promise<number> {
  const sent = await server.call(api.notice.send, form(patch), actor.as);
  expect(sent.msg).toBe('success');
  return sent.data!.id;
}

async function inboxOf(actor: Actor) {
  const answer = await server.call(api.notice.inbox, {}, actor.as);
  expect(answer.code).toBe(ResponseCode.Success);
  return answer.data!;
}

async function titlesOf(actor: Actor): Promise<string[]> {
  return (await inboxOf(actor)).notices.map((n) => n.title);
}

describe('publishing notices', () => {
  it('publishes to a role: its holders see it in force, unread, until they open it; others never see it', async () => {
    const operatorRole = await roleIdOf(server, '运营专员');
    const auditorRole = await roleIdOf(server, '审计员');
    const holder = await signInWithRole(server, 'holder1', operatorRole);
    const outsider = await signInWithRole(server, 'outsider1', auditorRole);
    const id = await send(admin, { title: 'For operators', audienceType: NoticeAudience.Role, audienceRoleId: operatorRole });

    const before = await inboxOf(holder);
    expect(before.notices.find((n) => n.id === id)).toMatchObject({ title: 'For operators', read: false, publisherName: '系统管理员' });
    expect(before.unread).toBe(before.notices.filter((n) => !n.read).length);
    expect(await titlesOf(outsider)).not.toContain('For operators');
    const ticker = await server.call(api.session.dynamicMessages, {}, holder.as);
    expect(ticker.data!.map((m) => m.content)).toContain('For operators');
    expect((await server.call(api.session.dynamicMessages, {}, outsider.as)).data!.map((m) => m.content)).not.toContain('For operators');

    const opened = await server.call(api.notice.open, { id }, holder.as);
    expect(opened.data).toMatchObject({ id, title: 'For operators', content: 'The Shanghai depot closes at noon.', contentFormat: NoticeFormat.Text, read: true });
    const after = await inboxOf(holder);
    expect(after.unread).toBe(before.unread - 1);
    expect(after.notices.find((n) => n.id === id)!.read).toBe(true);

    // Opening twice keeps one read; someone outside the audience cannot open it at all.
    expect((await server.call(api.notice.open, { id }, holder.as)).code).toBe(ResponseCode.Success);
    expect(await server.services.db.select().from(noticeRead).where(eq(noticeRead.noticeId, id))).toHaveLength(1);
    expect((await server.call(api.notice.open, { id }, outsider.as)).code).toBe(ResponseCode.NotFound);

    const listed = await server.call(api.notice.list, { pageNum: 1, pageSize: 10 }, admin.as);
    expect(listed.data!.records.find((r) => r.id === id)).toMatchObject({ audienceName: '运营专员', state: NoticeState.InForce, readCount: 1, audienceSize: 1 });
  });

  it("reaches an organisation's users and those below it, not those above or beside", async () => {
    const operatorRole = await roleIdOf(server, '运营专员');
    const east = await deptIdOf(server, '华东分公司');
    const inEast = await signInWithRole(server, 'east1', operatorRole, await deptIdOf(server, '上海转运中心'));
    const inSouth = await signInWithRole(server, 'south1', operatorRole, await deptIdOf(server, '华南运营部'));
    await send(admin, { title: 'East only', audienceType: NoticeAudience.Org, audienceDeptId: east });
    expect(await titlesOf(inEast)).toContain('East only');
    expect(await titlesOf(inSouth)).not.toContain('East only');
    expect(await titlesOf(admin)).not.toContain('East only');
  });

  it('keeps a scheduled notice out of the inbox until its start, and an expired one after its end', async () => {
    // Minutes, not hours: the access token of the sign-in lives an hour on the same clock.
    const scheduled = await send(admin, { title: 'Later', ...windowFromNow(10 * MINUTE, 30 * MINUTE) });
    expect(await titlesOf(admin)).not.toContain('Later');
    expect((await server.call(api.notice.open, { id: scheduled }, admin.as)).code).toBe(ResponseCode.NotFound);
    let row = (await server.call(api.notice.list, { pageNum: 1, pageSize: 10, state: NoticeState.Scheduled }, admin.as)).data!.records;
    expect(row.map((r) => r.title)).toEqual(['Later']);

    server.clock.advance(10 * MINUTE + 1000);
    expect(await titlesOf(admin)).toContain('Later');
    server.clock.advance(20 * MINUTE);
    expect(await titlesOf(admin)).not.toContain('Later');
    row = (await server.call(api.notice.list, { pageNum: 1, pageSize: 10, state: NoticeState.Expired }, admin.as)).data!.records;
    expect(row.map((r) => r.title)).toContain('Later');
  });

  it('sanitises a rich-text body and refuses one with nothing visible or an uploaded image', async () => {
    const id = await send(admin, { contentFormat: NoticeFormat.Html, content: '<p onclick="x()">Hello <script>alert(1)</script><strong>all</strong></p>' });
    const stored = (await server.services.db.select().from(notice).where(eq(notice.id, id)))[0]!;
    expect(stored.content).toBe('<p>Hello <strong>all</strong></p>');
    const empty = await server.call(api.notice.send, form({ contentFormat: NoticeFormat.Html, content: '<p><script>x</script></p>' }), admin.as);
    expect(empty.code).toBe(ResponseCode.InvalidInput);
    expect(empty.msg).toMatch(/^content: /);
    const image = await server.call(api.notice.send, form({ contentFormat: NoticeFormat.Html, content: '<p>x<img src="/api/sys/file/1"></p>' }), { ...admin.as, language: 'en_US' });
    expect(image.msg).toBe('content: a notice cannot contain uploaded images');
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const cases: Array<[Partial<NoticeForm>, string]> = [
      [{ title: '' }, 'title: please enter a title'],
      [{ title: 'x'.repeat(NoticeLimits.titleMax + 1) }, 'title: the title takes 1 to 50 characters'],
      [{ content: '   ' }, 'content: please enter the content'],
      [{ content: 'x'.repeat(NoticeLimits.textMax + 1) }, 'content: is too long'],
      [{ audienceType: NoticeAudience.Org }, 'audienceDeptId: please choose the organisation that receives the notice'],
      [{ audienceType: NoticeAudience.Role }, 'audienceRoleId: please choose the role that receives the notice'],
      [{ ...windowFromNow(-HOUR, HOUR) }, 'startTime: the start cannot lie in the past'],
      [{ ...windowFromNow(2 * HOUR, HOUR) }, 'endTime: the end must lie after the start and after now'],
      [{ ...windowFromNow(0, (NoticeLimits.windowMaxDays + 1) * 24 * HOUR) }, 'endTime: a notice is in force for at most 366 days'],
      [{ endTime: 'tomorrow' }, 'endTime: '],
    ];
    for (const [patch, msg] of cases) {
      const answer = await server.call(api.notice.send, form(patch), { ...admin.as, language: 'en_US' });
      expect(answer.code, msg).toBe(ResponseCode.InvalidInput);
      expect(answer.msg.startsWith(msg), `${answer.msg} / ${msg}`).toBe(true);
    }
    const missing = await server.call(api.notice.send, { ...form(), audienceRoleId: 999_999, audienceType: NoticeAudience.Role }, admin.as);
    expect(missing.code).toBe(ResponseCode.NotFound);
    expect(await server.services.db.select().from(notice).where(eq(notice.title, 'Depot closed on Friday'))).toHaveLength(0);
  });

  it('lets an administrator start a notice now without naming a start', async () => {
    const id = await send(admin, { startTime: undefined });
    expect(await titlesOf(admin)).toContain('Depot closed on Friday');
    const row = (await server.services.db.select().from(notice).where(eq(notice.id, id)))[0]!;
    expect(row.startTime.getTime()).toBeLessThanOrEqual(server.clock.now().getTime());
  });
});

describe('scope and permissions', () => {
  it('keeps a branch administrator to the organisations and roles of the branch, and off everyone', async () => {
    const branch = await signInBranchAdmin(server, { username: 'eastadmin', keys: [Perm.noticeView, Perm.noticeSend] });
    const south = await deptIdOf(server, '华南分公司');
    const eastOps = await deptIdOf(server, '华东运营部');
    const auditorRole = await roleIdOf(server, '审计员');

    expect((await server.call(api.notice.send, form(), branch.as)).code).toBe(ResponseCode.OutOfScope);
    expect((await server.call(api.notice.send, form({ audienceType: NoticeAudience.Org, audienceDeptId: south }), branch.as)).code).toBe(ResponseCode.OutOfScope);
    expect((await server.call(api.notice.send, form({ audienceType: NoticeAudience.Role, audienceRoleId: auditorRole }), branch.as)).code).toBe(ResponseCode.OutOfScope);
    const own = await send(branch, { title: 'East ops', audienceType: NoticeAudience.Org, audienceDeptId: eastOps });

    // The branch sees its own notice, not the head office's to everyone; the head office sees both.
    const everyone = await send(admin, { title: 'Everyone' });
    const branchList = (await server.call(api.notice.list, { pageNum: 1, pageSize: 50 }, branch.as)).data!.records.map((r) => r.id);
    expect(branchList).toContain(own);
    expect(branchList).not.toContain(everyone);
    expect((await server.call(api.notice.info, { id: everyone }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    expect((await server.call(api.notice.withdraw, { id: everyone, version: 1 }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    const adminList = (await server.call(api.notice.list, { pageNum: 1, pageSize: 50 }, admin.as)).data!.records.map((r) => r.id);
    expect(adminList).toEqual(expect.arrayContaining([own, everyone]));
  });

  it('refuses listing to a role without the view key and sending to one without the send key', async () => {
    const viewer = await signInBranchAdmin(server, { username: 'viewer', keys: [Perm.noticeView] });
    expect((await server.call(api.notice.list, { pageNum: 1, pageSize: 10 }, viewer.as)).code).toBe(ResponseCode.Success);
    expect((await server.call(api.notice.send, form(), viewer.as)).code).toBe(ResponseCode.Forbidden);
    const none = await signInBranchAdmin(server, { username: 'nokeys', keys: [Perm.userView] });
    expect((await server.call(api.notice.list, { pageNum: 1, pageSize: 10 }, none.as)).code).toBe(ResponseCode.Forbidden);
    // Every signed-in user has an inbox.
    expect((await server.call(api.notice.inbox, {}, none.as)).code).toBe(ResponseCode.Success);
  });
});

describe('withdrawing and the operation log', () => {
  it('withdraws a notice once: it leaves every inbox, and both the send and the withdrawal are logged', async () => {
    const id = await send(admin, { title: 'Wrong date' });
    expect(await titlesOf(admin)).toContain('Wrong date');
    const stale = await server.call(api.notice.withdraw, { id, version: 2 }, admin.as);
    expect(stale.code).toBe(ResponseCode.StaleRecord);
    const withdrawn = await server.call(api.notice.withdraw, { id, version: 1 }, admin.as);
    expect(withdrawn.data).toEqual({ id, version: 2 });
    expect(await titlesOf(admin)).not.toContain('Wrong date');
    const again = await server.call(api.notice.withdraw, { id, version: 2 }, { ...admin.as, language: 'en_US' });
    expect(again).toMatchObject({ code: ResponseCode.CallerError, msg: 'the notice "Wrong date" has already been withdrawn' });

    const row = (await server.call(api.notice.info, { id }, admin.as)).data!;
    expect(row).toMatchObject({ state: NoticeState.Withdrawn, withdrawName: '系统管理员', content: 'The Shanghai depot closes at noon.' });

    const logged = await server.services.db.select().from(operationLog).where(eq(operationLog.operUserId, admin.userId));
    const kinds = logged.filter((r) => r.operationContent.includes('Wrong date')).map((r) => r.entryType);
    expect(kinds).toEqual(expect.arrayContaining(['send', 'withdraw']));
  });

  it('refuses to withdraw an expired notice', async () => {
    const id = await send(admin, { title: 'Short', ...windowFromNow(0, 10 * MINUTE) });
    server.clock.advance(11 * MINUTE);
    const answer = await server.call(api.notice.withdraw, { id, version: 1 }, admin.as);
    expect(answer.code).toBe(ResponseCode.CallerError);
  });

  it('logs the first reading of a notice in the reader’s name', async () => {
    const operatorRole = await roleIdOf(server, '运营专员');
    const reader = await signInWithRole(server, 'reader1', operatorRole);
    const id = await send(admin, { title: 'Read me' });
    await server.call(api.notice.open, { id }, reader.as);
    const rows = await server.services.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.operUserId, reader.userId), eq(operationLog.entryType, 'read')));
    expect(rows.map((r) => r.operationContent)).toEqual(['阅读通知 Read me']);
    const readerRow = (await server.services.db.select().from(user).where(eq(user.userId, reader.userId)))[0]!;
    expect(readerRow.username).toBe('reader1');
  });
});
