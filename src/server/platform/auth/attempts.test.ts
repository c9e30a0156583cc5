import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../../shared/codes';
import { api } from '../../../shared/contract';
import { RATE_LIMITS } from '../../../shared/contract/endpoint';
import { DEFAULT_ADMIN_PASSWORD, DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET } from '../../../shared/defaults';
import { oauthClient, refreshToken, user } from '../../db/schema';
import { signInAdminActor, signInOperator } from '../../testing/actors';
import { ADMIN_NEW_PASSWORD, startTestServer, type TestServer } from '../../testing/harness';

/** Sign-in attempts counted before the password is checked, the answers they give, and the token rules around them. */

let server: TestServer;
beforeEach(async () => {
  // The rate limits would cut a burst short; here the attempts rule alone must hold.
  server = await startTestServer({ rateLimits: { ...RATE_LIMITS, signIn: { perAddress: 1000, perAccount: 1000 } } });
});
afterEach(async () => {
  await server.close();
});

async function setClientPolicy(patch: Partial<typeof oauthClient.$inferInsert>): Promise<void> {
  await server.services.db.update(oauthClient).set(patch).where(eq(oauthClient.clientId, DEFAULT_CLIENT_ID));
}

/** Answers that mean a password was checked. */
const CHECKED = new Set<string>([ResponseCode.BadCredentials, ResponseCode.Success]);

describe('a burst of guesses', () => {
  it('checks one password before the captcha, however many arrive at once', async () => {
    await server.signInAdmin();
    const guesses = Array.from({ length: 14 }, (_, i) => `Wrong_guess${i}`);
    guesses.splice(7, 0, ADMIN_NEW_PASSWORD);
    const answers = await Promise.all(guesses.map((password) => server.signIn('admin', password)));
    const checked = answers.filter((a) => CHECKED.has(a.code));
    expect(checked.length).toBeLessThanOrEqual(1);
    expect(answers.filter((a) => a.code === ResponseCode.CaptchaRequired).length).toBeGreaterThanOrEqual(14);
  });

  it('checks at most five passwords before the lock when no captcha is asked for, and a right guess in the burst does not lift the lock', async () => {
    await server.signInAdmin();
    await setClientPolicy({ additionalInformation: { ignoreCodeTimes: 100, firstChangePwd: '1' } });
    const guesses = Array.from({ length: 15 }, (_, i) => `Wrong_guess${i}`);
    guesses.push(ADMIN_NEW_PASSWORD);
    const answers = await Promise.all(guesses.map((password) => server.signIn('admin', password)));
    expect(answers.filter((a) => CHECKED.has(a.code)).length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.code === ResponseCode.AccountLocked).length).toBeGreaterThanOrEqual(10);
    if (answers.at(-1)!.code !== ResponseCode.Success) expect((await server.signIn('admin', ADMIN_NEW_PASSWORD)).code).toBe(ResponseCode.AccountLocked);
  });
});

describe('answers that do not tell accounts apart', () => {
  it('a wrong password and an unknown name get the same answer; so do a locked account and a locked unknown name', async () => {
    await server.signInAdmin();
    await setClientPolicy({ additionalInformation: { ignoreCodeTimes: 100, firstChangePwd: '1' } });
    const wrong = await server.signIn('admin', 'Wrong_pass1');
    const unknown = await server.signIn('nobody', 'Wrong_pass1');
    expect(unknown).toEqual(wrong);
    for (let i = 0; i < 4; i++) {
      await server.signIn('admin', `Wrong_again${i}`);
      await server.signIn('nobody', `Wrong_again${i}`);
    }
    const lockedAdmin = await server.signIn('admin', 'Wrong_final');
    const lockedNobody = await server.signIn('nobody', 'Wrong_final');
    expect(lockedAdmin.code).toBe(ResponseCode.AccountLocked);
    expect(lockedNobody.code).toBe(ResponseCode.AccountLocked);
    expect(lockedNobody.msg.replace(/\d/g, '0')).toBe(lockedAdmin.msg.replace(/\d/g, '0'));
  });
});

describe('changing the own password', () => {
  it('counts wrong current passwords: after the limit the account locks and the session ends', async () => {
    const operator = await signInOperator(server);
    const answers = [];
    for (let i = 0; i < 8; i++)
      answers.push(await server.call(api.session.changePassword, { password: await server.seal(`Wrong_pass${i}`), newPassword: await server.seal('New_pass_2027') }, operator.as));
    expect(answers.slice(0, 4).every((a) => a.code === ResponseCode.WrongOldPassword)).toBe(true);
    expect(answers[4]!.msg).toMatch(/locked until/);
    const right = await server.call(api.session.changePassword, { password: await server.seal(operator.password), newPassword: await server.seal('New_pass_2027') }, operator.as);
    expect(right.code).not.toBe(ResponseCode.Success);
    expect((await server.call(api.session.roleSelect, {}, operator.as)).code).toBe(ResponseCode.Unauthorized);
    expect((await server.signIn(operator.username, operator.password)).code).toBe(ResponseCode.AccountLocked);
  });
});

describe('changing a password before signing in', () => {
  it('is only for an initial or expired password', async () => {
    const operator = await signInOperator(server);
    const firstChange = async (username: string, password: string) =>
      server.call(api.auth.firstChangePassword, { username, password: await server.seal(password), newPassword: await server.seal('Taken_over_1') });
    const refused = await firstChange(operator.username, operator.password);
    expect(refused).toMatchObject({ code: ResponseCode.CallerError, msg: 'This password does not need changing before sign-in; sign in and change it there' });
    expect((await server.signIn(operator.username, operator.password)).code).toBe(ResponseCode.Success);

    await setClientPolicy({ passwordDay: 30 });
    server.clock.advance(31 * 86_400_000);
    expect((await firstChange(operator.username, operator.password)).code).toBe(ResponseCode.Success);
    expect((await firstChange('admin', DEFAULT_ADMIN_PASSWORD)).code).toBe(ResponseCode.Success);
  });
});

