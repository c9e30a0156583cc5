import { expect, test, type Locator, type Page } from '@playwright/test';
import { ResponseCode } from '../../src/shared/codes';
import { apiCall, apiData, enterIdentity, hostForSpecFile, openConsole, signInAdmin, signInChangingPassword, startHost, signOut } from './host';

/**
 * User management as an administrator does it (spec 000 §2 /user and /userManage): create, find, edit,
 * reset the password (and sign in with it), change the top organisation, batch delete; and a role
 * without the user keys, which sees no action and whose forced call the server refuses.
 * The tests run in order on one host: each builds on the users the previous ones left.
 */

test.describe.configure({ mode: 'serial' });

const host = hostForSpecFile(startHost);

const EAST = { username: 'e2e_east', name: 'E2E 华东调度', password: 'East_Pass1', email: 'e2e.east@example.com' };
/** The password e2e_east chooses after the reset, at the forced change. */
const EAST_OWN_PASSWORD = 'East_Own22';
let resetPassword = '';

/** Opens 用户管理 from the side menu; the filter starts on the first organisation the role sees. */
async function openUserList(page: Page, firstOrg = '远航物流集团'): Promise<Locator> {
  await page.getByTestId('side-menu').getByRole('button', { name: '用户管理' }).click();
  const list = page.getByTestId('user-list');
  await expect(list).toBeVisible();
  await expect(list.getByTestId('filter-org')).toHaveValue(firstOrg);
  return list;
}

function rowOf(list: Locator, username: string): Locator {
  return list.getByTestId('list-row').filter({ has: list.page().getByRole('cell', { name: username, exact: true }) });
}

/** Picks an organisation in an OrgCascader: opens its list and clicks the organisation's own option. */
async function pickOrg(page: Page, cascader: Locator, name: string): Promise<void> {
  await expect(cascader).toBeEnabled();
  await cascader.click();
  await page.getByRole('option', { name, exact: true }).click();
  await expect(cascader).toHaveValue(name);
}

async function search(list: Locator): Promise<void> {
  await list.getByTestId('filter-search').click();
  await expect(list.getByRole('table')).toHaveAttribute('aria-busy', 'false');
}

/** Signs in (with the forced change when the policy demands one) and enters the back-office system. */
async function signInAs(page: Page, username: string, password: string, newPassword: string): Promise<void> {
  await signInChangingPassword(page, username, password, newPassword);
  await enterIdentity(page, '后台管理系统');
  await expect(page.getByTestId('home-shell').getByRole('heading', { name: '后台管理系统', level: 1 })).toBeVisible();
}

test('creates a user with an organisation, a role and data authority', async ({ page }) => {
  await signInAdmin(page, host);
  const list = await openUserList(page);
  await list.getByTestId('user-add').click();

  const form = page.getByTestId('user-form');
  await expect(form.getByRole('heading', { name: '新增用户' })).toBeVisible();
  // Saving an empty form names every required field.
  await form.getByTestId('user-save').click();
  await expect(form.getByText('请输入登录名')).toBeVisible();
  await expect(form.getByText('请输入姓名')).toBeVisible();
  await expect(form.getByText('请输入初始密码')).toBeVisible();
  await expect(form.getByText('组织不能为空')).toBeVisible();

  await form.getByTestId('field-username').fill(EAST.username);
  await form.getByTestId('field-name').fill(EAST.name);
  await form.getByTestId('field-password').fill('weakpass');
  await form.getByTestId('field-email').fill(EAST.email);
  await form.getByTestId('user-save').click();
  await expect(form.getByText(/^密码须为8-16位/)).toBeVisible();
  await form.getByTestId('field-password').fill(EAST.password);
  await pickOrg(page, form.getByTestId('field-deptId'), '华东分公司');

  // The roles offered are those of the user's organisation.
  await expect(form.getByTestId('role-org')).toHaveValue('华东分公司');
  await expect(form.getByTestId('role-select')).toBeEnabled();
  await form.getByTestId('role-select').click();
  await page.getByRole('menuitemcheckbox', { name: '运营专员' }).click();
  await page.keyboard.press('Escape');
  await expect(form.getByTestId('role-tags')).toContainText('运营专员');

  const waybills = form.getByTestId('authority-WAYBILL');
  await waybills.getByTestId('authority-add').click();
  await waybills.getByTestId('authority-dataCode').fill('SH01');
  await waybills.getByTestId('authority-dataName').fill('上海转运中心');

  await form.getByTestId('user-save').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: '新增成功' })).toBeVisible();
  // Back on the list, which shows the new user.
  await expect(page.getByTestId('user-form')).toHaveCount(0);
  await expect(list).toBeVisible();
  const row = rowOf(list, EAST.username);
  await expect(row).toBeVisible();
  await expect(row).toContainText('华东分公司');
  await expect(row).toContainText('运营专员');
  await expect(row.getByTestId('user-status')).toHaveText('启用');

  // The data authority was kept.
  await row.getByRole('checkbox').check();
  await list.getByTestId('user-edit').click();
  await expect(page.getByTestId('user-form').getByTestId('authority-WAYBILL').getByTestId('authority-dataCode')).toHaveValue('SH01');
});

