import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_MIGRATIONS_DIR } from './db/client';
import { smsConfigFromEnv, type SmsConfig } from './outbox/sms-config';
import { DEFAULT_LMTP_PORT, DEFAULT_MAIL_PORTS, parsePorts, parseRanges, type OutboundConfig } from './outbound/policy';
import { RATE_LIMITS, type RateLimit, type RateLimitName } from '../shared/contract/endpoint';
import { DEFAULT_ADMIN_PASSWORD, DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, DEFAULT_SERVER_PORT, DEFAULT_TRANSPORT_SECRET } from '../shared/defaults';

/** JPush's REST API when `CONSOLE_JPUSH_API_URL` names none. */
export const DEFAULT_JPUSH_API_URL = 'https://api.jpush.cn';

export interface MessengerConfig {
  /** Base URL of a WeCom-compatible API (gettoken, auth/getuserinfo). Empty: messenger sign-in is off. */
  baseUrl: string;
  corpId: string;
  corpSecret: string;
  agentId: string;
  /** The QR page the sign-in screen shows; it redirects back with `?code=`. */
  qrUrl: string;
}

export interface ServerConfig {
  host: string;
  port: number;
  /** PGlite data directory, used when no databaseUrl is set. */
  dataDir: string;
  /** The SQL migrations applied at start. */
  migrationsDir: string;
  databaseUrl: string;
  transportSecret: string;
  /** Seed values, used only by the first start of an empty database. */
  clientId: string;
  clientSecret: string;
  adminPassword: string;
  demo: boolean;
  /** Interface-monitoring rows older than this many days are purged in batches; 0 keeps them all. */
  interfaceLogRetentionDays: number;
  messenger: MessengerConfig;
  /** The SMS provider and the outbox worker (`CONSOLE_SMS_*`). */
  sms: SmsConfig;
  /** JPush's REST API (`CONSOLE_JPUSH_API_URL`): https://api.jpush.cn, a data centre's own address, or a loopback peer in tests. */
  jpushApiUrl: string;
  /**
   * The key that seals stored third-party secrets (mail passwords, push master secrets): 64 hex digits from
   * CONSOLE_SECRET_KEY, or empty to use the data folder's own key file (`secret.key`, made on first start).
   * Every process of one PostgreSQL database needs the same key.
   */
  secretKey: string;
  /**
   * Where the server may connect on an administrator's say-so: mail ports and address ranges applied after name
   * resolution (`CONSOLE_OUTBOUND_ALLOW`, `CONSOLE_OUTBOUND_DENY`, `CONSOLE_MAIL_PORTS`, `CONSOLE_MAIL_LMTP_PORT`).
   */
  outbound: OutboundConfig;
  /**
   * The reverse proxies whose X-Forwarded-For is believed (`CONSOLE_TRUSTED_PROXIES`): addresses, CIDR ranges, or
   * `loopback`, `linklocal`, `uniquelocal`. A call from one of them is counted and logged under the address the
   * proxy names; from anywhere else under its own socket address, whatever it sends. Empty: no proxy is believed.
   */
  trustedProxies: string[];
  /** Calls per minute of the public calls that cost a password hash or a write; the contract's RATE_LIMITS unless a test lowers them. */
  rateLimits: Record<RateLimitName, RateLimit>;
  /** Validates every response against the contract's output schema (tests). */
  checkOutput: boolean;
  /**
   * Interface monitoring: one row per API call (design §4). On unless CONSOLE_INTERFACE_MONITORING=off, which
   * exists to measure what monitoring costs (`npm run bench` prints audit on ÷ audit off).
   */
  interfaceMonitoring: boolean;
  /**
   * Where PGlite runs (CONSOLE_PGLITE_THREAD): `main`, the server's own thread, or `worker`, a worker thread of
   * its own so the database's WebAssembly uses another core than the HTTP work (db/pglite-thread.ts).
   */
  pgliteThread: 'main' | 'worker';
  /**
   * The API reference page (`/api/reference`, CONSOLE_API_REFERENCE on or off). Null, the default, serves it when the
   * server listens on loopback only: a team server shows its API's shape to the network only when asked to.
   */
  apiReference: boolean | null;
  quiet: boolean;
}

export const DEFAULT_DATA_DIR = path.join(os.homedir(), '.backoffice-console', 'server-data');

