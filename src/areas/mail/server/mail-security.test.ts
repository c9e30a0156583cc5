import { randomInt } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../../shared/codes';
import { api } from '../../../shared/contract';
import { Perm } from '../../../shared/permissions';
import { MailProtocol, type MailAccountForm } from '../contract';
import { operationLog } from '../../../server/db/schema';
import { mailAccount } from './schema';
import { DEFAULT_LMTP_PORT, DEFAULT_MAIL_PORTS, type OutboundConfig } from '../../../server/outbound/policy';
import { smsConfigFromEnv } from '../../../server/outbox/sms-config';
import { signInAdminActor, signInBranchAdmin, type Actor } from '../../../server/testing/actors';
import { startTestServer, type TestServer } from '../../../server/testing/harness';
import { startSmtpPeer, type SmtpPeer } from '../../../server/testing/smtp-peer';

/**
 * Security review 2 (issue 46), as an outside HTTP client: H1 (the stored SMTP password must not follow an account
 * re-pointed to another server; mail accounts are the whole company's; the test send tells no peer's words) and M1
 * (the account test and the outbox are no port scanner: mail ports only, address ranges checked after name
 * resolution, classified failures only).
 */

/** A TCP listener on loopback that counts connections and greets each with `banner` (a service that is not SMTP). */
interface Listener {
  port: number;
  connections: number;
  close(): Promise<void>;
}

async function startListener(banner: string): Promise<Listener> {
  const sockets = new Set<Socket>();
  const listener: Listener = { port: 0, connections: 0, close: async () => undefined };
  const server: Server = createServer((socket) => {
    listener.connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.end(banner);
  });
  // A mail account's port has at most 4 digits: a free one below 10000, as the SMTP peer takes.
  for (let tries = 0; ; tries++) {
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(2000 + randomInt(8000), '127.0.0.1', () => {
          server.off('error', reject);
          resolve();
        });
      });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || tries >= 50) throw error;
    }
  }
  listener.port = (server.address() as AddressInfo).port;
  listener.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return listener;
}

/** A loopback port nothing listens on: one a listener had, closed again. */
async function closedPort(): Promise<number> {
  const listener = await startListener('');
  await listener.close();
  return listener.port;
}

const SMS_FAST = { ...smsConfigFromEnv({}), pollMs: 20, backoffBaseMs: 20, requestTimeoutMs: 5_000 };

let peer: SmtpPeer;
/** The attacker's listener: an SMTP server that accepts the real account's user and password, so a password that reached it would work. */
let rogue: SmtpPeer;
let server: TestServer | undefined;

beforeAll(async () => {
  peer = await startSmtpPeer();
  rogue = await startSmtpPeer({ user: peer.user, password: peer.password });
});
afterAll(async () => {
  await peer.close();
  await rogue.close();
});
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(outbound: OutboundConfig): Promise<{ server: TestServer; admin: Actor }> {
  server = await startTestServer({ sms: SMS_FAST, outbound });
  return { server, admin: await signInAdminActor(server) };
}

async function form(s: TestServer, overrides: Partial<MailAccountForm> = {}): Promise<MailAccountForm> {
  return { host: peer.host, port: String(peer.port), ssl: false, protocol: MailProtocol.Smtp, account: peer.user, secret: await s.seal(peer.password), ...overrides };
}

/** The peers' loopback, and both SMTP peers' ports as mail ports. */
function peersOutbound(...extraPorts: number[]): OutboundConfig {
  return { allow: ['127.0.0.0/8'], deny: [], mailPorts: [...DEFAULT_MAIL_PORTS, peer.port, rogue.port, ...extraPorts], lmtpPort: DEFAULT_LMTP_PORT };
}

/** The default rule (nothing allowed beyond public addresses), with `ports` as the mail ports. */
function defaultOutbound(...ports: number[]): OutboundConfig {
  return { allow: [], deny: [], mailPorts: [...DEFAULT_MAIL_PORTS, ...ports], lmtpPort: DEFAULT_LMTP_PORT };
}

