import { randomUUID } from 'node:crypto';
import keytar from 'keytar';
import { afterAll, describe, expect, it } from 'vitest';
import { createKeychainVault, probeKeychain, vaultAccount, VAULT_SERVICE } from './token-vault';

/**
 * Against the real OS keychain: run under scripts/with-keyring.sh (gnome-keyring on a private D-Bus session).
 * Without a keychain these tests are skipped, unless CONSOLE_REQUIRE_KEYRING=1 makes its absence a failure.
 */
const probe = await probeKeychain();
const required = process.env.CONSOLE_REQUIRE_KEYRING === '1';
const run = probe.reachable || required;

// Entries of this run only: a unique server, so a developer's own console entries are never touched.
const server = `https://keyring-test.invalid/${randomUUID()}`;
const otherServer = `${server}/other`;

describe.skipIf(!run)('token vault on the OS keychain', () => {
  const vault = createKeychainVault();

  afterAll(async () => {
    if (!probe.reachable) return;
    for (const [s, u] of [
      [server, 'alice'],
      [server, 'bob'],
      [otherServer, 'alice'],
    ] as const) {
      await keytar.deletePassword(VAULT_SERVICE, vaultAccount(s, u));
    }
  });

  it('reaches a keychain', () => {
    expect(probe).toEqual({ reachable: true });
  });

  it('stores, reads, replaces and deletes a refresh token', async () => {
    expect(vault.kind).toBe('keychain');
    expect(await vault.get(server, 'alice')).toBeNull();
    await vault.set(server, 'alice', 'rt-first');
    expect(await vault.get(server, 'alice')).toBe('rt-first');
    // Refresh tokens rotate: the new one replaces the old one in the same entry.
    await vault.set(server, 'alice', 'rt-rotated');
    expect(await vault.get(server, 'alice')).toBe('rt-rotated');
    expect(await vault.delete(server, 'alice')).toBe(true);
    expect(await vault.get(server, 'alice')).toBeNull();
    expect(await vault.delete(server, 'alice')).toBe(false);
  });

  it('keeps one entry per server and username, in the keychain under the console service', async () => {
    await vault.set(server, 'alice', 'rt-a');
    await vault.set(server, 'bob', 'rt-b');
    await vault.set(otherServer, 'alice', 'rt-c');
    // A second vault reads what the first wrote: the value lives in the keychain, not in the object.
    const again = createKeychainVault();
    expect([await again.get(server, 'alice'), await again.get(server, 'bob'), await again.get(otherServer, 'alice')]).toEqual(['rt-a', 'rt-b', 'rt-c']);
    const accounts = (await keytar.findCredentials(VAULT_SERVICE)).map((c) => c.account);
    expect(accounts).toEqual(expect.arrayContaining([`alice@${server}`, `bob@${server}`, `alice@${otherServer}`]));
    expect(await keytar.getPassword(VAULT_SERVICE, `bob@${server}`)).toBe('rt-b');
  });

  it('refuses an empty server or username', async () => {
    await expect(vault.set('', 'alice', 'x')).rejects.toMatchObject({ code: 'A0400', message: 'token vault: the server is empty' });
    await expect(vault.get(server, ' ')).rejects.toMatchObject({ code: 'A0400', message: 'token vault: the username is empty' });
  });
});
