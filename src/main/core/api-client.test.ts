import { createServer } from 'node:net';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../shared/codes';
import { API_VERSION } from '../../shared/constants';
import { api } from '../../shared/contract';
import { endpoint } from '../../shared/contract/endpoint';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, DEFAULT_TRANSPORT_SECRET } from '../../shared/defaults';
import { fail, ok } from '../../shared/envelope';
import { encryptTransport } from '../../shared/transport-crypto';
import { createApiClient, type RequestContext } from './api-client';
import { ApiError, InputError } from './errors';
import { startApiPeer, type ApiPeer } from './testing/api-peer';

const context: RequestContext = { language: 'en_US', roleId: 7, deviceId: '0f7f7c4e-8a55-4c1e-9b61-6a3c2f1d9e10', deviceModel: 'Linux 6.1 (x64)', appId: 'console-app' };

const echoQuery = endpoint({ service: 'test', summary: 'echo', method: 'GET', path: '/test/echo/:id', access: 'public', input: z.object({}), output: z.unknown() });
const countedPost = endpoint({ service: 'test', summary: 'counted', method: 'POST', path: '/test/unavailable', access: 'public', input: z.object({}), output: z.null() });
const envelopeOn503 = endpoint({ service: 'test', summary: '503', method: 'POST', path: '/test/maintenance', access: 'public', input: z.object({}), output: z.null() });
const plain500 = endpoint({ service: 'test', summary: '500', method: 'GET', path: '/test/crash', access: 'public', input: z.object({}), output: z.null() });
const bare401 = endpoint({ service: 'test', summary: '401', method: 'GET', path: '/test/bare-401', access: 'public', input: z.object({}), output: z.null() });
const notEnvelope = endpoint({ service: 'test', summary: 'html', method: 'GET', path: '/test/html', access: 'public', input: z.object({}), output: z.null() });
const slow = endpoint({ service: 'test', summary: 'slow', method: 'POST', path: '/test/slow', access: 'public', input: z.object({}), output: z.null() });

let peer: ApiPeer;
let unavailableHits = 0;

beforeAll(async () => {
  peer = await startApiPeer([{ userId: 1, username: 'alice', password: 'Alice_123' }], (app) => {
    app.get('/api/test/echo/:id', async (request) => ok({ params: request.params, query: request.query }));
    app.post('/api/test/unavailable', async (_request, reply) => {
      unavailableHits++;
      return reply.code(503).send('maintenance');
    });
    app.post('/api/test/maintenance', async (_request, reply) => reply.code(503).send(fail(ResponseCode.ServerError, 'Down for maintenance until 10:00')));
    app.get('/api/test/crash', async (_request, reply) => reply.code(500).type('text/plain').send('stack trace'));
    app.get('/api/test/bare-401', async (_request, reply) => reply.code(401).send(''));
    app.get('/api/test/html', async (_request, reply) => reply.type('text/html').send('<html>proxy login page</html>'));
    app.post('/api/test/slow', async () => {
      await new Promise((r) => setTimeout(r, 400));
      return ok(null);
    });
  });
});
afterAll(() => peer.close());

const client = (overrides: Partial<Parameters<typeof createApiClient>[0]> = {}) => createApiClient({ serverUrl: () => peer.url, context: () => context, ...overrides });

async function signIn(): Promise<string> {
  const pair = await client().call(api.auth.token, {
    grant_type: 'password',
    client_id: DEFAULT_CLIENT_ID,
    client_secret: DEFAULT_CLIENT_SECRET,
    username: 'alice',
    password: await encryptTransport('Alice_123', DEFAULT_TRANSPORT_SECRET),
  });
  return pair.accessToken;
}

const lastRequest = (path: string) => {
  const found = peer.received.filter((r) => r.path === path).at(-1);
  if (!found) throw new Error(`the peer received nothing at ${path}`);
  return found;
};

