import { createRequire } from 'node:module';
import { SENTINEL } from '@electron/fuses/dist/constants.js';

const require = createRequire(import.meta.url);

/**
 * The packaging check's assertions, as pure functions over what the check reads from the package: the lock file,
 * the archive's file list, the unpacked native modules' bytes and the packaged executable.
 */

/** A package of the lock file is installed for a target when its os, cpu and libc fields (if any) allow the target. */
function installedFor(entry, target) {
  const allows = (list, value) => !Array.isArray(list) || list.length === 0 || allowsValue(list, value);
  return allows(entry.os, target.platform) && allows(entry.cpu, target.arch) && (target.platform !== 'linux' || allows(entry.libc, target.libc));
}

function allowsValue(list, value) {
  if (list.some((item) => item === `!${value}`)) return false;
  const positive = list.filter((item) => !item.startsWith('!'));
  return positive.length === 0 || positive.includes(value);
}

/** Type declarations carry no code: electron-builder leaves `@types/*` out, and what only they depend on. */
const typesOnly = (name) => name.startsWith('@types/');

/**
 * Where Node finds package `name` from the package folder `from` (lock paths: `node_modules/a/node_modules/b`),
 * walking up the folders as require does; null when no folder has it.
 * @param {(folder: string) => boolean} has
 */
export function resolvePackage(from, name, has) {
  let folder = from;
  for (;;) {
    const candidate = folder === '' ? `node_modules/${name}` : `${folder}/node_modules/${name}`;
    if (has(candidate)) return candidate;
    if (folder === '') return null;
    const at = folder.lastIndexOf('/node_modules/');
    folder = at === -1 ? '' : folder.slice(0, at);
  }
}

/**
 * Every package the app needs at run time for the target, from the lock file: the app's dependencies and
 * optionalDependencies and, through the lock's folders as Node resolves them, theirs (required peers too), less
 * optional ones the target does not install. Returns lock folders with name and version.
 * @param {{ packages: Record<string, { name?: string, version?: string, dependencies?: Record<string, string>, optionalDependencies?: Record<string, string>, peerDependencies?: Record<string, string>, peerDependenciesMeta?: Record<string, { optional?: boolean }>, os?: string[], cpu?: string[], libc?: string[] }> }} lock
 * @param {{ platform: string, arch: string, libc?: string }} target
 * @returns {{ folder: string, name: string, version: string }[]}
 */
export function runtimePackages(lock, target) {
  if (!lock?.packages?.['']) throw new Error('package-lock.json has no "packages" map (lockfileVersion 2 or later is needed)');
  const packages = lock.packages;
  const has = (folder) => Object.hasOwn(packages, folder);
  const found = new Map();
  const problems = [];
  const visit = (folder) => {
    const entry = packages[folder];
    const required = { ...entry.dependencies };
    for (const [name, range] of Object.entries(entry.peerDependencies ?? {})) {
      if (!entry.peerDependenciesMeta?.[name]?.optional) required[name] = range;
    }
    const wanted = [...Object.keys(required).map((name) => [name, false]), ...Object.keys(entry.optionalDependencies ?? {}).map((name) => [name, true])];
    for (const [name, optional] of wanted) {
      if (typesOnly(name)) continue;
      const at = resolvePackage(folder, name, has);
      if (at === null) {
        if (!optional) problems.push(`${folder || 'the app'} needs ${name}, which the lock file does not install`);
        continue;
      }
      if (found.has(at) || !installedFor(packages[at], target)) continue;
      found.set(at, { folder: at, name, version: packages[at].version });
      visit(at);
    }
  };
  visit('');
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return [...found.values()].sort((a, b) => (a.folder < b.folder ? -1 : 1));
}

/**
 * The runtime packages the archive lacks: each must be there (name and version), and every package in the archive
 * must find each dependency it declares the way Node will, walking up the archive's node_modules folders.
 * @param {{ name: string, version: string }[]} expected from runtimePackages
 * @param {Map<string, { name: string, version: string, dependencies?: Record<string, string> }>} archive the
 *   archive's package.json files by folder (`node_modules/a`, without a leading slash)
 * @returns {string[]} one sentence per problem
 */
export function missingPackages(expected, archive) {
  const problems = [];
  const versions = new Set([...archive.values()].map((pkg) => `${pkg.name}@${pkg.version}`));
  for (const { name, version } of expected) {
    if (!versions.has(`${name}@${version}`)) problems.push(`${name}@${version} is missing from app.asar`);
  }
  const has = (folder) => archive.has(folder);
  for (const [folder, pkg] of archive) {
    for (const name of Object.keys(pkg.dependencies ?? {})) {
      if (typesOnly(name) || Object.hasOwn(pkg.optionalDependencies ?? {}, name)) continue;
      if (resolvePackage(folder, name, has) === null) problems.push(`${folder} needs ${name}, which it cannot find in app.asar`);
    }
  }
  return problems;
}

