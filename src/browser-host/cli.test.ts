import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_HOST_PAGE_SECRET_HEADER, BROWSER_HOST_PAGE_SECRET_META } from '../shared/bridge';
import { startApiPeer, type ApiPeer } from '../main/core/testing/api-peer';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
const tsx = join(projectRoot, 'node_modules', '.bin', 'tsx');
const cli = join(projectRoot, 'src', 'browser-host', 'cli.ts');

let dir: string;
let peer: ApiPeer;

beforeAll(async () => {
  dir = mkdtempSync(join(os.tmpdir(), 'console-cli-'));
  mkdirSync(join(dir, 'renderer'));
  writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html><title>Console</title>');
  peer = await startApiPeer([]);
});
afterAll(async () => {
  await peer.close();
  rmSync(dir, { recursive: true, force: true });
});

function startCli(args: string[], env: Record<string, string> = {}) {
  const child = spawn(tsx, [cli, ...args], {
    cwd: projectRoot,
    env: { ...process.env, CONSOLE_HOME: join(dir, 'home'), CONSOLE_MANAGED_CONFIG: join(dir, 'no-managed.json'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const firstLine = () =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        if (stdout.includes('\n')) resolve(stdout.split('\n')[0] ?? '');
      };
      child.stdout.on('data', check);
      check();
      void exited.then((code) => reject(new Error(`the CLI exited with ${code} before printing: ${stderr}`)));
    });
  return { child, exited, firstLine, output: () => ({ stdout, stderr }) };
}

describe('browser host CLI', () => {
  it('prints one line with the address and key, serves the bridge, and stops on SIGTERM', async () => {
    const run = startCli(['--renderer', join(dir, 'renderer'), '--vault', 'memory'], { CONSOLE_SERVER_URL: peer.url });
    const url = await run.firstLine();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?key=[A-Za-z0-9_-]{43}$/);

    const opened = await fetch(url, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    const cookie = (opened.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const origin = new URL(url).origin;
    const page = await (await fetch(`${origin}/`, { headers: { cookie } })).text();
    const pageSecret = new RegExp(`<meta name="${BROWSER_HOST_PAGE_SECRET_META}" content="([^"]+)">`).exec(page)?.[1] ?? '';
    const settings = await fetch(`${origin}/__bridge/settings.get`, {
      method: 'POST',
      headers: { cookie, origin, 'content-type': 'application/json', [BROWSER_HOST_PAGE_SECRET_HEADER]: pageSecret },
      body: JSON.stringify({ args: [] }),
    });
    expect(await settings.json()).toMatchObject({ ok: true, data: { serverUrl: peer.url, serverUrlManaged: true } });

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.output().stdout).toBe(`${url}\n`);
    await expect(fetch(url)).rejects.toThrow();
  }, 60_000);

  it('names a bad option', async () => {
    const run = startCli(['--port', 'eighty']);
    expect(await run.exited).toBe(1);
    expect(run.output().stderr).toContain('--port must be a whole number from 0 to 65535, not "eighty"');
    expect(run.output().stdout).toBe('');
  }, 60_000);

  it('refuses --demo when the console uses another server than its embedded one', async () => {
    const run = startCli(['--renderer', join(dir, 'renderer'), '--vault', 'memory', '--demo'], { CONSOLE_SERVER_URL: peer.url });
    expect(await run.exited).toBe(1);
    expect(run.output().stderr).toContain(`--demo fills the embedded server, but this console uses the server at ${peer.url}`);
    expect(run.output().stdout).toBe('');
  }, 60_000);

  it('says when the renderer is not built', async () => {
    const run = startCli(['--renderer', join(dir, 'absent'), '--vault', 'memory'], { CONSOLE_SERVER_URL: peer.url });
    expect(await run.exited).toBe(1);
    expect(run.output().stderr).toContain(`The renderer is not built: ${join(dir, 'absent', 'index.html')} is missing`);
  }, 60_000);
});
