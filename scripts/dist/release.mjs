// `npm run release -- win|mac`: the signed (and on macOS notarised) installers. Refuses before building anything when
// a signing or notarisation variable is missing (release-lib.mjs), and tells electron-builder to fail rather than
// leave a file unsigned (forceCodeSigning). `npm run dist` stays for unsigned builds to try.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { releaseProblems } from './release-lib.mjs';

const platform = process.argv[2];
const problems = releaseProblems(platform, process.env);
if (problems.length > 0) {
  console.error(`npm run release: not building an unsigned release.\n  ${problems.join('\n  ')}`);
  process.exit(1);
}

const root = join(import.meta.dirname, '..', '..');
const run = (command, args) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
run(process.execPath, [join(import.meta.dirname, 'preflight.mjs')]);
run('npx', ['electron-vite', 'build']);
run('npx', ['tsx', 'scripts/build-data-template.ts']);
run('npx', ['electron-builder', `--${platform}`, '-c.forceCodeSigning=true', '--publish', 'never']);