describe('H1: the stored mail password stays with its server', () => {
  it('refuses to re-point an account (host, port, SSL, protocol, sender) without the password, and the test mail never reaches the new server', async () => {
    const { server: s, admin } = await start(peersOutbound());
    const added = await s.call(api.mail.accountAdd, await form(s), admin.as);
    const id = added.data!.id;
    expect((await s.call(api.mail.accountActivate, { id, version: 1 }, admin.as)).code).toBe(ResponseCode.Success);
    const before = (await s.services.db.select().from(mailAccount).where(eq(mailAccount.id, id)))[0]!;

    const edits: Array<Partial<MailAccountForm>> = [
      { port: String(rogue.port) },
      { host: 'localhost' },
      { ssl: true },
      { protocol: MailProtocol.Lmtp, port: String(DEFAULT_LMTP_PORT) },
      { account: 'other@example.com' },
    ];
    for (const edit of edits) {
      const answer = await s.call(api.mail.accountUpdate, { ...(await form(s, edit)), secret: undefined, id, version: before.version }, admin.as);
      expect(answer.code, JSON.stringify(edit)).toBe(ResponseCode.InvalidInput);
      expect(answer.msg).toBe('secret: enter the password again: a change of server, port, SSL, protocol or account needs it');
    }
    const after = (await s.services.db.select().from(mailAccount).where(eq(mailAccount.id, id)))[0]!;
    expect(after).toEqual(before);

    expect((await s.call(api.mail.accountTest, { id, to: 'ops@example.com' }, admin.as)).data).toEqual({ sent: true });
    await peer.waitFor(1);
    expect(rogue.received).toHaveLength(0);

    // With the password typed again the change is the administrator's own.
    const repointed = await s.call(api.mail.accountUpdate, { ...(await form(s, { port: String(rogue.port) })), id, version: before.version }, admin.as);
    expect(repointed.code).toBe(ResponseCode.Success);
    peer.received.length = 0;
  });

  it('lets only a role of the whole company add, change, test, activate or delete a mail account', async () => {
    const { server: s, admin } = await start(peersOutbound());
    const id = (await s.call(api.mail.accountAdd, await form(s), admin.as)).data!.id;
    const branch = await signInBranchAdmin(s, {
      username: 'branchMailer',
      keys: [Perm.mailAccountView, Perm.mailAccountSave, Perm.mailAccountActivate, Perm.mailAccountDelete, Perm.mailView, Perm.mailSend],
    });
    const before = await s.services.db.select().from(mailAccount);
    const logBefore = (await s.services.db.select({ id: operationLog.id }).from(operationLog)).length;
    const calls = [
      await s.call(api.mail.accountAdd, await form(s, { account: 'branch@example.com' }), branch.as),
      await s.call(api.mail.accountUpdate, { ...(await form(s, { port: String(rogue.port) })), id, version: 1 }, branch.as),
      await s.call(api.mail.accountTest, { id, to: 'ops@example.com' }, branch.as),
      await s.call(api.mail.accountActivate, { id, version: 1 }, branch.as),
      await s.call(api.mail.accountDelete, { ids: String(id) }, branch.as),
    ];
    for (const answer of calls) {
      expect(answer.code).toBe(ResponseCode.Forbidden);
      expect(answer.msg).toBe('these records belong to the whole company: only a role of the whole company may change them');
    }
    expect(await s.services.db.select().from(mailAccount)).toEqual(before);
    await s.services.audit.flush();
    expect((await s.services.db.select({ id: operationLog.id }).from(operationLog)).length).toBe(logBefore);
    expect(peer.received).toHaveLength(0);
    expect(rogue.received).toHaveLength(0);
    // The list stays readable to the branch, and its screen offers none of the buttons.
    expect((await s.call(api.mail.accountList, { pageNum: 1, pageSize: 10 }, branch.as)).code).toBe(ResponseCode.Success);
    expect([...(await s.services.authz.keysOf(branch.roleId))].sort()).toEqual([Perm.mailAccountView, Perm.mailSend, Perm.mailView].sort());
  });

  it('answers a test send with success or a class, never the words of the peer', async () => {
    const service = await startListener('SSH-2.0-OpenSSH_9.6 build-host-7f3a\r\n');
    try {
      const { server: s, admin } = await start(peersOutbound(service.port));
      const ok = await s.call(api.mail.accountTest, { id: (await s.call(api.mail.accountAdd, await form(s), admin.as)).data!.id, to: 'ops@example.com' }, admin.as);
      expect(ok.data).toEqual({ sent: true });
      expect(JSON.stringify(ok)).not.toMatch(/250|queued/i);
      const id = (await s.call(api.mail.accountAdd, await form(s, { account: 'banner@example.com', port: String(service.port) }), admin.as)).data!.id;
      const answer = await s.call(api.mail.accountTest, { id, to: 'ops@example.com' }, admin.as);
      expect(answer.code).toBe(ResponseCode.ThirdPartyError);
      expect(answer.msg).toBe('the test mail was not sent: the peer did not answer as a mail server');
      expect(service.connections).toBe(1);
    } finally {
      await service.close();
    }
  });
});

