import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { format } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { BROWSER_HOST_BRIDGE_PATH, BROWSER_HOST_PAGE_SECRET_HEADER, BROWSER_HOST_PAGE_SECRET_META, type BridgeMethod } from '../../shared/bridge';
import { ResponseCode } from '../../shared/codes';
import { AppType, MenuType } from '../../shared/constants';
import { FirstChangePwd } from '../../areas/app-center/contract';
import { ApiKeyStatus } from '../../areas/system-api-key/contract';
import { API_KEY_HEADER } from '../../areas/information/contract';
import { api } from '../../shared/contract';
import { DEFAULT_ADMIN_PASSWORD, DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, DEFAULT_TRANSPORT_SECRET } from '../../shared/defaults';
import type { Envelope } from '../../shared/envelope';
import { menu } from '../db/schema';
import { mailAccount, pushProvider } from '../db/tables';
import { roleIdOf } from '../testing/actors';
import { startTestServer, type TestServer } from '../testing/harness';
import { startWeComPeer, type WeComPeer } from '../testing/wecom-peer';
import { startSmsPeer, type SmsPeer } from '../testing/sms-peer';
import { startSmtpPeer, type SmtpPeer } from '../testing/smtp-peer';
import { startJPushPeer, type JPushPeer } from '../testing/jpush-peer';
import { smsConfigFromEnv } from '../outbox/sms-config';
import { reportFigure } from './figures';

/**
 * Secrets (issue 15, suite 6): a run that uses every kind of secret the console handles — passwords
 * (sign-in, first change, change, user add and reset, a wrong one), access and refresh tokens, the client
 * secret, application-centre secrets, system API keys, the messenger's authorisation codes, bind tickets and
 * its corporation secret — directly and through the browser host; then the interface-monitoring and
 * operation-log tables (every column), the server's own log output and the browser host's output are
 * scanned for each value actually used, raw and encoded (base64, base64url, URL and JSON escaping).
 */

const projectRoot = path.resolve(__dirname, '../../..');

/** Values of the run that must never be stored or printed, by what they are. */
const secrets = new Map<string, string>();
function remember(kind: string, value: string | null | undefined): void {
  if (value) secrets.set(value, kind);
}

/** Every form a value may take in a log: as it is, and base64-, URL- and JSON-encoded. */
function formsOf(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  return [
    ...new Set([
      value,
      bytes.toString('base64').replace(/=+$/, ''),
      bytes.toString('base64url'),
      encodeURIComponent(value),
      new URLSearchParams({ v: value }).toString().slice(2),
      JSON.stringify(value).slice(1, -1),
    ]),
  ];
}

/**
 * Where a value occurs in a text, as `kind (form)`. A short generated value (a messenger code such as
 * `code-3`) counts only where it stands alone, not inside a longer word.
 */
function findings(place: string, text: string): string[] {
  const found: string[] = [];
  for (const [value, kind] of secrets) {
    for (const form of formsOf(value)) {
      const escaped = form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      if (new RegExp(`(?<![A-Za-z0-9_-])${escaped}(?![A-Za-z0-9_])`).test(text)) found.push(`${place}: ${kind} (${form === value ? 'as it is' : 'encoded'})`);
    }
  }
  return found;
}

let server: TestServer;
let peer: WeComPeer;
let smsPeer: SmsPeer;
let smtpPeer: SmtpPeer;
let jpushPeer: JPushPeer;
let serverUrl: string;
const serverLog: string[] = [];
const consoleSpies: MockInstance[] = [];
/** Every JSON answer the listening server sent (the browser host's calls), for the tokens and secrets in them. */
const answeredOverHttp: string[] = [];

