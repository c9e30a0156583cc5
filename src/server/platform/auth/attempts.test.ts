import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResponseCode } from '../../../shared/codes';
import { api } from '../../../shared/contract';
import { RATE_LIMITS } from '../../../shared/contract/endpoint';
import { DEFAULT_ADMIN_PASSWORD, DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET } from '../../../shared/defaults';
import { CallContext } from '../../context';
import { oauthClient, loginFailure, refreshToken, user } from '../../db/schema';
import { Errors } from '../../errors';
import { signInAdminActor, signInOperator } from '../../testing/actors';
import { ADMIN_NEW_PASSWORD, startTestServer, type TestServer } from '../../testing/harness';
import { completeSignIn, setNewPassword, verifyAttempt } from './sign-in';

/** Sign-in attempts counted before the password is checked, the answers they give, and the token rules around them. */

/** Holds a right password's sign-in after its hash is checked and before it ends the failures: a burst's guesses arrive meanwhile. */
const rightPasswordGate = vi.hoisted(() => ({ hold: null as null | { reached: () => void; released: Promise<void> } }));
vi.mock('../../auth/passwords', async (original) => {
  const actual = await original<typeof import('../../auth/passwords')>();
  return {
    ...actual,
    async verifyPassword(hash: string, plain: string): Promise<boolean> {
      const matches = await actual.verifyPassword(hash, plain);
      const hold = rightPasswordGate.hold;
      if (matches && hold) {
        rightPasswordGate.hold = null;
        hold.reached();
        await hold.released;
      }
      return matches;
    },
  };
});

function holdRightPasswords(): { reached: Promise<void>; release: () => void } {
  let reached!: () => void;
  let release!: () => void;
  const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
  rightPasswordGate.hold = { reached, released: new Promise<void>((resolve) => (release = resolve)) };
  return { reached: reachedPromise, release };
}

let server: TestServer;
beforeEach(async () => {
  // The rate limits would cut a burst short; here the attempts rule alone must hold.
  server = await startTestServer({ rateLimits: { ...RATE_LIMITS, signIn: { perAddress: 1000, perAccount: 1000 } } });
});
afterEach(async () => {
  rightPasswordGate.hold = null;
  await server.close();
});

async function setClientPolicy(patch: Partial<typeof oauthClient.$inferInsert>): Promise<void> {
  await server.services.db.update(oauthClient).set(patch).where(eq(oauthClient.clientId, DEFAULT_CLIENT_ID));
}

/**
 * Signs in as admin with the right password under a client allowing `ignoreCodeTimes` failures before the
 * captcha, and holds that sign-in after its check while `count` wrong guesses arrive one by one: their answers.
 * The held sign-in succeeds once released.
 */
async function guessesWhileRightPasswordIsChecked(ignoreCodeTimes: number, count: number): Promise<string[]> {
  await server.signInAdmin();
  await setClientPolicy({ additionalInformation: { ignoreCodeTimes, firstChangePwd: '1' } });
  const held = holdRightPasswords();
  const right = server.signIn('admin', ADMIN_NEW_PASSWORD);
  await held.reached;
  const answers: string[] = [];
  for (let i = 0; i < count; i++) answers.push((await server.signIn('admin', `Wrong_guess${i}`)).code);
  held.release();
  expect((await right).code).toBe(ResponseCode.Success);
  return answers;
}

/** Answers that mean a password was checked. */
const CHECKED = new Set<string>([ResponseCode.BadCredentials, ResponseCode.Success]);

