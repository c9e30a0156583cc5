/**
 * Start-up of the embedded server (issue 16), in `npm run bench`. Each start runs in a fresh process, as
 * the desktop app's would, and is timed from the call of `startServer` to a listening server (its module
 * loading is printed beside it: the desktop app loads it after its window is up):
 * - with existing data (goal ≤ 1 s), the median of BENCH_STARTUP_RUNS starts of one seeded folder;
 * - first start with a new data folder (goal ≤ 6 s): PGlite's initdb, the migrations, the seed;
 * - first start from the pre-initialised template the build ships (`src/server/db/data-template.ts`).
 *   startup.ts probe DATA_DIR [TEMPLATE]   one start, printed as JSON
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 5);

interface Start {
  importMs: number;
  startMs: number;
}

function startOnce(dataDir: string, template?: string): Start {
  const probe = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, 'probe', dataDir, ...(template ? [template] : [])], { encoding: 'utf8' });
  if (probe.status !== 0) throw new Error(`start-up probe failed: ${probe.stderr}`);
  return JSON.parse(probe.stdout.trim().split('\n').at(-1)!) as Start;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function runStartupBench(): Promise<void> {
  const { buildDataTemplate } = await import('../src/server/db/data-template');
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'console-bench-startup-'));
  try {
    const templateFile = path.join(scratch, 'data-template.tar.gz');
    const builtAt = performance.now();
    const { bytes } = await buildDataTemplate(templateFile);
    const buildMs = performance.now() - builtAt;

    const fresh = startOnce(path.join(scratch, 'fresh'));
    const fromTemplate = startOnce(path.join(scratch, 'from-template'), templateFile);
    const existing = Array.from({ length: RUNS }, () => startOnce(path.join(scratch, 'fresh')));
    const existingMs = median(existing.map((s) => s.startMs));

    console.log(`\nEmbedded server start-up (PGlite), each in a fresh process; module loading (${median(existing.map((s) => s.importMs)).toFixed(0)} ms, median) not included`);
    console.log(`  existing data, median of ${RUNS}: ${existingMs.toFixed(0)} ms (goal 1000 ms or less)`);
    console.log(`  first start, new data folder (initdb): ${fresh.startMs.toFixed(0)} ms (goal 6000 ms or less)`);
    console.log(
      `  first start from the shipped template (${(bytes / 1024 / 1024).toFixed(1)} MB, built in ${(buildMs / 1000).toFixed(1)} s): ${fromTemplate.startMs.toFixed(0)} ms (goal 6000 ms or less)`,
    );
    console.log(`  ratio first start from template/initdb: ${(fromTemplate.startMs / fresh.startMs).toFixed(2)}`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'probe') {
  const [, , , dataDir, template] = process.argv;
  const begun = performance.now();
  const { startServer, keepWasmOnBaselineCompiler } = await import('../src/server');
  // As the desktop app's embedded server starts (src/main/core/embedded-server.ts).
  keepWasmOnBaselineCompiler();
  const imported = performance.now();
  const server = await startServer({ dataDir: dataDir!, port: 0, quiet: true, ...(template && { dataTemplate: template }) });
  const started = performance.now();
  await server.close();
  console.log(JSON.stringify({ importMs: imported - begun, startMs: started - imported } satisfies Start));
}