beforeAll(async () => {
  peer = await startWeComPeer();
  remember('messenger corporation secret', peer.corpSecret);
  smsPeer = await startSmsPeer();
  remember('SMS AccessKey secret', smsPeer.accessKeySecret);
  smtpPeer = await startSmtpPeer({ user: 'secrets@example.com', password: 'MailSec_2026c' });
  jpushPeer = await startJPushPeer();
  remember('JPush Master Secret', jpushPeer.app.masterSecret);
  jpushPeer.registerDevice({ alias: 'secrets_device' });
  remember('client secret', DEFAULT_CLIENT_SECRET);
  remember('transport secret', DEFAULT_TRANSPORT_SECRET);
  // The server logs through the console unless quiet: it runs in this process, so its output is caught here.
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    consoleSpies.push(vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void serverLog.push(format(...args))));
  }
  server = await startTestServer({
    quiet: false,
    messenger: { baseUrl: peer.baseUrl, corpId: peer.corpId, corpSecret: peer.corpSecret, agentId: '1000002', qrUrl: `${peer.baseUrl}/qr` },
    jpushApiUrl: jpushPeer.baseUrl,
    outbound: smtpPeer.outbound,
    sms: { ...smsConfigFromEnv({}), gatewayUrl: smsPeer.gatewayUrl, accessKeyId: smsPeer.accessKeyId, accessKeySecret: smsPeer.accessKeySecret, pollMs: 20, backoffBaseMs: 20 },
  });
  // The browser host calls the server over HTTP: its answers are kept to learn the tokens it was given.
  server.app.server.prependListener('request', (_request, response: ServerResponse) => tapAnswer(response));
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const address = server.app.server.address();
  serverUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  for (const spy of consoleSpies) spy.mockRestore();
  await server?.close();
  await peer?.close();
  await smsPeer?.close();
  await smtpPeer?.close();
  await jpushPeer?.close();
});

function tapAnswer(response: ServerResponse): void {
  const chunks: Buffer[] = [];
  const write = response.write.bind(response);
  const end = response.end.bind(response);
  response.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (chunk) chunks.push(Buffer.from(chunk as string));
    return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof response.write;
  response.end = ((chunk: unknown, ...rest: unknown[]) => {
    if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk as string));
    if (String(response.getHeader('content-type') ?? '').startsWith('application/json')) answeredOverHttp.push(Buffer.concat(chunks).toString('utf8'));
    return (end as (...args: unknown[]) => ServerResponse)(chunk, ...rest);
  }) as typeof response.end;
}

/** Secrets an answer hands out: tokens, issued client secrets, reset passwords, bind tickets, API keys. */
function rememberAnswer(body: unknown): void {
  const visit = (value: unknown): void => {
    if (value === null || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      if (typeof inner === 'string' && ['accessToken', 'refreshToken', 'appSecret', 'password', 'bindTicket', 'apiKey'].includes(key)) remember(key, inner);
      else visit(inner);
    }
  };
  visit(body);
}

async function ok<T>(answer: Promise<Envelope<T>>, what: string): Promise<T> {
  const settled = await answer;
  rememberAnswer(settled);
  if (settled.code !== ResponseCode.Success) throw new Error(`${what}: ${settled.code} ${settled.msg}`);
  return settled.data as T;
}

async function sealed(kind: string, password: string): Promise<string> {
  remember(kind, password);
  const text = await server.seal(password);
  remember(`${kind}, sealed`, text);
  return text;
}

/** An SMS sent through the provider (each request signed with the AccessKey secret), one answer lost on the way. */
async function smsRun(): Promise<void> {
  const signed = await ok(server.signIn('admin', 'AdmSec_2026a'), 'admin sign-in for SMS');
  const roles = await ok(server.call(api.session.roleSelect, {}, { token: signed.accessToken }), 'roles');
  const as = { token: signed.accessToken, roleId: roles[0]!.roleId };
  const template = await ok(server.call(api.sms.templateAdd, { name: 'Secret template', type: 1, templateCode: 'SMS_1', content: 'Code ${code}' }, as), 'template');
  await ok(server.call(api.sms.templateActivate, { id: template.id, version: 1 }, as), 'activate');
  const signature = await ok(server.call(api.sms.signatureAdd, { name: '密钥测试' }, as), 'signature');
  smsPeer.dropAnswers(1);
  await ok(server.call(api.sms.send, { templateId: template.id, signatureId: signature.id, params: { code: '42' }, phones: '13800000042' }, as), 'send');
  await vi.waitFor(
    async () => {
      const records = await ok(server.call(api.sms.recordList, { pageNum: 1, pageSize: 10 }, as), 'records');
      expect(records.records[0]?.status).toBe('sent');
    },
    { timeout: 20_000, interval: 50 },
  );
}

