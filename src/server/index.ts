import { Audit } from './audit/audit';
import { checkedFetch } from './outbound/policy';
import { anchorChain, chainKeyOf } from './audit/chain';
import { Authz } from './auth/authz';
import { AUTHZ_CHANNEL, connectCacheChannel, type CacheChannel } from './auth/authz-channel';
import { SESSIONS_CHANNEL, SessionStore } from './auth/session-store';
import { buildApp } from './app';
import { configFromEnv, type ServerConfig } from './config';
import type { OutboundConfig } from './outbound/policy';
import type { Services } from './context';
import { openDatabase, type Database } from './db/client';
import { startFromTemplate } from './db/data-template';
import { analyzeGrownTables } from './db/planner-statistics';
import { checkExposedData, checkExposedSettings, withGeneratedAdminPassword } from './exposure';
import { Translations, TRANSLATIONS_CHANNEL } from './i18n-text';
import { isLoopbackAddress } from './loopback';
import { startMaintenance } from './maintenance/purge';
import { startOutboxWorker } from './outbox';
import { MessengerClient } from './platform/auth/messenger';
import { hasDemo, seedDemo } from './seed/demo';
import { syncCatalogue } from './seed/catalogue';
import { seedIfEmpty } from './seed/seed';
import { SecretBox } from './secrets/secret-box';
import type { FastifyInstance } from 'fastify';

export { keepWasmOnBaselineCompiler } from './db/pglite-compiler';

export interface StartOptions {
  host?: string;
  port?: number;
  dataDir?: string;
  /** The migrations shipped with the app (a packaged build passes its resources folder). */
  migrationsDir?: string;
  /** A pre-initialised data folder shipped with the app (`db/data-template.ts`): a new data folder starts from it. */
  dataTemplate?: string;
  transportSecret?: string;
  clientId?: string;
  clientSecret?: string;
  adminPassword?: string;
  demo?: boolean;
  quiet?: boolean;
  /** Where the providers are, when not their public addresses: given by whoever starts the server, never read from the environment. */
  providers?: ProviderUrls;
  /** The outbound rule (ports and address ranges); absent, the default one. */
  outbound?: OutboundConfig;
}

/** The provider URLs an embedded server takes only from its caller (issue 46 L7). */
export interface ProviderUrls {
  jpushApiUrl?: string;
  smsGatewayUrl?: string;
  messengerBaseUrl?: string;
  messengerQrUrl?: string;
}

/**
 * The variables an embedded server reads: the providers' accounts and the outbox's pace. Never the providers' URLs
 * nor the outbound rule: whatever sets the user's environment would otherwise receive the JPush Master Secret, the
 * SMS signature or the messenger's app secret (issue 46 L7).
 */
export function embeddedServerEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const urls = new Set(['CONSOLE_WXWORK_BASE_URL', 'CONSOLE_WXWORK_QR_URL', 'CONSOLE_SMS_GATEWAY_URL']);
  return Object.fromEntries(Object.entries(env).filter(([name]) => (name.startsWith('CONSOLE_WXWORK_') || name.startsWith('CONSOLE_SMS_')) && !urls.has(name)));
}

export interface RunningServer {
  url: string;
  /** The generated password of the first administrator, when this start seeded an exposed server: print it once. */
  firstAdminPassword: string | null;
  app: FastifyInstance;
  services: Services;
  close(): Promise<void>;
}

/** The server's secret key (CONSOLE_SECRET_KEY, or the data folder's key file): it seals provider secrets and keys the operation log's chain. */
export function serverSecrets(config: Pick<ServerConfig, 'secretKey' | 'dataDir'>): SecretBox {
  return config.secretKey ? SecretBox.fromHex(config.secretKey) : SecretBox.forDataDir(config.dataDir);
}

