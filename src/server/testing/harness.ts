import { cpSync, rmSync } from 'node:fs';
import { inject } from 'vitest';
import { API_PREFIX, Header } from '../../shared/constants';
import { fillPath, type EndpointDef, type InputOf, type OutputOf } from '../../shared/contract/endpoint';
import { api } from '../../shared/contract';
import { RATE_LIMITS, type RateLimit, type RateLimitName } from '../../shared/contract/endpoint';
import type { TokenPair } from '../../shared/contract/auth';
import { DEFAULT_ADMIN_PASSWORD, DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, DEFAULT_TRANSPORT_SECRET } from '../../shared/defaults';
import type { Envelope } from '../../shared/envelope';
import { encryptTransport } from '../../shared/transport-crypto';
import { configFromEnv, type ServerConfig } from '../config';
import { LOOPBACK_PEERS_OUTBOUND } from './outbound';
import type { Services } from '../context';
import { createServer } from '..';
import { freshPgDatabase, testDriver, TEST_SECRET_KEY } from './fresh-data';
import { scratchDir } from './scratch';
import type { FastifyInstance } from 'fastify';

export interface CallOptions {
  token?: string;
  roleId?: number;
  language?: string;
  headers?: Record<string, string>;
}

export class TestClock {
  private offsetMs = 0;
  private frozenAtMs: number | null = null;
  now = (): Date => new Date((this.frozenAtMs ?? Date.now()) + this.offsetMs);
  advance(ms: number): void {
    this.offsetMs += ms;
  }
  /** Stops the clock at this moment (it moves by `advance` only), for a test whose margins are shorter than a slow machine's calls. */
  freeze(): void {
    this.frozenAtMs ??= Date.now();
  }
}

export interface TestServer {
  app: FastifyInstance;
  services: Services;
  clock: TestClock;
  driver: 'pglite' | 'pg';
  /** Calls an endpoint through the real HTTP stack (Fastify inject) and returns the envelope. */
  call<E extends EndpointDef>(def: E, input: InputOf<E>, options?: CallOptions): Promise<Envelope<OutputOf<E>>>;
  /** Sends a raw request (bad inputs the contract's types would not allow). */
  raw(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, options?: CallOptions & { contentType?: string }): Promise<{ status: number; body: Envelope<unknown> }>;
  seal(password: string): Promise<string>;
  /** Signs in with the password grant. */
  signIn(username: string, password: string, extra?: { validCode?: string; uuid?: string }): Promise<Envelope<TokenPair>>;
  /** Signs in as admin, changing the initial password first: returns the tokens and the role to use. */
  signInAdmin(): Promise<{ token: string; refreshToken: string; roleId: number; password: string }>;
  close(): Promise<void>;
}

export const ADMIN_NEW_PASSWORD = 'Admin_2026new';

/** Rate limits no test's own traffic reaches: for suites that call public endpoints thousands of times. */
export const UNLIMITED_RATE_LIMITS = Object.fromEntries(Object.keys(RATE_LIMITS).map((name) => [name, { perAddress: 1_000_000, perAccount: 1_000_000 }])) as Record<RateLimitName, RateLimit>;

export async function startTestServer(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const driver = testDriver;
  const clock = new TestClock();
  let cleanup: () => Promise<void>;
  let config: ServerConfig;
  if (driver === 'pg') {
    const database = await freshPgDatabase('console_test');
    // A PostgreSQL test server has no data folder of its own: its secrets are sealed with a test key.
    config = configFromEnv({}, { databaseUrl: database.url, secretKey: TEST_SECRET_KEY, quiet: true, checkOutput: true, outbound: LOOPBACK_PEERS_OUTBOUND, ...overrides });
    cleanup = database.drop;
  } else {
    const dir = scratchDir('console-pglite-test-');
    cpSync(inject('pgliteTemplate'), dir, { recursive: true });
    // CONSOLE_PGLITE_THREAD=worker runs the suite with PGlite in its worker thread.
    config = configFromEnv(
      { CONSOLE_PGLITE_THREAD: process.env.CONSOLE_PGLITE_THREAD },
      { dataDir: dir, databaseUrl: '', quiet: true, checkOutput: true, outbound: LOOPBACK_PEERS_OUTBOUND, ...overrides },
    );
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  const { app, services } = await createServer(config, clock.now);
  await app.ready();

  const headersOf = (options: CallOptions = {}): Record<string, string> => ({
    [Header.Language]: options.language ?? 'en_US',
    ...(options.token && { [Header.Authorization]: `Bearer ${options.token}` }),
    ...(options.roleId !== undefined && { [Header.Role]: String(options.roleId) }),
    ...options.headers,
  });

  const server: TestServer = {
    app,
    services,
    clock,
    driver,
    async call(def, input, options) {
      const { path: filled, rest } = fillPath(def.path, input as Record<string, unknown>);
      const url = API_PREFIX + filled;
      const headers = headersOf(options);
      let response;
      if (def.method === 'GET') {
        const query = Object.fromEntries(
          Object.entries(rest)
            .filter(([, v]) => v !== undefined)
            .map(([k, v]) => [k, String(v)]),
        );
        response = await app.inject({ method: 'GET', url, query, headers });
      } else if (def.encoding === 'form') {
        const form = new URLSearchParams(
          Object.entries(rest)
            .filter(([, v]) => v !== undefined)
            .map(([k, v]) => [k, String(v)]),
        );
        response = await app.inject({ method: def.method, url, payload: form.toString(), headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' } });
      } else {
        response = await app.inject({ method: def.method, url, payload: rest, headers });
      }
      return response.json();
    },
    async raw(method, url, payload, options = {}) {
      const headers = headersOf(options);
      if (options.contentType) headers['content-type'] = options.contentType;
      const response = await app.inject({ method, url, payload: payload as string, headers });
      return { status: response.statusCode, body: response.json() };
    },
    seal: (password) => encryptTransport(password, DEFAULT_TRANSPORT_SECRET),
    async signIn(username, password, extra = {}) {
      return server.call(api.auth.token, {
        grant_type: 'password',
        client_id: DEFAULT_CLIENT_ID,
        client_secret: DEFAULT_CLIENT_SECRET,
        username,
        password: await server.seal(password),
        ...extra,
      });
    },
    async signInAdmin() {
      const changed = await server.call(api.auth.firstChangePassword, {
        username: 'admin',
        password: await server.seal(DEFAULT_ADMIN_PASSWORD),
        newPassword: await server.seal(ADMIN_NEW_PASSWORD),
      });
      if (changed.code !== '00000') throw new Error(`admin first change failed: ${changed.code} ${changed.msg}`);
      const signed = await server.signIn('admin', ADMIN_NEW_PASSWORD);
      if (signed.code !== '00000' || !signed.data) throw new Error(`admin sign-in failed: ${signed.code} ${signed.msg}`);
      const roles = await server.call(api.session.roleSelect, {}, { token: signed.data.accessToken });
      return { token: signed.data.accessToken, refreshToken: signed.data.refreshToken, roleId: roles.data![0]!.roleId, password: ADMIN_NEW_PASSWORD };
    },
    async close() {
      await app.close();
      await cleanup();
    },
  };
  return server;
}
