// `node scripts/dist/package-check.mjs`: packages the built app (`electron-vite build` first) with electron-builder as
// `npm run dist` does, for Linux x64 into a folder, with a stand-in Electron distribution (this machine cannot
// download Electron), then asserts on what it packed. Exits 1 naming every problem.
//
// electron-builder runs in a staging copy of the project whose node_modules is a real folder holding the runtime
// packages: with a symlinked node_modules (a worktree's) it drops every indirect dependency and still exits 0, and
// its native-module rebuild (off here as well) would write into the node_modules other checkouts share.
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { SENTINEL } from '@electron/fuses/dist/constants.js';
import { builderConfig, fuseMismatches, missingPackages, nativeModuleProblem, readFuses, runtimePackages } from './package-check-lib.mjs';

const root = join(import.meta.dirname, '..', '..');
const require = createRequire(join(root, 'package.json'));
const target = { platform: 'linux', arch: 'x64', libc: 'glibc' };
/** `--drop PACKAGE`: removes one runtime package from the staging node_modules, to see the check fail. */
const dropIndex = process.argv.indexOf('--drop');
const drop = dropIndex === -1 ? null : process.argv[dropIndex + 1];
/** `--keep`: leaves the staging folder for a look. */
const keep = process.argv.includes('--keep');

const problems = [];
const started = Date.now();
const phases = [];
let phaseStarted = started;
/** Names the time since the last phase ended: the check must stay short in `npm test`. */
const phase = (name) => {
  const now = Date.now();
  phases.push(`${name} ${((now - phaseStarted) / 1000).toFixed(1)} s`);
  phaseStarted = now;
};

if (!existsSync(join(root, 'out', 'main', 'index.js'))) {
  console.error('package check: out/main/index.js is missing; run `npx electron-vite build` first');
  process.exit(1);
}

const { config, problems: configProblems } = await builderConfig(root);
problems.push(...configProblems);

