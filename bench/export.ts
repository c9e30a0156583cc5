/**
 * The interface-monitoring export and deep pages, measured in `npm run bench` (issue 11):
 * - exporting 1,000,000 rows: the server's peak RSS beside its peak exporting 100,000 rows (goal ≤ 1.2×, and
 *   under 256 MB), and the time beside exceljs's streaming writer writing the same rows alone (goal ≤ 1.25×);
 * - page 10,000 of 1,000,000 (by the sparse page index, as the screen asks for it) beside page 1 (goal ≤ 1.5×),
 *   and on PostgreSQL the same with BENCH_PG_DEEP_ROWS (10,000,000) rows.
 * Each export runs in a fresh server process, so its peak RSS (VmHWM) is that export's: the standalone server as
 * `npm run server` runs it, and the browser host as `npm run start:browser` runs it, its embedded server's export
 * saved to a file through the host's bridge as the console page asks for it. The rows are seeded by
 * generate_series in SQL.
 *   export.ts seed DATA_DIR ROWS [FROM]   seeds calls FROM (1) to ROWS into PGlite in DATA_DIR, or DATABASE_URL when set
 *   export.ts floor ROWS                  prints the ms exceljs alone takes for ROWS of the calls (`floorInOwnProcess`)
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { ROWS_PER_TURN } from '../src/server/exports/xlsx-writer';
import { API_PREFIX, Header } from '../src/shared/constants';
import { INTERFACE_EXPORT_TASK_ID } from '../src/areas/interface-log/contract';
import type { ExportRequest } from '../src/shared/bridge';
import { unwrap } from '../src/renderer/bridge/bridge-error';
import { openBrowserHost } from './browser-host';

/** BENCH_LOG_ROWS makes a shorter run while developing; the figures are read at 1,000,000. */
export const EXPORT_BENCH_ROWS = Number(process.env.BENCH_LOG_ROWS ?? 1_000_000);
const SMALL_ROWS = Math.round(EXPORT_BENCH_ROWS / 10);
const PAGE_SIZE = 10;
const DEEP_PAGE = Math.min(10_000, Math.floor(EXPORT_BENCH_ROWS / PAGE_SIZE));
/** The PostgreSQL deep-page run's rows (0 skips it): seeding them takes minutes. */
const PG_DEEP_ROWS = Number(process.env.BENCH_PG_DEEP_ROWS ?? 10_000_000);
const PAGE_SAMPLES = 30;
const DAY_MS = 86_400_000;
/**
 * Seeded call i starts i seconds after this instant; the newest rows come first in the list and the export. Thirty
 * days before today (the seed's process gets it from the bench's): the embedded server keeps the default retention,
 * and its purge must find nothing to delete.
 */
const SEED_EPOCH = process.env.BENCH_SEED_EPOCH ?? new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - 30 * DAY_MS).toISOString();

const requestOf = (i: number) => `{"query":{},"body":{"page":1,"limit":10,"waybillNo":"WB${String(i).padStart(10, '0')}"}}`;
const responseOf = (i: number) => `{"code":"00000","msg":"success","data":{"records":[],"total":${i},"current":1,"pages":0,"size":10}}`;

async function seed(dataDir: string, rows: number, first = 1): Promise<void> {
  const { configFromEnv } = await import('../src/server/config');
  const { openDatabase } = await import('../src/server/db/client');
  const { seedIfEmpty } = await import('../src/server/seed/seed');
  const databaseUrl = process.env.DATABASE_URL;
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  try {
    await seedIfEmpty(database.db, configFromEnv(process.env, { quiet: true }));
    for (let from = first; from <= rows; from += 250_000) {
      const to = Math.min(rows, from + 250_000 - 1);
      await database.db.execute(sql`
        insert into log_interface (app_id, service_cn_name, interface_cn_name, method, path, user_id, start_time, end_time, use_time, ip, device_id, model_info, response_status, request_param, response_text)
        select 'backoffice-console', 'waybill', 'Waybills, a page at a time', 'POST', '/api/waybill/list', '1',
               ${SEED_EPOCH}::timestamptz + g * interval '1 second', ${SEED_EPOCH}::timestamptz + g * interval '1 second' + interval '35 milliseconds',
               35, '10.20.30.' || (g % 250), 'PDA-' || (g % 5000), 'Zebra TC52', case when g % 50 = 0 then 'A0400' else '200' end,
               '{"query":{},"body":{"page":1,"limit":10,"waybillNo":"WB' || lpad(g::text, 10, '0') || '"}}',
               '{"code":"00000","msg":"success","data":{"records":[],"total":' || g || ',"current":1,"pages":0,"size":10}}'
        from generate_series(${from}::int, ${to}::int) g`);
    }
    await database.db.execute(sql`vacuum analyze log_interface`);
  } finally {
    await database.close();
  }
}

