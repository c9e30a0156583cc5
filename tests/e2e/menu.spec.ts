import { expect, test, type Locator, type Page } from '@playwright/test';
import { ResponseCode } from '../../src/shared/codes';
import { MenuType } from '../../src/shared/constants';
import { Perm } from '../../src/shared/permissions';
import { Route } from '../../src/shared/routes';
import { apiCall, apiData, enterIdentity, hostForSpecFile, openAt, openConsole, signInAdmin, signInChangingPassword, startHost, tabPane, toast } from './host';

/**
 * Menu management as an administrator does it: add a menu and a button under it, find them with the status
 * filter, edit, the server's refusals (a menu that still has children, a key value taken), delete after
 * confirmation; and a role without the menu keys: no buttons, and the server refuses the calls when forced.
 * The tests build on each other, in order.
 */
test.describe.configure({ mode: 'serial' });

const PAGE = { name: '仓储看板', renamed: '仓储总览', url: '/warehouseBoard', perms: 'warehouseBoard' };
const BUTTON = { name: '导出看板', perms: 'warehouseExport' };
const INITIAL_PASSWORD = 'Init_pass2026';
const OPERATOR_PASSWORD = 'Oper_pass2026';
const OPERATOR = { username: 'menu_operator', name: '菜单测试运营' };

const host = hostForSpecFile(startHost);

const listPane = (page: Page) => tabPane(page, Route.menu);
const formPane = (page: Page) => page.getByTestId('menu-form');
const tree = (page: Page) => listPane(page).getByRole('treegrid', { name: '菜单树' });
const menuRow = (page: Page, name: string) =>
  tree(page)
    .getByTestId('tree-row')
    .filter({ has: page.getByText(name, { exact: true }) });
const rowBox = (page: Page, name: string) => listPane(page).getByRole('checkbox', { name: `选择此行 ${name}`, exact: true });
const toolbar = (page: Page) => listPane(page).getByRole('toolbar', { name: '菜单操作' });
/** The screen's header: its title and its primary action, the add. */
const pageHeader = (page: Page) => listPane(page).getByTestId('page-header');

async function openList(page: Page): Promise<void> {
  await page.getByTestId('top-menu').getByRole('button', { name: '系统管理' }).click();
  await page.getByTestId('side-menu').getByRole('button', { name: '菜单管理' }).click();
  await expect(menuRow(page, '后台管理系统')).toBeVisible();
}

async function openAdd(page: Page): Promise<Locator> {
  await pageHeader(page).getByRole('button', { name: '新增' }).click();
  const form = formPane(page);
  await expect(form.getByRole('heading', { name: '新增菜单', exact: true })).toBeVisible();
  return form;
}

/** Types into the parent picker and takes the menu of that name (the list shows the path while filtering). */
async function chooseParent(page: Page, form: Locator, name: string): Promise<void> {
  const picker = form.getByTestId('field-parentId');
  await expect(picker).toBeEnabled();
  await picker.click();
  await expect(page.getByRole('listbox')).toBeVisible();
  await picker.fill(name);
  await page
    .getByRole('option', { name: new RegExp(`^${name}`) })
    .first()
    .click();
  await expect(picker).toHaveValue(new RegExp(`/ ${name}$`));
}

/** Saves, sees the toast, and is back on the list once the form's tab has closed. */
async function saveAndReturn(page: Page, form: Locator, toastText: string): Promise<void> {
  // The toast of an earlier save must have gone, so the one seen is this save's.
  await expect(page.getByTestId('toast-success')).toHaveCount(0);
  await form.getByTestId('menu-save').click();
  await expect(toast(page, 'success', toastText)).toBeVisible();
  await expect(formPane(page)).toHaveCount(0);
  await expect(listPane(page)).toBeVisible();
}

