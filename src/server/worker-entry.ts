import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

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
