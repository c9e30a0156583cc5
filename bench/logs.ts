/**
 * The operation log in `npm run bench` (issue 11), over 1,000,000 chained rows:
 * - page 10,000 (10 a page, by the sparse page index) beside page 1 (goal ≤ 1.5×), and the first call of a
 *   filter, which builds its index;
 * - exporting 1,000,000 rows: the server's peak RSS beside its peak exporting 100,000 rows (goal ≤ 1.2×, and
 *   under 256 MB), and the time beside exceljs's streaming writer writing the same rows alone (goal ≤ 1.25×);
 * - `audit:verify` walking the whole chain.
 * Each export runs in a fresh server process, so its peak RSS (VmHWM) is that export's. The rows go in
 * through the chain's own writer (`appendChained`), so they are chained as the server would chain them.
 *   logs.ts seed DATA_DIR ROWS   seeds PGlite in DATA_DIR, or DATABASE_URL when set
 *   logs.ts floor ROWS           prints the ms exceljs alone takes for ROWS of the entries (`floorInOwnProcess`)
 */
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { ROWS_PER_TURN } from '../src/server/exports/xlsx-writer';
import { API_PREFIX, Header } from '../src/shared/constants';
import {
  exportRun,
  exportsBesideFloors,
  exportThroughBrowserHost,
  floorInOwnProcess,
  peakRssBeforeExport,
  signInOnce,
  withPgliteWorker,
  type BenchServer,
  type ExportBenchDeps,
  type ExportRun,
  type ExportTarget,
} from './export';

const ROWS = Number(process.env.BENCH_LOG_ROWS ?? 1_000_000);
const SMALL_ROWS = Math.round(ROWS / 10);
const PAGE_SIZE = 10;
const DEEP_PAGE = Math.min(10_000, Math.floor(ROWS / PAGE_SIZE));
const PAGE_SAMPLES = 30;
/** Seeded row i happened i seconds after this instant: the newest come first in the list and the export. */
const SEED_EPOCH = Date.parse('2026-01-01T00:00:00.000Z');
const SEED_CHUNK = 10_000;

type StoredContentOf = (typeof import('../src/server/audit/content'))['storedContent'];

/** Row i as a change of this release writes it: its content keyed (`storedContent`), written out in the reader's language by the list and the export. */
function rowOf(i: number, stored: StoredContentOf) {
  return {
    entryType: ['add', 'update', 'delete'][i % 3]!,
    operUserId: null,
    operUserName: `用户${i % 500}`,
    operLoginName: `user${String(i % 500).padStart(4, '0')}`,
    operLocation: '广东省 深圳市',
    operIp: '113.108.81.189',
    operDeptId: null,
    ...stored({ key: 'dictionary.update', values: { dictNo: `WB${String(i).padStart(10, '0')}`, dictName: `运单 ${i % 500}` } }),
    beforeOperation: { waybillNo: `WB${String(i).padStart(10, '0')}`, status: 'open', pieces: i % 9 },
    afterOperation: { waybillNo: `WB${String(i).padStart(10, '0')}`, status: 'closed', pieces: i % 9 },
    operationTime: new Date(SEED_EPOCH + i * 1000),
  };
}

async function seed(dataDir: string, rows: number): Promise<void> {
  const { configFromEnv } = await import('../src/server/config');
  const { openDatabase } = await import('../src/server/db/client');
  const { seedIfEmpty } = await import('../src/server/seed/seed');
  const { appendChained, chainKeyOf } = await import('../src/server/audit/chain');
  const { storedContent } = await import('../src/server/audit/content');
  const { serverSecrets } = await import('../src/server');
  const { sql } = await import('drizzle-orm');
  const databaseUrl = process.env.DATABASE_URL;
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  try {
    const config = configFromEnv(process.env, { quiet: true, dataDir });
    await seedIfEmpty(database.db, config);
    const chainKey = chainKeyOf(serverSecrets(config));
    for (let from = 1; from <= rows; from += SEED_CHUNK) {
      await appendChained(
        database.db,
        Array.from({ length: Math.min(SEED_CHUNK, rows - from + 1) }, (_, k) => rowOf(from + k, storedContent)),
        chainKey,
      );
    }
    await database.db.execute(sql`vacuum analyze log_operation`);
  } finally {
    await database.close();
  }
}