/** The machine an ELF, PE or Mach-O file was built for, or null when the bytes are none of those. */
export function binaryMachine(bytes) {
  if (bytes.length >= 20 && bytes[0] === 0x7f && bytes.toString('latin1', 1, 4) === 'ELF') {
    const machine = bytes.readUInt16LE(18);
    return { format: 'elf', arch: { 0x3e: 'x64', 0xb7: 'arm64', 0x03: 'ia32', 0x28: 'armv7l' }[machine] ?? `elf-machine-${machine}` };
  }
  if (bytes.length >= 64 && bytes.toString('latin1', 0, 2) === 'MZ') {
    const pe = bytes.readUInt32LE(0x3c);
    if (bytes.length >= pe + 6 && bytes.toString('latin1', pe, pe + 4) === 'PE\0\0') {
      const machine = bytes.readUInt16LE(pe + 4);
      return { format: 'pe', arch: { 0x8664: 'x64', 0xaa64: 'arm64', 0x14c: 'ia32' }[machine] ?? `pe-machine-${machine}` };
    }
  }
  if (bytes.length >= 8 && bytes.readUInt32LE(0) === 0xfeedfacf) {
    const cpu = bytes.readUInt32LE(4);
    return { format: 'macho', arch: { 0x01000007: 'x64', 0x0100000c: 'arm64' }[cpu] ?? `macho-cpu-${cpu}` };
  }
  return null;
}

const targetFormat = { linux: 'elf', win32: 'pe', darwin: 'macho' };

/**
 * What is wrong with a native module for the target: missing, not a native binary, or built for another machine.
 * @returns {string | null}
 */
export function nativeModuleProblem(name, bytes, target) {
  if (!bytes) return `${name}: not in app.asar.unpacked`;
  const machine = binaryMachine(bytes);
  if (!machine) return `${name}: not a native binary`;
  if (machine.format !== targetFormat[target.platform] || machine.arch !== target.arch) {
    return `${name}: built for ${machine.format} ${machine.arch}, the target is ${target.platform} ${target.arch}`;
  }
  return null;
}

/** The order of the fuse wire (Electron's fuses.json5, version 1), named as electron-builder's `electronFuses` names them. */
export const FUSE_ORDER = [
  'runAsNode',
  'enableCookieEncryption',
  'enableNodeOptionsEnvironmentVariable',
  'enableNodeCliInspectArguments',
  'enableEmbeddedAsarIntegrityValidation',
  'onlyLoadAppFromAsar',
  'loadBrowserProcessSpecificV8Snapshot',
  'grantFileProtocolExtraPrivileges',
];

/** The fuse wire of an Electron binary (after the sentinel: version, length, one '0'/'1' per fuse). */
export function readFuses(bytes) {
  const at = bytes.indexOf(SENTINEL);
  if (at === -1) throw new Error('the packaged executable has no fuse sentinel');
  const wire = at + SENTINEL.length;
  const length = bytes[wire + 1];
  const fuses = {};
  for (let i = 0; i < length; i++) {
    const state = bytes[wire + 2 + i];
    fuses[FUSE_ORDER[i] ?? `fuse${i}`] = state === 0x31 ? true : state === 0x30 ? false : 'removed';
  }
  return { version: bytes[wire], fuses };
}

/** Each configured fuse the binary does not carry as configured, as a sentence. */
export function fuseMismatches(configured, actual) {
  const problems = [];
  for (const [name, wanted] of Object.entries(configured ?? {})) {
    if (!FUSE_ORDER.includes(name)) continue;
    if (actual[name] !== wanted) problems.push(`fuse ${name} is ${actual[name]}, configured ${wanted}`);
  }
  return problems;
}

/**
 * The project's electron-builder configuration (electron-builder.yml, resolved as electron-builder resolves it) and
 * what app-builder-lib's own schema (scheme.json) finds wrong with it, in electron-builder's words.
 * @param {string} projectDir
 * @param {object} [override] replaces the loaded configuration (for the tests)
 */
export async function builderConfig(projectDir, override) {
  const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config.js');
  const config = override ?? (await getConfig(projectDir, null, null));
  try {
    await validateConfiguration(config, { isEnabled: false, add() {} });
    return { config, problems: [] };
  } catch (error) {
    return { config, problems: [`electron-builder.yml does not validate against app-builder-lib's schema: ${error.message}`] };
  }
}
