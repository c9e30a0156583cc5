import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { BridgeSettings } from '../../shared/bridge';
import { ResponseCode } from '../../shared/codes';
import { DEFAULT_LOCALE, DEFAULT_THEME, LOCALES, THEMES, type Locale, type ThemeChoice } from '../../shared/constants';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, DEFAULT_TRANSPORT_SECRET } from '../../shared/defaults';
import { CodedError, InputError } from './errors';

/**
 * The persistent store the settings live in: the subset of `conf` (and electron-store, which is built on it)
 * the settings use. Electron passes an electron-store, Node a `conf` instance.
 */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

export interface WindowBounds {
  x: number;
  y: number;
  width: number;
  height: number;
  maximized: boolean;
}

/** The OAuth client and the password transport key the console signs in with. */
export interface ConsoleCredentials {
  clientId: string;
  clientSecret: string;
  transportSecret: string;
}

/** What a workstation's administrator preset; a null field was not preset. */
export interface ManagedPreset {
  serverUrl: string | null;
  clientId: string | null;
  clientSecret: string | null;
  transportSecret: string | null;
  /** Where the preset came from (environment variable names, the file path), for messages. */
  sources: string[];
}

export const NO_MANAGED_PRESET: ManagedPreset = { serverUrl: null, clientId: null, clientSecret: null, transportSecret: null, sources: [] };

export type SettingsPatch = Partial<Pick<BridgeSettings, 'serverUrl' | 'language' | 'theme'>>;

export interface Settings {
  get(): BridgeSettings;
  /** The patch validated and normalised, or an error naming the problem; writes nothing. */
  check(patch: SettingsPatch): SettingsPatch;
  /** Validates the whole patch before writing any of it. */
  set(patch: SettingsPatch): BridgeSettings;
  credentials(): ConsoleCredentials;
  /** A random id created on first use and kept: the `x-device-id` header. */
  deviceId(): string;
  windowBounds(): WindowBounds | null;
  setWindowBounds(bounds: WindowBounds): void;
}

const Key = {
  serverUrl: 'serverUrl',
  language: 'language',
  theme: 'theme',
  windowBounds: 'windowBounds',
  deviceId: 'deviceId',
} as const;

/** Whether this is the installed app (Electron's app.isPackaged); the browser host and tests are development. */
export interface AppBuild {
  packaged: boolean;
}
const DEVELOPMENT_BUILD: AppBuild = { packaged: false };

/**
 * Environment variables of the managed preset. In development they win over the file; in a packaged app the
 * machine-wide file wins, since a user can set variables of their own but cannot write the file.
 */
export const MANAGED_ENV = {
  serverUrl: 'CONSOLE_SERVER_URL',
  clientId: 'CONSOLE_CLIENT_ID',
  clientSecret: 'CONSOLE_CLIENT_SECRET',
  transportSecret: 'CONSOLE_TRANSPORT_SECRET',
} as const;
/** Points the managed configuration at another file (development and tests; a packaged app reads only the machine-wide file). */
export const MANAGED_CONFIG_ENV = 'CONSOLE_MANAGED_CONFIG';

/**
 * The managed configuration file a workstation's administrator writes (machine-wide, not per user):
 * - Windows: %ProgramData%\BackofficeConsole\config.json
 * - macOS: /Library/Application Support/BackofficeConsole/config.json
 * - Linux: /etc/backoffice-console/config.json
 * Content: `{"serverUrl": "https://console.example.com", "clientId": "...", "clientSecret": "...", "transportSecret": "..."}`,
 * every field optional.
 */
export function managedConfigPath(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env, build: AppBuild = DEVELOPMENT_BUILD): string {
  const override = build.packaged ? undefined : env[MANAGED_CONFIG_ENV]?.trim();
  if (override) return override;
  if (platform === 'win32') return join(env.ProgramData?.trim() || 'C:\\ProgramData', 'BackofficeConsole', 'config.json');
  if (platform === 'darwin') return '/Library/Application Support/BackofficeConsole/config.json';
  return '/etc/backoffice-console/config.json';
}