test('finds the user by name, status and organisation', async ({ page }) => {
  await signInAdmin(page, host);
  const list = await openUserList(page);
  await expect(list.getByTestId('pager-total')).toHaveText('共 2 条');

  await list.getByTestId('filter-name').fill('华东调度');
  await search(list);
  await expect(list.getByTestId('list-row')).toHaveCount(1);
  await expect(rowOf(list, EAST.username)).toBeVisible();

  await list.getByTestId('filter-toggle').click();
  await list.getByTestId('filter-status').click();
  await page.getByRole('option', { name: '禁用' }).click();
  await search(list);
  await expect(list.getByTestId('empty-state')).toHaveText('没有符合条件的用户');
  await list.getByTestId('filter-status').click();
  await page.getByRole('option', { name: '启用' }).click();
  await search(list);
  await expect(rowOf(list, EAST.username)).toBeVisible();

  await pickOrg(page, list.getByTestId('filter-org'), '华南分公司');
  await search(list);
  await expect(list.getByTestId('empty-state')).toHaveText('没有符合条件的用户');
  await pickOrg(page, list.getByTestId('filter-org'), '华东分公司');
  await search(list);
  await expect(rowOf(list, EAST.username)).toBeVisible();

  await list.getByTestId('filter-reset').click();
  await expect(list.getByTestId('filter-name')).toHaveValue('');
  await expect(list.getByTestId('filter-org')).toHaveValue('远航物流集团');
  await expect(list.getByTestId('list-row')).toHaveCount(2);
});

test('edits the user, exactly one row at a time', async ({ page }) => {
  await signInAdmin(page, host);
  const list = await openUserList(page);
  await list.getByTestId('user-edit').click();
  await expect(page.getByTestId('toast-warning').filter({ hasText: '请选择一条数据' })).toBeVisible();
  await list.getByTestId('select-all').click();
  await list.getByTestId('user-edit').click();
  await expect(page.getByTestId('toast-warning').filter({ hasText: '只能选择一个用户' })).toBeVisible();
  await list.getByTestId('select-all').click();

  await rowOf(list, EAST.username).getByRole('checkbox').check();
  await expect(list.getByTestId('selected-count')).toHaveText('已选择 1 项');
  await list.getByTestId('user-edit').click();
  const form = page.getByTestId('user-form');
  await expect(form.getByRole('heading', { name: `修改用户 ${EAST.username}` })).toBeVisible();
  await expect(form.getByTestId('field-name')).toHaveValue(EAST.name);
  await expect(form.getByTestId('field-password')).toHaveCount(0);
  await form.getByTestId('field-name').fill(`${EAST.name}（已改）`);
  await form.getByTestId('field-mobile').fill('13900000001');
  await form.getByTestId('user-save').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: '修改成功' })).toBeVisible();
  await expect(page.getByTestId('user-form')).toHaveCount(0);
  const row = rowOf(list, EAST.username);
  await expect(row).toContainText(`${EAST.name}（已改）`);
  await expect(row).toContainText('13900000001');
});

