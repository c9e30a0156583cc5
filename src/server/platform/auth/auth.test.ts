import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../../shared/codes';
import { api } from '../../../shared/contract';
import { DEFAULT_ADMIN_PASSWORD, DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET } from '../../../shared/defaults';
import { bindTicket, interfaceLog, loginFailure, oauthClient, operationLog, user } from '../../db/schema';
import { revokeUserSessions } from '../../auth/revoke';
import { ADMIN_NEW_PASSWORD, startTestServer, type TestServer } from '../../testing/harness';
import { startWeComPeer, type WeComPeer } from '../../testing/wecom-peer';

let server: TestServer;
const captchaText = 'AB7x';

beforeEach(async () => {
  server = await startTestServer();
  server.services.captchaText = () => captchaText;
});
afterEach(async () => {
  await server.close();
});

async function setClientPolicy(patch: Partial<typeof oauthClient.$inferInsert>): Promise<void> {
  await server.services.db.update(oauthClient).set(patch).where(eq(oauthClient.clientId, DEFAULT_CLIENT_ID));
}

describe('server info', () => {
  it("answers the product's version to anyone, for the desktop app's About", async () => {
    const manifest = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { version: string };
    const info = await server.call(api.auth.serverInfo, {});
    expect(info).toMatchObject({ code: ResponseCode.Success, data: { version: manifest.version } });
  });
});

describe('first sign-in of the seeded administrator', () => {
  it('asks for a password change (70001), refuses a weak new password, then signs in', async () => {
    const first = await server.signIn('admin', DEFAULT_ADMIN_PASSWORD);
    expect(first.code).toBe(ResponseCode.MustChangePassword);
    expect(first.msg).toMatch(/change your password/i);

    const weak = await server.call(api.auth.firstChangePassword, {
      username: 'admin',
      password: await server.seal(DEFAULT_ADMIN_PASSWORD),
      newPassword: await server.seal('alllowercase1'),
    });
    expect(weak.code).toBe(ResponseCode.InvalidInput);
    expect(weak.msg).toMatch(/^newPassword: /);

    const strong = await server.call(api.auth.firstChangePassword, {
      username: 'admin',
      password: await server.seal(DEFAULT_ADMIN_PASSWORD),
      newPassword: await server.seal(DEFAULT_ADMIN_PASSWORD.replace('_', '!') + 'A'),
    });
    expect(strong.code).toBe(ResponseCode.Success);

    const signed = await server.signIn('admin', DEFAULT_ADMIN_PASSWORD.replace('_', '!') + 'A');
    expect(signed.code).toBe(ResponseCode.Success);
    expect(signed.data?.tokenType).toBe('bearer');
    expect(signed.data?.accessToken).toMatch(/^[\w-]{40,}$/);
    expect(signed.data?.expiresIn).toBe(7200);

    const old = await server.signIn('admin', DEFAULT_ADMIN_PASSWORD);
    expect(old.code).toBe(ResponseCode.BadCredentials);
  });

  it('a changed password that is not new is refused', async () => {
    await server.signInAdmin();
    const me = await server.signIn('admin', ADMIN_NEW_PASSWORD);
    const again = await server.call(
      api.session.changePassword,
      { password: await server.seal(ADMIN_NEW_PASSWORD), newPassword: await server.seal(ADMIN_NEW_PASSWORD) },
      { token: me.data!.accessToken },
    );
    expect(again.code).toBe(ResponseCode.PasswordUnchanged);
  });
});