/** The export's cells written by exceljs's streaming writer alone, into a sink that drops them: the floor for the export's time. */
async function exceljsAlone(rows: number): Promise<number> {
  const { storedContent } = await import('../src/server/audit/content');
  const started = performance.now();
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useSharedStrings: false, useStyles: false });
  const sheet = workbook.addWorksheet('Operation log');
  sheet.addRow(['Type', 'Operator', 'Login name', 'Location', 'Operation', 'Before', 'After', 'Time']).commit();
  for (let i = rows; i >= 1; i--) {
    const row = rowOf(i, storedContent);
    sheet
      .addRow([
        row.entryType,
        row.operUserName,
        row.operLoginName,
        row.operLocation,
        row.operationContent,
        JSON.stringify(row.beforeOperation),
        JSON.stringify(row.afterOperation),
        row.operationTime.toISOString(),
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

function headersOf(session: { token: string; roleId: number }): Record<string, string> {
  return { [Header.Authorization]: `Bearer ${session.token}`, [Header.Role]: String(session.roleId), [Header.Language]: 'en_US' };
}

/** One export in a fresh server process: its time and the process's peak RSS. */
async function exportOnce(deps: ExportBenchDeps, dataDir: string, target: ExportTarget, filters: Record<string, string>): Promise<ExportRun> {
  if (target.browserHost) {
    return exportThroughBrowserHost(dataDir, () => ({ endpointId: 'operationLog.export', input: filters, suggestedName: 'operation-log.xlsx' }));
  }
  const { env } = target;
  const server = await deps.startServer(dataDir, env);
  try {
    const session = await signInOnce(deps, server, dataDir, env);
    const peakBefore = peakRssBeforeExport(server.child.pid!);
    const started = performance.now();
    const query = Object.keys(filters).length > 0 ? `?${new URLSearchParams(filters)}` : '';
    const response = await fetch(`${server.url}${API_PREFIX}/sys/operationLog/export${query}`, { headers: headersOf(session) });
    if (!response.headers.get('content-type')?.includes('spreadsheetml')) throw new Error(`the export answered ${await response.text()}`);
    let bytes = 0;
    const reader = response.body!.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.byteLength;
    return exportRun(performance.now() - started, bytes, peakBefore, server.child.pid!);
  } finally {
    await stop(server);
  }
}

/** Page 1 and page DEEP_PAGE, each the median of PAGE_SAMPLES calls after the filter's index is built; and the verify. */
async function pagesAndVerify(deps: ExportBenchDeps, dataDir: string, env: NodeJS.ProcessEnv) {
  const server = await deps.startServer(dataDir, env);
  try {
    const session = await signInOnce(deps, server, dataDir, env);
    const call = async (path: string, init: RequestInit = {}) => {
      const started = performance.now();
      const response = await fetch(`${server.url}${API_PREFIX}${path}`, { ...init, headers: { 'content-type': 'application/json', ...headersOf(session) } });
      const envelope = (await response.json()) as { code: string; msg: string; data: unknown };
      if (envelope.code !== '00000') throw new Error(`${path} answered ${envelope.code} ${envelope.msg}`);
      return { ms: performance.now() - started, data: envelope.data };
    };
    const list = (pageNo: number) => call('/sys/operationLog/list', { method: 'POST', body: JSON.stringify({ pageNo, pageSize: PAGE_SIZE }) });
    const build = (await list(1)).ms;
    const firstTimes: number[] = [];
    const deepTimes: number[] = [];
    for (let i = 0; i < 5; i++) await Promise.all([list(1), list(DEEP_PAGE)]);
    for (let i = 0; i < PAGE_SAMPLES; i++) {
      firstTimes.push((await list(1)).ms);
      deepTimes.push((await list(DEEP_PAGE)).ms);
    }
    const verified = await call('/sys/operationLog/verify');
    return { build, first: median(firstTimes), deep: median(deepTimes), verifyMs: verified.ms, verified: verified.data as { intact: boolean; count: number } };
  } finally {
    await stop(server);
  }
}

function seedRows(dataDir: string, rows: number, databaseUrl?: string): void {
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'logs.ts'), 'seed', dataDir, String(rows)], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...(databaseUrl && { DATABASE_URL: databaseUrl }) },
  });
  if (seeded.status !== 0) throw new Error(`seeding the operation-log rows failed (${databaseUrl ? 'PostgreSQL' : 'PGlite'})`);
}

