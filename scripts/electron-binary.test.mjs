import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { electronBinaryPath } from './electron-binary.mjs';

function fakeElectronPackage({ pathTxt, binary }) {
  const dir = mkdtempSync(join(tmpdir(), 'electron-pkg-'));
  if (pathTxt !== undefined) writeFileSync(join(dir, 'path.txt'), pathTxt);
  if (binary) {
    mkdirSync(join(dir, 'dist'), { recursive: true });
    writeFileSync(join(dir, 'dist', binary), '');
  }
  return dir;
}

describe('electronBinaryPath', () => {
  it('finds the downloaded binary', () => {
    const dir = fakeElectronPackage({ pathTxt: 'electron', binary: 'electron' });
    expect(electronBinaryPath(dir, {})).toBe(join(dir, 'dist', 'electron'));
  });

  it('is null when the download was skipped (no path.txt)', () => {
    expect(electronBinaryPath(fakeElectronPackage({}), {})).toBeNull();
  });

  it('is null when path.txt names a binary that is not there', () => {
    expect(electronBinaryPath(fakeElectronPackage({ pathTxt: 'electron' }), {})).toBeNull();
  });

  it('honours ELECTRON_OVERRIDE_DIST_PATH', () => {
    const dist = mkdtempSync(join(tmpdir(), 'electron-dist-'));
    writeFileSync(join(dist, 'electron'), '');
    expect(electronBinaryPath(fakeElectronPackage({}), { ELECTRON_OVERRIDE_DIST_PATH: dist })).toBe(join(dist, 'electron'));
    expect(electronBinaryPath(fakeElectronPackage({}), { ELECTRON_OVERRIDE_DIST_PATH: join(dist, 'missing') })).toBeNull();
  });
});
