import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import Conf from 'conf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../shared/codes';
import { DEFAULT_ADMIN_PASSWORD, DEFAULT_ADMIN_USERNAME } from '../../shared/defaults';
import { createConsoleCore, type ConsoleCore } from './console-core';
import { createEmbeddedServer } from './embedded-server';
import { createSettings, NO_MANAGED_PRESET } from './settings';
import { createMemoryVault } from './token-vault';

/**
 * The environment of a workstation that also runs a standalone server: the embedded server must take none of it.
 * DATABASE_URL names a PostgreSQL server that does not answer and CONSOLE_MIGRATIONS_DIR a folder that does not exist,
 * so a server that took either would not start.
 */
const standaloneServerEnv = (dir: string): Record<string, string> => ({
  DATABASE_URL: 'postgres://console:console@127.0.0.1:9/elsewhere',
  HOST: '0.0.0.0',
  PORT: '7399',
  CONSOLE_DATA_DIR: join(dir, 'standalone-data'),
  CONSOLE_MIGRATIONS_DIR: join(dir, 'no-migrations'),
  CONSOLE_ADMIN_PASSWORD: 'Standalone_123',
});

/** The desktop app's default: no server URL, the product's own server in-process on 127.0.0.1. */
describe('embedded server', () => {
  let dir: string;
  let core: ConsoleCore;
  const savedEnv: Record<string, string | undefined> = {};

  beforeAll(() => {
    dir = mkdtempSync(join(os.tmpdir(), 'console-embedded-'));
    for (const [name, value] of Object.entries(standaloneServerEnv(dir))) {
      savedEnv[name] = process.env[name];
      process.env[name] = value;
    }
    const store = new Conf<Record<string, unknown>>({ cwd: dir, configName: 'settings' });
    core = createConsoleCore({
      store,
      vault: createMemoryVault(),
      platform: { kind: 'browser', appVersion: '1.0.1', os: 'test' },
      embedded: createEmbeddedServer({ dataDir: join(dir, 'data'), credentials: createSettings(store, NO_MANAGED_PRESET).credentials() }),
    });
  });
  afterAll(async () => {
    await core.close();
    for (const [name, value] of Object.entries(savedEnv)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts once on 127.0.0.1 with its own data, whatever the environment says, and carries the first sign-in through the bridge', async () => {
    const [first, second] = await Promise.all([core.serverUrl(), core.serverUrl()]);
    expect(first).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(first).not.toBe('http://127.0.0.1:7399');
    expect(second).toBe(first);
    // PGlite in its own folder, not the standalone server's database or data folder.
    expect(existsSync(join(dir, 'data', 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(dir, 'standalone-data'))).toBe(false);

    const { bridge } = core;
    expect(await bridge.auth.signIn({ username: DEFAULT_ADMIN_USERNAME, password: DEFAULT_ADMIN_PASSWORD })).toMatchObject({ ok: false, code: ResponseCode.MustChangePassword });
    // The forced change signs in with the new password: no second sign-in.
    const signedIn = await bridge.auth.firstChangePassword({ username: DEFAULT_ADMIN_USERNAME, password: DEFAULT_ADMIN_PASSWORD, newPassword: 'Embedded_123' });
    expect(signedIn).toMatchObject({ ok: true, data: { signedIn: true, username: DEFAULT_ADMIN_USERNAME } });

    const systems = await bridge.api.call('session.roleSystems', {});
    if (!systems.ok) throw new Error(`roleSystems failed: ${systems.msg}`);
    const single = systems.data.find((s) => s.appFlag.includes('single'));
    const system = single ?? systems.data[0];
    const role = system?.roleList[0];
    if (!system || !role) throw new Error('the seed has no system with a role');
    expect(await bridge.session.choose({ roleId: role.roleId, systemMenuId: system.menuId })).toMatchObject({ ok: true });
    expect(await bridge.auth.renewForSingleSystem()).toEqual({ ok: true, data: null });
    const nav = await bridge.api.call('session.nav', { roleId: role.roleId, menuId: system.menuId });
    expect(nav.ok && nav.data.length).toBeGreaterThan(0);
    expect(await bridge.auth.signOut()).toEqual({ ok: true, data: null });
    expect(await bridge.api.call('session.roleSystems', {})).toMatchObject({ ok: false, code: ResponseCode.Unauthorized });
  }, 120_000);

  it('applies the migrations it is given', async () => {
    const given = createEmbeddedServer({
      dataDir: join(dir, 'other-data'),
      credentials: createSettings(new Conf<Record<string, unknown>>({ cwd: dir, configName: 'settings' })).credentials(),
      migrationsDir: join(dir, 'given-migrations'),
    });
    // The folder holds no migration journal, so the server refuses to start: it used the given folder.
    await expect(given.url()).rejects.toMatchObject({ code: ResponseCode.Unreachable, message: expect.stringContaining('_journal.json') });
  }, 60_000);

  it('stops, and names the data folder when it cannot start', async () => {
    await core.close();
    const blocked = join(dir, 'settings.json'); // a file, so the data folder cannot be created there
    const broken = createEmbeddedServer({ dataDir: join(blocked, 'data'), credentials: createSettings(new Conf<Record<string, unknown>>({ cwd: dir, configName: 'settings' })).credentials() });
    await expect(broken.url()).rejects.toMatchObject({ code: ResponseCode.Unreachable, message: expect.stringContaining(`The embedded server did not start (data in ${join(blocked, 'data')})`) });
  });
});