test('adds a menu and a button under it, with the fields of each type, and the list shows them', async ({ page }) => {
  await signInAdmin(page, host);
  await openList(page);
  await expect(pageHeader(page).getByRole('button', { name: '新增' })).toBeVisible();
  await expect(toolbar(page).getByRole('button')).toHaveText(['修改', '删除', '刷新']);

  const form = await openAdd(page);
  await form.getByTestId('menu-save').click();
  await expect(form.getByText('请输入名称')).toBeVisible();
  await expect(form.getByText('请选择上级菜单')).toBeVisible();
  await expect(form.getByText('请输入地址')).toBeVisible();
  await expect(form.getByText('请输入权限标识')).toBeVisible();

  await form.getByTestId('field-name').fill('仓');
  await form.getByTestId('field-perms').fill('warehouse-board');
  await expect(form.getByText('长度在2到20个字符')).toBeVisible();
  await expect(form.getByText('只能包含字母或数字')).toBeVisible();

  await form.getByTestId('field-name').fill(PAGE.name);
  await chooseParent(page, form, '系统管理');
  await form.getByTestId('field-url').fill(PAGE.url);
  await form.getByTestId('field-perms').fill(PAGE.perms);
  await form.getByRole('radio', { name: '禁用' }).check();
  await saveAndReturn(page, form, '新增成功');
  const added = menuRow(page, PAGE.name);
  await expect(added).toContainText(PAGE.url);
  await expect(added).toContainText(PAGE.perms);
  await expect(added).toContainText('禁用');

  const buttonForm = await openAdd(page);
  await buttonForm.getByRole('radio', { name: '按钮' }).check();
  await expect(buttonForm.getByTestId('field-url')).toHaveCount(0);
  await expect(buttonForm.getByTestId('field-linkTarget')).toHaveCount(0);
  await expect(buttonForm.getByRole('textbox', { name: '权限标识', exact: true })).toBeVisible();
  await buttonForm.getByRole('radio', { name: '系统' }).check();
  await expect(buttonForm.getByTestId('field-parentId')).toHaveCount(0);
  await expect(buttonForm.getByRole('textbox', { name: '系统标识', exact: true })).toBeVisible();
  await buttonForm.getByRole('radio', { name: '按钮' }).check();
  await buttonForm.getByTestId('field-name').fill(BUTTON.name);
  await chooseParent(page, buttonForm, PAGE.name);
  await buttonForm.getByTestId('field-perms').fill(BUTTON.perms);
  await saveAndReturn(page, buttonForm, '新增成功');

  await menuRow(page, PAGE.name)
    .getByRole('button', { name: `展开 ${PAGE.name}` })
    .click();
  const button = menuRow(page, BUTTON.name);
  await expect(button).toContainText('按钮');
  await expect(button).toContainText(BUTTON.perms);
  await expect(button).toHaveAttribute('aria-level', '4');
});

test('the status filter finds the disabled menu with its ancestors', async ({ page }) => {
  await signInAdmin(page, host);
  await openList(page);
  await listPane(page).getByTestId('menu-status-filter').click();
  await page.getByRole('option', { name: '禁用' }).click();
  await expect(menuRow(page, PAGE.name)).toBeVisible();
  await expect(menuRow(page, '系统管理')).toBeVisible();
  await expect(menuRow(page, '后台管理系统')).toBeVisible();
  await expect(menuRow(page, '用户管理')).toHaveCount(0);
  await expect(menuRow(page, '物流运营系统')).toHaveCount(0);

  await listPane(page).getByTestId('menu-status-filter').click();
  await page.getByRole('option', { name: '全部' }).click();
  await expect(menuRow(page, '用户管理')).toBeVisible();
});

test('edits the menu chosen by its checkbox', async ({ page }) => {
  await signInAdmin(page, host);
  await openList(page);
  await toolbar(page).getByRole('button', { name: '修改' }).click();
  await expect(toast(page, 'warning', '请选择一条数据')).toBeVisible();

  // The checkbox answers the keyboard like any checkbox.
  await rowBox(page, PAGE.name).focus();
  await page.keyboard.press('Space');
  await expect(rowBox(page, PAGE.name)).toBeChecked();
  await rowBox(page, '用户管理').check();
  await toolbar(page).getByRole('button', { name: '修改' }).click();
  await expect(toast(page, 'warning', '只能选择一条数据')).toBeVisible();
  await rowBox(page, '用户管理').uncheck();
  await toolbar(page).getByRole('button', { name: '修改' }).click();

  const form = formPane(page);
  await expect(form.getByRole('heading', { name: `修改菜单：${PAGE.name}` })).toBeVisible();
  await expect(form.getByTestId('field-name')).toHaveValue(PAGE.name);
  await expect(form.getByTestId('field-url')).toHaveValue(PAGE.url);
  await expect(form.getByTestId('field-parentId')).toHaveValue('后台管理系统 / 系统管理');
  await expect(form.getByRole('radio', { name: '禁用' })).toBeChecked();
  await form.getByTestId('field-name').fill(PAGE.renamed);
  await form.getByRole('radio', { name: '可用' }).check();
  await form.getByRole('radio', { name: '弹出窗口' }).check();
  await saveAndReturn(page, form, '修改成功');

  const edited = menuRow(page, PAGE.renamed);
  await expect(edited).toContainText('可用');
  await expect(edited).toContainText('弹出窗口');
  await expect(menuRow(page, PAGE.name)).toHaveCount(0);
});

