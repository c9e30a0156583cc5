import { describe, expect, it } from 'vitest';
import { releaseProblems } from './release-lib.mjs';

const macSigned = {
  CSC_LINK: '/secure/developer-id-application.p12',
  CSC_KEY_PASSWORD: 'pw',
  CSC_INSTALLER_LINK: '/secure/developer-id-installer.p12',
  CSC_INSTALLER_KEY_PASSWORD: 'pw',
  APPLE_API_KEY: '/secure/AuthKey.p8',
  APPLE_API_KEY_ID: 'ABC123',
  APPLE_API_ISSUER: 'issuer',
};

describe('releaseProblems', () => {
  it('refuses a Windows release without the certificate, naming the variables', () => {
    expect(releaseProblems('win', {})).toEqual([expect.stringContaining('WIN_CSC_LINK and WIN_CSC_KEY_PASSWORD')]);
    expect(releaseProblems('win', { WIN_CSC_LINK: '/secure/code.pfx', WIN_CSC_KEY_PASSWORD: '  ' })).toHaveLength(1);
    expect(releaseProblems('win', { WIN_CSC_LINK: '/secure/code.pfx', WIN_CSC_KEY_PASSWORD: 'pw' })).toEqual([]);
    expect(releaseProblems('win', { CSC_LINK: '/secure/code.pfx', CSC_KEY_PASSWORD: 'pw' })).toEqual([]);
  });

  it('refuses a macOS release without application signing, installer signing or notarisation', () => {
    expect(releaseProblems('mac', {})).toEqual([
      expect.stringContaining('macOS code signing'),
      expect.stringContaining('macOS pkg signing'),
      expect.stringContaining('macOS notarisation: set APPLE_API_KEY, APPLE_API_KEY_ID, APPLE_API_ISSUER or APPLE_ID'),
    ]);
    expect(releaseProblems('mac', macSigned)).toEqual([]);
    const { APPLE_API_ISSUER: _issuer, ...withoutIssuer } = macSigned;
    expect(releaseProblems('mac', withoutIssuer)).toEqual([expect.stringContaining('macOS notarisation')]);
    expect(releaseProblems('mac', { ...withoutIssuer, APPLE_ID: 'a@b.c', APPLE_APP_SPECIFIC_PASSWORD: 'pw', APPLE_TEAM_ID: 'T' })).toEqual([]);
    const { CSC_LINK: _link, ...keychainIdentity } = macSigned;
    expect(releaseProblems('mac', { ...keychainIdentity, CSC_NAME: 'Developer ID Application: Logistics (T)' })).toEqual([]);
  });

  it('names an unknown platform', () => {
    expect(releaseProblems('linux', macSigned)).toEqual(['release for "linux": the release platforms are win and mac']);
    expect(releaseProblems(undefined, macSigned)).toEqual(['release for "undefined": the release platforms are win and mac']);
  });
});

describe('npm run release', () => {
  it('exits 1 before building when a variable is missing', async () => {
    const { spawnSync } = await import('node:child_process');
    const { join } = await import('node:path');
    const result = spawnSync(process.execPath, [join(import.meta.dirname, 'release.mjs'), 'win'], { env: { PATH: process.env.PATH }, encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('not building an unsigned release');
    expect(result.stderr).toContain('WIN_CSC_LINK');
  });
});
