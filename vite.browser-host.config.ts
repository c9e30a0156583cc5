import { defineConfig } from 'vite';
import { serverProcessBundle } from './vite.server.config.ts';

/** The browser host with its embedded server (`npm run start:browser`), bundled as the standalone server is. */
export default defineConfig(serverProcessBundle('out/browser-host', 'src/browser-host/cli.ts'));
