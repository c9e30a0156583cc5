/**
 * Settings read only when a process starts, which `npm run server`'s command line cannot carry for every Node: on Linux the
 * process starts itself once more with them, so that freed memory does not pile up in malloc arenas during an export
 * (docs/decisions/0004-malloc-thresholds-and-external-memory.md, docs/decisions/0005-two-malloc-arenas.md).
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