describe('captcha after a failure', () => {
  it('needs no captcha at first, one after a failed attempt, and consumes each captcha', async () => {
    await server.signInAdmin();
    const need = () => server.call(api.auth.captchaNeed, { clientId: DEFAULT_CLIENT_ID, username: 'admin' });
    expect((await need()).data).toEqual({ needShow: false });

    expect((await server.signIn('admin', 'Wrong_pass1')).code).toBe(ResponseCode.BadCredentials);
    expect((await need()).data).toEqual({ needShow: true });
    expect((await server.call(api.auth.needShowCode, { clientId: DEFAULT_CLIENT_ID, username: 'ADMIN' })).data).toEqual({ needShow: true });

    expect((await server.signIn('admin', ADMIN_NEW_PASSWORD)).code).toBe(ResponseCode.CaptchaRequired);

    const image = await server.call(api.auth.captcha, {});
    expect(image.data?.imageCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const wrong = await server.signIn('admin', ADMIN_NEW_PASSWORD, { validCode: 'zzzz', uuid: image.data!.uuid });
    expect(wrong.code).toBe(ResponseCode.CaptchaWrong);
    const reused = await server.signIn('admin', ADMIN_NEW_PASSWORD, { validCode: captchaText, uuid: image.data!.uuid });
    expect(reused.code).toBe(ResponseCode.CaptchaWrong);

    const fresh = await server.call(api.auth.captcha, {});
    const ok = await server.signIn('admin', ADMIN_NEW_PASSWORD, { validCode: captchaText.toLowerCase(), uuid: fresh.data!.uuid });
    expect(ok.code).toBe(ResponseCode.Success);
    expect((await need()).data).toEqual({ needShow: false });
  });

  it('an expired captcha is refused', async () => {
    await server.signInAdmin();
    await server.signIn('admin', 'Wrong_pass1');
    const image = await server.call(api.auth.captcha, {});
    server.clock.advance(6 * 60_000);
    const late = await server.signIn('admin', ADMIN_NEW_PASSWORD, { validCode: captchaText, uuid: image.data!.uuid });
    expect(late.code).toBe(ResponseCode.CaptchaWrong);
  });

  it('ignoreCodeTimes lets that many failures pass without a captcha', async () => {
    await server.signInAdmin();
    await setClientPolicy({ additionalInformation: { ignoreCodeTimes: 2, firstChangePwd: '1' } });
    await server.signIn('admin', 'Wrong_pass1');
    await server.signIn('admin', 'Wrong_pass2');
    expect((await server.call(api.auth.captchaNeed, { clientId: DEFAULT_CLIENT_ID, username: 'admin' })).data?.needShow).toBe(false);
    await server.signIn('admin', 'Wrong_pass3');
    expect((await server.call(api.auth.captchaNeed, { clientId: DEFAULT_CLIENT_ID, username: 'admin' })).data?.needShow).toBe(true);
  });

  it('unknown usernames count too, so the captcha does not tell names apart', async () => {
    await server.signIn('nobody', 'Wrong_pass1');
    expect((await server.call(api.auth.captchaNeed, { clientId: DEFAULT_CLIENT_ID, username: 'nobody' })).data?.needShow).toBe(true);
  });
});

describe('lockout', () => {
  it('locks after repeated failures, says until when, and waits longer each time', async () => {
    await server.signInAdmin();
    await setClientPolicy({ additionalInformation: { ignoreCodeTimes: 100, firstChangePwd: '1' } });
    for (let i = 0; i < 4; i++) expect((await server.signIn('admin', `Wrong_pass${i}`)).code).toBe(ResponseCode.BadCredentials);
    const locked = await server.signIn('admin', 'Wrong_pass5');
    expect(locked.code).toBe(ResponseCode.AccountLocked);
    expect(locked.msg).toMatch(/locked until \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);

    // The right password does not open a locked account.
    expect((await server.signIn('admin', ADMIN_NEW_PASSWORD)).code).toBe(ResponseCode.AccountLocked);
    const firstUntil = (await server.services.db.select().from(loginFailure).where(eq(loginFailure.username, 'admin')))[0]!.lockedUntil!;
    const firstWait = firstUntil.getTime() - server.clock.now().getTime();
    expect(firstWait).toBeGreaterThan(50_000);
    expect(firstWait).toBeLessThanOrEqual(60_000);

    server.clock.advance(61_000);
    for (let i = 0; i < 5; i++) await server.signIn('admin', `Wrong_again${i}`);
    const secondUntil = (await server.services.db.select().from(loginFailure).where(eq(loginFailure.username, 'admin')))[0]!.lockedUntil!;
    const secondWait = secondUntil.getTime() - server.clock.now().getTime();
    expect(secondWait).toBeGreaterThan(firstWait * 3);

    server.clock.advance(secondWait + 1000);
    expect((await server.signIn('admin', ADMIN_NEW_PASSWORD)).code).toBe(ResponseCode.Success);
  });
});

describe('account state', () => {
  it('a disabled user gets 00001 "User is disabled" and their open session ends', async () => {
    const admin = await server.signInAdmin();
    await server.services.db.update(user).set({ status: 0 }).where(eq(user.username, 'admin'));
    server.services.sessions.forgetAll();
    const denied = await server.signIn('admin', ADMIN_NEW_PASSWORD);
    expect(denied).toMatchObject({ code: ResponseCode.UserDisabled, msg: 'User is disabled' });
    const call = await server.call(api.session.roleSystems, {}, { token: admin.token });
    expect(call.code).toBe(ResponseCode.UserDisabled);
  });

  it('a refresh token revoked by disabling its user answers "User is disabled", not an invalid grant', async () => {
    const admin = await server.signInAdmin();
    const adminId = (await server.services.db.select({ userId: user.userId }).from(user).where(eq(user.username, 'admin')))[0]!.userId;
    await server.services.db.update(user).set({ status: 0 }).where(eq(user.userId, adminId));
    await revokeUserSessions(server.services, adminId);
    const refreshed = await server.call(api.auth.newToken, { refreshToken: admin.refreshToken });
    expect(refreshed).toMatchObject({ code: ResponseCode.UserDisabled, msg: 'User is disabled' });
  });

  it('an expired password (passwordDay) must be changed', async () => {
    await server.signInAdmin();
    await setClientPolicy({ passwordDay: 30 });
    server.clock.advance(31 * 86_400_000);
    expect((await server.signIn('admin', ADMIN_NEW_PASSWORD)).code).toBe(ResponseCode.MustChangePassword);
    await setClientPolicy({ passwordDay: 0 });
    expect((await server.signIn('admin', ADMIN_NEW_PASSWORD)).code).toBe(ResponseCode.Success);
  });

  it('firstChangePwd 0 lets an initial password sign in', async () => {
    await setClientPolicy({ additionalInformation: { ignoreCodeTimes: 0, firstChangePwd: '0' } });
    expect((await server.signIn('admin', DEFAULT_ADMIN_PASSWORD)).code).toBe(ResponseCode.Success);
  });
});

describe('tokens', () => {
  it('rotates refresh tokens and revokes the family when an old one is presented again', async () => {
    const admin = await server.signInAdmin();
    const refresh = () => server.call(api.auth.token, { grant_type: 'refresh_token', client_id: DEFAULT_CLIENT_ID, client_secret: DEFAULT_CLIENT_SECRET, refresh_token: admin.refreshToken });
    const rotated = await refresh();
    expect(rotated.code).toBe(ResponseCode.Success);
    expect(rotated.data!.refreshToken).not.toBe(admin.refreshToken);

    // The previous access token of the family stops; the new one works.
    expect((await server.call(api.session.roleSelect, {}, { token: admin.token })).code).toBe(ResponseCode.Unauthorized);
    expect((await server.call(api.session.roleSelect, {}, { token: rotated.data!.accessToken })).code).toBe(ResponseCode.Success);

    const replay = await refresh();
    expect(replay.code).toBe(ResponseCode.InvalidGrant);
    expect((await server.call(api.session.roleSelect, {}, { token: rotated.data!.accessToken })).code).toBe(ResponseCode.Unauthorized);
    const next = await server.call(api.auth.newToken, { refreshToken: rotated.data!.refreshToken });
    expect(next.code).toBe(ResponseCode.InvalidGrant);
  });

  it('the form "new token" exchange rotates too', async () => {
    const admin = await server.signInAdmin();
    const next = await server.call(api.auth.newToken, { refreshToken: admin.refreshToken });
    expect(next.code).toBe(ResponseCode.Success);
    expect((await server.call(api.session.currentUser, {}, { token: next.data!.accessToken })).data?.username).toBe('admin');
  });

  it('two concurrent refreshes with one token: one wins, the family is revoked', async () => {
    const admin = await server.signInAdmin();
    const [a, b] = await Promise.all([server.call(api.auth.newToken, { refreshToken: admin.refreshToken }), server.call(api.auth.newToken, { refreshToken: admin.refreshToken })]);
    const codes = [a.code, b.code].sort();
    expect(codes).toEqual([ResponseCode.Success, ResponseCode.InvalidGrant].sort());
  });

  it('expired access tokens and refresh tokens are refused', async () => {
    const admin = await server.signInAdmin();
    server.clock.advance(7201_000);
    expect((await server.call(api.session.roleSelect, {}, { token: admin.token })).code).toBe(ResponseCode.Unauthorized);
    server.clock.advance(7 * 86_400_000);
    expect((await server.call(api.auth.newToken, { refreshToken: admin.refreshToken })).code).toBe(ResponseCode.InvalidGrant);
  });

  it('sign-out revokes the session', async () => {
    const admin = await server.signInAdmin();
    expect((await server.call(api.auth.logout, {}, { token: admin.token })).code).toBe(ResponseCode.Success);
    expect((await server.call(api.session.roleSelect, {}, { token: admin.token })).code).toBe(ResponseCode.Unauthorized);
    expect((await server.call(api.auth.newToken, { refreshToken: admin.refreshToken })).code).toBe(ResponseCode.InvalidGrant);
  });

  it('tokens are stored only as hashes', async () => {
    const admin = await server.signInAdmin();
    const found = await server.services.db.execute(sql`select count(*)::int as n from sys_access_token where token_hash = ${admin.token}`);
    expect(JSON.stringify(found)).toContain('"n":0');
  });
});

describe('bad input', () => {
  it('names the field and writes nothing', async () => {
    const spaces = await server.call(api.auth.token, { grant_type: 'password', client_id: DEFAULT_CLIENT_ID, client_secret: DEFAULT_CLIENT_SECRET, username: 'ad min', password: 'x' });
    expect(spaces).toMatchObject({ code: ResponseCode.InvalidInput, msg: 'username: username may contain only digits, letters, underscore and @' });

    const long = await server.call(api.auth.token, { grant_type: 'password', client_id: DEFAULT_CLIENT_ID, client_secret: DEFAULT_CLIENT_SECRET, username: 'a'.repeat(33), password: 'x' });
    expect(long.msg).toMatch(/^username: /);

    const grant = await server.raw('POST', '/api/auth/oauth/token', 'grant_type=magic&client_id=x', { contentType: 'application/x-www-form-urlencoded' });
    expect(grant.body).toMatchObject({ code: ResponseCode.InvalidInput });
    expect(grant.body.msg).toMatch(/^grant_type: /);

    const sealedWrong = await server.call(api.auth.token, {
      grant_type: 'password',
      client_id: DEFAULT_CLIENT_ID,
      client_secret: DEFAULT_CLIENT_SECRET,
      username: 'admin',
      password: 'bm90LXNlYWxlZA==',
    });
    expect(sealedWrong.msg).toMatch(/^password: /);

    const short = await server.signIn('admin', 'abc');
    expect(short).toMatchObject({ code: ResponseCode.InvalidInput, msg: 'password: password cannot be less than 5' });

    const badJson = await server.raw('POST', '/api/auth/captcha/need', '{"clientId":', { contentType: 'application/json' });
    expect(badJson.body.code).toBe(ResponseCode.InvalidInput);
    expect(badJson.status).toBe(400);

    const chinese = await server.call(api.auth.captchaNeed, { clientId: DEFAULT_CLIENT_ID, username: '' }, { language: 'zh_CN' });
    expect(chinese.msg).toBe('username: 请输入用户名');

    const failures = await server.services.db.execute(sql`select count(*)::int as n from sys_login_failure`);
    expect(JSON.stringify(failures)).toContain('"n":0');
  });

  it('refuses a wrong client secret and a stopped client', async () => {
    const wrong = await server.call(api.auth.token, {
      grant_type: 'password',
      client_id: DEFAULT_CLIENT_ID,
      client_secret: 'nope',
      username: 'admin',
      password: await server.seal(DEFAULT_ADMIN_PASSWORD),
    });
    expect(wrong.code).toBe(ResponseCode.InvalidClient);
    await setClientPolicy({ status: '1' });
    expect((await server.signIn('admin', DEFAULT_ADMIN_PASSWORD)).code).toBe(ResponseCode.InvalidClient);
  });

  it('refuses a body over the limit and unknown paths with an envelope', async () => {
    const big = await server.raw('POST', '/api/auth/captcha/need', JSON.stringify({ clientId: 'x'.repeat(2 * 1024 * 1024), username: 'a' }), { contentType: 'application/json' });
    expect(big.status).toBe(413);
    expect(big.body.code).toBe(ResponseCode.TooLarge);
    const missing = await server.raw('GET', '/api/nothing/here');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe(ResponseCode.NotFound);
  });

  it('a call without a session gets 401 in the body', async () => {
    const anonymous = await server.call(api.session.roleSystems, {});
    expect(anonymous).toMatchObject({ code: '401', data: null });
    const garbage = await server.call(api.session.roleSystems, {}, { token: 'not-a-token' });
    expect(garbage.code).toBe('401');
  });
});

describe('enterprise messenger', () => {
  let peer: WeComPeer;
  let messengerServer: TestServer;

  beforeEach(async () => {
    peer = await startWeComPeer();
    messengerServer = await startTestServer({
      messenger: { baseUrl: peer.baseUrl, corpId: peer.corpId, corpSecret: peer.corpSecret, agentId: '1000002', qrUrl: `${peer.baseUrl}/qr` },
    });
  });
  afterEach(async () => {
    await messengerServer.close();
    await peer.close();
  });

  it('an unbound account gets its id, binds with a password sign-in, then signs in by code', async () => {
    const s = messengerServer;
    await s.signInAdmin();
    const config = await s.call(api.auth.messengerConfig, {});
    expect(config.data).toMatchObject({ enabled: true, qrUrl: `${peer.baseUrl}/qr` });

    const unbound = await s.call(api.auth.messengerUserInfo, { clientId: DEFAULT_CLIENT_ID, clientSecret: DEFAULT_CLIENT_SECRET, code: peer.issueCode('zhangsan') });
    expect(unbound.data).toMatchObject({ wxWorkUserId: 'zhangsan', token: null });
    const ticket = unbound.data!.bindTicket!;
    expect(ticket).toMatch(/^[\w-]{40,}$/);

    const bindWith = async (bindTicket: string) =>
      s.call(api.auth.bindToken, { client_id: DEFAULT_CLIENT_ID, client_secret: DEFAULT_CLIENT_SECRET, username: 'admin', password: await s.seal(ADMIN_NEW_PASSWORD), bindTicket });
    expect((await bindWith(ticket)).code).toBe(ResponseCode.Success);
    // A ticket binds once.
    expect((await bindWith(ticket)).msg).toMatch(/^bindTicket: /);

    const bound = await s.call(api.auth.messengerUserInfo, { clientId: DEFAULT_CLIENT_ID, clientSecret: DEFAULT_CLIENT_SECRET, code: peer.issueCode('zhangsan') });
    expect(bound.data?.wxWorkUserId).toBeNull();
    const me = await s.call(api.session.currentUser, {}, { token: bound.data!.token!.accessToken });
    expect(me.data?.username).toBe('admin');
    expect(peer.tokenRequests).toBe(1);

    await s.services.audit.flush();
    const binds = await s.services.db.select().from(operationLog).where(eq(operationLog.entryType, 'bind'));
    expect(binds[0]?.afterOperation).toEqual({ wxWorkUserId: 'zhangsan' });
    expect(binds[0]).toMatchObject({ operLoginName: 'admin', operUserName: '系统管理员' });
  });

  it('a lock started by guesses holds for the messenger too, said as the password sign-in says it; once it ends the messenger signs in and ends the run', async () => {
    const s = messengerServer;
    await s.signInAdmin();
    await s.services.db.update(user).set({ wxWorkUserId: 'zhangsan' }).where(eq(user.username, 'admin'));
    await s.services.db
      .update(oauthClient)
      .set({ additionalInformation: { ignoreCodeTimes: 100, firstChangePwd: '1' } })
      .where(eq(oauthClient.clientId, DEFAULT_CLIENT_ID));
    for (let i = 0; i < 5; i++) await s.signIn('admin', `Wrong_pass${i}`);
    const byPassword = await s.signIn('admin', 'Wrong_pass5');
    expect(byPassword.code).toBe(ResponseCode.AccountLocked);

    const exchange = () => s.call(api.auth.messengerUserInfo, { clientId: DEFAULT_CLIENT_ID, clientSecret: DEFAULT_CLIENT_SECRET, code: peer.issueCode('zhangsan') });
    const byMessenger = await exchange();
    expect(byMessenger).toMatchObject({ code: ResponseCode.AccountLocked, msg: byPassword.msg, data: null });
    expect((await s.signIn('admin', ADMIN_NEW_PASSWORD)).code).toBe(ResponseCode.AccountLocked);

    s.clock.advance(61_000);
    expect((await exchange()).data?.token?.accessToken).toBeTruthy();
    expect(await s.services.db.select().from(loginFailure).where(eq(loginFailure.username, 'admin'))).toEqual([]);
  });

  it("the peer's errors become C0001 without its text: an unauthenticated caller learns nothing of the upstream", async () => {
    const refused = await messengerServer.call(api.auth.messengerUserInfo, { clientId: DEFAULT_CLIENT_ID, clientSecret: DEFAULT_CLIENT_SECRET, code: 'never-issued' });
    expect(refused.code).toBe(ResponseCode.ThirdPartyError);
    expect(refused.msg).toBe('A third-party service failed; try again later');
    expect(refused.msg).not.toMatch(/40029|invalid code/);
  });

  it('a messenger id the client names binds nothing: only a ticket from the code exchange does, for its own client, before it expires', async () => {
    const s = messengerServer;
    await s.signInAdmin();
    const grant = { client_id: DEFAULT_CLIENT_ID, client_secret: DEFAULT_CLIENT_SECRET, username: 'admin', password: await s.seal(ADMIN_NEW_PASSWORD) };
    const named = await s.raw('POST', '/api/auth/oauth/bind-token', { ...grant, wxWorkUserId: 'victim' });
    expect(named.body).toMatchObject({ code: ResponseCode.InvalidInput });
    expect(named.body.msg).toMatch(/^bindTicket: /);
    const forged = await s.call(api.auth.bindToken, { ...grant, bindTicket: 'made-up-ticket' });
    expect(forged.msg).toMatch(/^bindTicket: /);

    const unbound = await s.call(api.auth.messengerUserInfo, { clientId: DEFAULT_CLIENT_ID, clientSecret: DEFAULT_CLIENT_SECRET, code: peer.issueCode('lisi') });
    s.clock.advance(11 * 60_000);
    const late = await s.call(api.auth.bindToken, { ...grant, bindTicket: unbound.data!.bindTicket! });
    expect(late.msg).toMatch(/^bindTicket: /);
    const admin = (await s.services.db.select().from(user).where(eq(user.username, 'admin')))[0]!;
    expect(admin.wxWorkUserId).toBeNull();
    // The ticket is stored only as a hash.
    const stored = await s.services.db.select().from(bindTicket);
    expect(JSON.stringify(stored)).not.toContain(unbound.data!.bindTicket!);
  });

  it('without configuration the exchange is refused clearly', async () => {
    const off = await server.call(api.auth.messengerUserInfo, { clientId: DEFAULT_CLIENT_ID, clientSecret: DEFAULT_CLIENT_SECRET, code: 'x' });
    expect(off.code).toBe(ResponseCode.CallerError);
    expect(off.msg).toMatch(/not configured/);
  });
});

describe('interface monitoring and the operation log', () => {
  it('logs every call with secrets redacted, and password changes with before and after', async () => {
    const admin = await server.signInAdmin();
    await server.call(api.session.roleSystems, {}, { token: admin.token, headers: { 'x-device-id': 'WS-0042', 'x-device-model': 'win32 x64' } });
    await server.services.audit.flush();
    const rows = await server.services.db.select().from(interfaceLog);
    const signIn = rows.find((r) => r.path === '/api/auth/oauth/token' && r.responseStatus === '200')!;
    expect(signIn.requestParam).toContain('"password":"******"');
    expect(signIn.requestParam).not.toContain(ADMIN_NEW_PASSWORD);
    expect(signIn.responseText).toContain('"accessToken":"******"');
    expect(signIn.responseText).not.toContain(admin.token);
    const systems = rows.find((r) => r.path === '/api/sys/role/systems')!;
    expect(systems).toMatchObject({ deviceId: 'WS-0042', modelInfo: 'win32 x64', responseStatus: '200', serviceCnName: 'session' });
    expect(Number(systems.userId)).toBeGreaterThan(0);
    expect(systems.useTime).toBeGreaterThanOrEqual(0);

    const changes = await server.services.db.select().from(operationLog).where(eq(operationLog.entryType, 'password'));
    expect(changes).toHaveLength(1);
    expect(changes[0]!.beforeOperation).toEqual({ passwordChangedAt: null });
    // The change comes before any session: its row names the user whose own password was checked, and their organisation.
    const [adminRow] = await server.services.db.select().from(user).where(eq(user.username, 'admin'));
    expect(changes[0]).toMatchObject({ operUserId: adminRow!.userId, operUserName: adminRow!.name, operLoginName: 'admin', operDeptId: adminRow!.deptId });
    expect(JSON.stringify(changes[0])).not.toContain(ADMIN_NEW_PASSWORD);
  });

  it('a failing audit write never fails the request', async () => {
    const admin = await server.signInAdmin();
    await server.services.audit.flush();
    await server.services.db.execute(sql`alter table log_interface rename to log_interface_gone`);
    const call = await server.call(api.session.roleSelect, {}, { token: admin.token });
    expect(call.code).toBe(ResponseCode.Success);
    await server.services.audit.flush();
    expect(server.services.audit.counts().interface.deadLettered).toBeGreaterThan(0);
    await server.services.db.execute(sql`alter table log_interface_gone rename to log_interface`);
  });
});
