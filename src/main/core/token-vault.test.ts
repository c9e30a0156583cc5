import { describe, expect, it } from 'vitest';
import { chooseTokenVault, SESSION_ONLY_NOTICE } from './token-vault';

describe('choosing where refresh tokens live', () => {
  it('falls back to this session only and says so, with the reason, when keytar does not load', async () => {
    const warnings: string[] = [];
    const vault = await chooseTokenVault(
      (message) => warnings.push(message),
      async () => ({ reachable: false, reason: "Cannot find module 'keytar'" }),
    );
    expect(vault.kind).toBe('memory');
    expect(warnings).toEqual([`${SESSION_ONLY_NOTICE} (Cannot find module 'keytar')`]);
    await vault.set('https://console.example.com', 'dora', 'refresh-1');
    expect(await vault.get('https://console.example.com', 'dora')).toBe('refresh-1');
  });

  it('uses the OS keychain, silently, when it answers', async () => {
    const warnings: string[] = [];
    const vault = await chooseTokenVault(
      (message) => warnings.push(message),
      async () => ({ reachable: true }),
    );
    expect(vault.kind).toBe('keychain');
    expect(warnings).toEqual([]);
  });
});
