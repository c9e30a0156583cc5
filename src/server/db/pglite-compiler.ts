import v8 from 'node:v8';

/** V8's flags that keep WebAssembly on its baseline compiler (Liftoff): `--liftoff-only` alone, set at run time, does not on Node 24. */
const BASELINE_WASM_FLAGS = ['--liftoff-only', '--no-wasm-tier-up', '--no-wasm-dynamic-tiering'] as const;

/**
 * Keeps PGlite's WebAssembly on V8's baseline compiler in a process whose command line the server does not choose
 * (the desktop app's main process, the browser host), as `--liftoff-only` does for the standalone server: V8's
 * optimising compiler took tens of MB for PostgreSQL's largest functions on Node 20 and hundreds on Node 24
 * (issue 11). V8 reads the flags when it compiles a module, so this runs before PGlite's first start.
 */
export function keepWasmOnBaselineCompiler(): void {
  v8.setFlagsFromString(BASELINE_WASM_FLAGS.join(' '));
}
