/**
 * Settings of the server's processes (the standalone server, the browser host) that are read only when a process
 * starts, and that `npm run server`'s command line cannot carry for every Node: on Linux the process starts itself
 * once more with them (issue 11; measured on Node 24 with the 1,000,000-row interface export on PGlite, the server
 * on its own: peaks of 239–266 MB without them, 242–247 MB with the thresholds and the flag, at the same speed).
 *
 * - glibc's malloc thresholds, fixed at glibc's defaults. By default glibc raises its mmap threshold to the largest
 *   block it has unmapped (up to 32 MB) and its trim threshold to twice that, and keeps that much free memory at the
 *   top of each thread's arena. The server frees such blocks at its start and sign-in (PGlite's 9 MB of WebAssembly
 *   bytes, argon2's 19 MiB), and the export's writer thread then kept what it had freed: its arena stayed at
 *   20–35 MB to the export's end, where with the thresholds fixed it goes back to 8–12 MB.
 * - At most two malloc arenas. A thread of the server's (its own, PGlite's, the export's writer, libuv's pool, V8's
 *   helpers) that allocates while another holds its arena otherwise gets one of its own: with PGlite in its worker
 *   thread the export's peak held 28–31 MB of arenas and reached 261–267 MB, with two arenas 19–20 MB and 258–260 MB,
 *   at the same speed.
 * - V8's external memory (the memory of ArrayBuffers and Buffers) counted in its heap's limit. A Buffer that lives
 *   through two young-generation collections waits for a full collection, which V8 otherwise starts for external
 *   memory only once it has grown by 64 MB. The writer (a heap of about 20 MB) writes the sheet through 64 KB
 *   buffers on their way to the zip; in half of the runs its arena gathered 26 MB of dead ones first. V8 13 (Node
 *   24) knows the flag; Node 20 and 22 refuse it on the command line. Set at run time instead, before the writer
 *   started, it took the export to 316–321 MB in three runs of five.
 */

/**
 * The malloc tunables the server's processes start with, each with the names that, already in GLIBC_TUNABLES, mean
 * the administrator chose it: theirs is kept.
 */
export const MALLOC_TUNABLES = [
  // glibc's default trim threshold, fixed: setting it also stops both thresholds from rising.
  { tunable: 'glibc.malloc.trim_threshold=131072', chosenBy: ['trim_threshold', 'mmap_threshold'] },
  // Two arenas that all the process's threads share. glibc's default is up to eight per core, and a thread that
  // allocates while another holds its arena gets one of its own, with its free memory kept apart.
  { tunable: 'glibc.malloc.arena_max=2', chosenBy: ['arena_max'] },
] as const;

/** V8's flag that counts external memory in the limit of its whole heap. */
export const EXTERNAL_MEMORY_IN_GC_LIMITS = '--external-memory-accounted-in-global-limit';

type Execve = (file: string, args: string[], env: NodeJS.ProcessEnv) => never;

/**
 * GLIBC_TUNABLES with MALLOC_TUNABLES added after the ones already there, leaving out each that the administrator
 * chose already; null when it would add none.
 */
export function tunablesWithMallocSettings(tunables: string | undefined): string | null {
  const present = new Set((tunables ?? '').split(':').map((setting) => /^glibc\.malloc\.(\w+)=/.exec(setting)?.[1]));
  const added = MALLOC_TUNABLES.filter(({ chosenBy }) => !chosenBy.some((name) => present.has(name))).map(({ tunable }) => tunable);
  if (added.length === 0) return null;
  return [...(tunables ? [tunables] : []), ...added].join(':');
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
  const tunables = tunablesWithMallocSettings(process.env.GLIBC_TUNABLES);
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