const staging = mkdtempSync(join(tmpdir(), 'console-package-check-'));
try {
  execFileSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'build-data-template.ts')], { cwd: root, stdio: 'inherit' });
  phase('data template');

  for (const entry of ['package.json', 'package-lock.json', 'electron-builder.yml', 'build', 'out', 'resources/help', 'src/server/db/migrations']) {
    cpSync(join(root, entry), join(staging, entry), { recursive: true });
  }
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  const expected = runtimePackages(lock, target);
  // Top-level folders only: a nested package comes with its parent.
  for (const { folder } of expected.filter(({ folder }) => folder.lastIndexOf('node_modules/') === 0)) {
    if (!existsSync(join(root, folder))) {
      problems.push(`${folder} is in the lock file but not installed here (run npm ci)`);
      continue;
    }
    copyPackage(join(root, folder), join(staging, folder));
  }
  if (drop) {
    if (!existsSync(join(staging, 'node_modules', drop))) throw new Error(`--drop ${drop}: no such package in node_modules`);
    rmSync(join(staging, 'node_modules', drop), { recursive: true });
  }
  phase('staging copy');

  // The stand-in Electron: an executable with Electron's fuse wire as Electron ships it (run as node on, cookie
  // encryption off, NODE_OPTIONS on, inspect on, asar integrity off, only-asar off, V8 snapshot off, file
  // privileges on), so the wire the package ends with is the one electron-builder wrote.
  const electronDist = join(staging, 'electron-dist');
  mkdirSync(electronDist);
  const electronVersion = JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')).version;
  writeFileSync(join(electronDist, 'electron'), Buffer.concat([Buffer.from('#!/bin/sh\nexit 0\n'), Buffer.from(SENTINEL), Buffer.from([1, 8]), Buffer.from('11100001')]));
  chmodSync(join(electronDist, 'electron'), 0o755);
  writeFileSync(join(electronDist, 'version'), electronVersion);

  const { build, Platform, Arch } = require('electron-builder');
  await build({
    projectDir: staging,
    targets: Platform.LINUX.createTarget('dir', Arch.x64),
    publish: 'never',
    config: {
      electronDist,
      electronVersion,
      npmRebuild: false,
      directories: { output: join(staging, 'release') },
      linux: { executableName: 'backoffice-console' },
    },
  });

  phase('electron-builder');
  const unpacked = join(staging, 'release', 'linux-unpacked');
  const resources = join(unpacked, 'resources');
  const asar = require('@electron/asar');
  const archive = join(resources, 'app.asar');
  const files = asar.listPackage(archive);

  const archivePackages = new Map();
  for (const file of files) {
    const folder = file.replaceAll('\\', '/').slice(1).replace(/\/package\.json$/, '');
    if (folder !== file.slice(1) && /(^|\/)node_modules\/(@[^/]+\/)?[^/@]+$/.test(folder)) {
      archivePackages.set(folder, JSON.parse(asar.extractFile(archive, file.slice(1)).toString('utf8')));
    }
  }
  problems.push(...missingPackages(expected, archivePackages));
  for (const file of ['/out/main/index.js', '/out/preload/index.cjs', '/out/renderer/index.html', '/package.json']) {
    if (!files.includes(file)) problems.push(`${file} is missing from app.asar`);
  }
  for (const file of files) {
    if (file.endsWith('.map') || file.startsWith('/out/server/') || file.startsWith('/out/browser-host/')) problems.push(`${file} should not be in app.asar`);
  }

  const nativeModules = {
    keytar: join(resources, 'app.asar.unpacked', 'node_modules', 'keytar', 'build', 'Release', 'keytar.node'),
    argon2: join(resources, 'app.asar.unpacked', 'node_modules', '@node-rs', 'argon2-linux-x64-gnu', 'argon2.linux-x64-gnu.node'),
  };
  for (const [name, file] of Object.entries(nativeModules)) {
    const problem = nativeModuleProblem(name, existsSync(file) ? readFileSync(file) : null, target);
    if (problem) problems.push(problem);
  }

  const migrations = readdir(join(root, 'src', 'server', 'db', 'migrations'));
  const packedMigrations = new Set(readdir(join(resources, 'migrations')));
  for (const file of migrations) if (!packedMigrations.has(file)) problems.push(`migration ${file} is missing from resources/migrations`);
  if (!existsSync(join(resources, 'data-template.tar.gz'))) problems.push('resources/data-template.tar.gz is missing');
  for (const locale of ['zh_CN', 'en_US', 'de_DE']) {
    const pdf = join(resources, 'help', `console-help.${locale}.pdf`);
    if (!existsSync(pdf) || !readFileSync(pdf).subarray(0, 5).equals(Buffer.from('%PDF-'))) problems.push(`resources/help/console-help.${locale}.pdf is missing or not a PDF`);
  }

  const { fuses } = readFuses(readFileSync(join(unpacked, 'backoffice-console')));
  problems.push(...fuseMismatches(config.electronFuses, fuses));

  phase('assertions');
  console.log(`package check: ${files.length} files in app.asar, ${expected.length} runtime packages, fuses ${JSON.stringify(fuses)}; ${phases.join(', ')}`);
} catch (error) {
  problems.push(`packaging failed: ${error.stack ?? error}`);
} finally {
  if (keep) console.log(`package check: staging folder kept at ${staging}`);
  else rmSync(staging, { recursive: true, force: true });
}

/**
 * Hard links where the file system allows (a copy of 10,000 files took a minute and a half on a busy machine):
 * a real folder all the same, and nothing writes into it with the rebuild off.
 */
function copyPackage(from, to) {
  mkdirSync(dirname(to), { recursive: true });
  try {
    execFileSync('cp', ['-al', realpathSync(from), to], { stdio: 'pipe' });
  } catch {
    rmSync(to, { recursive: true, force: true });
    cpSync(from, to, { recursive: true, dereference: true });
  }
}

function readdir(folder) {
  return existsSync(folder) ? readdirSync(folder) : [];
}

if (problems.length > 0) {
  console.error(`package check failed (${problems.length}):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('package check passed');