/** Opens the database (migrations applied), seeds a first start, and builds the app: everything but listening. */
export async function createServer(config: ServerConfig, now: () => Date = () => new Date()): Promise<{ app: FastifyInstance; services: Services; database: Database; seeded: boolean }> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl || undefined, dataDir: config.dataDir, migrationsDir: config.migrationsDir, pgliteThread: config.pgliteThread });
  let authzChannel: CacheChannel | null = null;
  try {
    const seeded = await seedIfEmpty(database.db, config);
    // A data folder of an earlier release gets this release's new screens and buttons.
    await syncCatalogue(database.db);
    const secrets = serverSecrets(config);
    const chainKey = chainKeyOf(secrets);
    // The operation log's head is anchored before anything is logged (audit/chain.ts).
    await anchorChain(database.db, chainKey);
    // Once per data folder: a folder that began without --demo (the browser host's data template) gets it later.
    if (config.demo && !(await hasDemo(database.db))) await seedDemo(database.db, { password: config.adminPassword, secrets });
    // PGlite runs no autovacuum: without fresh statistics the planner ignores the list indexes on large tables.
    // Only the tables grown since their last analysis are analysed: a whole `analyze` was most of a restart.
    if (database.driver === 'pglite') await analyzeGrownTables(database.db);
    const services: Services = {
      db: database.db,
      driver: database.driver,
      config,
      audit: new Audit(
        database,
        ({ stream, fate, rows, reason }) => {
          if (!config.quiet) console.error(`[server] ${stream} log: ${rows} rows ${fate}: ${reason}`);
        },
        chainKey,
      ),
      sessions: new SessionStore(database.db),
      authz: new Authz(database.db),
      messenger: new MessengerClient(config.messenger, checkedFetch(config.outbound)),
      translations: new Translations(database.db),
      secrets,
      outbox: { wake: () => undefined },
      now,
    };
    // Several server processes on one PostgreSQL drop each other's session, permission and translation caches
    // (LISTEN/NOTIFY); the navigation cache keys on the permission and translation epochs.
    authzChannel =
      database.driver === 'pg' && config.databaseUrl
        ? await connectCacheChannel(config.databaseUrl, { [SESSIONS_CHANNEL]: services.sessions, [AUTHZ_CHANNEL]: services.authz, [TRANSLATIONS_CHANNEL]: services.translations }, (error) => {
            if (!config.quiet) console.error(`[server] cache-change channel: ${error.message}`);
          })
        : null;
    const app = buildApp(services);
    const maintenance = startMaintenance(
      database.db,
      now,
      (error) => {
        if (!config.quiet) console.error(`[server] purge of expired rows failed: ${(error as Error).message}`);
      },
      { interfaceLogRetentionDays: config.interfaceLogRetentionDays, ...(database.exclusive && { exclusive: database.exclusive }) },
    );
    const outboxWorker = startOutboxWorker({ database, config, secrets: services.secrets, now }, (error) => {
      if (!config.quiet) console.error(`[server] outbox delivery: ${(error as Error).message}`);
    });
    services.outbox = outboxWorker;
    app.addHook('onClose', async () => {
      await outboxWorker.stop();
      await maintenance.stop();
      await authzChannel?.close();
      await services.audit.close();
      await database.close();
    });
    return { app, services, database, seeded: seeded !== null };
  } catch (error) {
    await authzChannel?.close();
    await database.close();
    throw error;
  }
}

/**
 * Starts the embedded server (the desktop app's, and the browser host's). It takes nothing from the environment
 * but the messenger's and SMS provider's accounts and the outbox's pace (`embeddedServerEnv`): DATABASE_URL, HOST,
 * PORT, CONSOLE_DATA_DIR and CONSOLE_MIGRATIONS_DIR configure a standalone server, never the one inside the app, and
 * the providers' URLs and the outbound rule come from the caller only.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const base = configFromEnv(embeddedServerEnv(process.env), { databaseUrl: '' });
  const { providers } = options;
  const config: ServerConfig = {
    ...base,
    ...(options.host !== undefined && { host: options.host }),
    ...(options.port !== undefined && { port: options.port }),
    ...(options.dataDir !== undefined && { dataDir: options.dataDir }),
    ...(options.migrationsDir !== undefined && { migrationsDir: options.migrationsDir }),
    ...(options.transportSecret !== undefined && { transportSecret: options.transportSecret }),
    ...(options.clientId !== undefined && { clientId: options.clientId }),
    ...(options.clientSecret !== undefined && { clientSecret: options.clientSecret }),
    ...(options.adminPassword !== undefined && { adminPassword: options.adminPassword }),
    ...(options.demo !== undefined && { demo: options.demo }),
    ...(options.quiet !== undefined && { quiet: options.quiet }),
    ...(options.outbound !== undefined && { outbound: options.outbound }),
    ...(providers?.jpushApiUrl !== undefined && { jpushApiUrl: providers.jpushApiUrl }),
    sms: { ...base.sms, ...(providers?.smsGatewayUrl !== undefined && { gatewayUrl: providers.smsGatewayUrl }) },
    messenger: {
      ...base.messenger,
      ...(providers?.messengerBaseUrl !== undefined && { baseUrl: providers.messengerBaseUrl }),
      ...(providers?.messengerQrUrl !== undefined && { qrUrl: providers.messengerQrUrl }),
    },
  };
  if (options.dataTemplate) await startFromTemplate(config.dataDir, options.dataTemplate);
  return listen(config);
}

/**
 * Opens, checks and listens. A server reachable from other machines refuses the public defaults (see
 * `exposure.ts`); its first administrator gets a generated password, returned once to be printed.
 */
export async function listen(config: ServerConfig): Promise<RunningServer> {
  const exposed = !isLoopbackAddress(config.host);
  if (exposed) checkExposedSettings(config);
  const prepared = exposed ? withGeneratedAdminPassword(config) : config;
  const { app, services, seeded } = await createServer(prepared);
  try {
    if (exposed) await checkExposedData(services);
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await app.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const firstAdminPassword = seeded && prepared.adminPassword !== config.adminPassword ? prepared.adminPassword : null;
  return { url: `http://${host}:${port}`, app, services, firstAdminPassword, close: () => app.close() };
}