describe('M1: mail accounts are no port scanner', () => {
  it('refuses ports that are not mail ports and addresses of loopback, private and link-local ranges when saved', async () => {
    const { server: s, admin } = await start(defaultOutbound());
    for (const port of ['22', '80', '3306', '8080', String(peer.port)]) {
      const answer = await s.call(api.mail.accountAdd, await form(s, { host: 'smtp.example.com', port }), admin.as);
      expect(answer.code, port).toBe(ResponseCode.InvalidInput);
      expect(answer.msg).toBe('port: the port must be a mail port: 25, 465, 587, 2525');
    }
    const lmtp = await s.call(api.mail.accountAdd, await form(s, { host: 'lmtp.example.com', port: '25', protocol: MailProtocol.Lmtp }), admin.as);
    expect(lmtp.msg).toBe('port: the port must be a mail port: 24');
    for (const host of ['127.0.0.1', '10.0.0.5', '192.168.1.10', '172.16.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0']) {
      const answer = await s.call(api.mail.accountAdd, await form(s, { host, port: '25' }), admin.as);
      expect(answer.code, host).toBe(ResponseCode.InvalidInput);
      expect(answer.msg).toMatch(/^host: the server may not connect to this address/);
    }
    expect((await s.call(api.mail.accountList, { pageNum: 1, pageSize: 10 }, admin.as)).data!.total).toBe(0);
  });

  it('checks a host name after resolving it: a name of a loopback address is refused at the test and in the outbox, without a connection', async () => {
    const listener = await startListener('220 internal.example ESMTP\r\n');
    try {
      const { server: s, admin } = await start(defaultOutbound(listener.port));
      const id = (await s.call(api.mail.accountAdd, await form(s, { host: 'localhost', port: String(listener.port) }), admin.as)).data!.id;
      const tested = await s.call(api.mail.accountTest, { id, to: 'ops@example.com' }, admin.as);
      expect(tested.code).toBe(ResponseCode.ThirdPartyError);
      expect(tested.msg).toBe('the test mail was not sent: the mail server is at an address or port the server may not connect to');

      expect((await s.call(api.mail.accountActivate, { id, version: 1 }, admin.as)).code).toBe(ResponseCode.Success);
      const sent = await s.call(api.mail.send, { to: 'ops@example.com', subject: 'Scan', body: '<p>x</p>' }, admin.as);
      let record;
      for (const until = Date.now() + 20_000; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 50))) {
        record = (await s.call(api.mail.list, { pageNum: 1, pageSize: 10 }, admin.as)).data!.records.find((m) => m.id === sent.data!.id);
        if (record?.status === 'failed' || record?.status === 'sent') break;
      }
      expect(record).toMatchObject({ status: 'failed', attempts: 1, serverAnswer: 'the mail server is at an address or port the server may not connect to' });
      expect(listener.connections).toBe(0);
    } finally {
      await listener.close();
    }
  });

  it('applies the deny ranges over the allow ranges, and answers a closed port and a banner by their class only', async () => {
    const listener = await startListener('HTTP/1.1 400 Bad Request\r\nServer: internal-admin-panel/2.1\r\n\r\n');
    const closed = await closedPort();
    try {
      const denied = await start({ ...peersOutbound(listener.port), deny: ['127.0.0.1/32'] });
      const refused = await denied.server.call(api.mail.accountAdd, await form(denied.server), denied.admin.as);
      expect(refused.msg).toMatch(/^host: the server may not connect to this address/);
      await denied.server.close();
      server = undefined;

      const { server: s, admin } = await start(peersOutbound(listener.port, closed));
      const closedId = (await s.call(api.mail.accountAdd, await form(s, { account: 'closed@example.com', port: String(closed) }), admin.as)).data!.id;
      const closedAnswer = await s.call(api.mail.accountTest, { id: closedId, to: 'ops@example.com' }, admin.as);
      expect(closedAnswer.msg).toBe('the test mail was not sent: the mail server refused the connection');
      const bannerId = (await s.call(api.mail.accountAdd, await form(s, { account: 'panel@example.com', port: String(listener.port) }), admin.as)).data!.id;
      const bannerAnswer = await s.call(api.mail.accountTest, { id: bannerId, to: 'ops@example.com' }, admin.as);
      expect(bannerAnswer.msg).toBe('the test mail was not sent: the peer did not answer as a mail server');
      await s.services.audit.flush();
      expect(JSON.stringify(await s.services.db.select().from(operationLog))).not.toContain('internal-admin-panel');
    } finally {
      await listener.close();
    }
  });
});
