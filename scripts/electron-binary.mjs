import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The Electron executable the electron package would run, or null when it is not there. Mirrors
 * electron/index.js without requiring it: that module starts a download when the binary is missing.
 */
export function electronBinaryPath(electronPackageDir, env = process.env) {
  const pathFile = join(electronPackageDir, 'path.txt');
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) {
    const candidate = join(override, executable || 'electron');
    return existsSync(candidate) ? candidate : null;
  }
  if (!executable) return null;
  const candidate = join(electronPackageDir, 'dist', executable);
  return existsSync(candidate) ? candidate : null;
}
