/**
 * The browser host as `npm run start:browser` runs it (its bundle, that script's node flags), with its embedded
 * server on PGlite in a given data folder, driven through the host's bridge as the console page drives it: the
 * cookie of the printed address, the page secret, `POST /__bridge/<method>` calls and the event stream
 * (src/browser-host/bridge-routes.ts). Exports are saved to a downloads folder of its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { unwrap } from '../src/renderer/bridge/bridge-error';
import { createHttpBridge } from '../src/renderer/bridge/http-transport';
import { BROWSER_HOST_PAGE_SECRET_META, type ConsoleBridge } from '../src/shared/bridge';
import { DEFAULT_ADMIN_PASSWORD } from '../src/shared/defaults';
import { browserHostArgs } from '../scripts/server-command';
import { BENCH_ADMIN_PASSWORD } from './targets';

export interface BrowserHostSession {
  bridge: ConsoleBridge;
  /** The role the session works in. */
  roleId: number;
  child: ChildProcess;
  /** Stops the host and removes its folders (its downloads among them). */
  close(): Promise<void>;
}

function startHost(dataDir: string, work: string): Promise<{ url: string; child: ChildProcess }> {
  // The console page is not what is measured: a page of its own carries the secret the host writes into every page.
  const rendererDir = path.join(work, 'renderer');
  mkdirSync(rendererDir);
  writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Console</title>');
  const args = ['--port', '0', '--vault', 'memory', '--data', dataDir, '--renderer', rendererDir, '--downloads', path.join(work, 'downloads')];
  const env: NodeJS.ProcessEnv = { ...process.env, CONSOLE_HOME: path.join(work, 'home'), CONSOLE_MANAGED_CONFIG: path.join(work, 'no-managed-config.json') };
  // The embedded server: no server URL from the bench's own environment.
  delete env.CONSOLE_SERVER_URL;
  const child = spawn(process.execPath, browserHostArgs(args), { stdio: ['ignore', 'pipe', 'inherit'], env });
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (url) => resolve({ url, child }));
    child.once('exit', (code) => reject(new Error(`the browser host exited with ${code}`)));
  });
}

/** An EventSource over fetch (Node 20 has none): each `data:` line of the stream is one message. */
function eventStream(url: string, cookie: string) {
  const aborted = new AbortController();
  const source = {
    onmessage: null as ((message: MessageEvent<string>) => void) | null,
    close: () => aborted.abort(),
  };
  void (async () => {
    const response = await fetch(url, { headers: { cookie }, signal: aborted.signal });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let pending = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      pending += chunk.value;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line.startsWith('data: ')) source.onmessage?.(new MessageEvent('message', { data: line.slice('data: '.length) }));
    }
  })().catch((error: unknown) => {
    if (!aborted.signal.aborted) console.error(`the browser host's event stream failed: ${(error as Error).message}`);
  });
  return source;
}

/**
 * Starts the host on `dataDir` and signs the administrator in with the bench's password (`firstChange`: the
 * database's first sign-in, which changes the initial password first), in the back-office system's first role.
 */
export async function openBrowserHost(dataDir: string, firstChange: boolean): Promise<BrowserHostSession> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'console-bench-host-'));
  const close = async (child: ChildProcess | null) => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(work, { recursive: true, force: true });
  };
  let host: { url: string; child: ChildProcess } | null = null;
  try {
    host = await startHost(dataDir, work);
    const { origin } = new URL(host.url);
    const opened = await fetch(host.url, { redirect: 'manual' });
    const cookie = (opened.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const page = await (await fetch(`${origin}/`, { headers: { cookie } })).text();
    const pageSecret = new RegExp(`<meta name="${BROWSER_HOST_PAGE_SECRET_META}" content="([^"]+)">`).exec(page)?.[1];
    if (!pageSecret) throw new Error(`the browser host's page carries no secret (opening ${origin} answered ${opened.status})`);
    const bridge = createHttpBridge({
      fetch: (input, init) => fetch(`${origin}${String(input)}`, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie, origin } }),
      openEvents: (url) => eventStream(`${origin}${url}`, cookie),
      pageSecret,
    });
    if (firstChange) await unwrap(bridge.auth.firstChangePassword({ username: 'admin', password: DEFAULT_ADMIN_PASSWORD, newPassword: BENCH_ADMIN_PASSWORD }));
    await unwrap(bridge.auth.signIn({ username: 'admin', password: BENCH_ADMIN_PASSWORD }));
    const systems = await unwrap(bridge.api.call('session.roleSystems', {}));
    const backoffice = systems.find((system) => system.systemId === 'backoffice');
    const roleId = backoffice?.roleList[0]?.roleId;
    if (!backoffice || roleId === undefined) throw new Error('the administrator holds no role in the back-office system');
    await unwrap(bridge.session.choose({ roleId, systemMenuId: backoffice.menuId }));
    const child = host.child;
    return { bridge, roleId, child, close: () => close(child) };
  } catch (error) {
    await close(host?.child ?? null);
    throw error;
  }
}