/** The export's cells written by exceljs's streaming writer alone, into a sink that drops them: the floor for the export's time. */
async function exceljsAlone(rows: number): Promise<number> {
  const started = performance.now();
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useSharedStrings: false, useStyles: false });
  const sheet = workbook.addWorksheet('calls');
  sheet
    .addRow(['id', 'appId', 'serviceCnName', 'interfaceCnName', 'userId', 'startTime', 'endTime', 'useTime', 'ip', 'deviceId', 'modelInfo', 'responseStatus', 'requestParam', 'responseText'])
    .commit();
  const epoch = Date.parse(SEED_EPOCH);
  for (let i = rows; i >= 1; i--) {
    const start = new Date(epoch + i * 1000);
    sheet
      .addRow([
        i,
        'backoffice-console',
        'waybill',
        'Waybills, a page at a time',
        '1',
        start.toISOString(),
        new Date(start.getTime() + 35).toISOString(),
        35,
        `10.20.30.${i % 250}`,
        `PDA-${i % 5000}`,
        'Zebra TC52',
        i % 50 === 0 ? 'A0400' : '200',
        requestOf(i),
        responseOf(i),
      ])
      .commit();
    // A turn of the event loop every ROWS_PER_TURN rows, as the server's writer gives one: the zip deflates
    // beside the rows. With a turn only every 1,000 rows this floor was a quarter slower and gathered the zip
    // in memory (about 1 GB), which made the export's ratio look better than it was.
    if (i % ROWS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  sheet.commit();
  await workbook.commit();
  return performance.now() - started;
}

/**
 * The semi-space size each floor's process starts with and keeps, in MB: what made exceljs alone fastest and
 * steadiest on each Node (1,000,000 rows, processes of their own). Node 24: 16 MB 16.7-17.6 s for the interface rows
 * and 12.2-13.0 s for the operation log; 8 MB 16.0-19.9 s and 11.9-14.1 s; V8 sizing it as it went 20.1-29.2 s for
 * the interface rows, in two modes (the heap reached 190 MB). Node 20: 8 MB 17.2-18.6 s and 12.9-13.8 s; 16 MB
 * 24.5-25.0 s for the operation log; as it went 18.4 s and 13.7-14.1 s.
 */
const FLOOR_SEMI_SPACE_MB = Number(process.versions.v8.split('.')[0]) >= 13 ? 16 : 8;

/**
 * A floor (`<module> floor ROWS`: its exceljsAlone) in ms, measured in a process of its own with a fixed young
 * generation (FLOOR_SEMI_SPACE_MB). In the bench's own process the same 1,000,000 interface rows took 17.4 s in one
 * run and 20.3-21.3 s in the next while the exports took the same time (issue 11).
 */
export function floorInOwnProcess(module: string, rows: number): Promise<number> {
  const run = spawnSync(
    process.execPath,
    [`--min-semi-space-size=${FLOOR_SEMI_SPACE_MB}`, `--max-semi-space-size=${FLOOR_SEMI_SPACE_MB}`, '--import', 'tsx', path.join(import.meta.dirname, module), 'floor', String(rows)],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, BENCH_SEED_EPOCH: SEED_EPOCH },
    },
  );
  const ms = Number(run.stdout.trim().split('\n').at(-1));
  if (run.status !== 0 || !Number.isFinite(ms)) throw new Error(`exceljs alone (${module} floor ${rows}) failed with ${run.status}: ${run.stdout}`);
  return Promise.resolve(ms);
}

