// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Route as RouterRoute, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResponseCode } from '../../../shared/codes';
import { Delay, LinkTarget, MenuStatus, MenuType } from '../../../shared/constants';
import { Perm, type PermissionKey } from '../../../shared/permissions';
import { Route } from '../../../shared/routes';
import { createTabReturns, ShellTabContext } from '../../../renderer/components/screen/shell-tab';
import { createFakeBridge, type FakeBridge } from '../../../renderer/testing/fake-bridge';
import { renderInTab } from '../../../renderer/testing/in-tab';
import { testProviders } from '../../../renderer/testing/providers';
import MenuFormScreen from './MenuForm';
import { answerApiCalls, callsOf, recordOf, sampleTree } from '../../../renderer/testing/menu-fixtures';

const ALL_MENU_KEYS: PermissionKey[] = [Perm.menuView, Perm.menuSave, Perm.menuUpdate, Perm.menuDelete];
const tree = sampleTree();
const dictionaries = tree[0]!.children[0]!.children[1]!;

let fake: FakeBridge;
beforeEach(() => {
  fake = createFakeBridge();
  answerApiCalls(fake, {
    'menu.list': { ok: true, data: tree },
    'menu.info': { ok: true, data: recordOf(dictionaries, 'System') },
    'menu.add': { ok: true, data: { menuId: 9 } },
    'menu.update': { ok: true, data: { menuId: dictionaries.menuId, version: 2 } },
  });
});
afterEach(cleanup);

async function renderForm(menuId: string, permissions: readonly string[] = ALL_MENU_KEYS) {
  const { closeSelf } = await renderInTab({ bridge: fake.bridge, path: `/menuManage/${menuId}`, permissions, routes: [[Route.menuManage, <MenuFormScreen />]] });
  await screen.findByTestId('menu-form');
  return { closeSelf };
}

const type = (name: string, value: string) => fireEvent.change(screen.getByTestId(`field-${name}`), { target: { value } });
const chooseType = (label: string) => fireEvent.click(screen.getByRole('radio', { name: label }));
const save = () => fireEvent.click(screen.getByTestId('menu-save'));
const visibleFields = () => ['url', 'parentId', 'linkTarget', 'icon', 'appFlag', 'sysVersion'].filter((name) => screen.queryByTestId(`field-${name}`) !== null);

async function chooseParent(name: string) {
  const picker = screen.getByTestId('field-parentId');
  await waitFor(() => expect((picker as HTMLInputElement).disabled).toBe(false));
  fireEvent.click(picker);
  fireEvent.click(await screen.findByRole('option', { name: new RegExp(`^${name}`) }));
}

