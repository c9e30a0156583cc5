/**
 * Issue 16, "the authenticated call" and "lists at scale", measured side by side in one run on both
 * databases, each server in its own child process and started one after the other on the same seeded data:
 *   - navigation and one user's info at BENCH_CONNECTIONS (50) against a bare Fastify route (goal ≥ 0.5,
 *     p95 ≤ 50 ms), with interface monitoring on and off (goal: on ÷ off ≥ 0.9);
 *   - the user list with filters over 100,000 users at BENCH_LIST_CONNECTIONS (10) against the same SQL run
 *     straight on the same database (`direct-sql.ts`; goal ≥ 0.3, p95 ≤ 50 ms).
 * PGlite is measured twice: on the server's own thread and in a worker thread (CONSOLE_PGLITE_THREAD=worker),
 * where its WebAssembly runs on another core than the HTTP work.
 * Printed, never asserted.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { API_PREFIX, Header, UserStatus } from '../src/shared/constants';
import { BENCH_USER_FILTER } from './targets';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const LIST_CONNECTIONS = Number(process.env.BENCH_LIST_CONNECTIONS ?? 10);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_S = Number(process.env.BENCH_WARM_UP_SECONDS ?? 2);

interface Session {
  token: string;
  roleId: number;
  systemMenuId: number;
  branchDeptId: number;
}

export interface SpeedBenchDeps {
  startServer(dataDir: string, env?: NodeJS.ProcessEnv): Promise<{ url: string; child: ChildProcess }>;
  startBare(): Promise<{ url: string; child: ChildProcess }>;
  /** `firstChange`: the forced first password change, made on a database's first sign-in only. */
  signIn(base: string, firstChange?: boolean): Promise<Session>;
}

interface Measured {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  problems: string;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(name: string, options: autocannon.Options, connections: number, duration = DURATION_S): Promise<Measured> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance: autocannon.Instance = autocannon({ connections, duration, ...options }, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
      latencies.push(responseTime);
    });
  });
  latencies.sort((a, b) => a - b);
  // autocannon counts HTTP statuses; the envelope's code is probed once more, so a run of fast failures cannot pass for a result.
  const probe = await fetch(options.url, { method: options.method, headers: options.headers as Record<string, string>, body: options.body as string });
  const { code } = (await probe.json()) as { code: string };
  const problems = [result.errors > 0 && `${result.errors} errors`, result.non2xx > 0 && `${result.non2xx} non-2xx`, code !== '00000' && `envelope ${code}`].filter(Boolean).join(', ');
  return { name, requestsPerSecond: result.requests.average, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), problems };
}

function headers(session: Session): Record<string, string> {
  return { 'content-type': 'application/json', [Header.Authorization]: `Bearer ${session.token}`, [Header.Language]: 'zh_CN', [Header.Role]: String(session.roleId) };
}

function navOptions(base: string, session: Session): autocannon.Options {
  return { url: `${base}${API_PREFIX}/sys/menu/nav`, method: 'POST', headers: headers(session), body: JSON.stringify({ roleId: session.roleId, menuId: session.systemMenuId }) };
}

/** A one-row detail: a seeded user's info, as the user form reads it. */
function infoOptions(base: string, session: Session): autocannon.Options {
  return { url: `${base}${API_PREFIX}/sys/user/info/2`, method: 'POST', headers: headers(session), body: '{}' };
}

function userListOptions(base: string, session: Session): autocannon.Options {
  return {
    url: `${base}${API_PREFIX}/sys/user/listFilterDeptId`,
    method: 'POST',
    headers: headers(session),
    body: JSON.stringify({ ...BENCH_USER_FILTER, status: UserStatus.Enabled, deptId: session.branchDeptId, roleId: session.roleId }),
  };
}

function seedUsers(dataDir: string, databaseUrl?: string): void {
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'seed-users.ts'), dataDir], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...(databaseUrl && { DATABASE_URL: databaseUrl }) },
  });
  if (seeded.status !== 0) throw new Error(`seeding the bench users failed (${databaseUrl ? 'PostgreSQL' : 'PGlite'})`);
}

/** A throwaway PostgreSQL server on loopback (the project's own script), when PostgreSQL is installed. */
function startPostgres(dir: string): string | null {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const started = spawnSync('bash', [path.join(import.meta.dirname, '..', 'scripts', 'pg-test.sh'), 'start', dir, String(port)], { encoding: 'utf8' });
  return started.status === 0 ? started.stdout.trim() : null;
}