/** Peak resident memory of a process so far (Linux VmHWM), in MB. */
export function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)\s+kB/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/**
 * A process's peak RSS so far, in MB, after which its peak starts again from its present RSS (Linux's
 * `clear_refs` 5): read before an export, the peak read after it is the export's own. The process's start and
 * sign-in (argon2 holds 19 MiB for a moment) set a peak of their own, which the export may not reach.
 */
export function peakRssBeforeExport(pid: number): number {
  const peak = peakRssMb(pid);
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  return peak;
}

/** An export's run from the peak before it (`peakRssBeforeExport`) and its own. */
export function exportRun(ms: number, bytes: number, peakBeforeMb: number, pid: number): ExportRun {
  const exportPeakMb = peakRssMb(pid);
  return { ms, bytes, peakMb: Math.max(peakBeforeMb, exportPeakMb), exportPeakMb };
}

export interface BenchServer {
  url: string;
  child: ChildProcess;
}

export interface ExportBenchDeps {
  startServer: (dataDir: string, env?: NodeJS.ProcessEnv) => Promise<BenchServer>;
  /** `firstChange`: the forced first password change, made on a database's first sign-in only. */
  signIn: (base: string, firstChange?: boolean) => Promise<{ token: string; roleId: number }>;
}

const passwordChanged = new Set<string>();

/** Whether this is the first sign-in to the database `env` and `dataDir` name: the one that changes the first password. */
function firstSignIn(dataDir: string, env: NodeJS.ProcessEnv): boolean {
  const database = env.DATABASE_URL ?? dataDir;
  const first = !passwordChanged.has(database);
  passwordChanged.add(database);
  return first;
}

/** Signs in to a server of the database `env` and `dataDir` name, changing the first password only the first time. */
export function signInOnce(deps: ExportBenchDeps, server: BenchServer, dataDir: string, env: NodeJS.ProcessEnv): Promise<{ token: string; roleId: number }> {
  return deps.signIn(server.url, firstSignIn(dataDir, env));
}

export interface ExportRun {
  ms: number;
  bytes: number;
  /** The server process's peak RSS over its life: its start, the sign-in and the export. */
  peakMb: number;
  /** Its peak RSS from the export's start. */
  exportPeakMb: number;
}

export interface ExportTarget {
  name: string;
  env: NodeJS.ProcessEnv;
  /** The browser host's embedded server, through the host's bridge, instead of the standalone server. */
  browserHost?: true;
}