test('searches the tree, chooses a row by a click, opens it by a double click, refreshes', async ({ page }) => {
  await signInAdmin(page, host);
  await openList(page);
  const search = listPane(page).getByTestId('menu-search');
  await search.fill('用户');
  await expect(menuRow(page, '用户管理')).toBeVisible();
  await expect(menuRow(page, '系统管理')).toBeVisible();
  await expect(menuRow(page, '菜单管理')).toHaveCount(0);
  await search.fill('');
  await expect(menuRow(page, '菜单管理')).toBeVisible();

  await menuRow(page, '用户管理').getByText('/user', { exact: true }).click();
  await expect(rowBox(page, '用户管理')).toBeChecked();
  await expect(listPane(page).getByTestId('menu-selected-count')).toHaveText('已选择 1 项');
  await menuRow(page, '用户管理').getByText('/user', { exact: true }).dblclick();
  const form = formPane(page);
  await expect(form.getByRole('heading', { name: '修改菜单：用户管理' })).toBeVisible();
  // Nothing typed: back without a question.
  await form.getByTestId('menu-back').click();
  await expect(page.getByTestId('confirm-dialog')).toHaveCount(0);
  await expect(formPane(page)).toHaveCount(0);

  // What someone else added shows on refresh.
  const menus = await apiData(page, 'menu.list', {});
  const systemGroup = menus[0]!.children.find((group) => group.name === '系统管理')!;
  await apiData(page, 'menu.add', { name: '他人新增', type: MenuType.Menu, parentId: systemGroup.menuId, url: '/elsewhere', linkTarget: 0, perms: 'elsewhereView' });
  await expect(menuRow(page, '他人新增')).toHaveCount(0);
  await toolbar(page).getByRole('button', { name: '刷新' }).click();
  await expect(menuRow(page, '他人新增')).toBeVisible();
  const added = (await apiData(page, 'menu.list', {}))[0]!.children.find((group) => group.name === '系统管理')!.children.find((menu) => menu.name === '他人新增')!;
  await apiData(page, 'menu.delete', { menuIds: String(added.menuId) });
});

