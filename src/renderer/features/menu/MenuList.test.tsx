// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Route as RouterRoute, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResponseCode } from '../../../shared/codes';
import { MenuStatus } from '../../../shared/constants';
import { Perm, type PermissionKey } from '../../../shared/permissions';
import { Route } from '../../../shared/routes';
import { ShellTabContext } from '../../app/home/shell-tab';
import { PermissionsProvider } from '../../components/permissions';
import { createFakeBridge, type FakeBridge } from '../../testing/fake-bridge';
import { testProviders } from '../../testing/providers';
import MenuList from './MenuList';
import { answerApiCalls, callsOf, sampleTree } from './test-fixtures';

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
  const { Wrapper } = await testProviders({ bridge: fake.bridge, path: Route.menu });
  const tab = { path: Route.menu, active: true, closeSelf: vi.fn() };
  render(
    <ShellTabContext.Provider value={tab}>
      <PermissionsProvider permissions={permissions}>
        <Routes>
          <RouterRoute path={Route.menu} element={<MenuList />} />
          <RouterRoute path={Route.menuManage} element={<Location />} />
        </Routes>
      </PermissionsProvider>
    </ShellTabContext.Provider>,
    { wrapper: Wrapper },
  );
  await screen.findByText('Back office');
}

const row = (name: string) => screen.getAllByTestId('tree-row').find((candidate) => within(candidate).queryByText(name) !== null) as HTMLElement;
const check = (name: string) => fireEvent.click(screen.getByRole('checkbox', { name: `Select row ${name}` }));

describe('menu list', () => {
  it('shows the tree to the pages, with type, key value, address and status', async () => {
    await renderList();
    expect(screen.getAllByTestId('tree-row').map((r) => r.getAttribute('aria-level'))).toEqual(['1', '2', '3', '3']);
    const dictionaries = row('Dictionaries');
    expect(within(dictionaries).getByText('dictView')).toBeTruthy();
    expect(within(dictionaries).getByText('/dictionary')).toBeTruthy();
    expect(within(dictionaries).getByText('Disabled')).toBeTruthy();
    expect(within(row('Back office')).getByText('System')).toBeTruthy();
    // Buttons stay folded under their page until it is opened.
    expect(screen.queryByText('Add menu')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Expand Menus' }));
    expect(within(row('Add menu')).getByText('Button')).toBeTruthy();
  });

  it('filters by status, showing the matches with their ancestors', async () => {
    await renderList();
    answerApiCalls(fake, {
      'menu.list': (input) => ({ ok: true, data: (input as { status?: number }).status === MenuStatus.Disabled ? [{ ...sampleTree()[0]!, children: [{ ...sampleTree()[0]!.children[0]!, children: [sampleTree()[0]!.children[0]!.children[1]!] }] }] : sampleTree() }),
    });
    fireEvent.click(screen.getByTestId('menu-status-filter'));
    fireEvent.click(await screen.findByRole('option', { name: 'Disabled' }));
    expect(await screen.findByText('Dictionaries')).toBeTruthy();
    expect(callsOf(fake, 'menu.list').at(-1)).toEqual({ status: MenuStatus.Disabled });
    expect(screen.queryByText('Menus')).toBeNull();
  });

  it('says so when no menu has the status', async () => {
    await renderList();
    answerApiCalls(fake, { 'menu.list': { ok: true, data: [] } });
    fireEvent.click(screen.getByTestId('menu-status-filter'));
    fireEvent.click(await screen.findByRole('option', { name: 'Usable' }));
    expect(await screen.findByText('No menu has this status')).toBeTruthy();
  });

  it('shows a failed load in place of the tree, with a retry', async () => {
    answerApiCalls(fake, { 'menu.list': { ok: false, code: ResponseCode.Forbidden, msg: 'You have no permission for this action' } });
    const { Wrapper } = await testProviders({ bridge: fake.bridge, path: Route.menu });
    render(
      <ShellTabContext.Provider value={{ path: Route.menu, active: true, closeSelf: vi.fn() }}>
        <MenuList />
      </ShellTabContext.Provider>,
      { wrapper: Wrapper },
    );
    const error = await screen.findByTestId('error-state');
    expect(error.textContent).toContain('You have no permission for this action');
    answerApiCalls(fake, { 'menu.list': { ok: true, data: sampleTree() } });
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Back office')).toBeTruthy();
  });

  it('shows add, edit and delete only with their permission keys', async () => {
    await renderList([Perm.menuView, Perm.menuUpdate]);
    expect(screen.queryByTestId('menu-add')).toBeNull();
    expect(screen.getByTestId('menu-edit')).toBeTruthy();
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
    expect(await screen.findByText('Please select one row')).toBeTruthy();
    check('Menus');
    check('Dictionaries');
    expect(screen.getByTestId('menu-selected-count').textContent).toBe('2 selected');
    fireEvent.click(screen.getByTestId('menu-edit'));
    expect(await screen.findByText('Only one row can be selected')).toBeTruthy();
    check('Menus');
    fireEvent.click(screen.getByTestId('menu-edit'));
    expect(screen.getByTestId('location').textContent).toBe('/menuManage/5');
  });

  it('delete needs a row, asks first, and sends the ids comma-joined', async () => {
    await renderList();
    fireEvent.click(screen.getByTestId('menu-delete'));
    expect(await screen.findByText('Please select at least one row')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Expand Menus' }));
    check('Menus');
    check('Add menu');
    fireEvent.click(screen.getByTestId('menu-delete'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Do you really want to delete the selected data?');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(callsOf(fake, 'menu.delete')).toEqual([]);

    const listCalls = callsOf(fake, 'menu.list').length;
    fireEvent.click(screen.getByTestId('menu-delete'));
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByTestId('confirm-dialog-ok'));
    await waitFor(() => expect(callsOf(fake, 'menu.delete')).toEqual([{ menuIds: '3,4' }]));
    expect(await screen.findByText('Deleted')).toBeTruthy();
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
    expect(screen.getByText('Menus')).toBeTruthy();
    expect(screen.getByTestId('menu-selected-count').textContent).toBe('1 selected');
  });

  it('reloads when its tab comes back into view', async () => {
    const { Wrapper } = await testProviders({ bridge: fake.bridge, path: Route.menu });
    const view = (active: boolean) => (
      <ShellTabContext.Provider value={{ path: Route.menu, active, closeSelf: vi.fn() }}>
        <MenuList />
      </ShellTabContext.Provider>
    );
    const { rerender } = render(view(true), { wrapper: Wrapper });
    await screen.findByText('Back office');
    rerender(view(false));
    const before = callsOf(fake, 'menu.list').length;
    rerender(view(true));
    await waitFor(() => expect(callsOf(fake, 'menu.list').length).toBe(before + 1));
  });
});
