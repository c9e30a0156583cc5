/**
 * `npm run bench`: the product's server against a bare Fastify route on the same machine, in one run.
 * Each target runs in its own child process; autocannon drives it from this process. Printed side by
 * side: req/s, p95 latency and the ratio of req/s. No timing is asserted anywhere.
 * Targets: the navigation (a cached tree) and the user list with filters over 100,000 users (seeded by
 * `seed-users.ts` before each server starts).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { API_PREFIX, Header } from '../src/shared/constants';
import { DEFAULT_ADMIN_PASSWORD, DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, DEFAULT_TRANSPORT_SECRET } from '../src/shared/defaults';
import { encryptTransport } from '../src/shared/transport-crypto';
import { runExportBench } from './export';
import { runOperationLogBench } from './logs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);

interface Measured {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  failedEnvelopes: number;
}

/** Seeds the users into the PGlite directory, or into DATABASE_URL when given. */
function seedUsers(dataDir: string, databaseUrl?: string): void {
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'seed-users.ts'), dataDir], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...(databaseUrl && { DATABASE_URL: databaseUrl }) },
  });
  if (seeded.status !== 0) throw new Error(`seeding the bench users failed (${databaseUrl ? 'PostgreSQL' : 'PGlite'})`);
}

function startChild(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'serve.ts'), ...args], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (url) => resolve({ url, child }));
    child.once('exit', (code) => reject(new Error(`bench server ${args[0]} exited with ${code}`)));
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(name: string, options: autocannon.Options): Promise<Measured> {
  const latencies: number[] = [];
  let failedEnvelopes = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance: autocannon.Instance = autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...options }, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
      latencies.push(responseTime);
    });
  });
  latencies.sort((a, b) => a - b);
  // autocannon counts HTTP statuses; the envelope's code is probed once more, so a run of fast failures cannot pass for a result.
  const probe = await fetch(options.url, { method: options.method, headers: options.headers as Record<string, string>, body: options.body as string });
  const body = (await probe.json()) as { code: string };
  if (body.code !== '00000') failedEnvelopes++;
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.errors,
    non2xx: result.non2xx,
    failedEnvelopes,
  };
}

async function json(url: string, init: RequestInit): Promise<{ code: string; msg: string; data: unknown }> {
  const response = await fetch(url, init);
  return (await response.json()) as { code: string; msg: string; data: unknown };
}

interface BenchSession {
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
  const newPassword = 'Bench_2026pw';
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
    body: JSON.stringify({ name: '华东分公司' }),
  });
  const branch = (depts.data as Array<{ deptId: number }> | null)?.[0];
  if (!branch) throw new Error(`organisation list failed: ${depts.code} ${depts.msg}`);
  return { token: accessToken, roleId, systemMenuId: backoffice.menuId, branchDeptId: branch.deptId };
}

function row(m: Measured): string {
  return `${m.name.padEnd(40)} ${m.requestsPerSecond.toFixed(0).padStart(8)} ${m.p50.toFixed(1).padStart(8)} ${m.p95.toFixed(1).padStart(8)} ${m.p99.toFixed(1).padStart(8)}   errors ${m.errors}, non-2xx ${m.non2xx}, failed envelopes ${m.failedEnvelopes}`;
}

function navOptions(base: string, session: BenchSession): autocannon.Options {
  return {
    url: `${base}${API_PREFIX}/sys/menu/nav`,
    method: 'POST',
    headers: { 'content-type': 'application/json', [Header.Authorization]: `Bearer ${session.token}`, [Header.Language]: 'zh_CN', [Header.Role]: String(session.roleId) },
    body: JSON.stringify({ roleId: session.roleId, menuId: session.systemMenuId }),
  };
}

/** The user list as the screen asks for it with its filters: a surname, enabled users, one branch and everything below it. */
function userListOptions(base: string, session: BenchSession): autocannon.Options {
  return {
    url: `${base}${API_PREFIX}/sys/user/listFilterDeptId`,
    method: 'POST',
    headers: { 'content-type': 'application/json', [Header.Authorization]: `Bearer ${session.token}`, [Header.Language]: 'zh_CN', [Header.Role]: String(session.roleId) },
    body: JSON.stringify({ page: 1, limit: 10, name: '王', status: 1, deptId: session.branchDeptId, roleId: session.roleId }),
  };
}

/** A throwaway PostgreSQL server on loopback (the project's own script), when PostgreSQL is installed. */
function startPostgres(dir: string): string | null {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const started = spawnSync('bash', [path.join(import.meta.dirname, '..', 'scripts', 'pg-test.sh'), 'start', dir, String(port)], { encoding: 'utf8' });
  return started.status === 0 ? started.stdout.trim() : null;
}

