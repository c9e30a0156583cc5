// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResponseCode } from '../../../shared/codes';
import { Delay, MenuStatus } from '../../../shared/constants';
import { Perm, type PermissionKey } from '../../../shared/permissions';
import { Route } from '../../../shared/routes';
import { createTabReturns, ShellTabContext } from '../../../renderer/components/screen/shell-tab';
import { createFakeBridge, type FakeBridge } from '../../../renderer/testing/fake-bridge';
import { testProviders } from '../../../renderer/testing/providers';
import { renderInTab } from '../../../renderer/testing/in-tab';
import MenuList from './MenuList';
import { answerApiCalls, callsOf, sampleTree } from '../../../renderer/testing/menu-fixtures';

const ALL_MENU_KEYS: PermissionKey[] = [Perm.menuView, Perm.menuSave, Perm.menuUpdate, Perm.menuDelete];

let fake: FakeBridge;
beforeEach(() => {
  fake = createFakeBridge();
  answerApiCalls(fake, { 'menu.list': { ok: true, data: sampleTree() } });
});
afterEach(cleanup);

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

async function renderList(permissions: readonly string[] = ALL_MENU_KEYS) {
  await renderInTab({
    bridge: fake.bridge,
    path: Route.menu,
    permissions,
    routes: [
      [Route.menu, <MenuList />],
      [Route.menuManage, <Location />],
    ],
  });
  await screen.findByText('Back office');
}

const row = (name: string) => screen.getAllByTestId('tree-row').find((candidate) => within(candidate).queryByText(name) !== null) as HTMLElement;
const check = (name: string) => fireEvent.click(screen.getByRole('checkbox', { name: `Select row ${name}` }));