/** One export in a fresh server process: its time, its size and the process's peak RSS. */
async function exportOnce(deps: ExportBenchDeps, dataDir: string, target: ExportTarget, filters: Record<string, unknown>): Promise<ExportRun> {
  if (target.browserHost) {
    return exportThroughBrowserHost(dataDir, (roleId) => ({ endpointId: 'interfaceLog.export', input: { roleId, ...filters }, suggestedName: 'interface-calls.xlsx' }));
  }
  const { env } = target;
  const server = await deps.startServer(dataDir, env);
  try {
    const session = await signInOnce(deps, server, dataDir, env);
    const peakBefore = peakRssBeforeExport(server.child.pid!);
    const started = performance.now();
    const response = await fetch(`${server.url}${API_PREFIX}/sys/interface/export/${INTERFACE_EXPORT_TASK_ID}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [Header.Authorization]: `Bearer ${session.token}`, [Header.Role]: String(session.roleId), [Header.Language]: 'en_US' },
      body: JSON.stringify({ roleId: session.roleId, ...filters }),
    });
    if (!response.headers.get('content-type')?.includes('spreadsheetml')) throw new Error(`the export answered ${await response.text()}`);
    let bytes = 0;
    const reader = response.body!.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.byteLength;
    return exportRun(performance.now() - started, bytes, peakBefore, server.child.pid!);
  } finally {
    await stop(server);
  }
}

/**
 * One export in a fresh browser host on PGlite in `dataDir`, as a log screen asks for it (`exports.start`, the
 * request made for the session's role): from the call to its last `export-progress` event, the file saved in the
 * host's downloads folder.
 */
export async function exportThroughBrowserHost(dataDir: string, requestFor: (roleId: number) => ExportRequest): Promise<ExportRun> {
  const host = await openBrowserHost(dataDir, firstSignIn(dataDir, {}));
  try {
    const ended = new Map<string, string | null>();
    let exportEnded: (() => void) | null = null;
    const unsubscribe = host.bridge.events.subscribe((event) => {
      if (event.type !== 'export-progress' || !event.done) return;
      ended.set(event.exportId, event.error ?? null);
      exportEnded?.();
    });
    try {
      const peakBefore = peakRssBeforeExport(host.child.pid!);
      const started = performance.now();
      const file = await unwrap(host.bridge.exports.start(requestFor(host.roleId)));
      if (!file) throw new Error('the export started no file');
      await new Promise<void>((resolve, reject) => {
        host.child.once('exit', (code) => reject(new Error(`the browser host exited with ${code} during the export`)));
        exportEnded = () => ended.has(file.exportId) && resolve();
        exportEnded();
      });
      const ms = performance.now() - started;
      const error = ended.get(file.exportId);
      if (error) throw new Error(`the export failed: ${error}`);
      return exportRun(ms, statSync(file.path).size, peakBefore, host.child.pid!);
    } finally {
      unsubscribe();
    }
  } finally {
    await host.close();
  }
}

/** Stops a server and waits for it to go: the next one opens the same data folder. */
async function stop(server: BenchServer): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = once(server.child, 'exit');
  server.child.kill('SIGTERM');
  await exited;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Page 1 and page DEEP_PAGE (by the sparse page index), each the median of PAGE_SAMPLES calls after the index is built. */
async function deepPages(deps: ExportBenchDeps, dataDir: string, env: NodeJS.ProcessEnv): Promise<{ build: number; first: number; deep: number; total: number }> {
  const server = await deps.startServer(dataDir, env);
  try {
    const session = await signInOnce(deps, server, dataDir, env);
    let total = 0;
    const list = async (page: number) => {
      const started = performance.now();
      const response = await fetch(`${server.url}${API_PREFIX}/sys/interface/list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [Header.Authorization]: `Bearer ${session.token}`, [Header.Role]: String(session.roleId), [Header.Language]: 'en_US' },
        body: JSON.stringify({ limit: PAGE_SIZE, page }),
      });
      const envelope = (await response.json()) as { code: string; msg: string; data: { records: unknown[]; total: number } };
      if (envelope.code !== '00000' || envelope.data.records.length !== PAGE_SIZE) throw new Error(`the list answered ${envelope.code} ${envelope.msg}`);
      total = envelope.data.total;
      return performance.now() - started;
    };
    const build = await list(1);
    const firstTimes: number[] = [];
    const deepTimes: number[] = [];
    // Warm-up, then alternate so that both see the same conditions.
    for (let i = 0; i < 5; i++) await Promise.all([list(1), list(DEEP_PAGE)]);
    for (let i = 0; i < PAGE_SAMPLES; i++) {
      firstTimes.push(await list(1));
      deepTimes.push(await list(DEEP_PAGE));
    }
    return { build, first: median(firstTimes), deep: median(deepTimes), total };
  } finally {
    await stop(server);
  }
}

function seedRows(dataDir: string, rows: number, databaseUrl?: string, first = 1): void {
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'export.ts'), 'seed', dataDir, String(rows), String(first)], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, BENCH_SEED_EPOCH: SEED_EPOCH, ...(databaseUrl && { DATABASE_URL: databaseUrl }) },
  });
  if (seeded.status !== 0) throw new Error(`seeding the interface-log rows failed (${databaseUrl ? 'PostgreSQL' : 'PGlite'})`);
}

const PG_SCRIPT = path.join(import.meta.dirname, '..', 'scripts', 'pg-test.sh');

