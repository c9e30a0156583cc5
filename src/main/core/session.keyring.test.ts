import { randomUUID } from 'node:crypto';
import keytar from 'keytar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../shared/contract';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, DEFAULT_TRANSPORT_SECRET } from '../../shared/defaults';
import { createApiClient } from './api-client';
import { createBridgeEvents } from './events';
import { createSession, type Session } from './session';
import { startApiPeer, type ApiPeer } from './testing/api-peer';
import { createKeychainVault, probeKeychain, vaultAccount, VAULT_SERVICE } from './token-vault';

/** The session's refresh token in the real OS keychain (run under scripts/with-keyring.sh). */
const probe = await probeKeychain();
const run = probe.reachable || process.env.CONSOLE_REQUIRE_KEYRING === '1';
const serverKey = `https://session-keyring.invalid/${randomUUID()}`;

describe.skipIf(!run)('session with the OS keychain', () => {
  let peer: ApiPeer;
  let session: Session;

  beforeAll(async () => {
    peer = await startApiPeer([{ userId: 31, username: 'erin', password: 'Erin_1234' }]);
    const client = createApiClient({ serverUrl: () => peer.url, context: () => ({ language: 'en_US', roleId: null, deviceId: 'd', deviceModel: 'm', appId: DEFAULT_CLIENT_ID }) });
    session = createSession({
      client,
      vault: createKeychainVault(),
      credentials: () => ({ clientId: DEFAULT_CLIENT_ID, clientSecret: DEFAULT_CLIENT_SECRET, transportSecret: DEFAULT_TRANSPORT_SECRET }),
      serverKey: () => serverKey,
      events: createBridgeEvents(),
    });
  });
  afterAll(async () => {
    await peer.close();
    if (probe.reachable) await keytar.deletePassword(VAULT_SERVICE, vaultAccount(serverKey, 'erin'));
  });

  it('keeps the rotating refresh token in the keychain and removes it at sign-out', async () => {
    expect(probe).toEqual({ reachable: true });
    await session.signIn({ username: 'erin', password: 'Erin_1234' });
    const account = vaultAccount(serverKey, 'erin');
    expect(await keytar.getPassword(VAULT_SERVICE, account)).toBe(peer.issued.at(-1)?.refreshToken);

    peer.expireAccessTokens();
    await session.call(api.session.roleSystems, {});
    expect(peer.issued.at(-1)?.grant).toBe('refresh_token');
    expect(await keytar.getPassword(VAULT_SERVICE, account)).toBe(peer.issued.at(-1)?.refreshToken);

    await session.signOut();
    expect(await keytar.getPassword(VAULT_SERVICE, account)).toBeNull();
  });
});
