import { Audit } from './audit/audit';
import { Authz } from './auth/authz';
import { SessionStore } from './auth/session-store';
import { buildApp } from './app';
import { configFromEnv, type ServerConfig } from './config';
import type { Services } from './context';
import { openDatabase, type Database } from './db/client';
import { Translations } from './i18n-text';
import { MessengerClient } from './modules/auth/messenger';
import { seedDemo } from './seed/demo';
import { seedIfEmpty } from './seed/seed';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

export interface StartOptions {
  host?: string;
  port?: number;
  dataDir?: string;
  databaseUrl?: string;
  transportSecret?: string;
  clientId?: string;
  clientSecret?: string;
  adminPassword?: string;
  demo?: boolean;
  quiet?: boolean;
}

export interface RunningServer {
  url: string;
  app: FastifyInstance;
  services: Services;
  close(): Promise<void>;
}

/** Opens the database (migrations applied), seeds a first start, and builds the app: everything but listening. */
export async function createServer(config: ServerConfig, now: () => Date = () => new Date()): Promise<{ app: FastifyInstance; services: Services; database: Database }> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl || undefined, dataDir: config.dataDir });
  try {
    const seeded = await seedIfEmpty(database.db, config);
    if (seeded && config.demo) await seedDemo(database.db, { password: config.adminPassword });
    // PGlite runs no autovacuum: without fresh statistics the planner ignores the list indexes on large tables.
    if (database.driver === 'pglite') await database.db.execute(sql`analyze`);
    const services: Services = {
      db: database.db,
      driver: database.driver,
      config,
      audit: new Audit(database, (stream, error, dropped) => {
        if (!config.quiet) console.error(`[server] ${stream}: ${dropped} rows not written: ${(error as Error).message}`);
      }),
      sessions: new SessionStore(database.db),
      authz: new Authz(database.db),
      messenger: new MessengerClient(config.messenger),
      translations: new Translations(database.db),
      now,
    };
    const app = buildApp(services);
    app.addHook('onClose', async () => {
      await services.audit.close();
      await database.close();
    });
    return { app, services, database };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** Starts the server; the desktop app calls this for its embedded server. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const config = configFromEnv(process.env, {
    ...(options.host !== undefined && { host: options.host }),
    ...(options.port !== undefined && { port: options.port }),
    ...(options.dataDir !== undefined && { dataDir: options.dataDir }),
    ...(options.databaseUrl !== undefined && { databaseUrl: options.databaseUrl }),
    ...(options.transportSecret !== undefined && { transportSecret: options.transportSecret }),
    ...(options.clientId !== undefined && { clientId: options.clientId }),
    ...(options.clientSecret !== undefined && { clientSecret: options.clientSecret }),
    ...(options.adminPassword !== undefined && { adminPassword: options.adminPassword }),
    ...(options.demo !== undefined && { demo: options.demo }),
    ...(options.quiet !== undefined && { quiet: options.quiet }),
  });
  return listen(config);
}

export async function listen(config: ServerConfig): Promise<RunningServer> {
  const { app, services } = await createServer(config);
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return { url: `http://${host}:${port}`, app, services, close: () => app.close() };
}