export class ManagedConfigError extends CodedError {
  constructor(msg: string) {
    super(ResponseCode.InvalidInput, msg);
    this.name = 'ManagedConfigError';
  }
}

const presetText = (max: number) =>
  z
    .string({ error: 'must be a text' })
    .trim()
    .min(1, { message: 'must not be empty' })
    .max(max, { message: `must be at most ${max} characters` });

const managedFileSchema = z
  .object({
    serverUrl: z.string({ error: 'must be a text' }).optional(),
    clientId: presetText(100).optional(),
    clientSecret: presetText(200).optional(),
    transportSecret: presetText(200).optional(),
  })
  .strict();

type PresetField = keyof typeof MANAGED_ENV;

/**
 * Reads the preset from the environment and the managed file; a broken file is an error, never ignored. Per field,
 * the environment wins in development and the machine-wide file in a packaged app.
 */
export function readManagedPreset(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, build: AppBuild = DEVELOPMENT_BUILD): ManagedPreset {
  const path = managedConfigPath(platform, env, build);
  const file = readManagedFile(path);
  const fromEnv: Partial<Record<PresetField, string>> = {};
  const envSources: string[] = [];
  for (const [field, name] of Object.entries(MANAGED_ENV) as Array<[PresetField, string]>) {
    const value = env[name]?.trim();
    if (!value) continue;
    if (build.packaged && file?.values[field] !== undefined) continue;
    fromEnv[field] = field === 'serverUrl' ? normalizeServerUrl(value, name) : value;
    envSources.push(name);
  }
  const values = build.packaged ? { ...fromEnv, ...file?.values } : { ...file?.values, ...fromEnv };
  return {
    serverUrl: values.serverUrl ?? null,
    clientId: values.clientId ?? null,
    clientSecret: values.clientSecret ?? null,
    transportSecret: values.transportSecret ?? null,
    sources: [...(file ? [path] : []), ...envSources],
  };
}

