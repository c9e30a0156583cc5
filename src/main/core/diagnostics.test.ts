import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { diagnosticsText, RecentErrors, redactSecrets, rotateLogFiles, type DiagnosticsFacts } from './diagnostics';

const clientSecret = 'backoffice-console-desktop-9f8e7d';
const transportSecret = 'transport-key-0123456789abcdef';
const accessToken = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MSJ9.c2lnbmF0dXJl';

const facts = (recentErrors: string[]): DiagnosticsFacts => ({
  appName: 'Back-office Console',
  appVersion: '1.0.1',
  runtime: { electron: '45.4.1', chrome: '142.0.0.0', node: '22.20.0' },
  os: 'Windows_NT 10.0.26100 (x64)',
  serverUrl: 'https://ops:hunter22@console.example.com/base?key=abc#frag',
  serverVersion: { ok: true, version: '1.0.1' },
  settingsSources: ['HKLM\\SOFTWARE\\Policies\\BackofficeConsole'],
  credentialStore: 'keychain',
  logFile: 'C:\\Users\\dora\\AppData\\Roaming\\Back-office Console\\logs\\main.log',
  recentErrors,
});

describe('copy diagnostics', () => {
  it('names versions, OS, server, settings source and the last errors', () => {
    const text = diagnosticsText(facts(['2026-12-02T05:00:00.000Z error the embedded server did not start']), [], new Date('2026-12-02T05:01:00Z'));
    expect(text.split('\n')).toEqual([
      'Back-office Console 1.0.1',
      'Generated: 2026-12-02T05:01:00.000Z',
      'Runtime: Electron 45.4.1, Chromium 142.0.0.0, Node.js 22.20.0',
      'OS: Windows_NT 10.0.26100 (x64)',
      'Server: https://console.example.com/base',
      'Server version: 1.0.1',
      'Settings source: HKLM\\SOFTWARE\\Policies\\BackofficeConsole',
      'Refresh tokens: OS keychain',
      'Log file: C:\\Users\\dora\\AppData\\Roaming\\Back-office Console\\logs\\main.log',
      'Last errors (1):',
      '  2026-12-02T05:00:00.000Z error the embedded server did not start',
    ]);
  });

  it('lets no secret in, whether known by value or shaped like one, in errors or in the server URL', () => {
    const recent = new RecentErrors(() => [clientSecret, transportSecret, accessToken]);
    recent.add('error', `sign-in failed for client secret ${clientSecret} with key ${transportSecret}`);
    recent.add('warn', `GET /api/user/list Authorization: Bearer ${accessToken}`);
    recent.add('error', 'body {"password":"Dora_1234","refresh_token":"r-123456","apiKey":"k-998877"}');
    recent.add('error', 'proxy http://alice:s3cret-pw@proxy.local:3128 refused');
    const text = diagnosticsText(facts(recent.list()), [clientSecret, transportSecret, accessToken]);
    for (const secret of [clientSecret, transportSecret, accessToken, 'Dora_1234', 'r-123456', 'k-998877', 's3cret-pw', 'hunter22', 'key=abc']) {
      expect(text, secret).not.toContain(secret);
    }
    expect(text).toContain('[redacted]');
    expect(text).toContain('proxy http://[redacted]@proxy.local:3128 refused');
  });

  it('keeps only the last errors', () => {
    const recent = new RecentErrors(() => [], 3);
    for (const n of [1, 2, 3, 4, 5]) recent.add('error', `failure ${n}`, new Date('2026-12-02T05:00:00Z'));
    expect(recent.list().map((line) => line.split(' ').slice(2).join(' '))).toEqual(['failure 3', 'failure 4', 'failure 5']);
  });

  it('redacts a known secret wherever it stands', () => {
    expect(redactSecrets(`x${clientSecret}y`, [clientSecret])).toBe('x[redacted]y');
  });
});

describe('log rotation', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('moves the log to .1, each archive one up, and drops the oldest', () => {
    dir = mkdtempSync(join(tmpdir(), 'console-log-'));
    const file = join(dir, 'main.log');
    for (const generation of ['first', 'second', 'third', 'fourth']) {
      writeFileSync(file, generation);
      rotateLogFiles(file, 3);
    }
    expect(existsSync(file)).toBe(false);
    expect(['main.1.log', 'main.2.log', 'main.3.log'].map((name) => readFileSync(join(dir, name), 'utf8'))).toEqual(['fourth', 'third', 'second']);
    expect(existsSync(join(dir, 'main.4.log'))).toBe(false);
  });
});