/** The user list's SQL straight on the database, in a child process of its own like the servers. */
function directSql(dataDir: string, databaseUrl?: string): Promise<Measured> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'direct-sql.ts'), databaseUrl ? '-' : dataDir, String(LIST_CONNECTIONS), String(DURATION_S)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`direct-sql.ts exited with ${code}`));
      const result = JSON.parse(out.trim().split('\n').pop()!) as Omit<Measured, 'name' | 'problems'>;
      resolve({ name: `  same SQL straight on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`, problems: '', ...result });
    });
  });
}

async function stop(child: ChildProcess): Promise<void> {
  // A child ended by the signal has no exit code: waiting for its exit again would never end, and with nothing
  // else pending Node would quietly end the whole bench (the later sections unrun, PostgreSQL left running).
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  await exited;
}

interface DatabaseFigures {
  label: string;
  nav: Measured;
  info: Measured;
  navOff: Measured;
  infoOff: Measured;
  list: Measured;
  listDirect: Measured;
}

interface DatabaseRun {
  databaseUrl?: string;
  /** The servers' own settings (CONSOLE_PGLITE_THREAD). */
  serverEnv?: NodeJS.ProcessEnv;
  /** The same SQL straight on the same data, when measured already. */
  measuredDirect?: Measured;
  /** Whether a server signed in on this data before: the first sign-in changes the initial password. */
  signedInBefore?: boolean;
}

/**
 * Every target on one database: the server with monitoring on, then off, then the SQL straight on the database
 * (unless `listDirect` was measured already on the same data).
 */
async function measureDatabase(deps: SpeedBenchDeps, label: string, dataDir: string, run: DatabaseRun = {}): Promise<DatabaseFigures> {
  const { databaseUrl, serverEnv = {}, measuredDirect, signedInBefore = false } = run;
  const env = { ...serverEnv, ...(databaseUrl && { DATABASE_URL: databaseUrl }) };
  const on = await deps.startServer(dataDir, { ...env, CONSOLE_INTERFACE_MONITORING: 'on' });
  let nav: Measured, info: Measured, list: Measured;
  try {
    const session = await deps.signIn(on.url, !signedInBefore);
    await measure('warm-up', navOptions(on.url, session), CONNECTIONS, WARM_UP_S);
    await measure('warm-up', infoOptions(on.url, session), CONNECTIONS, WARM_UP_S);
    await measure('warm-up', userListOptions(on.url, session), LIST_CONNECTIONS, WARM_UP_S);
    nav = await measure(`navigation, ${label}`, navOptions(on.url, session), CONNECTIONS);
    info = await measure(`one user's info, ${label}`, infoOptions(on.url, session), CONNECTIONS);
    list = await measure(`user list + filters, 100k, ${label}`, userListOptions(on.url, session), LIST_CONNECTIONS);
  } finally {
    await stop(on.child);
  }
  const off = await deps.startServer(dataDir, { ...env, CONSOLE_INTERFACE_MONITORING: 'off' });
  let navOff: Measured, infoOff: Measured;
  try {
    const session = await deps.signIn(off.url, false);
    await measure('warm-up', navOptions(off.url, session), CONNECTIONS, WARM_UP_S);
    navOff = await measure(`  navigation, monitoring off`, navOptions(off.url, session), CONNECTIONS);
    infoOff = await measure(`  one user's info, monitoring off`, infoOptions(off.url, session), CONNECTIONS);
  } finally {
    await stop(off.child);
  }
  const listDirect = measuredDirect ?? (await directSql(dataDir, databaseUrl));
  return { label, nav, info, navOff, infoOff, list, listDirect };
}

function row(m: Measured, ratio?: string): string {
  const figures = `${m.requestsPerSecond.toFixed(0).padStart(8)} ${m.p50.toFixed(1).padStart(8)} ${m.p95.toFixed(1).padStart(8)} ${m.p99.toFixed(1).padStart(8)}`;
  return `${m.name.padEnd(44)} ${figures} ${(ratio ?? '').padStart(8)}${m.problems ? `   ${m.problems}` : ''}`;
}

const ratioOf = (a: Measured, b: Measured) => a.requestsPerSecond / b.requestsPerSecond;

function goal(label: string, value: number, target: number, better: 'higher' | 'lower'): string {
  const met = better === 'higher' ? value >= target : value <= target;
  return `${label}: ${value.toFixed(2)} (goal ${better === 'higher' ? '≥' : '≤'} ${target}) ${met ? 'met' : 'NOT met'}`;
}