/**
 * Seeds 1,000,000 calls into a PGlite folder of its own and, where PostgreSQL is installed, into a PostgreSQL
 * server of its own, and prints the export and deep-page figures beside their goals. An embedded PGlite lives
 * in the server's own process and brings about 130 MB of its own to every figure of its memory.
 */
export async function runExportBench(deps: ExportBenchDeps): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'console-bench-export-'));
  const pgDir = mkdtempSync(path.join(os.tmpdir(), 'console-bench-export-pg-'));
  chmodSync(pgDir, 0o755);
  try {
    const started = spawnSync('bash', [PG_SCRIPT, 'start', pgDir, String(20000 + Math.floor(Math.random() * 20000))], { encoding: 'utf8' });
    const pgUrl = started.status === 0 ? started.stdout.trim() : null;
    await measureExports(deps, dataDir, pgUrl);
  } finally {
    spawnSync('bash', [PG_SCRIPT, 'stop', pgDir]);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(pgDir, { recursive: true, force: true });
  }
}

/**
 * Each target's 100,000- and 1,000,000-row exports, printed with their goals. The floor (exceljs writing the rows
 * alone, `floor`) is measured before the first target and after each one, and each export's time is read against
 * the mean of the floors just before and after it: the build machine's speed drifts by up to a third within the
 * hour, so one floor taken at the start read the later targets against another machine (issue 11).
 */
export async function exportsBesideFloors(
  title: string,
  rows: number,
  smallRows: number,
  targets: readonly ExportTarget[],
  floor: () => Promise<number>,
  exportOf: (target: ExportTarget, small: boolean) => Promise<ExportRun>,
): Promise<void> {
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  let before = await floor();
  console.log(`\n${title}; exceljs streaming writer alone, before the first target: ${seconds(before)} s`);
  for (const target of targets) {
    const small = await exportOf(target, true);
    const large = await exportOf(target, false);
    const after = await floor();
    const alone = (before + after) / 2;
    console.log(
      `  ${target.name}: ${smallRows.toLocaleString('en')} rows ${seconds(small.ms)} s, peak RSS ${small.peakMb.toFixed(0)} MB (from the export's start ${small.exportPeakMb.toFixed(0)}); ${rows.toLocaleString('en')} rows ${seconds(large.ms)} s, ${(large.bytes / 1024 / 1024).toFixed(0)} MB file, peak RSS ${large.peakMb.toFixed(0)} MB (from the export's start ${large.exportPeakMb.toFixed(0)}); exceljs alone after it ${seconds(after)} s`,
    );
    console.log(
      `  ratio peak RSS ${rows.toLocaleString('en')}/${smallRows.toLocaleString('en')} rows, ${target.name}: ${(large.peakMb / small.peakMb).toFixed(2)} (goal 1.20 or less); peak ${large.peakMb.toFixed(0)} MB (goal under 256 MB)`,
    );
    console.log(
      `  ratio export time/exceljs alone, ${target.name}: ${(large.ms / alone).toFixed(2)} (goal 1.25 or less; exceljs alone ${seconds(alone)} s, the mean of ${seconds(before)} and ${seconds(after)} s)`,
    );
    before = after;
  }
}

/**
 * The targets with PGlite in its worker thread beside PGlite on the server's thread (CONSOLE_PGLITE_THREAD=worker):
 * there the database reads the next page on another core while the server writes this one.
 */
export function withPgliteWorker(targets: Array<{ name: string; env: NodeJS.ProcessEnv }>): Array<{ name: string; env: NodeJS.ProcessEnv }> {
  return targets.flatMap((target) => (target.name === 'PGlite' ? [target, { name: 'PGlite worker thread', env: { ...target.env, CONSOLE_PGLITE_THREAD: 'worker' } }] : [target]));
}

