import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SENTINEL } from '@electron/fuses/dist/constants.js';
import { describe, expect, it } from 'vitest';
import { binaryMachine, builderConfig, fuseMismatches, missingPackages, nativeModuleProblem, readFuses, resolvePackage, runtimePackages } from './package-check-lib.mjs';

const linux = { platform: 'linux', arch: 'x64', libc: 'glibc' };

const lock = {
  packages: {
    '': { dependencies: { a: '^1', native: '^1' }, optionalDependencies: { keychain: '^1' }, devDependencies: { tool: '^1' } },
    'node_modules/a': { version: '1.0.0', dependencies: { b: '^2', '@types/x': '^1' } },
    'node_modules/a/node_modules/b': { version: '2.0.0', dependencies: { c: '^1' } },
    'node_modules/b': { version: '1.0.0' },
    'node_modules/c': { version: '1.0.0', peerDependencies: { d: '^1', e: '^1' }, peerDependenciesMeta: { e: { optional: true } } },
    'node_modules/d': { version: '1.0.0' },
    'node_modules/e': { version: '1.0.0' },
    'node_modules/@types/x': { version: '1.0.0' },
    'node_modules/native': { version: '1.0.0', optionalDependencies: { 'native-linux-x64-gnu': '1.0.0', 'native-linux-x64-musl': '1.0.0', 'native-win32-x64': '1.0.0' } },
    'node_modules/native-linux-x64-gnu': { version: '1.0.0', optional: true, os: ['linux'], cpu: ['x64'], libc: ['glibc'] },
    'node_modules/native-linux-x64-musl': { version: '1.0.0', optional: true, os: ['linux'], cpu: ['x64'], libc: ['musl'] },
    'node_modules/native-win32-x64': { version: '1.0.0', optional: true, os: ['win32'], cpu: ['x64'] },
    'node_modules/keychain': { version: '1.0.0', optional: true },
    'node_modules/tool': { version: '1.0.0', dev: true },
  },
};

/** The archive as electron-builder packs the lock's runtime packages, keyed by folder. */
function archiveOf(folders) {
  return new Map(
    folders.map((folder) => {
      const entry = lock.packages[folder];
      return [folder, { name: folder.slice(folder.lastIndexOf('node_modules/') + 'node_modules/'.length), version: entry.version, dependencies: entry.dependencies, optionalDependencies: entry.optionalDependencies }];
    }),
  );
}

describe('runtimePackages', () => {
  it('follows dependencies as Node resolves them, with required peers and the target’s optional packages, without dev or type packages', () => {
    expect(runtimePackages(lock, linux).map((pkg) => `${pkg.folder}@${pkg.version}`)).toEqual([
      'node_modules/a@1.0.0',
      'node_modules/a/node_modules/b@2.0.0',
      'node_modules/c@1.0.0',
      'node_modules/d@1.0.0',
      'node_modules/keychain@1.0.0',
      'node_modules/native@1.0.0',
      'node_modules/native-linux-x64-gnu@1.0.0',
    ]);
  });

  it('picks the native package of another target', () => {
    expect(runtimePackages(lock, { platform: 'win32', arch: 'x64' }).map((pkg) => pkg.folder)).toContain('node_modules/native-win32-x64');
    expect(runtimePackages(lock, { platform: 'win32', arch: 'x64' }).map((pkg) => pkg.folder)).not.toContain('node_modules/native-linux-x64-gnu');
  });

  it('names a required package the lock file does not install', () => {
    const broken = { packages: { ...lock.packages, 'node_modules/d': undefined } };
    delete broken.packages['node_modules/d'];
    expect(() => runtimePackages(broken, linux)).toThrow('node_modules/c needs d, which the lock file does not install');
  });

  it('refuses a lock file without a packages map', () => {
    expect(() => runtimePackages({ lockfileVersion: 1, dependencies: {} }, linux)).toThrow('no "packages" map');
  });

  it('finds every runtime package of this project’s lock file, the native modules among them', () => {
    const projectLock = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package-lock.json'), 'utf8'));
    const names = runtimePackages(projectLock, linux).map((pkg) => pkg.name);
    expect(names).toEqual(expect.arrayContaining(['keytar', '@node-rs/argon2', '@node-rs/argon2-linux-x64-gnu', 'fastify', '@electric-sql/pglite']));
    expect(names).not.toContain('electron');
    expect(names).not.toContain('@node-rs/argon2-win32-x64-msvc');
  });
});

describe('resolvePackage', () => {
  const folders = new Set(['node_modules/a', 'node_modules/a/node_modules/b', 'node_modules/b', 'node_modules/@s/p']);
  const has = (folder) => folders.has(folder);
  it('walks up the node_modules folders as require does', () => {
    expect(resolvePackage('node_modules/a', 'b', has)).toBe('node_modules/a/node_modules/b');
    expect(resolvePackage('node_modules/a/node_modules/b', 'b', has)).toBe('node_modules/a/node_modules/b');
    expect(resolvePackage('node_modules/@s/p', 'b', has)).toBe('node_modules/b');
    expect(resolvePackage('node_modules/a/node_modules/b', '@s/p', has)).toBe('node_modules/@s/p');
    expect(resolvePackage('node_modules/a', 'z', has)).toBeNull();
  });
});

