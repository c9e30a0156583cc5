import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import Conf from 'conf';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../shared/codes';
import { NO_SCREEN_VIEWS, type ScreenListViews } from '../../shared/list-views';
import { ListViewLimits } from '../../shared/rules';
import { createConsoleCore, type ConsoleCore } from './console-core';
import { readManagedPreset, type KeyValueStore } from './settings';
import { startApiPeer, type ApiPeer } from './testing/api-peer';
import { createMemoryVault } from './token-vault';

let peer: ApiPeer;
let otherPeer: ApiPeer;
let dir: string;

/** A core over the settings file in `dir`, as the app starts it: a new one is a restart. */
function makeCore(serverUrl = peer.url): ConsoleCore {
  const store: KeyValueStore = new Conf<Record<string, unknown>>({ cwd: dir, configName: 'settings' });
  return createConsoleCore({
    store,
    preset: readManagedPreset({ CONSOLE_SERVER_URL: serverUrl, CONSOLE_MANAGED_CONFIG: join(dir, 'none.json') }, 'linux'),
    vault: createMemoryVault(),
    platform: { kind: 'browser', appVersion: '1.0.1', os: 'test' },
    embedded: null,
  });
}

const SCREEN = '/user@user.list';
const activeUsers: ScreenListViews = {
  views: [
    {
      name: 'Active users',
      state: { filters: { username: 'zh', status: 1, deptId: null }, sort: { column: 'createTime', order: 'desc' }, columns: { hidden: ['mobile'], widths: { username: 180 } }, pageSize: 20 },
    },
  ],
  defaultView: 'Active users',
  layout: { order: ['username', 'name'], hidden: ['mobile'] },
};

