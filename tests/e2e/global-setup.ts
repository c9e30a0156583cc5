import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { startServer } from '../../src/server/index';

/** One seeded PGlite data folder per run; each spec file starts its browser host on a copy of it. */
export const TEMPLATE_DIR = path.resolve('test-results/e2e-template');

export default async function globalSetup(): Promise<void> {
  if (!existsSync(path.resolve('out/renderer/index.html'))) throw new Error('out/renderer is missing: run `npx electron-vite build` first (npm test does)');
  rmSync(TEMPLATE_DIR, { recursive: true, force: true });
  mkdirSync(TEMPLATE_DIR, { recursive: true });
  const server = await startServer({ port: 0, dataDir: TEMPLATE_DIR, quiet: true });
  await server.close();
}
