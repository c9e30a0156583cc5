/**
 * More than one server process on one PostgreSQL (issue 16), in `npm run bench`: the navigation call
 * against one server process, then against two processes on the same database at once (the load split
 * evenly between them, as a round-robin balancer would), printed side by side with their ratio. Both
 * processes keep their caches in step through LISTEN/NOTIFY; the session signed in on the first one is
 * used on both. No timing is asserted anywhere.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { API_PREFIX, Header } from '../src/shared/constants';
import type { BenchServer } from './export';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_PROCESSES_SECONDS ?? process.env.BENCH_SECONDS ?? 10);
const PG_SCRIPT = path.join(import.meta.dirname, '..', 'scripts', 'pg-test.sh');

export interface ProcessesBenchDeps {
  startServer: (dataDir: string, env?: NodeJS.ProcessEnv) => Promise<BenchServer>;
  signIn: (base: string) => Promise<{ token: string; roleId: number; systemMenuId: number }>;
}

interface Rate {
  requestsPerSecond: number;
  p95: number;
  failures: number;
}

function navOptions(base: string, session: { token: string; roleId: number; systemMenuId: number }, connections: number, duration: number): autocannon.Options {
  return {
    url: `${base}${API_PREFIX}/sys/menu/nav`,
    method: 'POST',
    connections,
    duration,
    headers: { 'content-type': 'application/json', [Header.Authorization]: `Bearer ${session.token}`, [Header.Language]: 'zh_CN', [Header.Role]: String(session.roleId) },
    body: JSON.stringify({ roleId: session.roleId, menuId: session.systemMenuId }),
  };
}

/** Drives every target at once, the connections shared out evenly; the rates add up, the latencies pool. */
async function drive(targets: autocannon.Options[]): Promise<Rate> {
  const latencies: number[] = [];
  const results = await Promise.all(
    targets.map(
      (options) =>
        new Promise<autocannon.Result>((resolve, reject) => {
          const instance = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
          instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => latencies.push(responseTime));
        }),
    ),
  );
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: results.reduce((sum, r) => sum + r.requests.average, 0),
    p95: latencies[Math.min(latencies.length - 1, Math.ceil(0.95 * latencies.length) - 1)] ?? Number.NaN,
    failures: results.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
  };
}

/** Checks the envelope too: a run of fast refusals must not pass for a rate. */
async function probe(options: autocannon.Options): Promise<void> {
  const response = await fetch(options.url, { method: options.method, headers: options.headers as Record<string, string>, body: options.body as string });
  const body = (await response.json()) as { code: string; msg: string };
  if (body.code !== '00000') throw new Error(`the navigation call failed on ${options.url}: ${body.code} ${body.msg}`);
}

export async function runProcessesBench(deps: ProcessesBenchDeps): Promise<void> {
  const pgDir = mkdtempSync(path.join(os.tmpdir(), 'console-bench-processes-pg-'));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'console-bench-processes-'));
  chmodSync(pgDir, 0o755);
  const servers: BenchServer[] = [];
  try {
    const started = spawnSync('bash', [PG_SCRIPT, 'start', pgDir, String(20000 + Math.floor(Math.random() * 20000))], { encoding: 'utf8' });
    if (started.status !== 0) {
      console.log('\nTwo server processes: PostgreSQL is not installed, not measured');
      return;
    }
    const env = { DATABASE_URL: started.stdout.trim() };
    const first = await deps.startServer(dataDir, env);
    servers.push(first);
    const session = await deps.signIn(first.url);
    const second = await deps.startServer(dataDir, env);
    servers.push(second);

    const half = Math.max(1, Math.floor(CONNECTIONS / 2));
    for (const server of servers) await probe(navOptions(server.url, session, 1, 1));
    await drive([navOptions(first.url, session, CONNECTIONS, 2)]);
    await drive(servers.map((server) => navOptions(server.url, session, half, 2)));

    const one = await drive([navOptions(first.url, session, CONNECTIONS, DURATION_S)]);
    const two = await drive(servers.map((server) => navOptions(server.url, session, half, DURATION_S)));
    for (const server of servers) await probe(navOptions(server.url, session, 1, 1));

    console.log(`\nNavigation on PostgreSQL, one server process beside two on the same database (${CONNECTIONS} connections, ${DURATION_S} s, ${os.cpus().length} cores)`);
    console.log(`  one process:   ${one.requestsPerSecond.toFixed(0).padStart(7)} req/s, p95 ${one.p95.toFixed(1)} ms, failures ${one.failures}`);
    console.log(`  two processes: ${two.requestsPerSecond.toFixed(0).padStart(7)} req/s, p95 ${two.p95.toFixed(1)} ms, failures ${two.failures} (${half} connections each)`);
    console.log(
      `  ratio two/one processes req/s: ${(two.requestsPerSecond / one.requestsPerSecond).toFixed(2)} (no goal; bounded by the cores the processes, PostgreSQL and the load generator share)`,
    );
  } finally {
    for (const server of servers) server.child.kill('SIGTERM');
    spawnSync('bash', [PG_SCRIPT, 'stop', pgDir]);
    rmSync(pgDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}