/** A mail account saved with its password (stored sealed), a test mail and a mail sent through it, one refused. */
async function mailRun(): Promise<void> {
  const signed = await ok(server.signIn('admin', 'AdmSec_2026a'), 'admin sign-in for mail');
  const roles = await ok(server.call(api.session.roleSelect, {}, { token: signed.accessToken }), 'roles');
  const as = { token: signed.accessToken, roleId: roles[0]!.roleId };
  const account = { host: smtpPeer.host, port: String(smtpPeer.port), ssl: false, protocol: 'smtp' as const, account: smtpPeer.user };
  const added = await ok(server.call(api.mail.accountAdd, { ...account, secret: await sealed('mail password', smtpPeer.password) }, as), 'mail account');
  const stored = (await server.services.db.select({ secretEnc: mailAccount.secretEnc }).from(mailAccount).where(eq(mailAccount.id, added.id)))[0]!;
  remember('mail password, stored sealed', stored.secretEnc);
  await ok(server.call(api.mail.accountActivate, { id: added.id, version: 1 }, as), 'activate');
  await ok(server.call(api.mail.accountTest, { id: added.id, to: 'ops@example.com' }, as), 'test mail');
  const wrong = await ok(server.call(api.mail.accountAdd, { ...account, account: 'wrong@example.com', secret: await sealed('wrong mail password', 'NotTheMailPw_9') }, as), 'wrong account');
  expect((await server.call(api.mail.accountTest, { id: wrong.id, to: 'ops@example.com' }, as)).code).toBe(ResponseCode.ThirdPartyError);
  await ok(server.call(api.mail.send, { to: 'ops@example.com', subject: 'Secrets run', body: '<p>hello</p>' }, as), 'mail');
  await smtpPeer.waitFor(2);
}

/** A JPush provider saved with its Master Secret (stored sealed) and a push to everyone signed with it. */
async function pushRun(): Promise<void> {
  const signed = await ok(server.signIn('admin', 'AdmSec_2026a'), 'admin sign-in for push');
  const roles = await ok(server.call(api.session.roleSelect, {}, { token: signed.accessToken }), 'roles');
  const as = { token: signed.accessToken, roleId: roles[0]!.roleId };
  const added = await ok(
    server.call(api.push.providerAdd, { alias: 'Secrets', appKey: jpushPeer.app.appKey, secret: await sealed('JPush Master Secret', jpushPeer.app.masterSecret) }, as),
    'push provider',
  );
  const stored = (await server.services.db.select({ secretEnc: pushProvider.secretEnc }).from(pushProvider).where(eq(pushProvider.id, added.id)))[0]!;
  remember('JPush Master Secret, stored sealed', stored.secretEnc);
  await ok(server.call(api.push.send, { providerId: added.id, audienceType: 'all', alert: 'Secrets run' }, as), 'push');
  await vi.waitFor(() => expect(jpushPeer.receipts).toHaveLength(1), { timeout: 20_000, interval: 50 });
}

