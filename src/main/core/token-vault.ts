import { CodedError } from './errors';
import { ResponseCode } from '../../shared/codes';

/** The keychain service every refresh token is filed under. */
export const VAULT_SERVICE = 'backoffice-console';

/** Where refresh tokens live between calls: one entry per server and username. */
export interface TokenVault {
  /** `keychain` survives restarts in the OS keychain; `memory` lives only as long as the process. */
  readonly kind: 'keychain' | 'memory';
  get(server: string, username: string): Promise<string | null>;
  set(server: string, username: string, refreshToken: string): Promise<void>;
  /** True when an entry was removed. */
  delete(server: string, username: string): Promise<boolean>;
}

/** The keychain account name: readable in the OS keychain's own UI. */
export function vaultAccount(server: string, username: string): string {
  if (!server.trim()) throw new CodedError(ResponseCode.InvalidInput, 'token vault: the server is empty');
  if (!username.trim()) throw new CodedError(ResponseCode.InvalidInput, 'token vault: the username is empty');
  return `${username}@${server}`;
}

type Keytar = typeof import('keytar');

/**
 * The OS keychain through keytar (Keychain on macOS, Credential Manager on Windows, Secret Service on Linux).
 * keytar is loaded on first use, so a process that never signs in does not need the native module.
 */
export function createKeychainVault(service: string = VAULT_SERVICE): TokenVault {
  let loaded: Promise<Keytar> | null = null;
  const keytar = (): Promise<Keytar> => {
    loaded ??= import('keytar').then((module) => ((module as { default?: Keytar }).default ?? module) as Keytar);
    return loaded;
  };
  const guard = async <T>(action: string, run: (k: Keytar) => Promise<T>): Promise<T> => {
    try {
      return await run(await keytar());
    } catch (error) {
      throw new KeychainUnavailableError(`The OS keychain refused to ${action} the refresh token: ${(error as Error).message}`);
    }
  };
  return {
    kind: 'keychain',
    get: async (server, username) => {
      const account = vaultAccount(server, username);
      return guard('read', (k) => k.getPassword(service, account));
    },
    set: async (server, username, refreshToken) => {
      const account = vaultAccount(server, username);
      return guard('store', (k) => k.setPassword(service, account, refreshToken));
    },
    delete: async (server, username) => {
      const account = vaultAccount(server, username);
      return guard('delete', (k) => k.deletePassword(service, account));
    },
  };
}

export class KeychainUnavailableError extends CodedError {
  constructor(msg: string) {
    super(ResponseCode.ServerError, msg);
    this.name = 'KeychainUnavailableError';
  }
}

/** Whether the OS keychain answers at all; the message says why not. Reads nothing and writes nothing. */
export async function probeKeychain(service: string = VAULT_SERVICE): Promise<{ reachable: true } | { reachable: false; reason: string }> {
  try {
    const module = await import('keytar');
    const k = ((module as { default?: Keytar }).default ?? module) as Keytar;
    // findCredentials needs a working secret service but returns nothing we keep.
    await k.findCredentials(service);
    return { reachable: true };
  } catch (error) {
    return { reachable: false, reason: (error as Error).message };
  }
}

/** The one sentence the log and the sign-in page use for the fallback (the page's text is its translation). */
export const SESSION_ONLY_NOTICE = 'refresh tokens are kept for this session only: the OS keychain is not available';

/**
 * The keychain when one answers, otherwise refresh tokens in this process only, said once through `warn` with the
 * reason (keytar is an optional dependency: a machine without a C toolchain or libsecret installs without it).
 */
export async function chooseTokenVault(warn: (message: string) => void, probe: () => ReturnType<typeof probeKeychain> = probeKeychain): Promise<TokenVault> {
  const answer = await probe();
  if (answer.reachable) return createKeychainVault();
  warn(`${SESSION_ONLY_NOTICE} (${answer.reason})`);
  return createMemoryVault();
}

/**
 * Refresh tokens held in this process only: for the browser host on a machine without a keychain. A restart
 * forgets them, which costs a sign-in and nothing else.
 */
export function createMemoryVault(): TokenVault {
  const entries = new Map<string, string>();
  return {
    kind: 'memory',
    get: async (server, username) => entries.get(vaultAccount(server, username)) ?? null,
    set: async (server, username, refreshToken) => {
      entries.set(vaultAccount(server, username), refreshToken);
    },
    delete: async (server, username) => entries.delete(vaultAccount(server, username)),
  };
}
