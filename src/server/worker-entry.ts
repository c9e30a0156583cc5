import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread's entry for the module at `caller` (its `import.meta.url`): the bundled `<name>.js` in a build
 * (the server's bundle writes every entry beside its chunks; electron-vite writes entries to out/main and shared
 * code to out/main/chunks), the tsx shim `<name>-dev.mjs` beside the sources (tsx, vitest), since a worker does not
 * inherit its parent's loader.
 */
export function workerEntry(caller: string, name: string): URL {
  if (caller.endsWith('.ts')) return new URL(`./${name}-dev.mjs`, caller);
  for (const candidate of [`./${name}.js`, `../${name}.js`]) {
    const url = new URL(candidate, caller);
    if (existsSync(fileURLToPath(url))) return url;
  }
  throw new Error(`${name}.js is missing beside ${fileURLToPath(caller)}: the build must bundle it as an entry`);
}

/** A worker thread's young generation (two semi-spaces of a third of `mb` each). */
export interface YoungGeneration {
  mb: number;
  /**
   * At its full size from the thread's start. Otherwise V8 starts it at 1 MB semi-spaces and grows it as objects
   * survive, so a longer run of the same work ends higher than a shorter one.
   */
  fromStart: boolean;
}

/**
 * A worker thread on `entry` with the young generation `young`. V8 applies the process's `--max-semi-space-size` to every
 * isolate over a worker's `resourceLimits`, so the semi-space flags are set here, as each worker's isolate is made
 * (docs/decisions/0007-young-generation-per-worker.md). Two workers of different sizes started at the same moment could
 * read each other's flags; the server never starts two of different sizes at once.
 */
export function startWorker(entry: URL, young: YoungGeneration, options: Omit<WorkerOptions, 'resourceLimits'> = {}): Worker {
  v8.setFlagsFromString('--max-semi-space-size=0');
  v8.setFlagsFromString(`--min-semi-space-size=${young.fromStart ? Math.floor(young.mb / 3) : 0}`);
  return new Worker(entry, { ...options, resourceLimits: { maxYoungGenerationSizeMb: young.mb } });
}