/** The calls of the run made straight to the server (the desktop core's view is the browser host's part below). */
async function directRun(): Promise<void> {
  const adminPassword = 'AdmSec_2026a';
  await ok(
    server.call(api.auth.firstChangePassword, {
      username: 'admin',
      password: await sealed('seeded admin password', DEFAULT_ADMIN_PASSWORD),
      newPassword: await sealed('admin password', adminPassword),
    }),
    'first change',
  );
  const wrong = await server.call(api.auth.token, {
    grant_type: 'password',
    client_id: DEFAULT_CLIENT_ID,
    client_secret: DEFAULT_CLIENT_SECRET,
    username: 'ghostuser',
    password: await sealed('wrong password', 'Wrong_Secret_77'),
  });
  expect(wrong.code).toBe(ResponseCode.BadCredentials);
  const first = await ok(server.signIn('admin', adminPassword), 'admin sign-in');
  const renewed = await ok(server.call(api.auth.newToken, { refreshToken: first.refreshToken }), 'refresh');
  const roles = await ok(server.call(api.session.roleSelect, {}, { token: renewed.accessToken }), 'roles');
  const as = { token: renewed.accessToken, roleId: roles[0]!.roleId };

  const userPassword = 'UsrSec_2026b';
  const operator = await roleIdOf(server, '运营专员');
  const added = await ok(
    server.call(
      api.user.add,
      {
        username: 'secretuser',
        name: 'Secret User',
        deptId: (await ok(server.call(api.role.info, { roleId: operator }, as), 'role')).deptId,
        roleIdList: [operator],
        password: await sealed('new user password', userPassword),
      },
      as,
    ),
    'user add',
  );
  const userId = added.userId;
  const userChanged = 'UsrSec_2026c';
  const firstUser = await server.signIn('secretuser', userPassword);
  if (firstUser.code === ResponseCode.MustChangePassword) {
    await ok(
      server.call(api.auth.firstChangePassword, { username: 'secretuser', password: await sealed('new user password', userPassword), newPassword: await sealed('changed user password', userChanged) }),
      'user first change',
    );
  }
  const reset = await ok(server.call(api.user.resetPassword, { userId }, as), 'reset');
  remember('reset password', reset.password);
  const afterReset = 'UsrSec_2026d';
  const resetSignIn = await server.signIn('secretuser', reset.password);
  rememberAnswer(resetSignIn);
  if (resetSignIn.code === ResponseCode.MustChangePassword) {
    await ok(
      server.call(api.auth.firstChangePassword, {
        username: 'secretuser',
        password: await sealed('reset password', reset.password),
        newPassword: await sealed('user password after reset', afterReset),
      }),
      'change after reset',
    );
  }
  const userTokens = await ok(server.signIn('secretuser', afterReset), 'user sign-in');
  const changed = 'UsrSec_2026e';
  await ok(
    server.call(
      api.session.changePassword,
      { password: await sealed('user password after reset', afterReset), newPassword: await sealed('user password, changed', changed) },
      { token: userTokens.accessToken },
    ),
    'change password',
  );

  const app = await ok(
    server.call(
      api.appCenter.add,
      {
        clientId: 'secretapp',
        appName: 'Secret App',
        appType: AppType.Web,
        accessTokenValiditySeconds: 7200,
        refreshTokenValiditySeconds: 86400,
        passwordDay: 0,
        ignoreCodeTimes: 3,
        firstChangePwd: FirstChangePwd.Stopped,
      },
      as,
    ),
    'application add',
  );
  const regenerated = await ok(server.call(api.appCenter.regenerateSecret, { id: app.id }, as), 'new secret');
  rememberAnswer(
    await server.call(api.auth.token, {
      grant_type: 'password',
      client_id: 'secretapp',
      client_secret: regenerated.appSecret,
      username: 'secretuser',
      password: await sealed('user password, changed', changed),
    }),
  );
  rememberAnswer(
    await server.call(api.auth.token, {
      grant_type: 'password',
      client_id: 'secretapp',
      client_secret: app.appSecret,
      username: 'secretuser',
      password: await sealed('user password, changed', changed),
    }),
  );

  const apps = await ok(server.call(api.systemApiKey.apps, {}, as), 'api key apps');
  const system = (
    await server.services.db
      .select({ menuId: menu.menuId })
      .from(menu)
      .where(and(eq(menu.type, MenuType.System), eq(menu.perms, 'backoffice')))
  )[0]!;
  const key = await ok(server.call(api.systemApiKey.add, { systemCode: system.menuId, apiCode: apps[0]?.clientId ?? DEFAULT_CLIENT_ID, status: ApiKeyStatus.Usable }, as), 'api key add');
  rememberAnswer(await server.raw('GET', `/api${api.information.published.path}`, undefined, { headers: { [API_KEY_HEADER]: key.apiKey } }).then((answer) => answer.body));
  await ok(server.call(api.systemApiKey.list, {}, as), 'api key list');

  const unboundCode = peer.issueCode('wangwu');
  remember('messenger code', unboundCode);
  const unbound = await ok(server.call(api.auth.messengerUserInfo, { clientId: DEFAULT_CLIENT_ID, clientSecret: DEFAULT_CLIENT_SECRET, code: unboundCode }), 'messenger code exchange');
  await ok(
    server.call(api.auth.bindToken, {
      client_id: DEFAULT_CLIENT_ID,
      client_secret: DEFAULT_CLIENT_SECRET,
      username: 'secretuser',
      password: await sealed('user password, changed', changed),
      bindTicket: unbound.bindTicket!,
    }),
    'bind',
  );
  const boundCode = peer.issueCode('wangwu');
  remember('messenger code', boundCode);
  await ok(server.call(api.auth.messengerUserInfo, { clientId: DEFAULT_CLIENT_ID, clientSecret: DEFAULT_CLIENT_SECRET, code: boundCode }), 'messenger sign-in');
  // A code the messenger refuses: the server logs the third party's answer (C0001), which must not hold it.
  remember('refused messenger code', 'never-issued-code-4711');
  const refused = await server.call(api.auth.messengerUserInfo, { clientId: DEFAULT_CLIENT_ID, clientSecret: DEFAULT_CLIENT_SECRET, code: 'never-issued-code-4711' });
  expect(refused.code).toBe(ResponseCode.ThirdPartyError);
  await ok(server.call(api.auth.logout, {}, { token: userTokens.accessToken }), 'logout');
}