const PG_SCRIPT = path.join(import.meta.dirname, '..', 'scripts', 'pg-test.sh');

/** Seeds the rows into a PGlite folder and, where PostgreSQL is installed, a PostgreSQL server of its own, and prints the figures beside their goals. */
export async function runOperationLogBench(deps: ExportBenchDeps): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'console-bench-oplog-'));
  const pgDir = mkdtempSync(path.join(os.tmpdir(), 'console-bench-oplog-pg-'));
  chmodSync(pgDir, 0o755);
  try {
    const started = spawnSync('bash', [PG_SCRIPT, 'start', pgDir, String(20000 + Math.floor(Math.random() * 20000))], { encoding: 'utf8' });
    const pgUrl = started.status === 0 ? started.stdout.trim() : null;
    seedRows(dataDir, ROWS);
    if (pgUrl) seedRows(dataDir, ROWS, pgUrl);
    const targets: Array<{ name: string; env: NodeJS.ProcessEnv }> = [{ name: 'PGlite', env: {} }, ...(pgUrl ? [{ name: 'PostgreSQL', env: { DATABASE_URL: pgUrl } }] : [])];

    console.log(
      `\nOperation-log list, page ${DEEP_PAGE.toLocaleString('en')} of ${(ROWS / PAGE_SIZE).toLocaleString('en')} (${PAGE_SIZE} a page, sparse page index), median of ${PAGE_SAMPLES}; hash-chain verify`,
    );
    for (const target of targets) {
      const measured = await pagesAndVerify(deps, dataDir, target.env);
      console.log(`  ${target.name}: first call (builds the index) ${measured.build.toFixed(0)} ms; page 1 ${measured.first.toFixed(1)} ms, page ${DEEP_PAGE} ${measured.deep.toFixed(1)} ms`);
      console.log(`  ratio page ${DEEP_PAGE}/page 1, ${target.name}: ${(measured.deep / measured.first).toFixed(2)} (goal 1.50 or less)`);
      console.log(`  verify, ${target.name}: ${measured.verified.intact ? 'intact' : 'BROKEN'}, ${measured.verified.count.toLocaleString('en')} rows in ${(measured.verifyMs / 1000).toFixed(1)} s`);
    }

    // The newest SMALL_ROWS rows: those after row ROWS - SMALL_ROWS.
    const smallFilter = { operationTimeStart: new Date(SEED_EPOCH + (ROWS - SMALL_ROWS + 1) * 1000).toISOString() };
    // The embedded server last: the desktop app's default, here in the browser host.
    const exportTargets: ExportTarget[] = [...withPgliteWorker(targets), { name: 'PGlite embedded (browser host)', env: {}, browserHost: true }];
    await exportsBesideFloors(
      `Operation-log export, ${ROWS.toLocaleString('en')} rows x 8 columns`,
      ROWS,
      SMALL_ROWS,
      exportTargets,
      () => floorInOwnProcess('logs.ts', ROWS),
      (target, small) => exportOnce(deps, dataDir, target, small ? smallFilter : {}),
    );
  } finally {
    spawnSync('bash', [PG_SCRIPT, 'stop', pgDir]);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(pgDir, { recursive: true, force: true });
  }
}

const command = path.resolve(process.argv[1] ?? '') === import.meta.filename ? process.argv[2] : undefined;

if (command === 'floor') console.log(await exceljsAlone(Number(process.argv[3])));

if (command === 'seed') {
  const [, , , dataDir, rows] = process.argv;
  if (!dataDir || !rows) {
    console.error('usage: logs.ts seed DATA_DIR ROWS');
    process.exit(2);
  }
  await seed(dataDir, Number(rows));
}