describe('missingPackages', () => {
  const expected = runtimePackages(lock, linux);
  const complete = archiveOf(expected.map((pkg) => pkg.folder));

  it('passes an archive with every runtime package', () => {
    expect(missingPackages(expected, complete)).toEqual([]);
  });

  it('names an indirect dependency electron-builder left out', () => {
    const archive = new Map(complete);
    archive.delete('node_modules/d');
    expect(missingPackages(expected, archive)).toEqual(['d@1.0.0 is missing from app.asar']);
    archive.delete('node_modules/a/node_modules/b');
    expect(missingPackages(expected, archive)).toEqual([
      'b@2.0.0 is missing from app.asar',
      'd@1.0.0 is missing from app.asar',
      'node_modules/a needs b, which it cannot find in app.asar',
    ]);
  });

  it('names a dependency that is in the archive but where Node will not find it', () => {
    const archive = new Map(complete);
    const c = archive.get('node_modules/c');
    archive.delete('node_modules/c');
    archive.set('node_modules/native/node_modules/c', c);
    const b = archive.get('node_modules/a/node_modules/b');
    archive.set('node_modules/a/node_modules/b', { ...b, dependencies: { c: '^1' } });
    expect(missingPackages(expected, archive)).toEqual(['node_modules/a/node_modules/b needs c, which it cannot find in app.asar']);
  });
});

describe('binaryMachine and nativeModuleProblem', () => {
  const elf = (machine) => {
    const bytes = Buffer.alloc(64);
    Buffer.from([0x7f, 0x45, 0x4c, 0x46]).copy(bytes);
    bytes.writeUInt16LE(machine, 18);
    return bytes;
  };
  const pe = (machine) => {
    const bytes = Buffer.alloc(256);
    bytes.write('MZ', 0, 'latin1');
    bytes.writeUInt32LE(0x80, 0x3c);
    bytes.write('PE\0\0', 0x80, 'latin1');
    bytes.writeUInt16LE(machine, 0x84);
    return bytes;
  };

  it('reads the machine of ELF, PE and Mach-O files', () => {
    expect(binaryMachine(elf(0x3e))).toEqual({ format: 'elf', arch: 'x64' });
    expect(binaryMachine(pe(0xaa64))).toEqual({ format: 'pe', arch: 'arm64' });
    const macho = Buffer.alloc(16);
    macho.writeUInt32LE(0xfeedfacf, 0);
    macho.writeUInt32LE(0x0100000c, 4);
    expect(binaryMachine(macho)).toEqual({ format: 'macho', arch: 'arm64' });
    expect(binaryMachine(Buffer.from('module.exports = {}'))).toBeNull();
  });

  it('names a module that is missing, not native, or built for another machine', () => {
    expect(nativeModuleProblem('keytar', elf(0x3e), linux)).toBeNull();
    expect(nativeModuleProblem('keytar', null, linux)).toBe('keytar: not in app.asar.unpacked');
    expect(nativeModuleProblem('keytar', Buffer.from('text'), linux)).toBe('keytar: not a native binary');
    expect(nativeModuleProblem('argon2', elf(0xb7), linux)).toBe('argon2: built for elf arm64, the target is linux x64');
    expect(nativeModuleProblem('argon2', pe(0x8664), linux)).toBe('argon2: built for pe x64, the target is linux x64');
  });

  it('accepts this machine’s keytar build for Linux x64', () => {
    const keytar = readFileSync(join(import.meta.dirname, '..', '..', 'node_modules', 'keytar', 'build', 'Release', 'keytar.node'));
    expect(nativeModuleProblem('keytar', keytar, linux)).toBeNull();
  });
});

describe('readFuses and fuseMismatches', () => {
  const binary = (wire) => Buffer.concat([Buffer.from('ELF…'), Buffer.from(SENTINEL), Buffer.from([1, wire.length]), Buffer.from(wire), Buffer.from('…')]);

  it('reads the wire after the sentinel', () => {
    expect(readFuses(binary('01'))).toEqual({ version: 1, fuses: { runAsNode: false, enableCookieEncryption: true } });
    expect(() => readFuses(Buffer.from('no wire'))).toThrow('no fuse sentinel');
  });

  it('names each fuse not as configured and ignores options that are not fuses', () => {
    const { fuses } = readFuses(binary('11100001'));
    expect(fuseMismatches({ runAsNode: false, enableCookieEncryption: false, grantFileProtocolExtraPrivileges: true, resetAdHocDarwinSignature: true }, fuses)).toEqual([
      'fuse runAsNode is true, configured false',
      'fuse enableCookieEncryption is true, configured false',
    ]);
  });
});

describe('builderConfig', () => {
  const root = join(import.meta.dirname, '..', '..');
  it('loads electron-builder.yml, which app-builder-lib’s schema accepts, with no auto-update and installers per machine', async () => {
    const { config, problems } = await builderConfig(root);
    expect(problems).toEqual([]);
    expect(config.publish).toBeNull();
    expect(config.nsis.perMachine).toBe(true);
    expect(config.msi.perMachine).toBe(true);
    expect(config.win.target.map((target) => target.target)).toEqual(['nsis', 'msi']);
    expect(config.mac.target.map((target) => target.target)).toEqual(['dmg', 'pkg']);
  });

  it('names an option the schema does not know', async () => {
    const { config } = await builderConfig(root);
    const { problems } = await builderConfig(root, { ...config, msi: { ...config.msi, perMachin: true } });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/does not validate against app-builder-lib's schema: (.|\n)*configuration\.msi /);
  });
});