export function configFromEnv(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    host: env.HOST ?? '127.0.0.1',
    port: env.PORT !== undefined ? parsePort(env.PORT, 'PORT') : DEFAULT_SERVER_PORT,
    dataDir: env.CONSOLE_DATA_DIR ?? DEFAULT_DATA_DIR,
    migrationsDir: env.CONSOLE_MIGRATIONS_DIR ?? DEFAULT_MIGRATIONS_DIR,
    databaseUrl: env.DATABASE_URL ?? '',
    transportSecret: env.CONSOLE_TRANSPORT_SECRET ?? DEFAULT_TRANSPORT_SECRET,
    clientId: env.CONSOLE_CLIENT_ID ?? DEFAULT_CLIENT_ID,
    clientSecret: env.CONSOLE_CLIENT_SECRET ?? DEFAULT_CLIENT_SECRET,
    adminPassword: env.CONSOLE_ADMIN_PASSWORD ?? DEFAULT_ADMIN_PASSWORD,
    demo: false,
    interfaceLogRetentionDays: env.CONSOLE_INTERFACE_LOG_DAYS !== undefined ? parseDays(env.CONSOLE_INTERFACE_LOG_DAYS, 'CONSOLE_INTERFACE_LOG_DAYS') : DEFAULT_INTERFACE_LOG_RETENTION_DAYS,
    messenger: {
      baseUrl: env.CONSOLE_WXWORK_BASE_URL ?? '',
      corpId: env.CONSOLE_WXWORK_CORP_ID ?? '',
      corpSecret: env.CONSOLE_WXWORK_CORP_SECRET ?? '',
      agentId: env.CONSOLE_WXWORK_AGENT_ID ?? '',
      qrUrl: env.CONSOLE_WXWORK_QR_URL ?? '',
    },
    sms: smsConfigFromEnv(env),
    jpushApiUrl: env.CONSOLE_JPUSH_API_URL || DEFAULT_JPUSH_API_URL,
    secretKey: env.CONSOLE_SECRET_KEY ?? '',
    outbound: {
      allow: parseRanges(env.CONSOLE_OUTBOUND_ALLOW, 'CONSOLE_OUTBOUND_ALLOW'),
      deny: parseRanges(env.CONSOLE_OUTBOUND_DENY, 'CONSOLE_OUTBOUND_DENY'),
      mailPorts: parsePorts(env.CONSOLE_MAIL_PORTS, 'CONSOLE_MAIL_PORTS', DEFAULT_MAIL_PORTS),
      lmtpPort: env.CONSOLE_MAIL_LMTP_PORT ? parsePort(env.CONSOLE_MAIL_LMTP_PORT, 'CONSOLE_MAIL_LMTP_PORT') : DEFAULT_LMTP_PORT,
    },
    trustedProxies: env.CONSOLE_TRUSTED_PROXIES !== undefined ? parseTrustedProxies(env.CONSOLE_TRUSTED_PROXIES, 'CONSOLE_TRUSTED_PROXIES') : [],
    rateLimits: RATE_LIMITS,
    checkOutput: false,
    interfaceMonitoring: parseSwitch(env.CONSOLE_INTERFACE_MONITORING, 'CONSOLE_INTERFACE_MONITORING'),
    pgliteThread: parsePgliteThread(env.CONSOLE_PGLITE_THREAD),
    apiReference: env.CONSOLE_API_REFERENCE === undefined ? null : parseSwitch(env.CONSOLE_API_REFERENCE, 'CONSOLE_API_REFERENCE'),
    quiet: false,
    ...overrides,
  };
}

export function parsePort(value: string, name: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port < 0 || port > 65535) throw new Error(`${name} must be a port number from 0 to 65535, got "${value}"`);
  return port;
}

/** An on/off setting: unset or `on` is on, `off` is off; anything else is refused rather than guessed. */
export function parseSwitch(value: string | undefined, name: string): boolean {
  if (value === undefined || value === 'on') return true;
  if (value === 'off') return false;
  throw new Error(`${name} must be on or off, got "${value}"`);
}

/** CONSOLE_PGLITE_THREAD: unset is `main` (the worker thread is opt-in for now); anything else is refused. */
export function parsePgliteThread(value: string | undefined): 'main' | 'worker' {
  if (value === undefined || value === 'main') return 'main';
  if (value === 'worker') return 'worker';
  throw new Error(`CONSOLE_PGLITE_THREAD must be main or worker, got "${value}"`);
}

/** The names of address ranges that Fastify's proxy-addr knows besides addresses and CIDR ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * A comma-separated list of proxy addresses: each an IPv4 or IPv6 address, a CIDR range (`10.0.0.0/8`), or a named
 * range. Anything else is refused rather than guessed (a typo would silently believe no proxy, or the wrong one).
 */
export function parseTrustedProxies(value: string, name: string): string[] {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    if (PROXY_RANGE_NAMES.has(entry)) continue;
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (family === 0 || !prefixOk || extra !== undefined) {
      throw new Error(`${name} must list proxy addresses or ranges separated by commas (192.0.2.10, 10.0.0.0/8, ::1, loopback), got "${entry}"`);
    }
  }
  return entries;
}

/** How long interface-monitoring rows are kept by default: a quarter, enough to look back on an incident. */
export const DEFAULT_INTERFACE_LOG_RETENTION_DAYS = 90;

export function parseDays(value: string, name: string): number {
  const days = Number(value);
  if (!/^\d+$/.test(value) || days > 36_500) throw new Error(`${name} must be a number of days from 0 (keep every row) to 36500, got "${value}"`);
  return days;
}

/** `npm run server -- --port N --data DIR --demo`: flags win over the environment. */
export function configFromArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const overrides: Partial<ServerConfig> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined || next.startsWith('--')) throw new Error(`${arg} needs a value`);
      return next;
    };
    switch (arg) {
      case '--port':
        overrides.port = parsePort(value(), '--port');
        break;
      case '--host':
        overrides.host = value();
        break;
      case '--data':
        overrides.dataDir = path.resolve(value());
        break;
      case '--demo':
        overrides.demo = true;
        break;
      case '--interface-log-days':
        overrides.interfaceLogRetentionDays = parseDays(value(), '--interface-log-days');
        break;
      case '--trusted-proxies':
        overrides.trustedProxies = parseTrustedProxies(value(), '--trusted-proxies');
        break;
      case '--help':
        throw new HelpRequested();
      default:
        throw new Error(`unknown option ${arg} (options: --port N, --host H, --data DIR, --demo, --interface-log-days N, --trusted-proxies LIST)`);
    }
  }
  return configFromEnv(env, overrides);
}

export class HelpRequested extends Error {}