describe('api client', () => {
  it('sends the spec 000 §7 headers, the bearer token and the role', async () => {
    const accessToken = await signIn();
    const before = Date.now();
    const role = await client().call(api.session.roleInfo, { roleId: 7 }, { accessToken });
    expect(role.roleId).toBe(7);
    const { headers } = lastRequest('/api/sys/role/info/7');
    expect(Number(headers.timestamp)).toBeGreaterThanOrEqual(before);
    expect(Number(headers.timestamp)).toBeLessThanOrEqual(Date.now());
    expect(headers).toMatchObject({
      version: API_VERSION,
      language: 'en_US',
      authorization: `Bearer ${accessToken}`,
      'cache-control': 'no-cache',
      'x-role-id': '7',
      'x-device-id': context.deviceId,
      'x-device-model': context.deviceModel,
      'x-app-id': 'console-app',
    });
  });

  it('sends no authorization without a token and no role header before the choice', async () => {
    await client({ context: () => ({ ...context, roleId: null }) }).call(api.auth.captcha, {});
    const { headers } = lastRequest('/api/auth/captcha');
    expect(headers.authorization).toBeUndefined();
    expect(headers['x-role-id']).toBeUndefined();
  });

  it('encodes sign-in as a form and other posts as JSON', async () => {
    const accessToken = await signIn();
    const token = lastRequest('/api/auth/oauth/token');
    expect(token.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(token.body).toMatchObject({ grant_type: 'password', client_id: DEFAULT_CLIENT_ID, username: 'alice' });

    const nav = await client().call(api.session.nav, { roleId: 7, menuId: 3 }, { accessToken });
    expect(nav[0]?.menuId).toBe(3);
    const navRequest = lastRequest('/api/sys/menu/nav');
    expect(navRequest.contentType).toMatch(/^application\/json/);
    expect(navRequest.body).toEqual({ roleId: 7, menuId: 3 });
  });

  it('fills path parameters and puts the other fields of a GET in the query, lists repeated', async () => {
    const answer = await client().call(echoQuery, { id: 'a/b', name: 'x y', page: 2, ids: [1, 2], skipped: undefined } as never);
    expect(answer).toEqual({ params: { id: 'a/b' }, query: { name: 'x y', page: '2', ids: ['1', '2'] } });
  });

  it('turns a non-00000 code into an ApiError with the server msg', async () => {
    const error = await client()
      .call(api.auth.token, {
        grant_type: 'password',
        client_id: DEFAULT_CLIENT_ID,
        client_secret: DEFAULT_CLIENT_SECRET,
        username: 'alice',
        password: await encryptTransport('wrong', DEFAULT_TRANSPORT_SECRET),
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: ResponseCode.BadCredentials, message: 'Wrong username or password', httpStatus: 200 });
  });

  it('reports a 401 in the body as code 401', async () => {
    const error = await client()
      .call(api.session.roleSystems, {}, { accessToken: 'at-unknown' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: ResponseCode.Unauthorized, message: 'Login timed out' });
  });

  it('reads the envelope of an HTTP error, and names the status when there is none', async () => {
    await expect(client().call(envelopeOn503, {})).rejects.toMatchObject({ code: ResponseCode.ServerError, message: 'Down for maintenance until 10:00', httpStatus: 503 });
    await expect(client().call(plain500, {})).rejects.toMatchObject({ code: ResponseCode.ServerError, message: expect.stringContaining('HTTP 500'), httpStatus: 500 });
    await expect(client().call(bare401, {})).rejects.toMatchObject({ code: ResponseCode.Unauthorized, httpStatus: 401 });
    await expect(client().call(notEnvelope, {})).rejects.toMatchObject({ code: ResponseCode.ServerError, message: expect.stringContaining('without the {code, msg, data} envelope') });
  });

  it('refuses data that does not match the contract, naming where', async () => {
    // session.roleSystems expects a list; the echo route answers an object.
    const mismatched = { ...api.session.roleSystems, method: 'GET' as const, path: '/test/echo/:id' };
    await expect(client().call(mismatched, { id: 1 } as never)).rejects.toMatchObject({ code: ResponseCode.ServerError, message: expect.stringMatching(/does not match the contract at data/) });
  });

  it('does not repeat a failed POST', async () => {
    unavailableHits = 0;
    await expect(client().call(countedPost, {})).rejects.toMatchObject({ httpStatus: 503 });
    expect(unavailableHits).toBe(1);
  });

  it('reports an unreachable server and a timeout with code C0002', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    await expect(client({ serverUrl: () => `http://127.0.0.1:${closedPort}` }).call(api.auth.captcha, {})).rejects.toMatchObject({
      code: ResponseCode.Unreachable,
      message: expect.stringContaining('could not be reached'),
      httpStatus: null,
    });
    await expect(client({ timeoutMs: 100 }).call(slow, {})).rejects.toMatchObject({ code: ResponseCode.Unreachable, message: expect.stringContaining('did not answer within') });
  });

  it('uses the injected fetch', async () => {
    const seen: string[] = [];
    const countingFetch: typeof fetch = (input, init) => {
      seen.push(input instanceof Request ? input.url : String(input));
      return fetch(input, init);
    };
    await client({ fetch: countingFetch }).call(api.auth.captcha, {});
    expect(seen).toEqual([`${peer.url}/api/auth/captcha`]);
  });

  it('names bad input before sending anything', async () => {
    const count = peer.received.length;
    await expect(client().call(api.session.roleInfo, {} as never)).rejects.toThrow(InputError);
    await expect(client().call(api.session.roleInfo, {} as never)).rejects.toThrow(/path parameter roleId is missing/);
    await expect(client().call(api.session.nav, [] as never)).rejects.toThrow(/must be an object of fields, not an array/);
    await expect(client().call(echoQuery, { id: 1, filter: { deep: true } } as never)).rejects.toThrow(/field filter holds an object/);
    expect(peer.received.length).toBe(count);
  });
});
