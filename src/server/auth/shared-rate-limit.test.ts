import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../shared/codes';
import { API_PREFIX, Header } from '../../shared/constants';
import { api } from '../../shared/contract';
import { RATE_LIMITS } from '../../shared/contract/endpoint';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET } from '../../shared/defaults';
import type { Envelope } from '../../shared/envelope';
import { createServer } from '..';
import { rateBucket } from '../db/schema';
import { purgeExpired } from '../maintenance/purge';
import { startTestServer, type TestServer } from '../testing/harness';

const CALLER = '203.0.113.40';

describe.skipIf(process.env.CONSOLE_TEST_DB !== 'pg')('rate limits of two server processes on one PostgreSQL database (skipped on PGlite: one process per data folder)', () => {
  let first: TestServer;
  let second: FastifyInstance;

  beforeAll(async () => {
    first = await startTestServer({ rateLimits: { ...RATE_LIMITS, captcha: { perAddress: 4 }, signIn: { perAddress: 100, perAccount: 3 } } });
    first.clock.freeze();
    // A second server process on the same database and settings: its own app, caches and limiter.
    second = (await createServer(first.services.config, first.clock.now)).app;
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  async function captchaOn(app: FastifyInstance, from = CALLER): Promise<string> {
    const response = await app.inject({ method: 'GET', url: API_PREFIX + api.auth.captcha.path, remoteAddress: from, headers: { [Header.Language]: 'en_US' } });
    return response.json<Envelope<unknown>>().code;
  }

  async function signInOn(app: FastifyInstance, from: string): Promise<Envelope<unknown>> {
    const form = new URLSearchParams({
      grant_type: 'password',
      client_id: DEFAULT_CLIENT_ID,
      client_secret: DEFAULT_CLIENT_SECRET,
      username: 'nobody_here',
      password: await first.seal('Wrong_pw_2026'),
    });
    const response = await app.inject({
      method: 'POST',
      url: API_PREFIX + api.auth.token.path,
      payload: form.toString(),
      remoteAddress: from,
      headers: { 'content-type': 'application/x-www-form-urlencoded', [Header.Language]: 'en_US' },
    });
    return response.json<Envelope<unknown>>();
  }

  it('draws one allowance per address from both processes, not one each', async () => {
    const answers = [await captchaOn(first.app), await captchaOn(second), await captchaOn(first.app), await captchaOn(second)];
    expect(answers).toEqual(Array(4).fill(ResponseCode.Success));
    expect(await captchaOn(second)).toBe(ResponseCode.RateLimited);
    expect(await captchaOn(first.app)).toBe(ResponseCode.RateLimited);
    // Another address has its own allowance.
    expect(await captchaOn(second, '203.0.113.41')).toBe(ResponseCode.Success);
    // A quarter of a minute gives one call back, to be taken on either process.
    first.clock.advance(15_000);
    expect(await captchaOn(second)).toBe(ResponseCode.Success);
    expect(await captchaOn(first.app)).toBe(ResponseCode.RateLimited);
  });

  it('draws one allowance per account from both processes, from any address, and keeps no address or name in clear', async () => {
    expect((await signInOn(first.app, '198.51.100.1')).code).not.toBe(ResponseCode.RateLimited);
    expect((await signInOn(second, '198.51.100.2')).code).not.toBe(ResponseCode.RateLimited);
    expect((await signInOn(first.app, '198.51.100.3')).code).not.toBe(ResponseCode.RateLimited);
    const refused = await signInOn(second, '198.51.100.4');
    expect(refused.code).toBe(ResponseCode.RateLimited);
    expect(refused.msg).toMatch(/try again in \d+ s/);

    const stored = JSON.stringify(await first.services.db.select().from(rateBucket));
    for (const clear of [CALLER, '198.51.100.1', 'nobody_here']) expect(stored).not.toContain(clear);
  });

  it('purges buckets left alone for a minute', async () => {
    first.clock.advance(61_000);
    const counts = await purgeExpired(first.services.db, first.clock.now());
    expect(counts.rateBuckets).toBeGreaterThanOrEqual(6);
    expect(await first.services.db.select().from(rateBucket)).toEqual([]);
  });
});