describe('menu list', () => {
  it('shows the tree to the pages, with type, key value, address and status', async () => {
    await renderList();
    expect(screen.getAllByTestId('tree-row').map((r) => r.getAttribute('aria-level'))).toEqual(['1', '2', '3', '3']);
    const dictionaries = row('Dictionaries');
    within(dictionaries).getByText('dictView');
    within(dictionaries).getByText('/dictionary');
    within(dictionaries).getByText('Disabled');
    within(row('Back office')).getByText('System');
    // Buttons stay folded under their page until it is opened.
    expect(screen.queryByText('Add menu')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Expand Menus' }));
    within(row('Add menu')).getByText('Button');
  });

  it('filters by status, showing the matches with their ancestors', async () => {
    await renderList();
    answerApiCalls(fake, {
      'menu.list': (input) => ({
        ok: true,
        data:
          (input as { status?: number }).status === MenuStatus.Disabled
            ? [{ ...sampleTree()[0]!, children: [{ ...sampleTree()[0]!.children[0]!, children: [sampleTree()[0]!.children[0]!.children[1]!] }] }]
            : sampleTree(),
      }),
    });
    fireEvent.click(screen.getByTestId('menu-status-filter'));
    fireEvent.click(await screen.findByRole('option', { name: 'Disabled' }));
    await screen.findByText('Dictionaries');
    expect(callsOf(fake, 'menu.list').at(-1)).toEqual({ status: MenuStatus.Disabled });
    expect(screen.queryByText('Menus')).toBeNull();
  });

  it('searches the tree by name, address or key value, opening the way down to each match', async () => {
    await renderList();
    const search = screen.getByTestId('menu-search');
    fireEvent.change(search, { target: { value: 'menusave' } });
    await screen.findByText('Add menu');
    expect(screen.getAllByTestId('tree-row').map((r) => r.textContent)).toEqual([
      expect.stringContaining('Back office'),
      expect.stringContaining('System'),
      expect.stringContaining('Menus'),
      expect.stringContaining('Add menu'),
    ]);
    fireEvent.change(search, { target: { value: '/dictionary' } });
    await waitFor(() => expect(screen.queryByText('Menus')).toBeNull());
    screen.getByText('Dictionaries');
    fireEvent.change(search, { target: { value: 'nothing like it' } });
    await screen.findByText('Nothing matches');
    // No call to the server: the tree on view is searched.
    expect(callsOf(fake, 'menu.list')).toHaveLength(1);
    fireEvent.change(search, { target: { value: '' } });
    await screen.findByText('Menus');
  });

  it('a click on a row chooses it as its checkbox would; a double click opens its form', async () => {
    await renderList();
    fireEvent.click(within(row('Dictionaries')).getByText('/dictionary'));
    expect((screen.getByRole('checkbox', { name: 'Select row Dictionaries' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(row('Dictionaries')).getByText('/dictionary'));
    expect((screen.getByRole('checkbox', { name: 'Select row Dictionaries' }) as HTMLInputElement).checked).toBe(false);
    // The checkbox itself still toggles once.
    check('Menus');
    expect(screen.getByTestId('menu-selected-count').textContent).toBe('1 selected');
    fireEvent.doubleClick(within(row('Dictionaries')).getByText('dictView'));
    expect(screen.getByTestId('location').textContent).toBe('/menuManage/5');
  });

  it('a double click opens no form for a role without the update key', async () => {
    await renderList([Perm.menuView]);
    fireEvent.doubleClick(within(row('Dictionaries')).getByText('dictView'));
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('says so when no menu has the status', async () => {
    await renderList();
    answerApiCalls(fake, { 'menu.list': { ok: true, data: [] } });
    fireEvent.click(screen.getByTestId('menu-status-filter'));
    fireEvent.click(await screen.findByRole('option', { name: 'Usable' }));
    await screen.findByText('No menu has this status');
  });

  it('shows a failed load in place of the tree, with a retry', async () => {
    answerApiCalls(fake, { 'menu.list': { ok: false, code: ResponseCode.Forbidden, msg: 'You have no permission for this action' } });
    const { Wrapper } = await testProviders({ bridge: fake.bridge, path: Route.menu });
    render(
      <ShellTabContext.Provider value={{ path: Route.menu, returns: createTabReturns(), closeSelf: vi.fn() }}>
        <MenuList />
      </ShellTabContext.Provider>,
      { wrapper: Wrapper },
    );
    const error = await screen.findByTestId('error-state');
    expect(error.textContent).toContain('You have no permission for this action');
    answerApiCalls(fake, { 'menu.list': { ok: true, data: sampleTree() } });
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    await screen.findByText('Back office');
  });

  it('shows add, edit and delete only with their permission keys', async () => {
    await renderList([Perm.menuView, Perm.menuUpdate]);
    expect(screen.queryByTestId('menu-add')).toBeNull();
    screen.getByTestId('menu-edit');
    expect(screen.queryByTestId('menu-delete')).toBeNull();
    cleanup();
    await renderList([Perm.menuView]);
    expect(screen.queryByTestId('menu-add')).toBeNull();
    expect(screen.queryByTestId('menu-edit')).toBeNull();
    expect(screen.queryByTestId('menu-delete')).toBeNull();
  });

  it('add opens the form in add mode', async () => {
    await renderList();
    fireEvent.click(screen.getByTestId('menu-add'));
    expect(screen.getByTestId('location').textContent).toBe('/menuManage/null');
  });

  it('edit needs exactly one row', async () => {
    await renderList();
    fireEvent.click(screen.getByTestId('menu-edit'));
    await screen.findByText('Please select one row');
    check('Menus');
    check('Dictionaries');
    expect(screen.getByTestId('menu-selected-count').textContent).toBe('2 selected');
    fireEvent.click(screen.getByTestId('menu-edit'));
    await screen.findByText('Only one row can be selected');
    check('Menus');
    fireEvent.click(screen.getByTestId('menu-edit'));
    expect(screen.getByTestId('location').textContent).toBe('/menuManage/5');
  });

  it('delete needs a row, asks first, and sends the ids comma-joined', async () => {
    await renderList();
    fireEvent.click(screen.getByTestId('menu-delete'));
    await screen.findByText('Please select at least one row');

    fireEvent.click(screen.getByRole('button', { name: 'Expand Menus' }));
    check('Menus');
    check('Add menu');
    fireEvent.click(screen.getByTestId('menu-delete'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Delete these 2 menus: Menus, Add menu?');
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-cancel'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(callsOf(fake, 'menu.delete')).toEqual([]);

    const listCalls = callsOf(fake, 'menu.list').length;
    fireEvent.click(screen.getByTestId('menu-delete'));
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByTestId('confirm-dialog-ok'));
    await waitFor(() => expect(callsOf(fake, 'menu.delete')).toEqual([{ menuIds: '3,4' }]));
    await screen.findByText('Deleted');
    await waitFor(() => expect(callsOf(fake, 'menu.list').length).toBeGreaterThan(listCalls));
    expect(screen.getByTestId('menu-selected-count').textContent).toBe('0 selected');
  });

  it('a refused delete keeps the rows and the choice', async () => {
    answerApiCalls(fake, { 'menu.list': { ok: true, data: sampleTree() }, 'menu.delete': { ok: false, code: ResponseCode.InUse, msg: 'Delete the child menus first' } });
    await renderList();
    check('Menus');
    fireEvent.click(screen.getByTestId('menu-delete'));
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByTestId('confirm-dialog-ok'));
    await waitFor(() => expect(callsOf(fake, 'menu.delete')).toEqual([{ menuIds: '3' }]));
    screen.getByText('Menus');
    expect(screen.getByTestId('menu-selected-count').textContent).toBe('1 selected');
  });

  it('reloads when its tab comes back into view with rows older than the stale time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { Wrapper } = await testProviders({ bridge: fake.bridge, path: Route.menu });
      const returns = createTabReturns();
      render(
        <ShellTabContext.Provider value={{ path: Route.menu, returns, closeSelf: vi.fn() }}>
          <MenuList />
        </ShellTabContext.Provider>,
        { wrapper: Wrapper },
      );
      await screen.findByText('Back office');
      const before = callsOf(fake, 'menu.list').length;
      vi.setSystemTime(Date.now() + Delay.listStaleMs);
      act(() => returns.returned());
      await waitFor(() => expect(callsOf(fake, 'menu.list').length).toBe(before + 1));
    } finally {
      vi.useRealTimers();
    }
  });
});
