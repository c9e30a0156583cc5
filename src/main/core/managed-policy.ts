import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { InputError } from './errors';
import { MANAGED_ENV, ManagedConfigError, normalizeServerUrl, type ManagedPreset } from './settings';

/**
 * Settings a fleet's administrator pushes through the operating system's own management: on Windows the registry
 * policy key (Group Policy, `build/policy/BackofficeConsole.admx`), on macOS managed preferences (a configuration
 * profile for the app's bundle id). One precedence, per field: this policy, then the machine-wide JSON file, then the
 * environment (see `readManagedPreset`); a user can change none of them.
 */
export interface ManagedPolicy {
  serverUrl: string | null;
  clientId: string | null;
  clientSecret: string | null;
  transportSecret: string | null;
  /** A workstation that must use the team server may not start the embedded one. */
  embeddedServerForbidden: boolean;
  /** The registry key or the managed-preferences file, or null when no policy is set. */
  source: string | null;
}

export const NO_MANAGED_POLICY: ManagedPolicy = { serverUrl: null, clientId: null, clientSecret: null, transportSecret: null, embeddedServerForbidden: false, source: null };

export const POLICY_REGISTRY_KEY = 'HKLM\\SOFTWARE\\Policies\\BackofficeConsole';
export const POLICY_BUNDLE_ID = 'com.logistics.backoffice-console';
export const MANAGED_PREFERENCES_FILE = `/Library/Managed Preferences/${POLICY_BUNDLE_ID}.plist`;

/** The policy's value names (registry values, managed-preference keys). */
export const POLICY_NAMES = {
  serverUrl: 'ServerUrl',
  clientId: 'ClientId',
  clientSecret: 'ClientSecret',
  transportSecret: 'TransportSecret',
  embeddedServerForbidden: 'DisableEmbeddedServer',
} as const;

/** Runs a program (`reg`, `plutil`) and answers its exit code and output; injected so the readers are tested anywhere. */
export type CommandRunner = (command: string, args: string[]) => Promise<{ code: number; stdout: string; stderr: string }>;

type RawValue = string | number | boolean;

/** The policy from the machine's management for this platform; none on Linux (the JSON file serves there). */
export async function readManagedPolicy(platform: NodeJS.Platform, run: CommandRunner, fileExists: (path: string) => boolean): Promise<ManagedPolicy> {
  if (platform === 'win32') return policyFrom(await readRegistryPolicy(run), POLICY_REGISTRY_KEY);
  if (platform === 'darwin') return fileExists(MANAGED_PREFERENCES_FILE) ? policyFrom(await readManagedPreferences(run), MANAGED_PREFERENCES_FILE) : NO_MANAGED_POLICY;
  return NO_MANAGED_POLICY;
}

/**
 * The values under the policy key, from `reg query` (lines `    Name    REG_SZ    value`); null when the key does not
 * exist. A value of a type the policy does not use is an error naming it.
 */
export async function readRegistryPolicy(run: CommandRunner): Promise<Map<string, RawValue> | null> {
  const answer = await run('reg', ['query', POLICY_REGISTRY_KEY]);
  if (answer.code !== 0) {
    if (/unable to find|nicht gefunden|找不到/i.test(answer.stderr + answer.stdout)) return null;
    throw new ManagedConfigError(`Managed policy ${POLICY_REGISTRY_KEY} could not be read: ${(answer.stderr || answer.stdout).trim() || `reg exited with ${answer.code}`}`);
  }
  const values = new Map<string, RawValue>();
  for (const line of answer.stdout.split(/\r?\n/)) {
    const match = /^\s{2,}(\S(?:.*?\S)?)\s{2,}(REG_\w+)\s{2,}(.*)$/.exec(line) ?? /^\s{2,}(\S(?:.*?\S)?)\s{2,}(REG_\w+)\s*$/.exec(line);
    if (!match) continue;
    const [, name = '', type = '', data = ''] = match;
    if (type === 'REG_SZ' || type === 'REG_EXPAND_SZ') values.set(name, data.trim());
    else if (type === 'REG_DWORD') values.set(name, Number.parseInt(data.trim(), 16));
    else throw new ManagedConfigError(`Managed policy ${POLICY_REGISTRY_KEY}\\${name}: ${type} is not a type the console reads (REG_SZ or REG_DWORD)`);
  }
  return values;
}