test('a refused save brings the first invalid field into view and puts the cursor in it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 560 });
  await signInAdmin(page, host);
  const list = await openUserList(page);
  await list.getByTestId('user-add').click();
  const form = page.getByTestId('user-form');
  await form.getByTestId('field-username').fill('zhang.san');
  await form.getByTestId('field-name').fill('张三');
  await form.getByTestId('field-password').fill('Zhang_Pass1');
  await pickOrg(page, form.getByTestId('field-deptId'), '财务部');
  // Down at the end of the form, the login name far above, out of view (Save stays in view in its bar).
  await form.evaluate((element) => {
    let scroller: Element | null = element;
    while (scroller && scroller.scrollHeight <= scroller.clientHeight) scroller = scroller.parentElement;
    scroller?.scrollTo(0, scroller.scrollHeight);
  });
  await expect(form.getByTestId('field-username')).not.toBeInViewport();
  await form.getByTestId('user-save').click();
  await expect(page.getByTestId('toast-warning').filter({ hasText: '请先修正表单中标出的错误' })).toBeVisible();
  await expect(form.getByTestId('field-username')).toBeFocused();
  await expect(form.getByTestId('field-username')).toBeInViewport();
  await expect(form.getByTestId('field-username')).toHaveAttribute('aria-invalid', 'true');

  await form.getByTestId('user-back').click();
  await page.getByTestId('confirm-dialog').getByTestId('confirm-dialog-ok').click();
  await expect(page.getByTestId('user-form')).toHaveCount(0);
});

test('sorts by a column on the server, chooses a row by a click, edits it by a double click, refreshes', async ({ page }) => {
  await signInAdmin(page, host);
  const list = await openUserList(page);
  const logins = () => list.getByTestId('list-row').locator('td:nth-child(2)');
  const header = list.getByRole('columnheader', { name: '登录名' });
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await expect(logins()).toHaveText(['admin', EAST.username]);
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect(logins()).toHaveText([EAST.username, 'admin']);

  await rowOf(list, EAST.username).getByRole('cell', { name: EAST.email }).click();
  await expect(rowOf(list, EAST.username).getByRole('checkbox')).toBeChecked();
  await expect(list.getByTestId('selected-count')).toHaveText('已选择 1 项');
  await rowOf(list, 'admin').getByRole('cell', { name: 'admin', exact: true }).dblclick();
  const form = page.getByTestId('user-form');
  await expect(form.getByRole('heading', { name: '修改用户 admin' })).toBeVisible();
  await form.getByTestId('user-back').click();
  await expect(page.getByTestId('user-form')).toHaveCount(0);

  // Someone else adds a user: the refresh button shows it, in the order chosen.
  const orgs = await apiData(page, 'user.deptList', {});
  const added = await apiData(page, 'user.add', { username: 'e2e_fresh', name: 'E2E 新来', password: 'Fresh_Pass1', deptId: orgs.find((org) => org.name === '财务部')!.deptId });
  await expect(rowOf(list, 'e2e_fresh')).toHaveCount(0);
  await list.getByTestId('user-refresh').click();
  await expect(logins()).toHaveText(['e2e_fresh', EAST.username, 'admin']);
  await apiData(page, 'user.delete', { userIds: String(added.userId) });
});

test('resets the password, which the user signs in with and must change first', async ({ page }) => {
  await signInAdmin(page, host);
  const list = await openUserList(page);
  // The administrator's own flag forbids a reset: no button on that row.
  await expect(rowOf(list, 'admin').getByTestId('user-reset-password')).toHaveCount(0);
  await rowOf(list, EAST.username).getByTestId('user-reset-password').click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText(EAST.username);
  await confirm.getByTestId('confirm-dialog-ok').click();
  const shown = page.getByTestId('new-password-dialog');
  await expect(shown).toBeVisible();
  await expect(page.getByTestId('toast-success').filter({ hasText: '重置成功' })).toBeVisible();
  resetPassword = await shown.getByTestId('new-password-value').inputValue();
  expect(resetPassword).toMatch(/^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])[A-Za-z\d_!@#$]{8,16}$/);
  await shown.getByTestId('new-password-close').click();
  await expect(shown).toBeHidden();

  await signOut(page);
  await signInAs(page, EAST.username, resetPassword, EAST_OWN_PASSWORD);
  await expect(page.getByTestId('greeting')).toContainText(`${EAST.name}（已改）`);
});