beforeEach(async () => {
  dir = mkdtempSync(join(os.tmpdir(), 'console-views-'));
  const users = [
    { userId: 21, username: 'dora', password: 'Dora_1234' },
    { userId: 22, username: 'emil', password: 'Emil_1234' },
  ];
  peer = await startApiPeer(users);
  otherPeer = await startApiPeer(users);
});
afterEach(async () => {
  await peer.close();
  await otherPeer.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('saved list views', () => {
  it('are refused without a session, and after a sign-out although the user id is kept', async () => {
    const { bridge } = makeCore();
    const refused = { ok: false, code: ResponseCode.Unauthorized, msg: 'Saved views belong to a signed-in user: sign in first' };
    expect(await bridge.listViews.all()).toEqual(refused);
    expect(await bridge.listViews.save({ screen: SCREEN, state: activeUsers })).toEqual(refused);
    await bridge.auth.signIn({ username: 'dora', password: 'Dora_1234' });
    expect(await bridge.listViews.save({ screen: SCREEN, state: activeUsers })).toEqual({ ok: true, data: activeUsers });
    await bridge.auth.signOut();
    expect(await bridge.listViews.all()).toEqual(refused);
  });

  it('survive a restart of the console over the same settings', async () => {
    const first = makeCore();
    await first.bridge.auth.signIn({ username: 'dora', password: 'Dora_1234' });
    expect(await first.bridge.listViews.all()).toEqual({ ok: true, data: {} });
    await first.bridge.listViews.save({ screen: SCREEN, state: activeUsers });
    // Another screen of the same user has its own.
    const roles: ScreenListViews = { views: [], defaultView: null, layout: { hidden: ['remark'] } };
    await first.bridge.listViews.save({ screen: '/role', state: roles });

    const second = makeCore();
    await second.bridge.auth.signIn({ username: 'dora', password: 'Dora_1234' });
    expect(await second.bridge.listViews.all()).toEqual({ ok: true, data: { [SCREEN]: activeUsers, '/role': roles } });
  });

  it('belong to one user on one server: another user of the workstation, or the same user id on another server, sees none', async () => {
    const core = makeCore();
    await core.bridge.auth.signIn({ username: 'dora', password: 'Dora_1234' });
    await core.bridge.listViews.save({ screen: SCREEN, state: activeUsers });
    await core.bridge.auth.signOut();

    await core.bridge.auth.signIn({ username: 'emil', password: 'Emil_1234' });
    expect(await core.bridge.listViews.all()).toEqual({ ok: true, data: {} });
    const emils: ScreenListViews = { views: [{ name: 'Mine', state: { filters: { username: 'em' } } }], defaultView: null, layout: null };
    await core.bridge.listViews.save({ screen: SCREEN, state: emils });
    await core.bridge.auth.signOut();

    const elsewhere = makeCore(otherPeer.url);
    await elsewhere.bridge.auth.signIn({ username: 'dora', password: 'Dora_1234' });
    expect(await elsewhere.bridge.listViews.all()).toEqual({ ok: true, data: {} });

    const back = makeCore();
    await back.bridge.auth.signIn({ username: 'dora', password: 'Dora_1234' });
    expect(await back.bridge.listViews.all()).toEqual({ ok: true, data: { [SCREEN]: activeUsers } });
  });

  it('refuse an invalid save with the problem named, and write nothing', async () => {
    const { bridge } = makeCore();
    await bridge.auth.signIn({ username: 'dora', password: 'Dora_1234' });
    await bridge.listViews.save({ screen: SCREEN, state: activeUsers });
    const view = activeUsers.views[0]!;
    const of = (problem: string) => `saved views of ${SCREEN}: ${problem}`;
    const refusals: Array<[unknown, string]> = [
      [{ screen: 'userManage', state: activeUsers }, 'screen must be a route path such as /userManage'],
      [{ screen: `/${'a'.repeat(ListViewLimits.screenKeyMax)}`, state: activeUsers }, `screen must be at most ${ListViewLimits.screenKeyMax} characters`],
      [{ screen: SCREEN, state: { ...activeUsers, views: [view, { ...view, name: ' active USERS ' }] } }, of('views.1.name: a view named "active USERS" already exists on this screen')],
      [{ screen: SCREEN, state: { ...activeUsers, views: [{ ...view, name: '   ' }] } }, of('views.0.name: a view name must not be empty')],
      [{ screen: SCREEN, state: { ...activeUsers, views: [{ ...view, name: 'x'.repeat(51) }] } }, of('views.0.name: a view name must be at most 50 characters')],
      [{ screen: SCREEN, state: { ...activeUsers, defaultView: 'Gone' } }, of('defaultView: the default view "Gone" is not one of the screen\'s views')],
      [
        { screen: SCREEN, state: { ...activeUsers, views: [{ name: 'Bad', state: { filters: { deptIds: [1, 2] } } }], defaultView: null } },
        of('views.0.state.filters.deptIds: a filter value must be a text, a number, true/false or null'),
      ],
      [{ screen: SCREEN, state: { ...activeUsers, layout: { widths: { username: 20 } } } }, of('layout.widths.username: a column width must be at least 60 pixels')],
      [{ screen: SCREEN, state: { ...activeUsers, layout: { colour: 'red' } } }, of('layout: colour is not a known field')],
      [
        { screen: SCREEN, state: { views: Array.from({ length: ListViewLimits.viewsPerScreen + 1 }, (_, i) => ({ name: `v${i}`, state: {} })), defaultView: null, layout: null } },
        of(`views: a screen keeps at most ${ListViewLimits.viewsPerScreen} views`),
      ],
      [
        {
          screen: SCREEN,
          state: {
            views: Array.from({ length: 30 }, (_, i) => ({ name: `v${i}`, state: { filters: Object.fromEntries(Array.from({ length: 20 }, (_, k) => [`f${k}`, 'x'.repeat(200)])) } })),
            defaultView: null,
            layout: null,
          },
        },
        `saved views of ${SCREEN} are too large: at most ${ListViewLimits.screenChars} characters as stored`,
      ],
      [null, 'the request must be an object of fields'],
    ];
    for (const [request, msg] of refusals) {
      expect(await bridge.listViews.save(request as never), msg).toEqual({ ok: false, code: ResponseCode.InvalidInput, msg });
    }
    expect(await bridge.listViews.all()).toEqual({ ok: true, data: { [SCREEN]: activeUsers } });
  });

  it('bounds everything one user keeps, and an emptied screen leaves nothing behind', async () => {
    const { bridge } = makeCore();
    await bridge.auth.signIn({ username: 'dora', password: 'Dora_1234' });
    const bulky: ScreenListViews = { views: Array.from({ length: 10 }, (_, i) => ({ name: `v${i}`, state: { filters: { text: 'x'.repeat(450) + String(i) } } })), defaultView: null, layout: null };
    let refusal: unknown = null;
    for (let screen = 0; screen < 400 && refusal === null; screen += 1) {
      const result = await bridge.listViews.save({ screen: `/screen${screen}`, state: bulky });
      if (!result.ok) refusal = result;
    }
    expect(refusal).toEqual({
      ok: false,
      code: ResponseCode.InvalidInput,
      msg: `saved views of this user are too large: at most ${ListViewLimits.userChars} characters for all screens; delete views of other screens first`,
    });
    expect(await bridge.listViews.save({ screen: '/screen0', state: NO_SCREEN_VIEWS })).toEqual({ ok: true, data: NO_SCREEN_VIEWS });
    expect(await bridge.listViews.save({ screen: '/screen399', state: bulky })).toMatchObject({ ok: true });
  });

  it('leave out a stored screen that no longer passes the rules, and read the others', async () => {
    const store: KeyValueStore = new Conf<Record<string, unknown>>({ cwd: dir, configName: 'settings' });
    const { bridge } = makeCore();
    await bridge.auth.signIn({ username: 'dora', password: 'Dora_1234' });
    await bridge.listViews.save({ screen: SCREEN, state: activeUsers });
    const [entryKey] = Object.keys(store.get('listViews') as Record<string, unknown>);
    // What an older version may have written: a view without a name, and a screen key the rules refuse.
    store.set(`listViews.${entryKey}`, {
      [SCREEN]: activeUsers,
      '/role': { views: [{ state: {} }], defaultView: null, layout: null },
      'no-slash': NO_SCREEN_VIEWS,
    });
    expect(await bridge.listViews.all()).toEqual({ ok: true, data: { [SCREEN]: activeUsers } });
  });
});
