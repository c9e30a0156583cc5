import path from 'node:path';
import { DATA_TEMPLATE_FILE } from '../src/main/electron/app-paths';
import { buildDataTemplate } from '../src/server/db/data-template';

/**
 * `tsx scripts/build-data-template.ts [FILE]`: the embedded server's pre-initialised data folder (initdb and
 * this build's migrations, nothing seeded) as out/data-template.tar.gz, which electron-builder ships in the
 * app's resources. Run after `electron-vite build` (which empties out/).
 */
const file = process.argv[2] ?? path.join(import.meta.dirname, '..', 'out', DATA_TEMPLATE_FILE);
const { bytes } = await buildDataTemplate(file);
console.log(`Data template written to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB)`);