export async function runSpeedBench(deps: SpeedBenchDeps): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'console-bench-speed-'));
  const pgDir = mkdtempSync(path.join(os.tmpdir(), 'console-bench-speed-pg-'));
  chmodSync(pgDir, 0o755);
  let bare: { url: string; child: ChildProcess } | null = null;
  try {
    seedUsers(dataDir);
    const pgUrl = startPostgres(pgDir);
    if (pgUrl) seedUsers(dataDir, pgUrl);
    bare = await deps.startBare();
    const bareOptions: autocannon.Options = { url: `${bare.url}/bare`, method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' };
    await measure('warm-up', bareOptions, CONNECTIONS, WARM_UP_S);
    const bareResult = await measure('bare Fastify route', bareOptions, CONNECTIONS);
    await stop(bare.child);
    // The thread is named for both runs, so a CONSOLE_PGLITE_THREAD in the bench's own environment changes neither.
    const onServerThread = await measureDatabase(deps, 'PGlite', dataDir, { serverEnv: { CONSOLE_PGLITE_THREAD: 'main' } });
    const inWorker = await measureDatabase(deps, 'PGlite worker thread', dataDir, { serverEnv: { CONSOLE_PGLITE_THREAD: 'worker' }, measuredDirect: onServerThread.listDirect, signedInBefore: true });
    const figures = [onServerThread, inWorker];
    if (pgUrl) figures.push(await measureDatabase(deps, 'PostgreSQL', dataDir, { databaseUrl: pgUrl }));

    console.log(
      `\nThe authenticated call and lists at scale: ${CONNECTIONS} connections (lists ${LIST_CONNECTIONS}), ${DURATION_S} s each, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}`,
    );
    console.log(`${'target'.padEnd(44)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'ratio'.padStart(8)}`);
    console.log(row(bareResult));
    for (const f of figures) {
      console.log(row(f.nav, `${ratioOf(f.nav, bareResult).toFixed(2)}`));
      console.log(row(f.navOff, `${ratioOf(f.navOff, bareResult).toFixed(2)}`));
      console.log(row(f.info, `${ratioOf(f.info, bareResult).toFixed(2)}`));
      console.log(row(f.infoOff, `${ratioOf(f.infoOff, bareResult).toFixed(2)}`));
      console.log(row(f.list, `${ratioOf(f.list, f.listDirect).toFixed(2)}`));
      console.log(row(f.listDirect));
    }
    for (const f of figures) {
      console.log(goal(`navigation ÷ bare, ${f.label}`, ratioOf(f.nav, bareResult), 0.5, 'higher'));
      console.log(goal(`navigation p95 ms, ${f.label}`, f.nav.p95, 50, 'lower'));
      console.log(goal(`user info ÷ bare, ${f.label}`, ratioOf(f.info, bareResult), 0.5, 'higher'));
      console.log(goal(`user info p95 ms, ${f.label}`, f.info.p95, 50, 'lower'));
      console.log(goal(`monitoring on ÷ off (navigation), ${f.label}`, ratioOf(f.nav, f.navOff), 0.9, 'higher'));
      console.log(goal(`monitoring on ÷ off (user info), ${f.label}`, ratioOf(f.info, f.infoOff), 0.9, 'higher'));
      console.log(goal(`user list ÷ same SQL straight, ${f.label}`, ratioOf(f.list, f.listDirect), 0.3, 'higher'));
      console.log(goal(`user list p95 ms, ${f.label}`, f.list.p95, 50, 'lower'));
    }
    console.log(
      `PGlite worker thread ÷ server thread: navigation ${ratioOf(inWorker.nav, onServerThread.nav).toFixed(2)} (monitoring off ${ratioOf(inWorker.navOff, onServerThread.navOff).toFixed(2)}), user info ${ratioOf(inWorker.info, onServerThread.info).toFixed(2)}, user list ${ratioOf(inWorker.list, onServerThread.list).toFixed(2)}`,
    );
    if (!pgUrl) console.log('PostgreSQL is not installed: the standalone deployment was not measured');
  } finally {
    if (bare) await stop(bare.child);
    spawnSync('bash', [path.join(import.meta.dirname, '..', 'scripts', 'pg-test.sh'), 'stop', pgDir]);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(pgDir, { recursive: true, force: true });
  }
}
