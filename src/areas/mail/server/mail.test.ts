import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../../shared/codes';
import { api } from '../../../shared/contract';
import { MailProtocol, type MailAccountForm } from '../contract';
import { Perm } from '../../../shared/permissions';
import { operationLog, outbox } from '../../../server/db/schema';
import { mailAccount } from './schema';
import { smsConfigFromEnv } from '../../../server/outbox/sms-config';
import { signInAdminActor, signInBranchAdmin, type Actor } from '../../../server/testing/actors';
import { startTestServer, type TestServer } from '../../../server/testing/harness';
import { REFUSED_MAILBOX, startSmtpPeer, type SmtpPeer } from '../../../server/testing/smtp-peer';
import { upload } from '../../../server/platform/file/test-files';

let peer: SmtpPeer;
let server: TestServer;
let admin: Actor;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const CSV = Buffer.from('parcel,station\nSF1001,深圳南山\n');

beforeAll(async () => {
  peer = await startSmtpPeer();
});
afterAll(async () => {
  await peer.close();
});
beforeEach(async () => {
  peer.received.length = 0;
  server = await startTestServer({ sms: { ...smsConfigFromEnv({}), pollMs: 20, backoffBaseMs: 20, requestTimeoutMs: 5_000 }, outbound: peer.outbound });
  admin = await signInAdminActor(server);
});
afterEach(async () => {
  await server.close();
});

async function accountForm(overrides: Partial<MailAccountForm> = {}, password = peer.password): Promise<MailAccountForm> {
  return { host: peer.host, port: String(peer.port), ssl: false, protocol: MailProtocol.Smtp, account: peer.user, secret: await server.seal(password), ...overrides };
}

async function addAccount(overrides: Partial<MailAccountForm> = {}, password?: string): Promise<number> {
  const answer = await server.call(api.mail.accountAdd, await accountForm(overrides, password), admin.as);
  if (!answer.data) throw new Error(`add failed: ${answer.code} ${answer.msg}`);
  return answer.data.id;
}

async function activeAccount(): Promise<number> {
  const id = await addAccount();
  expect((await server.call(api.mail.accountActivate, { id, version: 1 }, admin.as)).code).toBe(ResponseCode.Success);
  return id;
}

