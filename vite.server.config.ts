import { cpSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin, type UserConfig } from 'vite';

/** The migrations beside the bundle, where `DEFAULT_MIGRATIONS_DIR` (the bundled client.ts's folder) looks for them. */
function copyMigrations(outDir: string): Plugin {
  return {
    name: 'copy-migrations',
    closeBundle() {
      rmSync(resolve(outDir, 'migrations'), { recursive: true, force: true });
      cpSync(resolve(import.meta.dirname, 'src/server/db/migrations'), resolve(outDir, 'migrations'), { recursive: true });
    },
  };
}

/**
 * A Node process that runs the server, as the product runs it: one bundle of the product's own code with `entry`
 * as `cli.js`, its packages left in node_modules, the entries of the server's worker threads (PGlite's, the export
 * writer's) and its migrations beside it. Run from a bundle the process neither loads tsx nor compiles TypeScript
 * at start, which saves the memory the transform takes (issue 11).
 */
export function serverProcessBundle(outFolder: string, entry: string): UserConfig {
  const outDir = resolve(import.meta.dirname, outFolder);
  return {
    build: {
      ssr: true,
      outDir,
      target: 'node22',
      sourcemap: true,
      emptyOutDir: true,
      rollupOptions: {
        input: {
          cli: resolve(import.meta.dirname, entry),
          'pglite-thread-worker': resolve(import.meta.dirname, 'src/server/db/pglite-thread-worker.ts'),
          'xlsx-thread-worker': resolve(import.meta.dirname, 'src/server/exports/xlsx-thread-worker.ts'),
        },
        // Every file in one folder: workerEntry finds the workers, and client.ts the migrations, beside itself.
        output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
      },
    },
    // drizzle-orm is bundled: Node 24 (not Node 20) reads a package's package.json afresh for each of its ES
    // modules it resolves, and drizzle's hundreds of modules with its 179 KB package.json allocated 160 MB at
    // start. V8's page pool kept the pages that garbage left: 40 MB more after the start (issue 11).
    ssr: { noExternal: ['drizzle-orm'] },
    plugins: [copyMigrations(outDir)],
  };
}

/** The standalone server (`npm run server`). */
export default defineConfig(serverProcessBundle('out/server', 'src/server/cli.ts'));