/** The managed preferences of the app's bundle id (`plutil -convert json`), as top-level keys and scalar values. */
export async function readManagedPreferences(run: CommandRunner): Promise<Map<string, RawValue>> {
  const answer = await run('plutil', ['-convert', 'json', '-o', '-', MANAGED_PREFERENCES_FILE]);
  if (answer.code !== 0) throw new ManagedConfigError(`Managed preferences ${MANAGED_PREFERENCES_FILE} could not be read: ${(answer.stderr || answer.stdout).trim()}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.stdout);
  } catch (error) {
    throw new ManagedConfigError(`Managed preferences ${MANAGED_PREFERENCES_FILE} are not a property list plutil can convert: ${(error as Error).message}`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ManagedConfigError(`Managed preferences ${MANAGED_PREFERENCES_FILE} must be a dictionary`);
  const values = new Map<string, RawValue>();
  for (const [key, value] of Object.entries(parsed)) if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') values.set(key, value);
  return values;
}

function policyFrom(values: Map<string, RawValue> | null, source: string): ManagedPolicy {
  if (!values) return NO_MANAGED_POLICY;
  const known = new Set<string>(Object.values(POLICY_NAMES));
  const text = (field: 'serverUrl' | 'clientId' | 'clientSecret' | 'transportSecret'): string | null => {
    const name = POLICY_NAMES[field];
    const value = values.get(name);
    if (value === undefined) return null;
    if (typeof value !== 'string') throw new ManagedConfigError(`Managed policy ${source}: ${name} must be a text`);
    const trimmed = value.trim();
    if (!trimmed) return null;
    if (field !== 'serverUrl') return trimmed;
    try {
      return normalizeServerUrl(trimmed, `${name} in ${source}`);
    } catch (error) {
      throw new ManagedConfigError((error as InputError).message);
    }
  };
  const forbidden = values.get(POLICY_NAMES.embeddedServerForbidden);
  if (forbidden !== undefined && forbidden !== 0 && forbidden !== 1 && typeof forbidden !== 'boolean') {
    throw new ManagedConfigError(`Managed policy ${source}: ${POLICY_NAMES.embeddedServerForbidden} must be 0 or 1 (true or false)`);
  }
  const unknown = [...values.keys()].filter((name) => !known.has(name));
  if (unknown.length > 0) throw new ManagedConfigError(`Managed policy ${source}: ${unknown.join(', ')} is not a known value (${[...known].join(', ')})`);
  const policy: ManagedPolicy = {
    serverUrl: text('serverUrl'),
    clientId: text('clientId'),
    clientSecret: text('clientSecret'),
    transportSecret: text('transportSecret'),
    embeddedServerForbidden: forbidden === 1 || forbidden === true,
    source,
  };
  if (policy.embeddedServerForbidden && policy.serverUrl === null) {
    throw new ManagedConfigError(`Managed policy ${source}: ${POLICY_NAMES.embeddedServerForbidden} needs ${POLICY_NAMES.serverUrl} (the team server this workstation must use)`);
  }
  return policy;
}

/** The preset with the policy laid over it: each field the policy sets wins, and the policy is named first among the sources. */
export function withPolicy(preset: ManagedPreset, policy: ManagedPolicy): ManagedPreset {
  if (policy.source === null) return preset;
  const fields = Object.keys(MANAGED_ENV) as Array<keyof typeof MANAGED_ENV>;
  const merged = { ...preset };
  for (const field of fields) merged[field] = policy[field] ?? preset[field];
  return { ...merged, sources: [policy.source, ...preset.sources] };
}

/**
 * The system's `reg` and `plutil` by absolute path (a user's PATH cannot put another program in their place), with
 * their exit code and output; a program that does not start answers its error as stderr.
 */
export const systemCommandRunner: CommandRunner = (command, args) => {
  const program = command === 'reg' ? join(process.env.SystemRoot?.trim() || 'C:\\Windows', 'System32', 'reg.exe') : command === 'plutil' ? '/usr/bin/plutil' : command;
  return new Promise((resolve) => {
    execFile(program, args, { windowsHide: true, timeout: 10_000, encoding: 'utf8' }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr: stderr || (error && typeof error.code !== 'number' ? error.message : '') });
    });
  });
};
