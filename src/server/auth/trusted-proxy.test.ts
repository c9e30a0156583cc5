import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../shared/codes';
import { API_PREFIX, Header } from '../../shared/constants';
import { api } from '../../shared/contract';
import { RATE_LIMITS } from '../../shared/contract/endpoint';
import type { Envelope } from '../../shared/envelope';
import { configFromArgs, configFromEnv, parseTrustedProxies } from '../config';
import { interfaceLog } from '../db/schema';
import { startTestServer, type TestServer } from '../testing/harness';

const PROXY = '10.0.0.5';
const OUTSIDER = '203.0.113.7';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(trustedProxies: string[]): Promise<TestServer> {
  server = await startTestServer({ trustedProxies, rateLimits: { ...RATE_LIMITS, captcha: { perAddress: 2 } } });
  return server;
}

/** A captcha as an outside client: from the socket address `from`, with the X-Forwarded-For it sends. */
async function captchaFrom(from: string, forwardedFor?: string): Promise<string> {
  const response = await server!.app.inject({
    method: 'GET',
    url: API_PREFIX + api.auth.captcha.path,
    remoteAddress: from,
    headers: { [Header.Language]: 'en_US', ...(forwardedFor !== undefined && { 'x-forwarded-for': forwardedFor }) },
  });
  return response.json<Envelope<unknown>>().code;
}

describe('a reverse proxy in front of the server', () => {
  it('is not believed by default: what a caller writes in X-Forwarded-For changes neither its count nor its logged address', async () => {
    await start([]);
    expect(await captchaFrom(OUTSIDER, '198.51.100.1')).toBe(ResponseCode.Success);
    expect(await captchaFrom(OUTSIDER, '198.51.100.2')).toBe(ResponseCode.Success);
    expect(await captchaFrom(OUTSIDER, '198.51.100.3')).toBe(ResponseCode.RateLimited);
    await server!.services.audit.flush();
    const logged = await server!.services.db
      .select({ ip: interfaceLog.ip })
      .from(interfaceLog)
      .where(eq(interfaceLog.path, API_PREFIX + api.auth.captcha.path));
    expect(new Set(logged.map((row) => row.ip))).toEqual(new Set([OUTSIDER]));
  });

  it('once trusted, counts and logs each caller behind it by the address it forwards for, and nobody else can claim one', async () => {
    await start([PROXY]);
    // Two staff members behind the one proxy: each has the whole allowance.
    expect(await captchaFrom(PROXY, '198.51.100.1')).toBe(ResponseCode.Success);
    expect(await captchaFrom(PROXY, '198.51.100.1')).toBe(ResponseCode.Success);
    expect(await captchaFrom(PROXY, '198.51.100.2')).toBe(ResponseCode.Success);
    expect(await captchaFrom(PROXY, '198.51.100.2')).toBe(ResponseCode.Success);
    expect(await captchaFrom(PROXY, '198.51.100.1')).toBe(ResponseCode.RateLimited);
    // A forged header in front of what the proxy appends names no one: the proxy's own entry is the caller.
    expect(await captchaFrom(PROXY, '198.51.100.2, 198.51.100.9')).toBe(ResponseCode.Success);
    // A caller reaching the server around the proxy is counted by its socket address, whatever it forwards.
    expect(await captchaFrom(OUTSIDER, '198.51.100.20')).toBe(ResponseCode.Success);
    expect(await captchaFrom(OUTSIDER, '198.51.100.21')).toBe(ResponseCode.Success);
    expect(await captchaFrom(OUTSIDER, '198.51.100.22')).toBe(ResponseCode.RateLimited);

    await server!.services.audit.flush();
    const logged = await server!.services.db
      .select({ ip: interfaceLog.ip })
      .from(interfaceLog)
      .where(eq(interfaceLog.path, API_PREFIX + api.auth.captcha.path));
    expect(new Set(logged.map((row) => row.ip))).toEqual(new Set(['198.51.100.1', '198.51.100.2', '198.51.100.9', OUTSIDER]));
  });
});

describe('the trusted-proxy setting', () => {
  it('takes addresses, ranges and named ranges from the environment or the flag, and refuses anything else', () => {
    expect(configFromEnv({}).trustedProxies).toEqual([]);
    expect(configFromEnv({ CONSOLE_TRUSTED_PROXIES: '192.0.2.10, 10.0.0.0/8,::1,fd00::/8,loopback' }).trustedProxies).toEqual(['192.0.2.10', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback']);
    expect(configFromArgs(['--trusted-proxies', '192.0.2.10'], { CONSOLE_TRUSTED_PROXIES: '10.0.0.1' }).trustedProxies).toEqual(['192.0.2.10']);
    for (const bad of ['proxy.example.com', '10.0.0.0/33', '10.0.0.1/8/8', '::1/129', '10.0.0', '*', '10.0.0.0/-1']) {
      expect(() => parseTrustedProxies(bad, 'CONSOLE_TRUSTED_PROXIES'), bad).toThrow(/CONSOLE_TRUSTED_PROXIES must list proxy addresses or ranges/);
    }
  });
});
