import { mkdtempSync, rmSync } from 'node:fs';
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

/** The desktop app's default: no server URL, the product's own server in-process on 127.0.0.1. */
describe('embedded server', () => {
  let dir: string;
  let core: ConsoleCore;

  beforeAll(() => {
    dir = mkdtempSync(join(os.tmpdir(), 'console-embedded-'));
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
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts once on 127.0.0.1 and carries the first sign-in through the bridge', async () => {
    const [first, second] = await Promise.all([core.serverUrl(), core.serverUrl()]);
    expect(first).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(second).toBe(first);

    const { bridge } = core;
    expect(await bridge.auth.signIn({ username: DEFAULT_ADMIN_USERNAME, password: DEFAULT_ADMIN_PASSWORD })).toMatchObject({ ok: false, code: ResponseCode.MustChangePassword });
    expect(await bridge.auth.firstChangePassword({ username: DEFAULT_ADMIN_USERNAME, password: DEFAULT_ADMIN_PASSWORD, newPassword: 'Embedded_123' })).toEqual({ ok: true, data: null });
    const signedIn = await bridge.auth.signIn({ username: DEFAULT_ADMIN_USERNAME, password: 'Embedded_123' });
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

  it('stops, and names the data folder when it cannot start', async () => {
    await core.close();
    const blocked = join(dir, 'settings.json'); // a file, so the data folder cannot be created there
    const broken = createEmbeddedServer({ dataDir: join(blocked, 'data'), credentials: createSettings(new Conf<Record<string, unknown>>({ cwd: dir, configName: 'settings' })).credentials() });
    await expect(broken.url()).rejects.toMatchObject({ code: ResponseCode.Unreachable, message: expect.stringContaining(`The embedded server did not start (data in ${join(blocked, 'data')})`) });
  });
});