describe('a burst of guesses', () => {
  it('checks one password before the captcha, however many arrive at once', async () => {
    await server.signInAdmin();
    const guesses = Array.from({ length: 14 }, (_, i) => `Wrong_guess${i}`);
    guesses.splice(7, 0, ADMIN_NEW_PASSWORD);
    const answers = await Promise.all(guesses.map((password) => server.signIn('admin', password)));
    // The right password, when checked first, ends the run it began: one more guess may then be checked.
    expect([ResponseCode.Success, ResponseCode.CaptchaRequired]).toContain(answers[7]!.code);
    const wrong = answers.filter((_, i) => i !== 7);
    expect(wrong.filter((a) => CHECKED.has(a.code)).length).toBeLessThanOrEqual(1);
    expect(wrong.filter((a) => a.code === ResponseCode.CaptchaRequired).length).toBeGreaterThanOrEqual(13);
  });

  it('a right password ends the run of failures once: guesses counted while its sign-in or password change completes are kept', async () => {
    await server.signInAdmin();
    const { services } = server;
    const admin = (await services.db.select().from(user).where(eq(user.username, 'admin')))[0]!;
    const client = (await services.db.select().from(oauthClient).where(eq(oauthClient.clientId, DEFAULT_CLIENT_ID)))[0]!;
    const checkRight = () => verifyAttempt(services, { username: 'admin', found: admin, plain: ADMIN_NEW_PASSWORD, client, captcha: {}, wrongPassword: Errors.badCredentials });
    // A burst's interleaving, step by step: the right password is checked, a guess is counted, then the sign-in completes.
    await checkRight();
    expect((await server.signIn('admin', 'Wrong_guess1')).code).toBe(ResponseCode.BadCredentials);
    await completeSignIn(new CallContext(services, 'en_US', '127.0.0.1', 'device', 'model', 'app'), admin, client);
    expect((await server.signIn('admin', 'Wrong_guess2')).code).toBe(ResponseCode.CaptchaRequired);

    await services.db.delete(loginFailure);
    await checkRight();
    expect((await server.signIn('admin', 'Wrong_guess3')).code).toBe(ResponseCode.BadCredentials);
    await setNewPassword(services, admin, ADMIN_NEW_PASSWORD, await server.seal('Admin_2027new'), undefined, async () => {});
    expect((await server.signIn('admin', 'Wrong_guess4')).code).toBe(ResponseCode.CaptchaRequired);
  });

  it('checks at most five passwords before the lock when no captcha is asked for, and the right one is then refused', async () => {
    await server.signInAdmin();
    await setClientPolicy({ additionalInformation: { ignoreCodeTimes: 100, firstChangePwd: '1' } });
    const guesses = Array.from({ length: 15 }, (_, i) => `Wrong_guess${i}`);
    const answers = await Promise.all(guesses.map((password) => server.signIn('admin', password)));
    expect(answers.filter((a) => CHECKED.has(a.code)).length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.code === ResponseCode.AccountLocked).length).toBeGreaterThanOrEqual(10);
    expect((await server.signIn('admin', ADMIN_NEW_PASSWORD)).code).toBe(ResponseCode.AccountLocked);
  });

  it('a right password checked while a burst arrives ends only the failures before it: the lock the burst starts stays', async () => {
    const answers = await guessesWhileRightPasswordIsChecked(100, 5);
    // With the right password's attempt they make five: the fourth wrong one starts the lock.
    expect(answers).toEqual([...Array(3).fill(ResponseCode.BadCredentials), ResponseCode.AccountLocked, ResponseCode.AccountLocked]);
    expect((await server.signIn('admin', ADMIN_NEW_PASSWORD)).code).toBe(ResponseCode.AccountLocked);
  });

  it('a right password checked while guesses arrive leaves them counted towards the captcha', async () => {
    const during = await guessesWhileRightPasswordIsChecked(2, 3);
    expect(during).toEqual([ResponseCode.BadCredentials, ResponseCode.BadCredentials, ResponseCode.CaptchaRequired]);
    // The two guesses counted meanwhile stay: of the three free attempts, one is left.
    expect((await server.signIn('admin', 'Wrong_guess3')).code).toBe(ResponseCode.BadCredentials);
    expect((await server.signIn('admin', 'Wrong_guess4')).code).toBe(ResponseCode.CaptchaRequired);
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