test('a role without the user keys sees no action, and the server refuses a forced call', async ({ page }) => {
  await openConsole(page, host);
  await signInAs(page, EAST.username, EAST_OWN_PASSWORD, EAST_OWN_PASSWORD);
  // The operator's role sees its own company's subtree.
  const list = await openUserList(page, '华东分公司');
  await expect(rowOf(list, EAST.username)).toBeVisible();
  for (const action of ['user-add', 'user-edit', 'user-delete', 'user-change-org', 'user-reset-password']) await expect(list.getByTestId(action)).toHaveCount(0);

  const forced = {
    add: await apiCall(page, 'user.add', { username: 'forced_add', name: 'Forced', password: 'Forced_Pass1', deptId: 1 }),
    remove: await apiCall(page, 'user.delete', { userIds: '1' }),
    reset: await apiCall(page, 'user.resetPassword', { userId: 1 }),
  };
  expect(forced.add).toMatchObject({ ok: false, code: ResponseCode.Forbidden });
  expect(forced.remove).toMatchObject({ ok: false, code: ResponseCode.Forbidden });
  expect(forced.reset).toMatchObject({ ok: false, code: ResponseCode.Forbidden });
});

test('changes the top organisation of exactly one user; the organisation is required', async ({ page }) => {
  await signInAdmin(page, host);
  const list = await openUserList(page);
  await list.getByTestId('user-change-org').click();
  await expect(page.getByTestId('toast-warning').filter({ hasText: '请选择一条数据' })).toBeVisible();

  await rowOf(list, EAST.username).getByRole('checkbox').check();
  await list.getByTestId('user-change-org').click();
  const dialog = page.getByTestId('change-org-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('change-org-select')).toHaveValue('华东分公司');
  // The cascader's clear icon empties the choice.
  await dialog.locator('.fui-Combobox__clearIcon').click();
  await expect(dialog.getByTestId('change-org-select')).toHaveValue('');
  await dialog.getByTestId('change-org-submit').click();
  await expect(dialog.getByText('组织不能为空')).toBeVisible();

  await pickOrg(page, dialog.getByTestId('change-org-select'), '华南分公司');
  await dialog.getByTestId('change-org-submit').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: '修改成功' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rowOf(list, EAST.username)).toContainText('华南分公司');
});

test('deletes several users at once after confirmation, never the signed-in one', async ({ page }) => {
  await signInAdmin(page, host);
  const list = await openUserList(page);
  await list.getByTestId('user-add').click();
  const form = page.getByTestId('user-form');
  await form.getByTestId('field-username').fill('e2e_temp');
  await form.getByTestId('field-name').fill('E2E 临时');
  await form.getByTestId('field-password').fill('Temp_Pass1');
  await pickOrg(page, form.getByTestId('field-deptId'), '财务部');
  await form.getByTestId('user-save').click();
  await expect(page.getByTestId('user-form')).toHaveCount(0);
  await expect(rowOf(list, 'e2e_temp')).toBeVisible();

  await list.getByTestId('user-delete').click();
  await expect(page.getByTestId('toast-warning').filter({ hasText: '请至少选择一条数据' })).toBeVisible();
  await rowOf(list, 'admin').getByRole('checkbox').check();
  await list.getByTestId('user-delete').click();
  await expect(page.getByTestId('toast-warning').filter({ hasText: '不能删除自己的账号' })).toBeVisible();
  await rowOf(list, 'admin').getByRole('checkbox').uncheck();

  await rowOf(list, EAST.username).getByRole('checkbox').check();
  await rowOf(list, 'e2e_temp').getByRole('checkbox').check();
  await expect(list.getByTestId('selected-count')).toHaveText('已选择 2 项');
  await list.getByTestId('user-delete').click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText(`确定要删除这 2 个用户：${EAST.name}（已改） (${EAST.username})、E2E 临时 (e2e_temp)？`);
  await confirm.getByTestId('confirm-dialog-ok').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: '删除成功' })).toBeVisible();
  await expect(list.getByTestId('list-row')).toHaveCount(1);
  await expect(rowOf(list, 'admin')).toBeVisible();
});
