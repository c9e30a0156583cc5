// `npm start`: builds the app and opens it in Electron, or says in one line that Electron is missing here.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { electronBinaryPath } from './electron-binary.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const electronDir = fileURLToPath(new URL('../node_modules/electron', import.meta.url));

if (!electronBinaryPath(electronDir)) {
  console.error('The Electron binary is not installed on this machine (its download failed or was skipped); run `npm run start:browser` to use the console in a browser instead.');
  process.exit(1);
}

const electronVite = fileURLToPath(new URL('../node_modules/electron-vite/bin/electron-vite.js', import.meta.url));
for (const command of ['build', 'preview']) {
  const result = spawnSync(process.execPath, [electronVite, command], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
