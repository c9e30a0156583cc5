import os from 'node:os';
import { defineConfig } from 'vitest/config';

const serverTests = ['src/server/**/*.test.ts', 'src/areas/*/server/**/*.test.ts'];

/**
 * Projects: `unit` (pure code of every process), and the server's database tests twice — on PGlite and
 * on a real PostgreSQL server that `npm test` starts (CONSOLE_TEST_PG_URL). Keychain tests
 * (`*.keyring.test.ts`) run in their own step under a real keyring.
 */
export default defineConfig({
  test: {
    // Vitest's default leaves one core idle: on a 2-core machine that is one worker. A server test spends much
    // of its time waiting on PostgreSQL or the file system, so every core gets a worker.
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.{ts,mjs}'],
          exclude: [...serverTests, '**/*.keyring.test.ts', '**/node_modules/**'],
          environment: 'node',
          // A screen's first render in jsdom can take seconds on a busy 2-core CI machine.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server-pglite',
          include: serverTests,
          env: { CONSOLE_TEST_DB: 'pglite' },
          globalSetup: ['src/server/testing/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'server-pg',
          include: serverTests,
          env: { CONSOLE_TEST_DB: 'pg' },
          globalSetup: ['src/server/testing/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'keyring',
          include: ['src/**/*.keyring.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