describe('menu form: add', () => {
  it('shows the fields of the chosen type', async () => {
    await renderForm('null');
    screen.getByText('Add a menu');
    expect(visibleFields()).toEqual(['url', 'parentId', 'linkTarget', 'icon']);
    screen.getByText('Key value');
    chooseType('Button');
    expect(visibleFields()).toEqual(['parentId']);
    chooseType('System');
    expect(visibleFields()).toEqual(['icon', 'appFlag', 'sysVersion']);
    screen.getByText('System ID');
  });

  it('names every broken rule under its field and sends nothing', async () => {
    await renderForm('null');
    save();
    await screen.findByText('Please enter Name');
    screen.getByText('Please choose the parent menu');
    screen.getByText('Please enter Address');
    screen.getByText('Please enter Key value');

    type('name', 'a');
    type('perms', 'has-dash');
    type('orderNum', '100000');
    save();
    await screen.findByText('Length must be 2 to 20 characters');
    screen.getByText('May contain only letters or digits');
    screen.getByText('Must be a whole number from 0 to 99999');
    expect(callsOf(fake, 'menu.add')).toEqual([]);
  });

  it('a button cannot go under a system', async () => {
    await renderForm('null');
    chooseType('Menu');
    await chooseParent('Back office');
    chooseType('Button');
    type('name', '导出');
    type('perms', 'export');
    save();
    await screen.findByText("A button's parent must be a menu");
    expect(callsOf(fake, 'menu.add')).toEqual([]);
  });

  it('saves a menu, says so, and returns to the list after 1.5 s', async () => {
    const { closeSelf } = await renderForm('null');
    type('name', '仓储看板');
    await chooseParent('System');
    type('url', '/warehouse');
    fireEvent.click(screen.getByRole('radio', { name: 'Pop-up window' }));
    type('perms', 'warehouseView');
    type('orderNum', '3');
    fireEvent.click(screen.getByRole('radio', { name: 'Disabled' }));
    const started = Date.now();
    save();
    await waitFor(() => expect(callsOf(fake, 'menu.add')).toHaveLength(1));
    expect(callsOf(fake, 'menu.add')[0]).toEqual({
      type: MenuType.Menu,
      name: '仓储看板',
      parentId: 2,
      url: '/warehouse',
      linkTarget: LinkTarget.Popup,
      perms: 'warehouseView',
      orderNum: 3,
      status: MenuStatus.Disabled,
      icon: '',
      appFlag: '',
      sysVersion: '',
    });
    await screen.findByText('Added');
    expect(screen.getByTestId('menu-save').textContent).toContain('Saved; returning to the list…');
    await waitFor(() => expect(closeSelf).toHaveBeenCalledWith(Route.menu), { timeout: Delay.formRedirectMs + 2000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(Delay.formRedirectMs);
    expect(callsOf(fake, 'menu.list').length).toBeGreaterThan(1);
  });

  it('puts a taken key value under its field', async () => {
    answerApiCalls(fake, { 'menu.list': { ok: true, data: tree }, 'menu.add': { ok: false, code: ResponseCode.Conflict, msg: 'perms already exists' } });
    await renderForm('null');
    chooseType('Button');
    type('name', '新增菜单');
    await chooseParent('Menus');
    type('perms', 'menuSave');
    save();
    await screen.findByText('This key value is already used in the system');
    type('perms', 'menuCopy');
    await waitFor(() => expect(screen.queryByText('This key value is already used in the system')).toBeNull());
  });

  it('shows a refusal the server pinned on the parent under the parent picker, not above the actions (issue 47)', async () => {
    answerApiCalls(fake, {
      'menu.list': { ok: true, data: tree },
      'menu.add': { ok: false, code: ResponseCode.InvalidInput, msg: 'parentId: a menu cannot be moved under itself or one of its sub-menus' },
    });
    await renderForm('null');
    type('name', '仓储看板');
    await chooseParent('System');
    type('url', '/warehouse');
    type('perms', 'warehouseView');
    save();
    await screen.findByText('A menu cannot be moved under itself or one of its sub-menus');
    expect(screen.getByTestId('field-parentId').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('menu-form-error')).toBeNull();
    // Another parent is another value: the refusal goes with the one refused.
    await chooseParent('System');
    expect(screen.queryByText('A menu cannot be moved under itself or one of its sub-menus')).toBeNull();
  });

  it('without the add permission the form is read-only', async () => {
    await renderForm('null', [Perm.menuView, Perm.menuUpdate]);
    expect(screen.getByTestId('menu-form-read-only').textContent).toBe('The current role may not add menus: this form is read-only');
    expect(screen.queryByTestId('menu-save')).toBeNull();
    expect((screen.getByTestId('field-name') as HTMLInputElement).disabled).toBe(true);
  });

  it('the back button returns to the list without saving', async () => {
    const { closeSelf } = await renderForm('null');
    fireEvent.click(screen.getByTestId('menu-back'));
    expect(closeSelf).toHaveBeenCalledWith(Route.menu);
    expect(callsOf(fake, 'menu.add')).toEqual([]);
  });
});

describe('menu form: edit', () => {
  it('fills the form from the stored menu and saves with the version it read', async () => {
    await renderForm(String(dictionaries.menuId));
    await screen.findByText('Edit menu: Dictionaries');
    expect(callsOf(fake, 'menu.info')).toEqual([{ menuId: dictionaries.menuId }]);
    expect((screen.getByTestId('field-name') as HTMLInputElement).value).toBe('Dictionaries');
    expect((screen.getByTestId('field-url') as HTMLInputElement).value).toBe('/dictionary');
    await waitFor(() => expect((screen.getByTestId('field-parentId') as HTMLInputElement).value).toBe('Back office / System'));
    expect((screen.getByRole('radio', { name: 'Disabled' }) as HTMLInputElement).checked).toBe(true);

    type('name', '数据字典');
    fireEvent.click(screen.getByRole('radio', { name: 'Usable' }));
    save();
    await waitFor(() => expect(callsOf(fake, 'menu.update')).toHaveLength(1));
    expect(callsOf(fake, 'menu.update')[0]).toMatchObject({ menuId: dictionaries.menuId, version: 1, name: '数据字典', status: MenuStatus.Usable, parentId: 2, perms: 'dictView' });
    await screen.findByText('Updated');
  });

  it('a stale version offers to reload what is stored now', async () => {
    let version = 1;
    answerApiCalls(fake, {
      'menu.list': { ok: true, data: tree },
      'menu.info': () => ({ ok: true, data: { ...recordOf(dictionaries, 'System'), name: version === 1 ? 'Dictionaries' : 'Data dictionary', version } }),
      'menu.update': { ok: false, code: ResponseCode.StaleRecord, msg: 'Someone else changed this record; reload and try again' },
    });
    await renderForm(String(dictionaries.menuId));
    await screen.findByText('Edit menu: Dictionaries');
    save();
    const failure = await screen.findByTestId('menu-form-error');
    expect(failure.textContent).toContain('Someone else changed this record; reload and try again');
    version = 2;
    fireEvent.click(within(failure).getByRole('button', { name: 'Reload' }));
    await screen.findByText('Edit menu: Data dictionary');
    expect((screen.getByTestId('field-name') as HTMLInputElement).value).toBe('Data dictionary');
    expect(screen.queryByTestId('menu-form-error')).toBeNull();
  });

  it('a menu that cannot be read shows why, with a retry and the way back', async () => {
    answerApiCalls(fake, { 'menu.info': { ok: false, code: ResponseCode.NotFound, msg: 'The record does not exist' } });
    const path = '/menuManage/77';
    const { Wrapper } = await testProviders({ bridge: fake.bridge, path });
    const closeSelf = vi.fn();
    render(
      <ShellTabContext.Provider value={{ path, returns: createTabReturns(), closeSelf }}>
        <Routes>
          <RouterRoute path={Route.menuManage} element={<MenuFormScreen />} />
        </Routes>
      </ShellTabContext.Provider>,
      { wrapper: Wrapper },
    );
    const problem = await screen.findByTestId('menu-form-problem');
    expect(problem.textContent).toContain('The menu could not be loaded: The record does not exist');
    within(problem).getByRole('button', { name: 'Retry' });
    fireEvent.click(within(problem).getByRole('button', { name: 'Back to the list' }));
    expect(closeSelf).toHaveBeenCalledWith(Route.menu);
  });

  it('an address whose id is no number says so without asking the server', async () => {
    const path = '/menuManage/abc';
    const { Wrapper } = await testProviders({ bridge: fake.bridge, path });
    render(
      <ShellTabContext.Provider value={{ path, returns: createTabReturns(), closeSelf: vi.fn() }}>
        <Routes>
          <RouterRoute path={Route.menuManage} element={<MenuFormScreen />} />
        </Routes>
      </ShellTabContext.Provider>,
      { wrapper: Wrapper },
    );
    expect((await screen.findByTestId('menu-form-problem')).textContent).toContain('The menu address is not valid');
    expect(callsOf(fake, 'menu.info')).toEqual([]);
  });
});