/** The fields the managed file sets, or null when there is no file. */
function readManagedFile(path: string): { values: Partial<Record<PresetField, string>> } | null {
  if (!existsSync(path)) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ManagedConfigError(`Managed configuration ${path} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = managedFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.code === 'unrecognized_keys' ? issue.keys.join(', ') : (issue?.path.join('.') ?? '');
    const problem = issue?.code === 'unrecognized_keys' ? 'is not a known field (serverUrl, clientId, clientSecret, transportSecret)' : (issue?.message ?? 'is invalid');
    throw new ManagedConfigError(`Managed configuration ${path}: ${field || 'the file'} ${problem}`);
  }
  const { serverUrl, clientId, clientSecret, transportSecret } = parsed.data;
  return {
    values: {
      ...(serverUrl !== undefined && serverUrl.trim() !== '' && { serverUrl: normalizeServerUrl(serverUrl, `serverUrl in ${path}`) }),
      ...(clientId !== undefined && { clientId }),
      ...(clientSecret !== undefined && { clientSecret }),
      ...(transportSecret !== undefined && { transportSecret }),
    },
  };
}

/** An http(s) origin with an optional base path, without a trailing slash; `what` names the value in errors. */
export function normalizeServerUrl(value: string, what: string): string {
  const text = value.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InputError(`${what} is not a URL: "${text}" (expected e.g. https://console.example.com)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new InputError(`${what} must start with http:// or https://, not ${url.protocol}`);
  if (url.username || url.password) throw new InputError(`${what} must not contain a user name or password`);
  if (url.search || url.hash) throw new InputError(`${what} must not contain a query or fragment`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

const patchSchema = z
  .object({
    serverUrl: z.string({ error: 'serverUrl must be a text' }).optional(),
    language: z.enum(LOCALES, { error: `language must be one of ${LOCALES.join(', ')}` }).optional(),
    theme: z.enum(THEMES, { error: `theme must be one of ${THEMES.join(', ')}` }).optional(),
  })
  .strict();

const boundsSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  maximized: z.boolean(),
});

export function createSettings(store: KeyValueStore, preset: ManagedPreset = NO_MANAGED_PRESET): Settings {
  const storedLanguage = (): Locale => {
    const value = store.get(Key.language);
    return (LOCALES as readonly unknown[]).includes(value) ? (value as Locale) : DEFAULT_LOCALE;
  };
  const storedTheme = (): ThemeChoice => {
    const value = store.get(Key.theme);
    return (THEMES as readonly unknown[]).includes(value) ? (value as ThemeChoice) : DEFAULT_THEME;
  };
  const storedServerUrl = (): string => {
    const value = store.get(Key.serverUrl);
    return typeof value === 'string' ? value : '';
  };

  // Every API call reads the language and the device id; conf reads its file on every get, so the values are
  // kept here. This object is the store's only writer (conf does not support several writers anyway).
  let cached: BridgeSettings | null = null;
  let cachedDeviceId: string | null = null;
  const read = (): BridgeSettings => {
    cached ??= {
      serverUrl: preset.serverUrl ?? storedServerUrl(),
      serverUrlManaged: preset.serverUrl !== null,
      language: storedLanguage(),
      theme: storedTheme(),
    };
    return { ...cached };
  };

  const check = (patch: SettingsPatch): SettingsPatch => {
    if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) throw new InputError('settings: the change must be an object of fields');
    const parsed = patchSchema.safeParse(patch);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue?.code === 'unrecognized_keys') throw new InputError(`settings: ${issue.keys.join(', ')} cannot be changed here`);
      throw new InputError(`settings: ${issue?.message ?? 'invalid change'}`);
    }
    const change = parsed.data;
    let serverUrl: string | undefined;
    if (change.serverUrl !== undefined) {
      serverUrl = change.serverUrl.trim() === '' ? '' : normalizeServerUrl(change.serverUrl, 'serverUrl');
      if (preset.serverUrl !== null && serverUrl !== preset.serverUrl) {
        throw new CodedError(ResponseCode.Forbidden, `The server URL is set by this workstation's administrator (${preset.sources.join(', ')}) and cannot be changed`);
      }
    }
    return { ...change, ...(serverUrl !== undefined && { serverUrl }) };
  };

  return {
    get: read,
    check,
    set(patch) {
      const change = check(patch);
      if (change.serverUrl !== undefined && preset.serverUrl === null) store.set(Key.serverUrl, change.serverUrl);
      if (change.language !== undefined) store.set(Key.language, change.language);
      if (change.theme !== undefined) store.set(Key.theme, change.theme);
      cached = null;
      return read();
    },
    credentials: () => ({
      clientId: preset.clientId ?? DEFAULT_CLIENT_ID,
      clientSecret: preset.clientSecret ?? DEFAULT_CLIENT_SECRET,
      transportSecret: preset.transportSecret ?? DEFAULT_TRANSPORT_SECRET,
    }),
    deviceId() {
      if (cachedDeviceId) return cachedDeviceId;
      const stored = store.get(Key.deviceId);
      if (typeof stored === 'string' && /^[0-9a-f-]{36}$/.test(stored)) cachedDeviceId = stored;
      else {
        cachedDeviceId = randomUUID();
        store.set(Key.deviceId, cachedDeviceId);
      }
      return cachedDeviceId;
    },
    windowBounds() {
      const parsed = boundsSchema.safeParse(store.get(Key.windowBounds));
      return parsed.success ? parsed.data : null;
    },
    setWindowBounds(bounds) {
      const parsed = boundsSchema.safeParse(bounds);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new InputError(`window bounds: ${issue?.path.join('.') || 'value'} ${issue?.message ?? 'is invalid'}`);
      }
      store.set(Key.windowBounds, parsed.data);
    },
  };
}