test('shows the server refusals: a menu with children, a key value taken', async ({ page }) => {
  await signInAdmin(page, host);
  await openList(page);
  await rowBox(page, PAGE.renamed).check();
  await toolbar(page).getByRole('button', { name: '删除' }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText(`确定要删除菜单“${PAGE.renamed}”吗？`);
  await confirm.getByTestId('confirm-dialog-ok').click();
  await expect(toast(page, 'error', '请先删除子菜单')).toBeVisible();
  await expect(menuRow(page, PAGE.renamed)).toBeVisible();
  await expect(rowBox(page, PAGE.renamed)).toBeChecked();

  const form = await openAdd(page);
  await form.getByTestId('field-name').fill('重复的用户管理');
  await chooseParent(page, form, '系统管理');
  await form.getByTestId('field-url').fill('/userCopy');
  await form.getByTestId('field-perms').fill(Perm.userView);
  await form.getByTestId('menu-save').click();
  await expect(form.getByText('该权限标识在本系统中已被使用')).toBeVisible();
  await expect(formPane(page)).toBeVisible();
  await form.getByTestId('field-perms').fill('userViewCopy');
  await expect(form.getByText('该权限标识在本系统中已被使用')).toHaveCount(0);
  // Typed changes are not thrown away without asking.
  await form.getByTestId('menu-back').click();
  const discard = page.getByTestId('confirm-dialog');
  await expect(discard).toBeVisible();
  await discard.getByTestId('confirm-dialog-ok').click();
  await expect(formPane(page)).toHaveCount(0);
  await expect(menuRow(page, '重复的用户管理')).toHaveCount(0);
});

test('deletes the menu and its button after confirmation, and not when cancelled', async ({ page }) => {
  await signInAdmin(page, host);
  await openList(page);
  await menuRow(page, PAGE.renamed)
    .getByRole('button', { name: `展开 ${PAGE.renamed}` })
    .click();
  await rowBox(page, PAGE.renamed).check();
  await rowBox(page, BUTTON.name).check();
  await expect(listPane(page).getByTestId('menu-selected-count')).toHaveText('已选择 2 项');

  await toolbar(page).getByRole('button', { name: '删除' }).click();
  const confirm = page.getByTestId('confirm-dialog');
  // It says what goes and how many, with a red confirm button.
  await expect(confirm).toContainText(`确定要删除这 2 个菜单：${PAGE.renamed}、${BUTTON.name}？`);
  const ok = confirm.getByTestId('confirm-dialog-ok');
  const [red, green] = (await ok.evaluate((button) => getComputedStyle(button).backgroundColor)).match(/\d+/g)!.map(Number);
  expect(red).toBeGreaterThan(150);
  expect(green).toBeLessThan(100);
  await confirm.getByRole('button', { name: '取消' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(menuRow(page, BUTTON.name)).toBeVisible();

  await toolbar(page).getByRole('button', { name: '删除' }).click();
  await confirm.getByTestId('confirm-dialog-ok').click();
  await expect(toast(page, 'success', '删除成功')).toBeVisible();
  await expect(menuRow(page, PAGE.renamed)).toHaveCount(0);
  await expect(menuRow(page, BUTTON.name)).toHaveCount(0);
  await expect(listPane(page).getByTestId('menu-selected-count')).toHaveText('已选择 0 项');
});

test('a role without the menu keys sees no add, edit or delete, and the server refuses the calls', async ({ page }) => {
  await signInAdmin(page, host);
  const orgs = await apiData(page, 'user.deptList', {});
  const east = orgs.find((org) => org.name === '华东分公司')!;
  const operatorRole = (await apiData(page, 'user.rolesByDept', { deptId: east.deptId })).find((role) => role.roleName === '运营专员')!;
  await apiData(page, 'user.add', { ...OPERATOR, password: INITIAL_PASSWORD, deptId: east.deptId, roleIdList: [operatorRole.roleId] });
  const menus = await apiData(page, 'menu.list', {});
  const systemGroup = menus[0]!.children.find((group) => group.name === '系统管理')!;
  const userPage = systemGroup.children.find((menu) => menu.name === '用户管理')!;

  // The operator's first sign-in asks for a new password.
  await openConsole(page, host);
  expect(await signInChangingPassword(page, OPERATOR.username, INITIAL_PASSWORD, OPERATOR_PASSWORD)).toBe(true);
  await enterIdentity(page);
  await expect(page.getByTestId('side-menu').getByRole('button', { name: '菜单管理' })).toHaveCount(0);

  // Typed addresses of the list and of its form show the no-access page, not the screen.
  await openAt(page, host, Route.menu);
  await expect(listPane(page).getByTestId('no-access')).toContainText('无权访问');
  await expect(listPane(page).getByRole('button')).toHaveText(['返回首页']);
  await openAt(page, host, '/menuManage/null');
  await expect(tabPane(page, '/menuManage/null').getByTestId('no-access')).toBeVisible();
  await expect(page.getByTestId('menu-save')).toHaveCount(0);

  for (const forced of [
    await apiCall(page, 'menu.list', {}),
    await apiCall(page, 'menu.add', { name: '越权菜单', type: MenuType.Menu, parentId: systemGroup.menuId, url: '/forced', linkTarget: 0, perms: 'forcedView' }),
    await apiCall(page, 'menu.update', {
      menuId: userPage.menuId,
      version: userPage.version,
      name: '越权改名',
      type: MenuType.Menu,
      parentId: systemGroup.menuId,
      url: userPage.url,
      linkTarget: 0,
      perms: userPage.perms,
    }),
    await apiCall(page, 'menu.delete', { menuIds: String(userPage.menuId) }),
  ]) {
    expect(forced).toMatchObject({ ok: false, code: ResponseCode.Forbidden });
  }

  // The menus are as the administrator left them.
  await signInAdmin(page, host);
  const after = await apiData(page, 'menu.info', { menuId: userPage.menuId });
  expect(after).toMatchObject({ name: '用户管理', version: userPage.version });
});
