/**
 * The console in a browser: starts the embedded server (unless a server URL is configured) and the browser host,
 * and prints one line, the address to open (it carries this run's key, which opens one browser once).
 *
 *   npm run start:browser -- [--port N] [--data DIR] [--vault auto|keychain|memory] [--renderer DIR] [--downloads DIR]
 *     [--jpush-url URL] [--sms-url URL] [--messenger-url URL] [--messenger-qr-url URL] [--outbound-allow RANGES] [--mail-ports PORTS]
 *     [--demo]
 *
 * `npm run start:browser` runs it from its bundle (`npm run build:browser-host`, out/browser-host/cli.js), as
 * `npm run server` runs the standalone server, with the same heap flags: from the TypeScript sources through tsx
 * the embedded server's 1,000,000-row export peaked 50 MB higher (issue 11).
 *
 * CONSOLE_HOME (default ~/.backoffice-console) holds the settings (settings.json) and, unless --data says
 * otherwise, the embedded server's data (data/). CONSOLE_SERVER_URL and the managed configuration file preset
 * the server as on a managed workstation (src/main/core/settings.ts).
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import Conf from 'conf';
import { createConsoleCore, type ConsoleCore } from '../main/core/console-core';
import { createEmbeddedServer } from '../main/core/embedded-server';
import type { ProviderUrls } from '../server';
import { DEFAULT_LMTP_PORT, DEFAULT_MAIL_PORTS, parsePorts, parseRanges, type OutboundConfig } from '../server/outbound/policy';
import { folderTarget } from '../main/core/exports';
import { fileManagerRevealer } from '../main/core/reveal';
import { createSettings, readManagedPreset, type KeyValueStore } from '../main/core/settings';
import { chooseTokenVault, createKeychainVault, createMemoryVault, probeKeychain, type TokenVault } from '../main/core/token-vault';
import { browserHelpResolver, startBrowserHost, type BrowserHost } from './host';

// Two folders up from the sources (src/browser-host) and from the bundle (out/browser-host) alike.
const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

const USAGE = `Usage: npm run start:browser -- [--port N] [--data DIR] [--vault auto|keychain|memory] [--renderer DIR] [--downloads DIR] [--demo]
  --port N       port of the browser host on 127.0.0.1 (default 0: any free port)
  --data DIR     data folder of the embedded server (default $CONSOLE_HOME/data)
  --vault KIND   where refresh tokens live: keychain (the OS keychain), memory (this process only),
                 auto (default: the keychain when one answers, otherwise memory)
  --renderer DIR the built renderer (default out/renderer)
  --downloads DIR where exports are saved (default $CONSOLE_DOWNLOADS_DIR, else ~/Downloads)
  --jpush-url URL, --sms-url URL, --messenger-url URL, --messenger-qr-url URL
                 the embedded server's JPush, SMS provider and messenger addresses (default: the public ones;
                 never read from the environment)
  --outbound-allow RANGES  address ranges the embedded server may connect to besides public ones (e.g. 10.0.0.0/8)
  --mail-ports PORTS       the ports a mail account may name (default 25,465,587,2525)
  --demo         fill the embedded server with demo data (users across the organisations, sign-ins, log rows) once per
                 data folder; its accounts share the administrator's initial password
Environment: CONSOLE_HOME (default ~/.backoffice-console), CONSOLE_DOWNLOADS_DIR, CONSOLE_SERVER_URL, CONSOLE_CLIENT_ID,
  CONSOLE_CLIENT_SECRET, CONSOLE_TRANSPORT_SECRET, CONSOLE_MANAGED_CONFIG`;

class UsageError extends Error {}

const SIGNAL_REPEAT_GRACE_MS = 1000;

interface CliOptions {
  port: number;
  dataDir: string;
  vault: 'auto' | 'keychain' | 'memory';
  rendererDir: string;
  home: string;
  downloadsDir: string;
  providers: ProviderUrls;
  outbound: OutboundConfig;
  demo: boolean;
}

function parseOptions(argv: string[], env: NodeJS.ProcessEnv): CliOptions | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        data: { type: 'string' },
        vault: { type: 'string' },
        renderer: { type: 'string' },
        downloads: { type: 'string' },
        'jpush-url': { type: 'string' },
        'sms-url': { type: 'string' },
        'messenger-url': { type: 'string' },
        'messenger-qr-url': { type: 'string' },
        'outbound-allow': { type: 'string' },
        'mail-ports': { type: 'string' },
        demo: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values } = parsed;
  if (values.help) return 'help';
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a whole number from 0 to 65535, not "${values.port}"`);
  const vault = values.vault ?? 'auto';
  if (vault !== 'auto' && vault !== 'keychain' && vault !== 'memory') throw new UsageError(`--vault must be auto, keychain or memory, not "${vault}"`);
  const home = resolve(env.CONSOLE_HOME?.trim() || join(os.homedir(), '.backoffice-console'));
  return {
    port,
    vault,
    home,
    dataDir: resolve(values.data ?? join(home, 'data')),
    rendererDir: resolve(values.renderer ?? join(projectRoot, 'out', 'renderer')),
    downloadsDir: resolve(values.downloads ?? (env.CONSOLE_DOWNLOADS_DIR?.trim() || join(os.homedir(), 'Downloads'))),
    providers: {
      ...(values['jpush-url'] !== undefined && { jpushApiUrl: values['jpush-url'] }),
      ...(values['sms-url'] !== undefined && { smsGatewayUrl: values['sms-url'] }),
      ...(values['messenger-url'] !== undefined && { messengerBaseUrl: values['messenger-url'] }),
      ...(values['messenger-qr-url'] !== undefined && { messengerQrUrl: values['messenger-qr-url'] }),
    },
    outbound: outboundOf(values['outbound-allow'], values['mail-ports']),
    demo: values.demo ?? false,
  };
}

function outboundOf(allow: string | undefined, mailPorts: string | undefined): OutboundConfig {
  try {
    return { allow: parseRanges(allow, '--outbound-allow'), deny: [], mailPorts: parsePorts(mailPorts, '--mail-ports', DEFAULT_MAIL_PORTS), lmtpPort: DEFAULT_LMTP_PORT };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

async function chooseVault(kind: CliOptions['vault']): Promise<TokenVault> {
  if (kind === 'memory') return createMemoryVault();
  if (kind === 'keychain') {
    const probe = await probeKeychain();
    if (!probe.reachable) throw new Error(`The OS keychain does not answer (${probe.reason}); use --vault memory to keep refresh tokens in this process only`);
    return createKeychainVault();
  }
  return chooseTokenVault((message) => console.error(message));
}

function appVersion(): string {
  const manifest = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { version?: string };
  return manifest.version ?? '0.0.0';
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2), process.env);
  if (options === 'help') {
    console.log(USAGE);
    return;
  }
  const preset = readManagedPreset(process.env);
  let host: BrowserHost | null = null;
  const store: KeyValueStore = new Conf<Record<string, unknown>>({ cwd: options.home, configName: 'settings' });
  const serverUrl = createSettings(store, preset).get().serverUrl;
  if (options.demo && serverUrl) throw new UsageError(`--demo fills the embedded server, but this console uses the server at ${serverUrl}: start that server with --demo instead`);
  const vault = await chooseVault(options.vault);
  const embedded = createEmbeddedServer({
    dataDir: options.dataDir,
    credentials: createSettings(store, preset).credentials(),
    providers: options.providers,
    outbound: options.outbound,
    demo: options.demo,
  });
  const helpDir = join(projectRoot, 'resources', 'help');

  const core: ConsoleCore = createConsoleCore({
    store,
    preset,
    vault,
    embedded,
    platform: { kind: 'browser', appVersion: appVersion(), os: `${os.type()} ${os.release()}` },
    helpPdfUrl: browserHelpResolver(helpDir),
    exportTarget: folderTarget(options.downloadsDir),
    revealFile: fileManagerRevealer(),
    // The host knows the page secret its file addresses carry; it starts after the core.
    fileUrl: (fileId) => {
      if (!host) throw new Error('The browser host is not listening yet');
      return host.fileUrl(fileId);
    },
  });
  let stoppingSince: number | null = null;
  const stop = async (signal: NodeJS.Signals) => {
    if (stoppingSince !== null) {
      // A terminal's Ctrl+C reaches this process twice (directly and relayed by npm): only a later repeat forces the exit.
      if (Date.now() - stoppingSince < SIGNAL_REPEAT_GRACE_MS) return;
      console.error(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stoppingSince = Date.now();
    try {
      await host?.close();
      await core.close();
      process.exit(0);
    } catch (error) {
      console.error(`Stopping failed: ${(error as Error).message}`);
      process.exit(1);
    }
  };
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));

  try {
    // With no server URL the embedded server starts now, so the printed address works at once.
    if (!core.settings.get().serverUrl) await core.serverUrl();
    host = await startBrowserHost({ bridge: core.bridge, rendererDir: options.rendererDir, helpDir, port: options.port });
  } catch (error) {
    await core.close().catch(() => undefined);
    throw error;
  }
  console.log(host.url);
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) console.error(`${error.message}\n${USAGE}`);
  else console.error(`The browser host did not start: ${(error as Error).message}`);
  process.exit(1);
});
