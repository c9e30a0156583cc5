import { count } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../shared/codes';
import { API_PREFIX, Header } from '../../shared/constants';
import { api } from '../../shared/contract';
import { API_KEY_HEADER } from '../../areas/information/contract';
import { RATE_LIMITS, type EndpointDef } from '../../shared/contract/endpoint';
import { DEFAULT_ADMIN_PASSWORD, DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET } from '../../shared/defaults';
import type { Envelope } from '../../shared/envelope';
import { captcha, loginFailure } from '../db/schema';
import { AppError } from '../errors';
import { startTestServer, type TestServer } from '../testing/harness';
import { callerOf, RateLimiter } from './rate-limit';

describe('callerOf', () => {
  it('counts an IPv4 address as itself, an IPv6 address by its /64', () => {
    expect(callerOf('203.0.113.7')).toBe('203.0.113.7');
    expect(callerOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(callerOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(callerOf('2001:0db8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(callerOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(callerOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(callerOf('::1')).toBe('0:0:0:0::/64');
  });
});

describe('RateLimiter', () => {
  let at = Date.parse('2026-01-01T00:00:00Z');
  const now = () => new Date(at);
  const rule = { name: 'signIn', accountField: 'username' } as const;
  const limits = { ...RATE_LIMITS, signIn: { perAddress: 4, perAccount: 2 } };
  const refusal = (run: () => void) => {
    try {
      run();
    } catch (error) {
      return error;
    }
    return null;
  };

  it('allows a minute’s allowance at once, then one call per its share of the minute', () => {
    const limiter = new RateLimiter(limits, now);
    for (let i = 0; i < 4; i++) limiter.take(rule, '10.0.0.1', { username: `user${i}` });
    const refused = refusal(() => limiter.take(rule, '10.0.0.1', { username: 'user9' }));
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: ResponseCode.RateLimited, key: 'error.rateLimited', params: { seconds: 15 } });
    at += 15_000;
    limiter.take(rule, '10.0.0.1', { username: 'user9' });
    expect(refusal(() => limiter.take(rule, '10.0.0.1', { username: 'user10' }))).toBeInstanceOf(AppError);
  });

  it('counts an account whatever the address and the letter case', () => {
    const limiter = new RateLimiter(limits, now);
    limiter.take(rule, '10.0.0.1', { username: 'Admin' });
    limiter.take(rule, '10.0.0.2', { username: 'admin' });
    expect(refusal(() => limiter.take(rule, '10.0.0.3', { username: 'ADMIN' }))).toMatchObject({ params: { seconds: 30 } });
    limiter.take(rule, '10.0.0.3', { username: 'someone' });
  });

  it('keeps at most its bound of buckets, forgetting the least recently used', () => {
    const limiter = new RateLimiter({ ...limits, captcha: { perAddress: 1 } }, now, 2);
    const captchaRule = { name: 'captcha' } as const;
    limiter.take(captchaRule, '10.0.0.1', {});
    limiter.take(captchaRule, '10.0.0.2', {});
    expect(refusal(() => limiter.take(captchaRule, '10.0.0.1', {}))).toBeInstanceOf(AppError);
    // 10.0.0.1 was used last: a third caller pushes out 10.0.0.2, whose allowance starts afresh.
    limiter.take(captchaRule, '10.0.0.3', {});
    expect(refusal(() => limiter.take(captchaRule, '10.0.0.2', {}))).toBeNull();
    expect(refusal(() => limiter.take(captchaRule, '10.0.0.2', {}))).toBeInstanceOf(AppError);
  });

  it('refuses limits that are not whole numbers from 1', () => {
    expect(() => new RateLimiter({ ...limits, captcha: { perAddress: 0 } }, now)).toThrow('rate limit captcha.perAddress must be a whole number of calls per minute from 1, got 0');
    expect(() => new RateLimiter({ ...limits, signIn: { perAddress: 5, perAccount: 1.5 } }, now)).toThrow(/signIn\.perAccount .* got 1\.5/);
  });
});

describe('rate limits on the public calls', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer({
      rateLimits: {
        signIn: { perAddress: 5, perAccount: 3 },
        captcha: { perAddress: 2 },
        messengerSignIn: { perAddress: 2 },
        publishedInfo: { perAddress: 3, perAccount: 2 },
        openMessage: { perAddress: 3, perAccount: 2 },
      },
    });
  });
  afterEach(async () => {
    await server.close();
  });

  /** Calls an endpoint from `address` (the harness always calls from one). */
  async function callFrom<E extends EndpointDef>(address: string, def: E, input: Record<string, string>, language = 'en_US'): Promise<Envelope<unknown>> {
    const headers = { [Header.Language]: language };
    const url = API_PREFIX + def.path;
    const response =
      def.method === 'GET'
        ? await server.app.inject({ method: 'GET', url, query: input, headers, remoteAddress: address })
        : def.encoding === 'form'
          ? await server.app.inject({
              method: def.method,
              url,
              payload: new URLSearchParams(input).toString(),
              headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
              remoteAddress: address,
            })
          : await server.app.inject({ method: def.method, url, payload: input, headers, remoteAddress: address });
    return response.json();
  }

  async function signInFrom(address: string, username: string, password: string, language?: string) {
    return callFrom(address, api.auth.token, { grant_type: 'password', client_id: DEFAULT_CLIENT_ID, client_secret: DEFAULT_CLIENT_SECRET, username, password: await server.seal(password) }, language);
  }

  const failureRows = async () => (await server.services.db.select({ n: count() }).from(loginFailure))[0]!.n;

  it('refuses a burst from one address before checking a password, while other addresses sign in', async () => {
    for (let i = 0; i < 5; i++) expect((await signInFrom('198.51.100.1', `guess${i}`, 'Wrong_pass1')).code).toBe(ResponseCode.BadCredentials);
    expect(await failureRows()).toBe(5);

    // One call comes back every 12 s; the wait is shorter by the time the five calls took.
    const refused = await signInFrom('198.51.100.1', 'guess5', 'Wrong_pass1');
    expect(refused).toEqual({ code: ResponseCode.RateLimited, msg: expect.stringMatching(/^Too many attempts, please try again in (\d+) s$/), data: null });
    expect(Number(/(\d+) s$/.exec(refused.msg)![1])).toBeLessThanOrEqual(12);
    expect((await signInFrom('198.51.100.1', 'guess6', 'Wrong_pass1', 'zh_CN')).msg).toMatch(/^尝试过于频繁，请在\d+秒后重试$/);
    // Refused before the password was looked at: no failure was recorded for those names.
    expect(await failureRows()).toBe(5);

    // The administrator, from another address, is not held up.
    expect((await signInFrom('198.51.100.2', 'admin', DEFAULT_ADMIN_PASSWORD)).code).toBe(ResponseCode.MustChangePassword);

    server.clock.advance(12_000);
    expect((await signInFrom('198.51.100.1', 'guess7', 'Wrong_pass1')).code).toBe(ResponseCode.BadCredentials);
  });

  it('limits the published-information API per address and per API key, before the key is looked up', async () => {
    const published = async (address: string, apiKey: string) =>
      (
        await server.app.inject({
          method: 'GET',
          url: API_PREFIX + api.information.published.path,
          query: { pageNum: '1', pageSize: '10' },
          headers: { [API_KEY_HEADER]: apiKey },
          remoteAddress: address,
        })
      ).json<Envelope<unknown>>().code;
    // Unknown keys are refused for what they are until the key's allowance is spent, from any address.
    expect(await published('198.51.100.30', 'leakedkey1')).not.toBe(ResponseCode.RateLimited);
    expect(await published('198.51.100.31', 'leakedkey1')).not.toBe(ResponseCode.RateLimited);
    expect(await published('198.51.100.32', 'leakedkey1')).toBe(ResponseCode.RateLimited);
    // One address cycling through keys runs out of its own allowance.
    expect(await published('198.51.100.40', 'key2')).not.toBe(ResponseCode.RateLimited);
    expect(await published('198.51.100.40', 'key3')).not.toBe(ResponseCode.RateLimited);
    expect(await published('198.51.100.40', 'key4')).not.toBe(ResponseCode.RateLimited);
    expect(await published('198.51.100.40', 'key5')).toBe(ResponseCode.RateLimited);
  });

  it('refuses guesses at one account from many addresses, while other accounts sign in', async () => {
    // Wrong passwords soon need a captcha too; what matters is that they are not refused for their rate.
    for (let i = 0; i < 3; i++) expect((await signInFrom(`198.51.100.${10 + i}`, 'admin', 'Wrong_pass1')).code).not.toBe(ResponseCode.RateLimited);
    expect((await signInFrom('198.51.100.20', 'Admin', DEFAULT_ADMIN_PASSWORD)).code).toBe(ResponseCode.RateLimited);
    // The first change of the password draws on the same allowance.
    const change = await callFrom('198.51.100.21', api.auth.firstChangePassword, {
      username: 'admin',
      password: await server.seal(DEFAULT_ADMIN_PASSWORD),
      newPassword: await server.seal('Admin_2026new'),
    });
    expect(change.code).toBe(ResponseCode.RateLimited);
    expect((await signInFrom('198.51.100.20', 'someone_else', 'Wrong_pass1')).code).toBe(ResponseCode.BadCredentials);
  });

  it('counts refresh grants and the form exchange against the address', async () => {
    const refresh = { grant_type: 'refresh_token', client_id: DEFAULT_CLIENT_ID, client_secret: DEFAULT_CLIENT_SECRET, refresh_token: 'not-a-token' };
    for (let i = 0; i < 3; i++) expect((await callFrom('198.51.100.30', api.auth.token, refresh)).code).toBe(ResponseCode.InvalidGrant);
    for (let i = 0; i < 2; i++) expect((await callFrom('198.51.100.30', api.auth.newToken, { refreshToken: 'not-a-token' })).code).toBe(ResponseCode.InvalidGrant);
    expect((await callFrom('198.51.100.30', api.auth.token, refresh)).code).toBe(ResponseCode.RateLimited);
    expect((await callFrom('198.51.100.30', api.auth.newToken, { refreshToken: 'not-a-token' })).code).toBe(ResponseCode.RateLimited);
  });

  it('limits captchas per address without storing the refused ones', async () => {
    for (let i = 0; i < 2; i++) expect((await callFrom('198.51.100.40', api.auth.captcha, {})).code).toBe(ResponseCode.Success);
    expect((await callFrom('198.51.100.40', api.auth.captcha, {})).code).toBe(ResponseCode.RateLimited);
    expect((await callFrom('198.51.100.41', api.auth.captcha, {})).code).toBe(ResponseCode.Success);
    expect((await server.services.db.select({ n: count() }).from(captcha))[0]!.n).toBe(3);
  });

  it('limits messenger code exchanges per address', async () => {
    const exchange = { clientId: DEFAULT_CLIENT_ID, clientSecret: DEFAULT_CLIENT_SECRET, code: 'some-code' };
    for (let i = 0; i < 2; i++) expect((await callFrom('198.51.100.50', api.auth.messengerUserInfo, exchange)).code).not.toBe(ResponseCode.RateLimited);
    expect((await callFrom('198.51.100.50', api.auth.messengerUserInfo, exchange)).code).toBe(ResponseCode.RateLimited);
  });
});

describe('the default limits', () => {
  it('are the contract’s, on the endpoints that cost a password hash, a write or a third-party call', () => {
    const limited = Object.entries(api.auth)
      .filter(([, def]) => (def as EndpointDef).rateLimit)
      .map(([name, def]) => [name, (def as EndpointDef).rateLimit]);
    expect(Object.fromEntries(limited)).toEqual({
      token: { name: 'signIn', accountField: 'username' },
      bindToken: { name: 'signIn', accountField: 'username' },
      newToken: { name: 'signIn' },
      firstChangePassword: { name: 'signIn', accountField: 'username' },
      captcha: { name: 'captcha' },
      messengerUserInfo: { name: 'messengerSignIn' },
    });
  });
});
