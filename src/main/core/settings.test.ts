import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import Conf from 'conf';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../shared/codes';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, DEFAULT_TRANSPORT_SECRET } from '../../shared/defaults';
import { createSettings, managedConfigPath, normalizeServerUrl, readManagedPreset, type KeyValueStore } from './settings';

let dir: string;
const conf = (): KeyValueStore => new Conf<Record<string, unknown>>({ cwd: dir, configName: 'settings' });

beforeEach(() => {
  dir = mkdtempSync(join(os.tmpdir(), 'console-settings-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('settings on conf', () => {
  it('starts from the defaults: embedded server, zh_CN, the system theme, the built-in credentials', () => {
    const settings = createSettings(conf());
    expect(settings.get()).toEqual({ serverUrl: '', serverUrlManaged: false, language: 'zh_CN', theme: 'system' });
    expect(settings.credentials()).toEqual({ clientId: DEFAULT_CLIENT_ID, clientSecret: DEFAULT_CLIENT_SECRET, transportSecret: DEFAULT_TRANSPORT_SECRET });
    expect(settings.windowBounds()).toBeNull();
  });

  it('persists changes across instances, normalising the server URL', () => {
    createSettings(conf()).set({ serverUrl: ' https://Console.Example.com:8443/base/ ', language: 'de_DE' });
    expect(createSettings(conf()).set({ theme: 'dark' }).theme).toBe('dark');
    expect(createSettings(conf()).get().theme).toBe('dark');
    createSettings(conf()).set({ theme: 'system' });
    createSettings(conf()).setWindowBounds({ x: 10, y: -20, width: 1280, height: 800, maximized: false });
    const again = createSettings(conf());
    expect(again.get()).toEqual({ serverUrl: 'https://console.example.com:8443/base', serverUrlManaged: false, language: 'de_DE', theme: 'system' });
    expect(again.windowBounds()).toEqual({ x: 10, y: -20, width: 1280, height: 800, maximized: false });
    expect(again.set({ serverUrl: '' })).toMatchObject({ serverUrl: '', language: 'de_DE' });
  });

  it('keeps one device id', () => {
    const id = createSettings(conf()).deviceId();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(createSettings(conf()).deviceId()).toBe(id);
  });

  it('refuses a bad change as a whole, naming the problem', () => {
    const settings = createSettings(conf());
    expect(() => settings.set({ language: 'fr_FR' } as never)).toThrow('settings: language must be one of zh_CN, en_US, de_DE, ko_KR, ja_JP');
    expect(() => settings.set({ serverUrl: 'ftp://host', language: 'en_US' })).toThrow('serverUrl must start with http:// or https://');
    expect(() => settings.set({ serverUrl: 'https://user:pw@host' })).toThrow('must not contain a user name or password');
    expect(() => settings.set({ serverUrl: 'not a url' })).toThrow('serverUrl is not a URL');
    // The chosen system and role belong to the session, never to the workstation (spec 000 §2).
    expect(() => settings.set({ lastSystemMenuId: 3, lastRoleId: 9 } as never)).toThrow('settings: lastSystemMenuId, lastRoleId cannot be changed here');
    expect(() => settings.set({ deviceId: 'x' } as never)).toThrow('settings: deviceId cannot be changed here');
    expect(() => settings.setWindowBounds({ x: 0, y: 0, width: 0, height: 10, maximized: false })).toThrow('window bounds: width');
    expect(() => settings.set({ theme: 'sepia' } as never)).toThrow('settings: theme must be one of system, light, dark, highContrast');
    expect(settings.get().language).toBe('zh_CN');
    expect(settings.get().theme).toBe('system');
  });

  it('falls back to defaults for values edited into nonsense', () => {
    const store = conf();
    store.set('language', 'xx');
    store.set('theme', 'neon');
    store.set('windowBounds', { x: 'left' });
    const settings = createSettings(store);
    expect(settings.get()).toMatchObject({ language: 'zh_CN', theme: 'system' });
    expect(settings.windowBounds()).toBeNull();
  });
});

describe('managed workstation preset', () => {
  const managedFile = () => join(dir, 'managed.json');

  it('has a documented path per OS', () => {
    expect(managedConfigPath('win32', { ProgramData: 'D:\\ProgramData' })).toBe(join('D:\\ProgramData', 'BackofficeConsole', 'config.json'));
    expect(managedConfigPath('darwin', {})).toBe('/Library/Application Support/BackofficeConsole/config.json');
    expect(managedConfigPath('linux', {})).toBe('/etc/backoffice-console/config.json');
    expect(managedConfigPath('linux', { CONSOLE_MANAGED_CONFIG: '/tmp/x.json' })).toBe('/tmp/x.json');
  });

  it('reads the file, lets environment variables win, and locks the server URL', () => {
    writeFileSync(managedFile(), JSON.stringify({ serverUrl: 'https://file.example.com/', clientId: 'file-client', transportSecret: 'file-key' }));
    const preset = readManagedPreset({ CONSOLE_MANAGED_CONFIG: managedFile(), CONSOLE_SERVER_URL: 'https://env.example.com', CONSOLE_CLIENT_SECRET: 'env-secret' }, 'linux');
    expect(preset).toEqual({
      serverUrl: 'https://env.example.com',
      clientId: 'file-client',
      clientSecret: 'env-secret',
      transportSecret: 'file-key',
      sources: [managedFile(), 'CONSOLE_SERVER_URL', 'CONSOLE_CLIENT_SECRET'],
    });
    const settings = createSettings(conf(), preset);
    expect(settings.get()).toMatchObject({ serverUrl: 'https://env.example.com', serverUrlManaged: true });
    expect(settings.credentials()).toEqual({ clientId: 'file-client', clientSecret: 'env-secret', transportSecret: 'file-key' });
    expect(() => settings.set({ serverUrl: '' })).toThrow(/set by this workstation's administrator/);
    try {
      settings.set({ serverUrl: 'https://other.example.com' });
    } catch (error) {
      expect((error as { code: string }).code).toBe(ResponseCode.Forbidden);
    }
    expect(settings.set({ serverUrl: 'https://env.example.com/', language: 'en_US' })).toMatchObject({ serverUrl: 'https://env.example.com', language: 'en_US' });
  });

  it("in a packaged app lets the machine-wide file win over the user's environment, and reads no other file", () => {
    const machineWide = join(dir, 'BackofficeConsole', 'config.json');
    mkdirSync(join(dir, 'BackofficeConsole'));
    writeFileSync(machineWide, JSON.stringify({ serverUrl: 'https://file.example.com/', clientId: 'file-client' }));
    writeFileSync(managedFile(), JSON.stringify({ serverUrl: 'https://users-own.example.com' }));
    const env = {
      ProgramData: dir,
      CONSOLE_MANAGED_CONFIG: managedFile(),
      CONSOLE_SERVER_URL: 'https://env.example.com',
      CONSOLE_CLIENT_ID: 'env-client',
      CONSOLE_CLIENT_SECRET: 'env-secret',
    };
    expect(managedConfigPath('win32', env, { packaged: true })).toBe(machineWide);
    const preset = readManagedPreset(env, 'win32', { packaged: true });
    expect(preset).toEqual({
      serverUrl: 'https://file.example.com',
      clientId: 'file-client',
      clientSecret: 'env-secret',
      transportSecret: null,
      sources: [machineWide, 'CONSOLE_CLIENT_SECRET'],
    });
    const settings = createSettings(conf(), preset);
    expect(settings.get()).toMatchObject({ serverUrl: 'https://file.example.com', serverUrlManaged: true });
    expect(() => settings.set({ serverUrl: 'https://env.example.com' })).toThrow(/set by this workstation's administrator/);
    // Without a machine-wide file the variables still preset the app (an administrator may set them machine-wide).
    rmSync(machineWide);
    expect(readManagedPreset(env, 'win32', { packaged: true })).toMatchObject({
      serverUrl: 'https://env.example.com',
      clientId: 'env-client',
      sources: ['CONSOLE_SERVER_URL', 'CONSOLE_CLIENT_ID', 'CONSOLE_CLIENT_SECRET'],
    });
  });

  it('has no preset without file and variables', () => {
    expect(readManagedPreset({ CONSOLE_MANAGED_CONFIG: join(dir, 'absent.json') }, 'linux')).toEqual({ serverUrl: null, clientId: null, clientSecret: null, transportSecret: null, sources: [] });
  });

  it('refuses a broken managed file, naming the file and the field', () => {
    const env = { CONSOLE_MANAGED_CONFIG: managedFile() };
    writeFileSync(managedFile(), '{ "serverUrl": ');
    expect(() => readManagedPreset(env, 'linux')).toThrow(`Managed configuration ${managedFile()} is not valid JSON`);
    writeFileSync(managedFile(), JSON.stringify({ serverURL: 'https://x.example.com' }));
    expect(() => readManagedPreset(env, 'linux')).toThrow(`Managed configuration ${managedFile()}: serverURL is not a known field`);
    writeFileSync(managedFile(), JSON.stringify({ clientId: 7 }));
    expect(() => readManagedPreset(env, 'linux')).toThrow(`Managed configuration ${managedFile()}: clientId must be a text`);
    writeFileSync(managedFile(), JSON.stringify({ serverUrl: 'console.example.com' }));
    expect(() => readManagedPreset(env, 'linux')).toThrow(`serverUrl in ${managedFile()} is not a URL`);
    expect(() => readManagedPreset({ CONSOLE_SERVER_URL: 'https://x.example.com?a=1', CONSOLE_MANAGED_CONFIG: join(dir, 'none.json') }, 'linux')).toThrow(
      'CONSOLE_SERVER_URL must not contain a query or fragment',
    );
  });

  it('normalises server URLs', () => {
    expect(normalizeServerUrl('http://127.0.0.1:7300/', 'x')).toBe('http://127.0.0.1:7300');
    expect(normalizeServerUrl('https://h.example.com/a/b//', 'x')).toBe('https://h.example.com/a/b');
  });
});