interface RunningHost {
  output: string[];
  call(method: BridgeMethod, args: unknown[]): Promise<{ ok: boolean; data?: unknown; error?: { code: string; message: string } }>;
  close(): Promise<void>;
}

/** The browser host's CLI from its sources (the server tests run before any build), against the listening server; its stdout and stderr are kept. */
async function startHost(home: string): Promise<RunningHost> {
  const rendererDir = path.join(home, 'renderer');
  mkdirSync(rendererDir, { recursive: true });
  writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Console</title>');
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/browser-host/cli.ts', '--port', '0', '--vault', 'memory', '--data', path.join(home, 'data'), '--renderer', rendererDir],
    {
      cwd: projectRoot,
      env: { ...process.env, CONSOLE_HOME: home, CONSOLE_SERVER_URL: serverUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the browser host exited with ${code}: ${output.join('')}`)));
  });
  output.push(`${url}\n`);
  lines.on('line', (line) => output.push(`${line}\n`));
  const opened = await fetch(url, { redirect: 'manual' });
  const cookie = (opened.headers.get('set-cookie') ?? '').split(';')[0]!;
  const origin = new URL(url).origin;
  const page = await (await fetch(`${origin}/`, { headers: { cookie } })).text();
  const pageSecret = new RegExp(`name="${BROWSER_HOST_PAGE_SECRET_META}" content="([^"]+)"`).exec(page)?.[1] ?? '';
  return {
    output,
    async call(method, args) {
      const response = await fetch(`${origin}${BROWSER_HOST_BRIDGE_PATH}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin, [BROWSER_HOST_PAGE_SECRET_HEADER]: pageSecret },
        body: JSON.stringify({ args }),
      });
      return (await response.json()) as { ok: boolean; data?: unknown; error?: { code: string; message: string } };
    },
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** What the desktop core does for a person at the console: sign in, work with secrets, use the messenger, sign out. */
async function hostRun(host: RunningHost): Promise<void> {
  const expectOk = async (method: BridgeMethod, args: unknown[]) => {
    const answer = await host.call(method, args);
    if (!answer.ok) throw new Error(`${method}: ${JSON.stringify(answer.error)}`);
    return answer.data;
  };
  const password = 'HstSec_2026f';
  remember('host user password', password);
  const hostPassword = 'HstSec_2026g';
  remember('host user password, changed', hostPassword);
  const adminAs = await server.signIn('admin', 'AdmSec_2026a');
  rememberAnswer(adminAs);
  const roles = await ok(server.call(api.session.roleSelect, {}, { token: adminAs.data!.accessToken }), 'roles');
  const operator = await roleIdOf(server, '运营专员');
  const operatorDept = (await ok(server.call(api.role.info, { roleId: operator }, { token: adminAs.data!.accessToken, roleId: roles[0]!.roleId }), 'role')).deptId;
  await ok(
    server.call(
      api.user.add,
      { username: 'hostuser', name: 'Host User', deptId: operatorDept, roleIdList: [operator], password: await sealed('host user password', password) },
      { token: adminAs.data!.accessToken, roleId: roles[0]!.roleId },
    ),
    'host user add',
  );
  const signIn = await host.call('auth.signIn', [{ username: 'hostuser', password }]);
  if (!signIn.ok) await expectOk('auth.firstChangePassword', [{ username: 'hostuser', password, newPassword: hostPassword }]);
  else await expectOk('auth.changePassword', [{ password, newPassword: hostPassword }]);
  await expectOk('auth.signIn', [{ username: 'hostuser', password: hostPassword }]);
  const wrong = await host.call('auth.changePassword', [{ password: 'WrgHst_2026_88', newPassword: 'HstSec_2026h' }]);
  remember('host wrong password', 'WrgHst_2026_88');
  remember('host refused new password', 'HstSec_2026h');
  expect(wrong.ok).toBe(false);
  await expectOk('session.state', []);
  const code = peer.issueCode('zhaoliu');
  remember('messenger code', code);
  await host.call('auth.messengerExchange', [code]);
  await expectOk('auth.signOut', []);
  for (const answer of answeredOverHttp) rememberAnswer(JSON.parse(answer));
}

async function rowsOf(table: string): Promise<string[]> {
  const result = await server.services.db.execute(sql`select * from ${sql.identifier(table)}`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as unknown[];
  return rows.map((row) => JSON.stringify(row));
}

describe('secrets', () => {
  it('no password, token, client secret, API key or messenger code used in a run reaches the logs or the log tables', async () => {
    await directRun();
    await smsRun();
    await mailRun();
    await pushRun();
    const home = mkdtempSync(path.join(os.tmpdir(), 'console-secrets-host-'));
    let hostOutput: string[] = [];
    try {
      const host = await startHost(home);
      hostOutput = host.output;
      try {
        await hostRun(host);
      } finally {
        await host.close();
      }
    } finally {
      rmSync(home, { recursive: true, force: true, maxRetries: 3 });
    }
    await server.services.audit.flush();

    // The scan itself finds a value used in the run, in each of its forms.
    const probe = 'AdmSec_2026a';
    for (const form of formsOf(probe)) expect(findings('probe', `{"text":"${form}"}`), form).toEqual([expect.stringMatching(/^probe: admin password/)]);

    const found: string[] = [];
    const places: Array<[string, string[]]> = [
      ['log_interface', await rowsOf('log_interface')],
      ['log_operation', await rowsOf('log_operation')],
      ['log_dead_letter', await rowsOf('log_dead_letter')],
      ['server log', serverLog],
      ['browser host log', hostOutput],
    ];
    for (const [place, texts] of places) found.push(...new Set(texts.flatMap((text) => findings(place, text))));
    for (const spy of consoleSpies) spy.mockRestore();
    const kinds = new Set(secrets.values());
    reportFigure(
      'secrets',
      `${secrets.size} values of ${kinds.size} kinds scanned in ${places.map(([place, texts]) => `${place} (${texts.length})`).join(', ')}: secrets found: ${found.length}`,
      'secrets found: 0',
    );
    // The run used what it set out to: tokens, issued secrets, reset password, API key, bind ticket, messenger codes.
    expect([...kinds]).toEqual(expect.arrayContaining(['accessToken', 'refreshToken', 'appSecret', 'reset password', 'apiKey', 'bindTicket', 'messenger code']));
    expect(found).toEqual([]);
  }, 180_000);
});
