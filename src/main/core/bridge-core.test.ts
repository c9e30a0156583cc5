import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import Conf from 'conf';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BRIDGE_METHODS, buildBridgeObject, TOKEN_ENDPOINT_IDS, type BridgeResult, type ExternalViewRequest } from '../../shared/bridge';
import { ResponseCode } from '../../shared/codes';
import { bridgeDispatch, EXTERNAL_VIEWS_UNAVAILABLE_MSG, invokeBridgeMethod, type BridgeCore, type ViewHost } from './bridge-core';
import { createConsoleCore, type ConsoleCore } from './console-core';
import { createBridgeEvents } from './events';
import { findHelpPdf } from './help';
import { readManagedPreset, type KeyValueStore } from './settings';
import { LEAKING_ROLE_ID, startApiPeer, type ApiPeer } from './testing/api-peer';
import { createMemoryVault } from './token-vault';

let peer: ApiPeer;
let dir: string;
let core: ConsoleCore;
let bridge: BridgeCore;
let viewCalls: Array<[string, unknown]>;

const recordingViewHost = (): ViewHost => ({
  showExternal: async (request) => void viewCalls.push(['showExternal', request]),
  setBounds: async (request) => void viewCalls.push(['setBounds', request]),
  reloadExternal: async (tabKey) => void viewCalls.push(['reloadExternal', tabKey]),
  hideExternal: async (tabKey) => void viewCalls.push(['hideExternal', tabKey]),
  closeExternal: async (tabKey) => void viewCalls.push(['closeExternal', tabKey]),
  openPopup: async (url) => void viewCalls.push(['openPopup', url]),
  openInBrowser: async (url) => void viewCalls.push(['openInBrowser', url]),
});

function makeCore(options: { viewHost?: ViewHost; serverUrl?: string } = {}): ConsoleCore {
  const store: KeyValueStore = new Conf<Record<string, unknown>>({ cwd: dir, configName: 'settings' });
  const helpDir = join(dir, 'help');
  return createConsoleCore({
    store,
    preset: readManagedPreset({ CONSOLE_SERVER_URL: options.serverUrl ?? peer.url, CONSOLE_MANAGED_CONFIG: join(dir, 'none.json') }, 'linux'),
    vault: createMemoryVault(),
    platform: { kind: 'browser', appVersion: '1.0.1', os: 'test' },
    embedded: null,
    viewHost: options.viewHost ?? null,
    helpPdfUrl: async (locale) => {
      const file = await findHelpPdf(helpDir, locale);
      return file ? `/help/${file}` : null;
    },
  });
}