async function main(): Promise<void> {
  // `npm run bench -- logs` runs the two log benches (exports, deep pages, the chain) alone.
  // `npm run bench -- speed` runs the authenticated-call and list-at-scale bench alone.
  if (process.argv[2] === 'speed') {
    await (await import('./speed')).runSpeedBench({ startServer: (dir, env) => startChild(['console', dir], env), startBare: () => startChild(['bare']), signIn });
    process.exit(0);
  }
  if (process.argv[2] === 'logs') {
    await runExportBench({ startServer: (dir, env) => startChild(['console', dir], env), signIn });
    await runOperationLogBench({ startServer: (dir, env) => startChild(['console', dir], env), signIn });
    process.exit(0);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'console-bench-'));
  const pgDir = mkdtempSync(path.join(os.tmpdir(), 'console-bench-pg-'));
  chmodSync(pgDir, 0o755);
  const children: ChildProcess[] = [];
  try {
    seedUsers(dataDir);
    const bare = await startChild(['bare']);
    children.push(bare.child);
    const consoleServer = await startChild(['console', dataDir]);
    children.push(consoleServer.child);
    const session = await signIn(consoleServer.url);
    const pgUrl = startPostgres(pgDir);
    if (pgUrl) seedUsers(dataDir, pgUrl);
    const pgServer = pgUrl ? await startChild(['console', dataDir], { DATABASE_URL: pgUrl }) : null;
    if (pgServer) children.push(pgServer.child);
    const pgSession = pgServer ? await signIn(pgServer.url) : null;

    const bareOptions: autocannon.Options = { url: `${bare.url}/bare`, method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' };

    // Warm both up (JIT, caches) before measuring.
    await measure('warm-up bare', { ...bareOptions, duration: 2 });
    await measure('warm-up nav', { ...navOptions(consoleServer.url, session), duration: 2 });
    await measure('warm-up users', { ...userListOptions(consoleServer.url, session), duration: 2 });
    if (pgServer && pgSession) {
      await measure('warm-up nav pg', { ...navOptions(pgServer.url, pgSession), duration: 2 });
      await measure('warm-up users pg', { ...userListOptions(pgServer.url, pgSession), duration: 2 });
    }

    const bareResult = await measure('bare Fastify route', bareOptions);
    const navResult = await measure('POST /api/sys/menu/nav, PGlite', navOptions(consoleServer.url, session));
    const pgResult = pgServer && pgSession ? await measure('POST /api/sys/menu/nav, PostgreSQL', navOptions(pgServer.url, pgSession)) : null;
    const usersResult = await measure('user list + filters, 100k, PGlite', userListOptions(consoleServer.url, session));
    const pgUsersResult = pgServer && pgSession ? await measure('user list + filters, 100k, PostgreSQL', userListOptions(pgServer.url, pgSession)) : null;

    console.log(`\nBenchmark: ${CONNECTIONS} connections, ${DURATION_S} s each, ${os.cpus().length} cores, Node ${process.version}`);
    console.log(`${'target'.padEnd(40)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`);
    console.log(row(bareResult));
    console.log(row(navResult));
    if (pgResult) console.log(row(pgResult));
    console.log(row(usersResult));
    if (pgUsersResult) console.log(row(pgUsersResult));
    console.log(`ratio nav/bare req/s, PGlite (embedded): ${(navResult.requestsPerSecond / bareResult.requestsPerSecond).toFixed(2)} (goal 0.50 or better)`);
    if (pgResult) console.log(`ratio nav/bare req/s, PostgreSQL (standalone): ${(pgResult.requestsPerSecond / bareResult.requestsPerSecond).toFixed(2)} (goal 0.50 or better)`);
    console.log(`ratio user list/bare req/s, PGlite (embedded): ${(usersResult.requestsPerSecond / bareResult.requestsPerSecond).toFixed(3)}`);
    if (pgUsersResult) console.log(`ratio user list/bare req/s, PostgreSQL (standalone): ${(pgUsersResult.requestsPerSecond / bareResult.requestsPerSecond).toFixed(3)}`);
    if (!pgResult) console.log('PostgreSQL is not installed: the standalone deployment was not measured');
    await runExportBench({ startServer: (dir, env) => startChild(['console', dir], env), signIn });
    await runOperationLogBench({ startServer: (dir, env) => startChild(['console', dir], env), signIn });
    await (await import('./processes')).runProcessesBench({ startServer: (dir, env) => startChild(['console', dir], env), signIn });
    await (await import('./startup')).runStartupBench();
    await (await import('./speed')).runSpeedBench({ startServer: (dir, env) => startChild(['console', dir], env), startBare: () => startChild(['bare']), signIn });
  } finally {
    for (const child of children) child.kill('SIGTERM');
    spawnSync('bash', [path.join(import.meta.dirname, '..', 'scripts', 'pg-test.sh'), 'stop', pgDir]);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(pgDir, { recursive: true, force: true });
  }
}

// `npm run bench -- browser` runs the browser bench alone.
(process.argv[2] === 'browser' ? Promise.resolve() : main())
  .then(() => import('./browser'))
  .then(({ runBrowserBench }) => runBrowserBench())
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