/** Waits until the mail is settled (sent or failed), bounded by a deadline. */
async function settled(id: number, deadlineMs = 20_000) {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const list = await server.call(api.mail.list, { pageNum: 1, pageSize: 50 }, admin.as);
    const mail = list.data!.records.find((m) => m.id === id)!;
    if (mail.status === 'sent' || mail.status === 'failed') return mail;
    if (Date.now() > until) throw new Error(`mail ${id} is still ${mail.status}: ${mail.serverAnswer}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('mail accounts', () => {
  it('stores the password sealed, never answers or logs it, and keeps it when an edit leaves it empty', async () => {
    const id = await addAccount();
    const info = await server.call(api.mail.accountInfo, { id }, admin.as);
    expect(info.data).toMatchObject({ host: peer.host, port: String(peer.port), ssl: false, protocol: 'smtp', account: peer.user, hasSecret: true, active: false, version: 1 });
    expect(JSON.stringify(info.data)).not.toContain(peer.password);
    const stored = (await server.services.db.select().from(mailAccount).where(eq(mailAccount.id, id)))[0]!;
    expect(stored.secretEnc).not.toContain(peer.password);
    expect(stored.secretEnc.startsWith('v1:')).toBe(true);

    const updated = await server.call(api.mail.accountUpdate, { ...(await accountForm()), secret: undefined, id, version: 1 }, admin.as);
    expect(updated.data).toEqual({ id, version: 2 });
    const after = (await server.services.db.select().from(mailAccount).where(eq(mailAccount.id, id)))[0]!;
    expect(after.secretEnc).toBe(stored.secretEnc);

    await server.services.audit.flush();
    const logged = JSON.stringify(await server.services.db.select().from(operationLog));
    expect(logged).toContain(`新增邮件账号 ${peer.user}`);
    expect(logged).not.toContain(peer.password);
    expect(logged).not.toContain(stored.secretEnc);
  });

  it('refuses a taken address, a bad port or host, and a secret that was not sealed for transport, naming the field', async () => {
    await addAccount();
    expect((await server.call(api.mail.accountAdd, await accountForm(), admin.as)).code).toBe(ResponseCode.Conflict);
    for (const port of ['1', '12345', '2a', '09']) {
      const answer = await server.call(api.mail.accountAdd, await accountForm({ account: 'other@example.com', port }), admin.as);
      expect(answer.code, port).toBe(ResponseCode.InvalidInput);
      expect(answer.msg).toMatch(/^port: /);
    }
    const badHost = await server.call(api.mail.accountAdd, await accountForm({ account: 'other@example.com', host: 'smtp example.com' }), admin.as);
    expect(badHost.msg).toMatch(/^host: /);
    const clear = await server.call(api.mail.accountAdd, { ...(await accountForm({ account: 'other@example.com' })), secret: 'plain-password' }, admin.as);
    expect(clear.code).toBe(ResponseCode.InvalidInput);
    expect(clear.msg).toMatch(/^secret: /);
  });

  it('keeps one account active, and will not delete an account whose mail is still waiting', async () => {
    const first = await activeAccount();
    const second = await addAccount({ account: 'second@example.com' });
    expect((await server.call(api.mail.accountActivate, { id: second, version: 1 }, admin.as)).code).toBe(ResponseCode.Success);
    const rows = await server.services.db.select({ id: mailAccount.id, active: mailAccount.active }).from(mailAccount);
    expect(rows.filter((r) => r.active).map((r) => r.id)).toEqual([second]);
    expect((await server.call(api.mail.accountActivate, { id: second, version: 2 }, admin.as)).msg).toContain('already active');

    // A mail queued through an account whose server cannot be reached waits for its next attempt, and keeps it.
    await server.services.db.update(mailAccount).set({ port: 1 }).where(eq(mailAccount.id, second));
    const sent = await server.call(api.mail.send, { to: 'a@example.com', subject: 'Waiting', body: '<p>hello</p>' }, admin.as);
    expect(sent.code).toBe(ResponseCode.Success);
    await server.services.db
      .update(outbox)
      .set({ status: 'pending', nextAttemptAt: new Date(Date.now() + 3_600_000) })
      .where(eq(outbox.channel, 'mail'));
    const refused = await server.call(api.mail.accountDelete, { ids: String(second) }, admin.as);
    expect(refused.code).toBe(ResponseCode.InUse);
    expect(refused.msg).toContain('second@example.com');
    expect((await server.call(api.mail.accountDelete, { ids: String(first) }, admin.as)).code).toBe(ResponseCode.Success);
  });

  it('sends a test mail and answers that it went; a wrong password answers the class of the refusal', async () => {
    const id = await addAccount();
    const tested = await server.call(api.mail.accountTest, { id, to: 'ops@example.com' }, admin.as);
    expect(tested.code).toBe(ResponseCode.Success);
    expect(tested.data).toEqual({ sent: true });
    const [arrived] = await peer.waitFor(1);
    expect(arrived!.envelopeTo).toEqual(['ops@example.com']);
    expect(arrived!.parsed.subject).toBe('Test mail from the Back-office Console');

    const wrong = await addAccount({ account: 'wrong@example.com' }, 'not-the-password');
    const failed = await server.call(api.mail.accountTest, { id: wrong, to: 'ops@example.com' }, admin.as);
    expect(failed.code).toBe(ResponseCode.ThirdPartyError);
    expect(failed.msg).toBe('the test mail was not sent: the mail server refused the account or its password');
  });

  it('asks for each key on the server', async () => {
    const viewer = await signInBranchAdmin(server, { username: 'mailViewer', keys: [Perm.mailAccountView, Perm.mailView] });
    expect((await server.call(api.mail.accountList, { pageNum: 1, pageSize: 10 }, viewer.as)).code).toBe(ResponseCode.Success);
    expect((await server.call(api.mail.accountAdd, await accountForm(), viewer.as)).code).toBe(ResponseCode.Forbidden);
    expect((await server.call(api.mail.accountDelete, { ids: '1' }, viewer.as)).code).toBe(ResponseCode.Forbidden);
    expect((await server.call(api.mail.accountActivate, { id: 1, version: 1 }, viewer.as)).code).toBe(ResponseCode.Forbidden);
    expect((await server.call(api.mail.send, { to: 'a@example.com', subject: 's', body: '<p>b</p>' }, viewer.as)).code).toBe(ResponseCode.Forbidden);
  });
});

describe('sending mail', () => {
  it('delivers a mail with its recipients, sanitised HTML and attachments through the active account, and records the server answer', async () => {
    await activeAccount();
    const pdf = await upload(server, 'mailAttachment', 'manifest.pdf', PDF, admin.as);
    const csv = await upload(server, 'mailAttachment', 'stations.csv', CSV, admin.as);
    expect(pdf.code).toBe(ResponseCode.Success);
    expect(csv.code).toBe(ResponseCode.Success);
    const sent = await server.call(
      api.mail.send,
      {
        to: 'ops@example.com, Hub@Example.com；ops@example.com',
        cc: 'hub@example.com\nlead@example.com',
        subject: '到站通知 Arrivals',
        body: '<p>Parcels <strong>arrived</strong></p><script>alert(1)</script><p onclick="x()">Done</p>',
        attachmentIds: [pdf.data!.id, csv.data!.id],
      },
      admin.as,
    );
    expect(sent.code).toBe(ResponseCode.Success);
    expect(sent.data).toMatchObject({ recipients: 3, duplicates: ['ops@example.com', 'hub@example.com'] });

    const [arrived] = await peer.waitFor(1);
    const mail = arrived!.parsed;
    // The envelope carries the domain in lower case (nodemailer normalises it); the header keeps what was typed.
    expect(arrived!.envelopeTo.sort()).toEqual(['Hub@example.com', 'lead@example.com', 'ops@example.com']);
    expect(arrived!.user).toBe(peer.user);
    expect(mail.subject).toBe('到站通知 Arrivals');
    expect(mail.from?.text).toBe(peer.user);
    expect(mail.cc && !Array.isArray(mail.cc) ? mail.cc.value.map((a) => a.address) : []).toEqual(['lead@example.com']);
    expect(mail.html).toContain('<strong>arrived</strong>');
    expect(mail.html).not.toContain('script');
    expect(mail.html).not.toContain('onclick');
    expect(mail.text).toContain('Parcels arrived');
    expect(mail.messageId).toBe(`<mail-${sent.data!.id}@example.com>`);
    expect(mail.attachments.map((a) => [a.filename, a.contentType, a.content.toString('utf8')])).toEqual([
      ['manifest.pdf', 'application/pdf', PDF.toString('utf8')],
      ['stations.csv', 'text/csv', CSV.toString('utf8')],
    ]);

    const record = await settled(sent.data!.id);
    expect(record).toMatchObject({ status: 'sent', sender: peer.user, to: ['ops@example.com', 'Hub@Example.com'], cc: ['lead@example.com'], attempts: 1 });
    expect(record.serverAnswer).toMatch(/^250 /);
    expect(record.attachments.map((a) => a.name)).toEqual(['manifest.pdf', 'stations.csv']);
    const body = await server.call(api.mail.body, { id: sent.data!.id }, admin.as);
    expect(body.data!.html).not.toContain('script');

    // An attachment belongs to its mail: it cannot be attached again, and the purge keeps it.
    const again = await server.call(api.mail.send, { to: 'ops@example.com', subject: 'Again', body: '<p>x</p>', attachmentIds: [pdf.data!.id] }, admin.as);
    expect(again.msg).toMatch(/^attachmentIds: /);
  });

  it('refuses malformed, missing and too many addresses, an empty body and no active account, naming the problem and queueing nothing', async () => {
    const noAccount = await server.call(api.mail.send, { to: 'ops@example.com', subject: 's', body: '<p>b</p>' }, admin.as);
    expect(noAccount.msg).toContain('no mail account is active');
    await activeAccount();
    const malformed = await server.call(api.mail.send, { to: 'ops@example.com, not-an-address, x@y', subject: 's', body: '<p>b</p>' }, admin.as);
    expect(malformed.code).toBe(ResponseCode.InvalidInput);
    expect(malformed.msg).toBe('to: 2 entries are not valid e-mail addresses: not-an-address, x@y');
    const badCc = await server.call(api.mail.send, { to: 'ops@example.com', cc: 'a@b', subject: 's', body: '<p>b</p>' }, admin.as);
    expect(badCc.msg).toMatch(/^cc: /);
    const none = await server.call(api.mail.send, { to: ' , ', subject: 's', body: '<p>b</p>' }, admin.as);
    expect(none.msg).toMatch(/^to: please enter/);
    const many = Array.from({ length: 501 }, (_, i) => `user${i}@example.com`).join(',');
    const tooMany = await server.call(api.mail.send, { to: many, subject: 's', body: '<p>b</p>' }, admin.as);
    expect(tooMany.msg).toBe('to: at most 500 addresses in To and Cc together, 501 given');
    const empty = await server.call(api.mail.send, { to: 'ops@example.com', subject: 's', body: '<p><script>x</script></p>' }, admin.as);
    expect(empty.msg).toMatch(/^body: /);
    const text = await upload(server, 'mailAttachment', 'notes.exe', Buffer.from('MZ\x90\x00binary'), admin.as);
    expect(text.msg).toMatch(/^file: an attachment can only be/);
    expect((await server.call(api.mail.list, { pageNum: 1, pageSize: 10 }, admin.as)).data!.total).toBe(0);
  });

  it('marks a mail the server refuses for good as failed with its reason, without retrying', async () => {
    await activeAccount();
    const sent = await server.call(api.mail.send, { to: REFUSED_MAILBOX, subject: 'Refused', body: '<p>b</p>' }, admin.as);
    const record = await settled(sent.data!.id);
    expect(record.status).toBe('failed');
    expect(record.attempts).toBe(1);
    expect(record.serverAnswer).toMatch(/550/);
    expect(peer.received).toHaveLength(0);
  });

  it('lists only the mail of the caller’s organisations', async () => {
    await activeAccount();
    const sent = await server.call(api.mail.send, { to: 'ops@example.com', subject: 'Head office', body: '<p>b</p>' }, admin.as);
    const branch = await signInBranchAdmin(server, { username: 'mailBranch', keys: [Perm.mailView] });
    expect((await server.call(api.mail.list, { pageNum: 1, pageSize: 10 }, branch.as)).data!.total).toBe(0);
    expect((await server.call(api.mail.body, { id: sent.data!.id }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    const found = await server.call(api.mail.list, { recipient: 'OPS@', subject: 'head', pageNum: 1, pageSize: 10 }, admin.as);
    expect(found.data!.records.map((m) => m.subject)).toEqual(['Head office']);
  });
});
