import { cpSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';

const OUT_DIR = resolve(import.meta.dirname, 'out/server');

/** The migrations beside the bundle, where `DEFAULT_MIGRATIONS_DIR` (the bundled client.ts's folder) looks for them. */
function copyMigrations(): Plugin {
  return {
    name: 'copy-migrations',
    closeBundle() {
      rmSync(resolve(OUT_DIR, 'migrations'), { recursive: true, force: true });
      cpSync(resolve(import.meta.dirname, 'src/server/db/migrations'), resolve(OUT_DIR, 'migrations'), { recursive: true });
    },
  };
}

/**
 * The standalone server (`npm run server`) as the product runs it: one bundle of the server's own code, its
 * packages left in node_modules, the entries of its worker threads (PGlite's, the export writer's) beside it.
 * Run from this bundle the server neither loads tsx nor compiles TypeScript at start, which saves the memory the
 * transform takes (issue 11).
 */
export default defineConfig({
  build: {
    ssr: true,
    outDir: OUT_DIR,
    target: 'node22',
    sourcemap: true,
    emptyOutDir: true,
    rollupOptions: {
      input: {
        cli: resolve(import.meta.dirname, 'src/server/cli.ts'),
        'pglite-thread-worker': resolve(import.meta.dirname, 'src/server/db/pglite-thread-worker.ts'),
        'xlsx-thread-worker': resolve(import.meta.dirname, 'src/server/exports/xlsx-thread-worker.ts'),
      },
      // Every file in one folder: workerEntry finds the workers, and client.ts the migrations, beside itself.
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
  plugins: [copyMigrations()],
});
