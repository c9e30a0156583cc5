import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startAppLog } from './app-log';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the log file', () => {
  it('writes to main.log in the log folder, keeps the last warnings redacted, and rotates by size', async () => {
    dir = mkdtempSync(join(tmpdir(), 'console-app-log-'));
    const appLog = startAppLog({ folder: dir, secrets: () => ['client-secret-xyz'], captureConsole: false, maxBytes: 2000 });
    expect(appLog.file).toBe(join(dir, 'main.log'));
    appLog.write('info', 'the console started');
    appLog.write('error', 'sign-in failed with client-secret-xyz');
    await expect.poll(() => existsSync(appLog.file) && readFileSync(appLog.file, 'utf8')).toContain('the console started');
    expect(appLog.recent.list()).toHaveLength(1);
    expect(appLog.recent.list()[0]).toMatch(/ error sign-in failed with \[redacted\]$/);

    for (let line = 0; line < 60; line++) appLog.write('info', `filler line ${line} ${'x'.repeat(60)}`);
    await expect.poll(() => existsSync(join(dir, 'main.1.log'))).toBe(true);
    const archives = readdirSync(dir).filter((name) => name !== 'main.log');
    expect(archives.every((name) => /^main\.[1-5]\.log$/.test(name))).toBe(true);
    expect(archives.some((name) => readFileSync(join(dir, name), 'utf8').includes('the console started'))).toBe(true);
    expect(readFileSync(appLog.file, 'utf8')).not.toContain('the console started');
  });
});
