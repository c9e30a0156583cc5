// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeResult } from '../../../shared/bridge';
import type { NavNode, SystemEntry } from '../../../shared/contract/session';
import { createFakeBridge } from '../../testing/fake-bridge';
import { testProviders } from '../../testing/providers';
import { AppRoutes } from '../App';

afterEach(cleanup);

const page = (menuId: number, name: string, url: string): NavNode => ({ menuId, parentId: 10, name, url, type: 1, orderNum: menuId, icon: '', linkTarget: 0, perms: '', children: [] });
const nav: NavNode[] = [{ ...page(10, 'System', ''), children: [page(11, 'Menus', '/menu'), page(12, 'Users', '/user'), page(13, 'Roles', '/role'), page(14, 'Broken', '/nowhere')] }];
const logistics: SystemEntry = {
  appName: 'Logistics operations',
  menuId: 2,
  systemId: 'logistics',
  appFlag: 'single',
  sysVersion: '1.0.1',
  roleList: [{ roleId: 7, roleName: 'Dispatcher', deptName: 'Hub' }],
};

async function renderShell() {
  const fake = createFakeBridge();
  fake.method('session.state').mockResolvedValue({ ok: true, data: { signedIn: true, userId: 1, username: 'lee', roleId: null, systemMenuId: null, pendingWxWorkUserId: null } });
  fake.method('settings.get').mockResolvedValue({ ok: true, data: { serverUrl: '', serverUrlManaged: false, language: 'en_US', lastSystemMenuId: null, lastRoleId: null } });
  fake.method('platform').mockResolvedValue({ ok: true, data: { kind: 'browser', appVersion: '1.0.1', os: 'linux' } });
  fake.method('api.call').mockImplementation(async (id: unknown, input: unknown): Promise<BridgeResult<unknown>> => {
    switch (id) {
      case 'session.roleSystems':
        return { ok: true, data: [logistics] };
      case 'session.nav':
        return { ok: true, data: nav };
      case 'session.currentUser':
        return { ok: true, data: { userId: 1, username: 'lee', name: 'Lee', mobile: '', email: '', deptId: null, deptName: '', passwordExpiresAt: null } };
      case 'session.dynamicMessages':
        return { ok: true, data: [] };
      case 'session.buttons':
        return { ok: true, data: (input as { menuId: number }).menuId === 11 ? ['menuSave'] : [] };
      default:
        return { ok: false, code: 'A0404', msg: `unexpected ${String(id)}` };
    }
  });
  const { Wrapper } = await testProviders({ bridge: fake.bridge, path: '/Home' });
  render(<AppRoutes />, { wrapper: Wrapper });
  await screen.findByRole('navigation', { name: 'Pages' });
  return fake;
}

const sideMenu = () => within(screen.getByRole('navigation', { name: 'Pages' }));
const tabTitles = () => screen.queryAllByRole('tab').map((tab) => tab.textContent);
const activeTab = () => screen.queryAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true')?.textContent ?? null;

describe('Home shell', () => {
  it('chooses the only system with its first role, renewing the token once for a single system', async () => {
    const fake = await renderShell();
    expect(fake.method('session.choose')).toHaveBeenCalledWith({ systemMenuId: 2, roleId: 7 });
    expect(fake.method('settings.set')).toHaveBeenCalledWith({ lastSystemMenuId: 2, lastRoleId: 7 });
    expect(fake.method('auth.renewForSingleSystem')).toHaveBeenCalledTimes(1);
    screen.getByRole('heading', { name: 'Logistics operations' });
    const part = ['Good morning', 'Good noon', 'Good afternoon', 'Good evening'][[12, 14, 19, 24].findIndex((end) => new Date().getHours() < end)];
    expect((await screen.findByTestId('greeting')).textContent).toBe(`${part}, Lee`);
  });

  it('opens, reuses and closes tabs by the spec rules, loading button permissions first', async () => {
    const fake = await renderShell();
    fireEvent.click(sideMenu().getByRole('button', { name: 'Menus' }));
    fireEvent.click(sideMenu().getByRole('button', { name: 'Users' }));
    fireEvent.click(sideMenu().getByRole('button', { name: 'Roles' }));
    await waitFor(() => expect(tabTitles()).toEqual(['Menus', 'Users', 'Roles']));
    expect(activeTab()).toBe('Roles');
    expect(fake.method('api.call')).toHaveBeenCalledWith('session.buttons', { menuId: 11, roleId: 7 });

    fireEvent.click(sideMenu().getByRole('button', { name: 'Menus' }));
    await waitFor(() => expect(activeTab()).toBe('Menus'));
    expect(tabTitles()).toEqual(['Menus', 'Users', 'Roles']);

    fireEvent.click(screen.getByRole('button', { name: 'Close Menus' }));
    await waitFor(() => expect(tabTitles()).toEqual(['Users', 'Roles']));
    expect(activeTab()).toBe('Users');

    fireEvent.click(screen.getByRole('button', { name: 'Close Users' }));
    await waitFor(() => expect(activeTab()).toBe('Roles'));
    fireEvent.click(screen.getByRole('button', { name: 'Close Roles' }));
    await waitFor(() => expect(tabTitles()).toEqual([]));
    screen.getByTestId('empty-view');
  });

  it('a menu whose target matches no screen opens the 404 inside the shell', async () => {
    await renderShell();
    fireEvent.click(sideMenu().getByRole('button', { name: 'Broken' }));
    await screen.findByTestId('not-found');
    expect(activeTab()).toBe('Page not found');
  });

  it('a screen whose feature has not landed says so in its tab', async () => {
    await renderShell();
    fireEvent.click(sideMenu().getByRole('button', { name: 'Roles' }));
    expect((await screen.findByTestId('not-available')).textContent).toContain('“Roles”');
  });
});
