import os from 'node:os';
import type { PlatformInfo } from '../../shared/bridge';
import { ResponseCode } from '../../shared/codes';
import { api } from '../../shared/contract';
import { createApiClient } from './api-client';
import { createBridgeCore, type BridgeCore, type FileUrlResolver, type HelpPdfResolver, type ViewHost } from './bridge-core';
import { ApiError } from './errors';
import type { ExportTarget, FileRevealer } from './exports';
import { createBridgeEvents, type BridgeEvents } from './events';
import { createListViews } from './list-views';
import { createSession, type Session } from './session';
import { createSettings, NO_MANAGED_PRESET, type KeyValueStore, type ManagedPreset, type Settings } from './settings';
import type { TokenVault } from './token-vault';

/** The product's own server, started on demand when no server URL is set (see embedded-server.ts). */
export interface EmbeddedServerHandle {
  /** Names the embedded server's data in keychain entries. */
  readonly dataDir: string;
  /** Starts the server on first use; later calls share the running one. */
  url(): Promise<string>;
  close(): Promise<void>;
}

export interface ConsoleCoreOptions {
  /** electron-store in Electron, `conf` in Node. */
  store: KeyValueStore;
  preset?: ManagedPreset;
  vault: TokenVault;
  /** What the bridge reports of the platform; where refresh tokens are kept is read from the vault. */
  platform: Omit<PlatformInfo, 'credentialStore'>;
  /** Null where the embedded server is not available: then a server URL must be set. */
  embedded: EmbeddedServerHandle | null;
  /** Electron passes `net.fetch`; Node's fetch otherwise. */
  fetch?: typeof globalThis.fetch;
  viewHost?: ViewHost | null;
  helpPdfUrl?: HelpPdfResolver | null;
  fileUrl?: FileUrlResolver | null;
  /** Where exports are saved: Electron's save dialog, the browser host's downloads folder. */
  exportTarget?: ExportTarget | null;
  /** Shows a finished export in the file manager: Electron's shell, the browser host's opener command. */
  revealFile?: FileRevealer | null;
  warn?: (message: string) => void;
}

export interface ConsoleCore {
  bridge: BridgeCore;
  settings: Settings;
  session: Session;
  events: BridgeEvents;
  /** The server calls go to: the configured URL, or the embedded server (started if needed). */
  serverUrl(): Promise<string>;
  /** The server's version as it reports it (About, diagnostics). */
  serverVersion(): Promise<string>;
  /** Where the managed settings came from (empty: the user's own settings apply), for About and diagnostics. */
  settingsSources: string[];
  /** The values no log line or diagnostics text may show. */
  secrets(): string[];
  /** Ends the session (the app's session lives as long as the app) and stops the embedded server if it runs. */
  close(): Promise<void>;
}

const CLOSE_SIGN_OUT_WAIT_MS = 3000;

/** The x-device-model header: operating system, release and CPU architecture. */
export function deviceModel(): string {
  return `${os.type()} ${os.release()} (${process.arch})`;
}

/** Wires settings, API client, session and bridge the same way for the Electron main process and the browser host. */
export function createConsoleCore(options: ConsoleCoreOptions): ConsoleCore {
  const settings = createSettings(options.store, options.preset ?? NO_MANAGED_PRESET);
  const events = createBridgeEvents();
  const model = deviceModel();
  const { embedded } = options;

  const serverUrl = async (): Promise<string> => {
    const configured = settings.get().serverUrl;
    if (configured) return configured;
    if (!embedded) throw new ApiError(ResponseCode.Unreachable, 'No server URL is set and this console has no embedded server: set the server URL');
    return embedded.url();
  };

  let session: Session | null = null;
  const client = createApiClient({
    serverUrl,
    fetch: options.fetch,
    context: () => ({
      language: settings.get().language,
      roleId: session?.roleId() ?? null,
      deviceId: settings.deviceId(),
      deviceModel: model,
      appId: settings.credentials().clientId,
    }),
  });
  const serverKey = () => settings.get().serverUrl || `embedded:${embedded?.dataDir ?? 'none'}`;
  session = createSession({
    client,
    vault: options.vault,
    credentials: () => settings.credentials(),
    serverKey,
    events,
    warn: options.warn,
  });
  const bridge = createBridgeCore({
    session,
    settings,
    events,
    platform: { ...options.platform, credentialStore: options.vault.kind === 'keychain' ? 'keychain' : 'session' },
    viewHost: options.viewHost,
    helpPdfUrl: options.helpPdfUrl,
    fileUrl: options.fileUrl,
    exportTarget: options.exportTarget,
    revealFile: options.revealFile,
    // Views belong to the signed-in user on this server; the user id kept after a sign-out opens none.
    listViews: createListViews(options.store, {
      userId: () => {
        const state = session?.state();
        return state?.signedIn ? state.userId : null;
      },
      serverKey,
    }),
  });

  return {
    bridge,
    settings,
    session,
    events,
    serverUrl,
    serverVersion: async () => (await session.publicCall(api.auth.serverInfo, {})).version,
    settingsSources: options.preset?.sources ?? [],
    secrets: () => {
      const { clientSecret, transportSecret } = settings.credentials();
      return [clientSecret, transportSecret];
    },
    close: async () => {
      // The keychain entry goes at once; telling the server may not hold up quitting for more than a moment.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([session.clear(), new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_SIGN_OUT_WAIT_MS)))]);
      clearTimeout(timer);
      await embedded?.close();
    },
  };
}
