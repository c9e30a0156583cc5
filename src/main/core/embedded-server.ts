import { mkdir } from 'node:fs/promises';
import { ResponseCode } from '../../shared/codes';
import type { EmbeddedServerHandle } from './console-core';
import { ApiError } from './errors';
import type { ConsoleCredentials } from './settings';
import type { ProviderUrls } from '../../server';
import type { OutboundConfig } from '../../server/outbound/policy';

export interface EmbeddedServerOptions {
  /** The server's data folder (PGlite): the app's user-data folder in Electron, CONSOLE_HOME in the browser host. */
  dataDir: string;
  /** The embedded server seeds its OAuth client and transport key from the same values the client signs in with. */
  credentials: ConsoleCredentials;
  /** The migrations to apply: the Electron app passes its own (bundled when packaged); absent, the server's source folder. */
  migrationsDir?: string;
  /** A pre-initialised data folder (a tarball): a first start loads it instead of running initdb. */
  dataTemplate?: string;
  /** The providers' URLs and the outbound rule, from the browser host's command line; the desktop app passes none. */
  providers?: ProviderUrls;
  outbound?: OutboundConfig;
  /** The browser host's --demo: realistic volume on every screen, seeded once per data folder (loopback only). */
  demo?: boolean;
  /** Whether the server's own warnings and errors reach console (the desktop app's log file); off by default. */
  logToConsole?: boolean;
}

/**
 * The product's own server in this process, on 127.0.0.1 at a free port, for a console without a server URL.
 * It starts on first use (or when the caller asks for its URL at startup) and once only. Everything it uses is passed
 * here: its database is PGlite in its own data folder whatever the environment says (DATABASE_URL, HOST, PORT,
 * CONSOLE_DATA_DIR, CONSOLE_MIGRATIONS_DIR and CONSOLE_ADMIN_PASSWORD configure a standalone server, not this one).
 */
export function createEmbeddedServer(options: EmbeddedServerOptions): EmbeddedServerHandle {
  let running: Promise<{ url: string; close(): Promise<void> }> | null = null;

  const start = async () => {
    // Loaded on first use: the server's modules (Fastify, PGlite, drizzle) stay off the path to the first window.
    const { startServer, keepWasmOnBaselineCompiler } = await import('../../server');
    keepWasmOnBaselineCompiler();
    await mkdir(options.dataDir, { recursive: true });
    const { clientId, clientSecret, transportSecret } = options.credentials;
    return startServer({
      host: '127.0.0.1',
      port: 0,
      dataDir: options.dataDir,
      ...(options.migrationsDir !== undefined && { migrationsDir: options.migrationsDir }),
      ...(options.dataTemplate !== undefined && { dataTemplate: options.dataTemplate }),
      clientId,
      clientSecret,
      transportSecret,
      quiet: !options.logToConsole,
      ...(options.providers !== undefined && { providers: options.providers }),
      ...(options.outbound !== undefined && { outbound: options.outbound }),
      ...(options.demo !== undefined && { demo: options.demo }),
    });
  };

  return {
    dataDir: options.dataDir,
    async url() {
      running ??= start().catch((error: unknown) => {
        running = null;
        throw new ApiError(ResponseCode.Unreachable, `The embedded server did not start (data in ${options.dataDir}): ${(error as Error).message}`);
      });
      return (await running).url;
    },
    async close() {
      const server = running;
      running = null;
      if (!server) return;
      const started = await server.catch(() => null);
      await started?.close();
    },
  };
}