beforeEach(async () => {
  dir = mkdtempSync(join(os.tmpdir(), 'console-bridge-'));
  peer = await startApiPeer([{ userId: 21, username: 'dora', password: 'Dora_1234', wxWorkUserId: 'W-DORA' }]);
  viewCalls = [];
  core = makeCore();
  bridge = core.bridge;
});
afterEach(async () => {
  await peer.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('api.call', () => {
  it('refuses every token endpoint without calling the server', async () => {
    await bridge.auth.signIn({ username: 'dora', password: 'Dora_1234' });
    const before = peer.received.length;
    for (const id of TOKEN_ENDPOINT_IDS) {
      const result = await bridge.api.call(id as never, {} as never);
      expect(result).toEqual({ ok: false, code: ResponseCode.Forbidden, msg: `${id} handles tokens or passwords and is reachable only through the bridge's auth methods` });
    }
    expect(peer.received.length).toBe(before);
  });

  it('refuses unknown and malformed ids with a clear error', async () => {
    for (const id of ['nope', 'session.nope', 'session', 'session.nav.extra', '__proto__.toString', 'constructor.name', 'session.constructor', '']) {
      expect(await bridge.api.call(id as never, {} as never)).toEqual({ ok: false, code: ResponseCode.InvalidInput, msg: `Unknown endpoint "${id}"` });
    }
    expect(await bridge.api.call(42 as never, {} as never)).toEqual({ ok: false, code: ResponseCode.InvalidInput, msg: 'endpoint id must be a text like "session.nav"' });
  });

  it('calls public endpoints without a session and session endpoints as the user', async () => {
    expect(await bridge.api.call('auth.captcha', {})).toMatchObject({ ok: true, data: { uuid: expect.any(String) } });
    expect(await bridge.api.call('session.roleSystems', {})).toEqual({ ok: false, code: ResponseCode.Unauthorized, msg: 'Not signed in' });
    await bridge.auth.signIn({ username: 'dora', password: 'Dora_1234' });
    await bridge.session.choose({ roleId: 7, systemMenuId: 1 });
    expect(await bridge.api.call('session.buttons', { menuId: 4, roleId: 7 })).toEqual({ ok: true, data: ['buttons:4:7'] });
  });
});

describe('messenger sign-in', () => {
  it('remembers the QR page it handed to the window, whose return address alone may bring a code back', async () => {
    expect(core.session.messengerQrUrl()).toBeNull();
    expect(await bridge.auth.messengerConfig()).toEqual({ ok: true, data: { enabled: true, qrUrl: 'https://messenger.example/qr' } });
    expect(core.session.messengerQrUrl()).toBe('https://messenger.example/qr');
  });
});

describe('the identity choice', () => {
  it('lives with the session: the workstation keeps none, and sign-out or the sign-in page forget it but the user id', async () => {
    await bridge.auth.signIn({ username: 'dora', password: 'Dora_1234' });
    expect(await bridge.session.choose({ roleId: 7, systemMenuId: 1 })).toMatchObject({ ok: true, data: { roleId: 7, systemMenuId: 1 } });
    expect(await bridge.settings.get()).toEqual({ ok: true, data: { serverUrl: peer.url, serverUrlManaged: true, language: 'zh_CN', theme: 'system' } });
    // A reload of the window finds the choice in the session.
    expect(await bridge.session.state()).toMatchObject({ ok: true, data: { signedIn: true, roleId: 7, systemMenuId: 1 } });

    const forgotten = { signedIn: false, userId: 21, username: null, roleId: null, systemMenuId: null, pendingWxWorkUserId: null };
    expect(await bridge.auth.clearSession()).toEqual({ ok: true, data: forgotten });
    await bridge.auth.signIn({ username: 'dora', password: 'Dora_1234' });
    expect(await bridge.session.state()).toMatchObject({ ok: true, data: { signedIn: true, roleId: null, systemMenuId: null } });
    await bridge.session.choose({ roleId: 7, systemMenuId: 1 });
    await bridge.auth.signOut();
    expect(await bridge.session.state()).toEqual({ ok: true, data: forgotten });
    // Nor does the next start of the app on this workstation find it.
    expect(makeCore().settings.get()).toEqual({ serverUrl: peer.url, serverUrlManaged: true, language: 'zh_CN', theme: 'system' });
  });
});

describe('no token crosses the bridge', () => {
  it('keeps every issued token out of every answer of a whole session', async () => {
    writeFileSync(join(dir, 'placeholder'), '');
    const results: Array<BridgeResult<unknown>> = [];
    const keep = async (result: Promise<BridgeResult<unknown>>) => results.push(await result);
    expect(await bridge.platform()).toEqual({ ok: true, data: { kind: 'browser', appVersion: '1.0.1', os: 'test', credentialStore: 'session' } });
    await keep(bridge.platform());
    await keep(bridge.auth.captchaNeeded('dora'));
    await keep(bridge.auth.captcha());
    await keep(bridge.auth.messengerConfig());
    await keep(bridge.auth.messengerExchange('wx:W-DORA'));
    await keep(bridge.auth.signOut());
    await keep(bridge.auth.signIn({ username: 'dora', password: 'Dora_1234' }));
    await keep(bridge.session.state());
    await keep(bridge.api.call('session.roleSystems', {}));
    await keep(bridge.session.choose({ roleId: 7, systemMenuId: 1 }));
    await keep(bridge.auth.renewForSingleSystem());
    await keep(bridge.api.call('session.nav', { roleId: 7, menuId: 1 }));
    await keep(bridge.api.call('session.currentUser', {}));
    peer.expireAccessTokens();
    await keep(bridge.api.call('session.roleInfo', { roleId: 7 }));
    await keep(bridge.auth.changePassword({ password: 'Dora_1234', newPassword: 'Dora_New_12' }));
    await keep(bridge.settings.get());
    await keep(bridge.help.pdfUrl('en_US'));
    await keep(bridge.auth.clearSession());
    await keep(bridge.auth.signIn({ username: 'dora', password: 'Dora_New_12' }));
    await keep(bridge.auth.signOut());

    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, code: ResponseCode.NotFound, msg: 'No help PDF is bundled for en_US' }]);
    // Password, messenger, refresh, renewal and bind grants all issued pairs during the run.
    expect(new Set(peer.issued.map((p) => p.grant))).toEqual(new Set(['messenger', 'password', 'new-token', 'refresh_token']));
    const everything = JSON.stringify(results);
    for (const pair of peer.issued) {
      expect(everything).not.toContain(pair.accessToken);
      expect(everything).not.toContain(pair.refreshToken);
    }
  });

  it('withholds a server answer that echoes the access token', async () => {
    await bridge.auth.signIn({ username: 'dora', password: 'Dora_1234' });
    const result = await bridge.api.call('session.roleInfo', { roleId: LEAKING_ROLE_ID });
    expect(result).toEqual({ ok: false, code: ResponseCode.ServerError, msg: 'The answer carried a credential and was withheld from the window' });
    expect(JSON.stringify(result)).not.toContain(peer.issued.at(-1)?.accessToken ?? '<none>');
  });
});