async function measureExports(deps: ExportBenchDeps, dataDir: string, pgUrl: string | null): Promise<void> {
  seedRows(dataDir, EXPORT_BENCH_ROWS);
  if (pgUrl) seedRows(dataDir, EXPORT_BENCH_ROWS, pgUrl);
  // The seeded calls are older than the default retention: its purge must not delete them while they are measured.
  const keepAll = { CONSOLE_INTERFACE_LOG_DAYS: '0' };
  const targets: Array<{ name: string; env: NodeJS.ProcessEnv }> = [{ name: 'PGlite', env: keepAll }, ...(pgUrl ? [{ name: 'PostgreSQL', env: { ...keepAll, DATABASE_URL: pgUrl } }] : [])];
  const epoch = Date.parse(SEED_EPOCH);
  // The newest SMALL_ROWS calls: those after call EXPORT_BENCH_ROWS - SMALL_ROWS.
  const smallFilter = { startTime: new Date(epoch + (EXPORT_BENCH_ROWS - SMALL_ROWS + 1) * 1000).toISOString() };

  // The embedded server last: the desktop app's default, here in the browser host.
  const exportTargets: ExportTarget[] = [...withPgliteWorker(targets), { name: 'PGlite embedded (browser host)', env: {}, browserHost: true }];
  await exportsBesideFloors(
    `Interface-monitoring export, ${EXPORT_BENCH_ROWS.toLocaleString('en')} rows x 14 columns`,
    EXPORT_BENCH_ROWS,
    SMALL_ROWS,
    exportTargets,
    () => floorInOwnProcess('export.ts', EXPORT_BENCH_ROWS),
    (target, small) => exportOnce(deps, dataDir, target, small ? smallFilter : {}),
  );
  console.log(
    `\nInterface-monitoring list, page ${DEEP_PAGE.toLocaleString('en')} of ${(EXPORT_BENCH_ROWS / PAGE_SIZE).toLocaleString('en')} (${PAGE_SIZE} a page, sparse page index), median of ${PAGE_SAMPLES}`,
  );
  for (const target of targets) {
    const pages = await deepPages(deps, dataDir, target.env);
    console.log(`  ${target.name}: first call (builds the index) ${pages.build.toFixed(0)} ms; page 1 ${pages.first.toFixed(1)} ms, page ${DEEP_PAGE} ${pages.deep.toFixed(1)} ms`);
    console.log(`  ratio page ${DEEP_PAGE}/page 1, ${target.name}: ${(pages.deep / pages.first).toFixed(2)} (goal 1.50 or less)`);
  }
  const pgTarget = targets.find((target) => target.name === 'PostgreSQL');
  if (pgTarget && PG_DEEP_ROWS > EXPORT_BENCH_ROWS) {
    const seeding = performance.now();
    seedRows(dataDir, PG_DEEP_ROWS, pgUrl!, EXPORT_BENCH_ROWS + 1);
    console.log(
      `\nInterface-monitoring list on PostgreSQL, page ${DEEP_PAGE.toLocaleString('en')} of ${(PG_DEEP_ROWS / PAGE_SIZE).toLocaleString('en')} (${PG_DEEP_ROWS.toLocaleString('en')} rows, seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s), median of ${PAGE_SAMPLES}`,
    );
    const pages = await deepPages(deps, dataDir, pgTarget.env);
    console.log(
      `  PostgreSQL: first call (builds the index) ${pages.build.toFixed(0)} ms; page 1 ${pages.first.toFixed(1)} ms, page ${DEEP_PAGE} ${pages.deep.toFixed(1)} ms; the list's total ${pages.total.toLocaleString('en')}`,
    );
    console.log(`  ratio page ${DEEP_PAGE}/page 1, PostgreSQL, ${PG_DEEP_ROWS.toLocaleString('en')} rows: ${(pages.deep / pages.first).toFixed(2)} (goal 1.50 or less)`);
  }
}

// Only when run itself: logs.ts imports this file, and its own commands have the same names.
const command = path.resolve(process.argv[1] ?? '') === import.meta.filename ? process.argv[2] : undefined;

if (command === 'floor') console.log(await exceljsAlone(Number(process.argv[3])));

if (command === 'seed') {
  const [, , , dataDir, rows, first] = process.argv;
  if (!dataDir || !rows) {
    console.error('usage: export.ts seed DATA_DIR ROWS [FROM]');
    process.exit(2);
  }
  await seed(dataDir, Number(rows), Number(first ?? 1));
}
