/**
 * Settings of the server's processes (the standalone server, the browser host) that are read only when a process
 * starts, and that `npm run server`'s command line cannot carry for every Node: on Linux the process starts itself
 * once more with them (issue 11; measured on Node 24 with the 1,000,000-row interface export on PGlite, the server
 * on its own: peaks of 239–266 MB without them, 242–247 MB with both, at the same speed).
 *
 * - glibc's malloc thresholds, fixed at glibc's defaults. By default glibc raises its mmap threshold to the largest
 *   block it has unmapped (up to 32 MB) and its trim threshold to twice that, and keeps that much free memory at the
 *   top of each thread's arena. The server frees such blocks at its start and sign-in (PGlite's 9 MB of WebAssembly
 *   bytes, argon2's 19 MiB), and the export's writer thread then kept what it had freed: its arena stayed at
 *   20–35 MB to the export's end, where with the thresholds fixed it goes back to 8–12 MB.
 * - V8's external memory (the memory of ArrayBuffers and Buffers) counted in its heap's limit. A Buffer that lives
 *   through two young-generation collections waits for a full collection, which V8 otherwise starts for external
 *   memory only once it has grown by 64 MB. The writer (a heap of about 20 MB) writes the sheet through 64 KB
 *   buffers on their way to the zip; in half of the runs its arena gathered 26 MB of dead ones first. V8 13 (Node
 *   24) knows the flag; Node 20 and 22 refuse it on the command line. Set at run time instead, before the writer
 *   started, it took the export to 316–321 MB in three runs of five.
 */

/** glibc's default trim threshold, fixed: setting it also stops both thresholds from rising. */
export const MALLOC_TUNABLES = 'glibc.malloc.trim_threshold=131072';

/** V8's flag that counts external memory in the limit of its whole heap. */
export const EXTERNAL_MEMORY_IN_GC_LIMITS = '--external-memory-accounted-in-global-limit';

type Execve = (file: string, args: string[], env: NodeJS.ProcessEnv) => never;

/**
 * GLIBC_TUNABLES with the malloc thresholds fixed, or null when `tunables` already sets a threshold: one the
 * administrator chose is kept, as are the other tunables.
 */
export function tunablesWithFixedMallocThresholds(tunables: string | undefined): string | null {
  if (tunables && /(^|:)glibc\.malloc\.(trim|mmap)_threshold=/.test(tunables)) return null;
  return tunables ? `${tunables}:${MALLOC_TUNABLES}` : MALLOC_TUNABLES;
}

/** Node's flags (`execArgv`) with external memory counted in V8's heap limit, or null when they are already, or V8 (before 13) does not know the flag. */
export function nodeFlagsCountingExternalMemory(execArgv: readonly string[], v8Version: string): string[] | null {
  if (Number(v8Version.split('.')[0]) < 13 || execArgv.includes(EXTERNAL_MEMORY_IN_GC_LIMITS)) return null;
  return [EXTERNAL_MEMORY_IN_GC_LIMITS, ...execArgv];
}

/** Whether this process's C library is glibc (not musl, as on Alpine), as Node's diagnostic report names it. */
export function runsOnGlibc(): boolean {
  const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined;
  return Boolean(report?.header?.glibcVersionRuntime);
}

/**
 * On Linux with glibc, replaces this process (the same pid, arguments and standard streams) with one started with
 * the settings above, unless it already has them. Nothing happens elsewhere, on a Node without `process.execve`
 * (before 22.15), or with an IPC channel to a parent, which the new process could not reopen. Call it before the
 * process has started any work: what it did is not carried over.
 */
export function restartWithStartSettings(): void {
  const node = process as NodeJS.Process & { execve?: Execve };
  if (process.platform !== 'linux' || !node.execve || process.channel !== undefined) return;
  if (!runsOnGlibc()) return;
  const tunables = tunablesWithFixedMallocThresholds(process.env.GLIBC_TUNABLES);
  const flags = nodeFlagsCountingExternalMemory(process.execArgv, process.versions.v8);
  if (tunables === null && flags === null) return;
  const env = tunables === null ? process.env : { ...process.env, GLIBC_TUNABLES: tunables };
  try {
    node.execve(process.execPath, [process.execPath, ...(flags ?? process.execArgv), ...process.argv.slice(1)], env);
  } catch (error) {
    // The settings save memory; a process that cannot take them still serves.
    console.error(`Starting again with the start settings failed (${(error as Error).message}); going on without them.`);
  }
}