describe('settings, views and help', () => {
  it('ends the session when the server changes', async () => {
    const store: KeyValueStore = new Conf<Record<string, unknown>>({ cwd: dir, configName: 'settings' });
    store.set('serverUrl', peer.url);
    const unmanaged = createConsoleCore({
      store,
      vault: createMemoryVault(),
      platform: { kind: 'browser', appVersion: '1.0.1', os: 'test' },
      embedded: null,
    });
    await unmanaged.bridge.auth.signIn({ username: 'dora', password: 'Dora_1234' });
    expect(await unmanaged.bridge.settings.set({ language: 'en_US' })).toMatchObject({ ok: true, data: { language: 'en_US' } });
    expect((await unmanaged.bridge.session.state()).ok && unmanaged.session.state().signedIn).toBe(true);
    expect(await unmanaged.bridge.settings.set({ serverUrl: 'http://127.0.0.1:9' })).toMatchObject({ ok: true, data: { serverUrl: 'http://127.0.0.1:9' } });
    expect(unmanaged.session.state().signedIn).toBe(false);
    expect(peer.received.filter((r) => r.path === '/api/auth/logout')).toHaveLength(1);
    expect(await unmanaged.bridge.settings.set({ serverUrl: '' })).toMatchObject({ ok: true });
    expect(await unmanaged.bridge.auth.captcha()).toEqual({ ok: false, code: ResponseCode.Unreachable, msg: 'No server URL is set and this console has no embedded server: set the server URL' });
  });

  it('refuses a change of a managed server URL', async () => {
    expect(await bridge.settings.set({ serverUrl: 'https://elsewhere.example.com' })).toMatchObject({ ok: false, code: ResponseCode.Forbidden });
    expect(await bridge.settings.set('serverUrl' as never)).toEqual({ ok: false, code: ResponseCode.InvalidInput, msg: 'settings change must be an object of fields' });
  });

  it('says external views are a desktop feature when no view host is given', async () => {
    const request: ExternalViewRequest = { tabKey: 't1', url: 'https://example.com/', bounds: { x: 0, y: 40, width: 800, height: 600 } };
    for (const result of [
      await bridge.views.showExternal(request),
      await bridge.views.setBounds(request),
      await bridge.views.reloadExternal('t1'),
      await bridge.views.hideExternal(null),
      await bridge.views.closeExternal('t1'),
      await bridge.views.openPopup('https://example.com/'),
    ]) {
      expect(result).toEqual({ ok: false, code: ResponseCode.CallerError, msg: EXTERNAL_VIEWS_UNAVAILABLE_MSG });
    }
  });

  it('hands checked view requests to the view host', async () => {
    const withViews = makeCore({ viewHost: recordingViewHost() }).bridge;
    const request: ExternalViewRequest = { tabKey: 't1', url: 'https://example.com/a', bounds: { x: 0, y: 40, width: 800, height: 600 } };
    expect(await withViews.views.showExternal(request)).toEqual({ ok: true, data: null });
    expect(await withViews.views.hideExternal(null)).toEqual({ ok: true, data: null });
    expect(await withViews.views.openPopup('http://intranet.example/x')).toEqual({ ok: true, data: null });
    expect(viewCalls).toEqual([
      ['showExternal', request],
      ['hideExternal', null],
      ['openPopup', 'http://intranet.example/x'],
    ]);
    expect(await withViews.views.showExternal({ ...request, url: 'javascript:alert(1)' })).toEqual({
      ok: false,
      code: ResponseCode.InvalidInput,
      msg: 'url must be an http or https address, not javascript:',
    });
    expect(await withViews.views.setBounds({ ...request, bounds: { ...request.bounds, width: -1 } })).toEqual({ ok: false, code: ResponseCode.InvalidInput, msg: 'bounds.width must not be negative' });
    expect(await withViews.views.reloadExternal('')).toMatchObject({ ok: false, code: ResponseCode.InvalidInput });
    expect(viewCalls).toHaveLength(3);
  });

  it('finds the help PDF of the locale, falling back to English', async () => {
    const helpDir = join(dir, 'help');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(helpDir);
    writeFileSync(join(helpDir, 'console-help.en_US.pdf'), '%PDF-1.4');
    writeFileSync(join(helpDir, 'console-help.de_DE.pdf'), '%PDF-1.4');
    expect(await bridge.help.pdfUrl('de_DE')).toEqual({ ok: true, data: { url: '/help/console-help.de_DE.pdf' } });
    expect(await bridge.help.pdfUrl('ko_KR')).toEqual({ ok: true, data: { url: '/help/console-help.en_US.pdf' } });
    expect(await bridge.help.pdfUrl('fr_FR' as never)).toEqual({ ok: false, code: ResponseCode.InvalidInput, msg: 'locale must be one of zh_CN, en_US, de_DE, ko_KR, ja_JP' });
  });
});

