/**
 * `npm run bench`: every bench of the product in one run, each printing its figures beside their goals and the
 * ratios side by side. No timing is asserted anywhere. `npm run bench -- <section> [...]` runs the sections named:
 *   speed      the authenticated call and lists at scale, against a bare route and the same SQL run straight
 *   logs       log exports (memory and time against exceljs alone) and deep pages of both logs:
 *              interface-log and operation-log, each of which runs alone too
 *   processes  the navigation with two server processes on one PostgreSQL beside one
 *   startup    embedded server start, existing and new data folder
 *   browser    the sign-in bundle and sign-in to Home in Debian's Chromium
 *   shell      tab switch, return to a kept list, first open, language switch and sign-in as a user feels them
 * Each server under test runs in a child process of its own, so the load generator in this process does not
 * share its event loop: the product's server as `npm run server` runs it (its bundle, with that script's node
 * flags), the bare route from `serve.ts`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { API_PREFIX, Header } from '../src/shared/constants';
import { DEFAULT_ADMIN_PASSWORD, DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, DEFAULT_TRANSPORT_SECRET } from '../src/shared/defaults';
import { encryptTransport } from '../src/shared/transport-crypto';
import { ROOT, serverArgs } from '../scripts/server-command';
import { BENCH_ADMIN_PASSWORD, BENCH_BRANCH } from './targets';

/** The standalone server and the browser host as `npm run server` and `npm run start:browser` run them: their bundles, built once per bench run. */
function buildBundles(): void {
  for (const script of ['build:server', 'build:browser-host']) {
    const built = spawnSync('npm', ['run', '--silent', script], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    if (built.status !== 0) throw new Error(`building a bundle (npm run ${script}) failed`);
  }
}

/** Starts the bundled server, with `npm run server`'s node flags, on a free port of 127.0.0.1; resolves once it says it is ready. */
function startServer(dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, serverArgs(['--host', '127.0.0.1', '--port', '0', '--data', dataDir]), { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const ready = /ready at (http:\/\/\S+)\/api /.exec(line);
      if (ready) resolve({ url: ready[1]!, child });
    });
    child.once('exit', (code) => reject(new Error(`the bench's server exited with ${code}`)));
  });
}

function startChild(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'serve.ts'), ...args], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (url) => resolve({ url, child }));
    child.once('exit', (code) => reject(new Error(`bench server ${args[0]} exited with ${code}`)));
  });
}

async function json(url: string, init: RequestInit): Promise<{ code: string; msg: string; data: unknown }> {
  const response = await fetch(url, init);
  return (await response.json()) as { code: string; msg: string; data: unknown };
}

export interface BenchSession {
  token: string;
  roleId: number;
  systemMenuId: number;
  /** An organisation with a few below it, for the user list's organisation filter. */
  branchDeptId: number;
}

/**
 * Signs the administrator in; `firstChange` on a database's first sign-in only: repeated on a changed password it
 * is a failed attempt, and the next sign-in then needs a captcha.
 */
async function signIn(base: string, firstChange = true): Promise<BenchSession> {
  const newPassword = BENCH_ADMIN_PASSWORD;
  if (firstChange) {
    await json(`${base}${API_PREFIX}/auth/password/first-change`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'admin',
        password: await encryptTransport(DEFAULT_ADMIN_PASSWORD, DEFAULT_TRANSPORT_SECRET),
        newPassword: await encryptTransport(newPassword, DEFAULT_TRANSPORT_SECRET),
      }),
    });
  }
  const form = new URLSearchParams({
    grant_type: 'password',
    client_id: DEFAULT_CLIENT_ID,
    client_secret: DEFAULT_CLIENT_SECRET,
    username: 'admin',
    password: await encryptTransport(newPassword, DEFAULT_TRANSPORT_SECRET),
  });
  const token = await json(`${base}${API_PREFIX}/auth/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
  if (token.code !== '00000') throw new Error(`sign-in failed: ${token.code} ${token.msg}`);
  const accessToken = (token.data as { accessToken: string }).accessToken;
  const systems = await json(`${base}${API_PREFIX}/sys/role/systems`, { method: 'POST', headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' }, body: '{}' });
  const backoffice = (systems.data as Array<{ systemId: string; menuId: number; roleList: Array<{ roleId: number }> }>).find((s) => s.systemId === 'backoffice')!;
  const roleId = backoffice.roleList[0]!.roleId;
  const depts = await json(`${base}${API_PREFIX}/sys/dept/list`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', [Header.Role]: String(roleId) },
    body: JSON.stringify({ name: BENCH_BRANCH }),
  });
  const branch = (depts.data as Array<{ deptId: number }> | null)?.[0];
  if (!branch) throw new Error(`organisation list failed: ${depts.code} ${depts.msg}`);
  return { token: accessToken, roleId, systemMenuId: backoffice.menuId, branchDeptId: branch.deptId };
}

const SECTIONS: Record<string, () => Promise<void>> = {
  speed: async () => (await import('./speed')).runSpeedBench({ startServer, startBare: () => startChild(['bare']), signIn }),
  logs: async () => {
    await SECTIONS['interface-log']!();
    await SECTIONS['operation-log']!();
  },
  'interface-log': async () => (await import('./export')).runExportBench({ startServer, signIn }),
  'operation-log': async () => (await import('./logs')).runOperationLogBench({ startServer, signIn }),
  processes: async () => (await import('./processes')).runProcessesBench({ startServer, signIn }),
  startup: async () => (await import('./startup')).runStartupBench(),
  browser: async () => (await import('./browser')).runBrowserBench(),
  shell: async () => (await import('./shell')).runShellBench(),
};

async function main(): Promise<void> {
  const named = process.argv.slice(2);
  const unknown = named.filter((name) => !Object.hasOwn(SECTIONS, name));
  if (unknown.length > 0) throw new Error(`no bench section named ${unknown.join(', ')}; the sections are ${Object.keys(SECTIONS).join(', ')}`);
  buildBundles();
  // `logs` runs both logs' sections: all sections at once run it, not them again.
  const all = Object.keys(SECTIONS).filter((name) => name !== 'interface-log' && name !== 'operation-log');
  for (const name of named.length > 0 ? named : all) await SECTIONS[name]!();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
