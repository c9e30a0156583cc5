import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { bundleReportPlugin } from './scripts/bundle-report';

export default defineConfig({
  main: {
    build: {
      // Dependencies stay external (native keytar and argon2, PGlite's wasm, the server's packages) except
      // electron-store and the `conf` it is built on (ESM-only) and drizzle-orm, whose hundreds of modules each
      // made Node 24 read its 179 KB package.json again at start (see `serverProcessBundle`).
      externalizeDeps: { exclude: ['electron-store', 'conf', 'drizzle-orm'] },
      // Maps let the security scan trace a finding in out/ to its source line (electron-builder leaves them out).
      sourcemap: true,
      rollupOptions: {
        // The worker threads' entries, each a file of its own for `new Worker`: PGlite's (CONSOLE_PGLITE_THREAD=worker)
        // and the export writer's.
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          'pglite-thread-worker': resolve(__dirname, 'src/server/db/pglite-thread-worker.ts'),
          'xlsx-thread-worker': resolve(__dirname, 'src/server/exports/xlsx-thread-worker.ts'),
        },
        // Bundled packages get their own chunk, so the app's own code stays in chunks Electronegativity can
        // read (it cannot traverse the private class fields some packages use, and skips such a file whole).
        output: { codeSplitting: { groups: [{ name: 'vendor', test: /node_modules/ }] } },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload can require nothing but `electron`: everything else is bundled into it.
      externalizeDeps: false,
      sourcemap: true,
      rollupOptions: { input: { index: resolve(__dirname, 'src/preload/index.ts') }, output: { format: 'cjs' } },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      // electron-vite leaves every build unminified; the renderer is what a user waits for, so it is minified.
      minify: true,
      rollupOptions: {
        input: resolve(__dirname, 'src/renderer/index.html'),
        // The areas' texts load together with the shell: one chunk, not one request per area.
        output: { codeSplitting: { groups: [{ name: 'area-texts', test: /[\\/]areas[\\/][^\\/]+[\\/]screens[\\/]text\.ts$/ }] } },
      },
    },
    plugins: [react(), bundleReportPlugin()],
  },
});