describe('closing the core', () => {
  it('ends the session with the app', async () => {
    await bridge.auth.signIn({ username: 'dora', password: 'Dora_1234' });
    await core.close();
    expect(core.session.state().signedIn).toBe(false);
    expect(peer.received.filter((r) => r.path === '/api/auth/logout')).toHaveLength(1);
  });
});

describe('dispatch by name', () => {
  it('routes every bridge method and refuses unknown names and argument lists that are not arrays', async () => {
    const dispatch = bridgeDispatch(bridge);
    expect(await invokeBridgeMethod(dispatch, 'settings.get', [])).toMatchObject({ ok: true, data: { serverUrlManaged: true } });
    expect(await invokeBridgeMethod(dispatch, 'auth.captchaNeeded', ['dora'])).toEqual({ ok: true, data: { needShow: false } });
    expect(await invokeBridgeMethod(dispatch, 'events.subscribe', [])).toEqual({ ok: false, code: ResponseCode.InvalidInput, msg: 'Unknown bridge method "events.subscribe"' });
    expect(await invokeBridgeMethod(dispatch, 'toString', [])).toMatchObject({ ok: false, code: ResponseCode.InvalidInput });
    expect(await invokeBridgeMethod(dispatch, 'settings.get', { 0: 1 })).toEqual({ ok: false, code: ResponseCode.InvalidInput, msg: 'Bridge method settings.get: args must be an array' });
    expect(await invokeBridgeMethod(dispatch, 'auth.signIn', [])).toEqual({ ok: false, code: ResponseCode.InvalidInput, msg: 'sign-in request must be an object of fields' });
  });

  it('derives the route of every listed method from the core: the same-named function, with the arguments as sent', async () => {
    const reached: Array<[string, unknown[]]> = [];
    const recordingCore: BridgeCore = {
      ...buildBridgeObject(
        (method) =>
          async (...args) => {
            reached.push([method, args]);
            return { ok: true, data: method };
          },
        () => () => undefined,
      ),
      events: createBridgeEvents(),
      readFile: () => Promise.reject(new Error('no file is read by name')),
    };
    const dispatch = bridgeDispatch(recordingCore);
    for (const method of BRIDGE_METHODS) expect(await invokeBridgeMethod(dispatch, method, [method, 2])).toEqual({ ok: true, data: method });
    expect(reached).toEqual(BRIDGE_METHODS.map((method) => [method, [method, 2]]));
  });
});