describe('refresh', () => {
  it('a user whose password was reset cannot refresh: the answer is 70001 and the sign-in ends', async () => {
    const operator = await signInOperator(server);
    const signed = await server.signIn(operator.username, operator.password);
    // Apart from the reset's own revocation, the refresh itself checks that the password need not change.
    await server.services.db.update(user).set({ passwordChangedAt: null }).where(eq(user.userId, operator.userId));
    const refreshed = await server.call(api.auth.newToken, { refreshToken: signed.data!.refreshToken });
    expect(refreshed.code).toBe(ResponseCode.MustChangePassword);
    expect((await server.call(api.session.roleSelect, {}, { token: signed.data!.accessToken })).code).toBe(ResponseCode.Unauthorized);
  });

  it('tokens issued before the cut-off a reset sets are void, even ones the reset did not revoke', async () => {
    const operator = await signInOperator(server);
    const signed = await server.signIn(operator.username, operator.password);
    server.services.sessions.forgetAll();
    await server.services.db
      .update(user)
      .set({ tokensValidAfter: new Date(server.clock.now().getTime() + 1000) })
      .where(eq(user.userId, operator.userId));
    server.clock.advance(2000);
    expect((await server.call(api.session.roleSelect, {}, { token: signed.data!.accessToken })).code).toBe(ResponseCode.Unauthorized);
    expect((await server.call(api.auth.newToken, { refreshToken: signed.data!.refreshToken })).code).toBe(ResponseCode.InvalidGrant);
  });

  it('no rotation carries a sign-in past its absolute lifetime', async () => {
    const operator = await signInOperator(server);
    let pair = (await server.signIn(operator.username, operator.password)).data!;
    for (let day = 6; day <= 24; day += 6) {
      server.clock.advance(6 * 86_400_000);
      const next = await server.call(api.auth.newToken, { refreshToken: pair.refreshToken });
      expect(next, `day ${day}`).toMatchObject({ code: ResponseCode.Success });
      pair = next.data!;
    }
    const rows = await server.services.db.select().from(refreshToken).where(eq(refreshToken.userId, operator.userId));
    for (const row of rows) expect(row.expiresAt.getTime()).toBeLessThanOrEqual(row.familyStartedAt.getTime() + 30 * 86_400_000);
    const latest = rows.reduce((a, b) => (a.createTime > b.createTime ? a : b));
    expect(rows.filter((r) => r.familyId === latest.familyId)).toHaveLength(5);
    // Six more days is within the refresh token's own 7 days, but past the family's 30.
    server.clock.advance(6 * 86_400_000);
    expect((await server.call(api.auth.newToken, { refreshToken: pair.refreshToken })).code).toBe(ResponseCode.InvalidGrant);
  });
});

describe('what reaches the API', () => {
  it('refuses pages (an Origin), foreign Host names, and form bodies outside the two OAuth exchanges', async () => {
    const fromPage = await server.raw('POST', '/api/auth/captcha/need', { clientId: DEFAULT_CLIENT_ID, username: 'admin' }, { headers: { origin: 'https://evil.example' } });
    expect(fromPage).toMatchObject({ status: 403, body: { code: ResponseCode.Forbidden, msg: 'Requests from web pages are not accepted' } });
    const rebound = await server.raw('POST', '/api/auth/captcha/need', { clientId: DEFAULT_CLIENT_ID, username: 'admin' }, { headers: { host: 'evil.example:7300' } });
    expect(rebound.status).toBe(403);
    const local = await server.raw('POST', '/api/auth/captcha/need', { clientId: DEFAULT_CLIENT_ID, username: 'admin' }, { headers: { host: '127.0.0.1:7300' } });
    expect(local.body.code).toBe(ResponseCode.Success);

    const admin = await signInAdminActor(server);
    const form = await server.raw('POST', '/api/sys/user/delete', 'userIds=1', { ...admin.as, contentType: 'application/x-www-form-urlencoded' });
    expect(form.body).toMatchObject({ code: ResponseCode.InvalidInput, msg: 'body: the body must be JSON' });
    const text = await server.raw('POST', '/api/sys/user/delete', 'userIds=1', { ...admin.as, contentType: 'text/plain' });
    expect(text.body.code).toBe(ResponseCode.InvalidInput);
    expect((await server.services.db.select().from(user).where(eq(user.userId, admin.userId))).length).toBe(1);
    const signIn = await server.raw(
      'POST',
      '/api/auth/oauth/token',
      `grant_type=password&client_id=${DEFAULT_CLIENT_ID}&client_secret=${DEFAULT_CLIENT_SECRET}&username=admin&password=${encodeURIComponent(await server.seal(admin.password))}`,
      {
        contentType: 'application/x-www-form-urlencoded',
      },
    );
    expect(signIn.body.code).toBe(ResponseCode.Success);
  });

  it('answers that carry a password or token are never cached', async () => {
    await server.signInAdmin();
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'password',
        client_id: DEFAULT_CLIENT_ID,
        client_secret: DEFAULT_CLIENT_SECRET,
        username: 'admin',
        password: await server.seal(ADMIN_NEW_PASSWORD),
      }).toString(),
    });
    expect(response.json().code).toBe(ResponseCode.Success);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
