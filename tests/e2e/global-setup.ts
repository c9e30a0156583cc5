import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { startServer } from '../../src/server';
import { BROWSER_HOST_BUNDLE } from '../../scripts/server-command';

/**
 * One seeded PGlite data folder per run; each spec file starts its browser host on a copy of it.
 * CONSOLE_E2E_WORK and CONSOLE_E2E_RENDERER let runs side by side keep their own template and built renderer.
 */
export const TEMPLATE_DIR = path.resolve(process.env.CONSOLE_E2E_WORK ?? 'test-results', 'e2e-template');
export const RENDERER_DIR = path.resolve(process.env.CONSOLE_E2E_RENDERER ?? 'out/renderer');

export default async function globalSetup(): Promise<void> {
  if (!existsSync(path.join(RENDERER_DIR, 'index.html'))) throw new Error(`${RENDERER_DIR} holds no built renderer: run \`npx electron-vite build\` first (npm test does)`);
  if (!existsSync(BROWSER_HOST_BUNDLE)) throw new Error(`${BROWSER_HOST_BUNDLE} is missing: run \`npm run build:browser-host\` first (npm test does)`);
  rmSync(TEMPLATE_DIR, { recursive: true, force: true });
  mkdirSync(TEMPLATE_DIR, { recursive: true });
  const server = await startServer({ port: 0, dataDir: TEMPLATE_DIR, quiet: true });
  await server.close();
}
