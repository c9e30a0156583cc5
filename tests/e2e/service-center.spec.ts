import { expect, test, type Locator, type Page } from '@playwright/test';
import { ResponseCode } from '../../src/shared/codes';
import { Route } from '../../src/shared/routes';
import { apiCall, apiData, enterIdentity, hostForSpecFile, openConsole, signInAdmin, signInChangingPassword, startHost, tabPane, toast } from './host';

/**
 * Service-centre binding as an administrator does it (bind, see, change, unbind), the two save rules, and a
 * role without the binding keys: no buttons, and the server refuses the call when it is forced.
 */

const INITIAL_PASSWORD = 'Init_pass2026';
const OPERATOR_PASSWORD = 'Oper_pass2026';
const EAST_USER = { username: 'sc_east', name: '华东调度员' };
const OPERATOR = { username: 'sc_operator', name: '华东运营专员' };
const ADD_PATH = '/serviceCenterManage/null?type=add';

const host = hostForSpecFile(startHost);
let eastUserId: number;

/** The seed has only the administrator: a user to bind in 华东运营部 and one holding the seed role 运营专员. */
async function createUsers(page: Page): Promise<void> {
  const orgs = await apiData(page, 'user.deptList', {});
  const deptId = (name: string) => {
    const found = orgs.find((org) => org.name === name);
    if (!found) throw new Error(`no organisation ${name}`);
    return found.deptId;
  };
  const operatorRole = (await apiData(page, 'user.rolesByDept', { deptId: deptId('华东分公司') })).find((role) => role.roleName === '运营专员');
  if (!operatorRole) throw new Error('the seed role 运营专员 is missing');
  eastUserId = (await apiData(page, 'user.add', { ...EAST_USER, password: INITIAL_PASSWORD, deptId: deptId('华东运营部') })).userId;
  await apiData(page, 'user.add', { ...OPERATOR, password: INITIAL_PASSWORD, deptId: deptId('华东分公司'), roleIdList: [operatorRole.roleId] });
}

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signInAdmin(page, host);
  await createUsers(page);
  await page.close();
});

const listPane = (page: Page) => tabPane(page, Route.serviceCenter);
const bindingRow = (page: Page, account: string) => listPane(page).getByTestId('list-row').filter({ hasText: account });
const toolbar = (page: Page) => listPane(page).getByRole('toolbar', { name: '操作' });
/** The screen's header: its title and its primary action, the add. */
const pageHeader = (page: Page) => listPane(page).getByTestId('page-header');
const centreBox = (scope: Locator, name: string) => scope.getByRole('tree', { name: '业务中心' }).getByRole('checkbox', { name, exact: true });

async function openList(page: Page): Promise<void> {
  await page.getByTestId('top-menu').getByRole('button', { name: '系统管理' }).click();
  await page.getByTestId('side-menu').getByRole('button', { name: '服务中心绑定' }).click();
  await expect(listPane(page).getByRole('table', { name: '服务中心绑定列表' })).toBeVisible();
}

async function openAdd(page: Page): Promise<Locator> {
  await pageHeader(page).getByRole('button', { name: '新增' }).click();
  const assign = tabPane(page, ADD_PATH);
  await expect(assign.getByRole('heading', { name: '绑定业务中心', exact: true })).toBeVisible();
  await expect(assign.getByRole('tree', { name: '业务中心' })).toBeVisible();
  return assign;
}

async function findUnboundUser(assign: Locator, account: string): Promise<void> {
  await assign.getByTestId('user-filter-account').fill(account);
  await assign.getByRole('button', { name: '查询' }).click();
  await expect(assign.getByTestId('list-row')).toHaveCount(1);
  await expect(assign.getByTestId('list-row')).toContainText(account);
}

test('binds business centres to a user, lists, changes and removes the binding', async ({ page }) => {
  await signInAdmin(page, host);
  await openList(page);
  await expect(pageHeader(page).getByRole('button', { name: '新增' })).toBeVisible();
  await expect(toolbar(page).getByRole('button')).toHaveText(['修改', '删除', '刷新']);
  await expect(listPane(page).getByText('暂无用户绑定业务中心')).toBeVisible();

  const assign = await openAdd(page);
  await findUnboundUser(assign, EAST_USER.username);
  await assign.getByRole('checkbox', { name: `选择此行 ${EAST_USER.username}` }).check();
  await centreBox(assign, '上海转运中心').check();
  await centreBox(assign, '杭州转运中心').check();
  await expect(centreBox(assign, '华东分公司')).toBeChecked();
  await expect(assign.getByTestId('chosen-centres')).toHaveText('已选 2 个业务中心');
  await assign.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, 'success', '新增成功')).toBeVisible();

  // Back on the list after the form's delay, which shows the new binding.
  await expect(listPane(page)).toBeVisible();
  await expect(tabPane(page, ADD_PATH)).toHaveCount(0);
  const row = bindingRow(page, EAST_USER.username);
  await expect(row).toContainText(EAST_USER.name);
  await expect(row).toContainText('上海转运中心,杭州转运中心');
  await expect(row).toContainText('系统管理员');
  await expect(row).toContainText('未修改');
  // The running number and the bound centres' ids (spec 001), beside their names.
  const bound = await apiData(page, 'serviceCenter.binding', { userId: eastUserId });
  await expect(listPane(page).getByRole('columnheader')).toContainText(['序号', '账号', '姓名', '业务中心编号', '业务中心']);
  await expect(row.getByRole('cell').nth(1)).toHaveText('1');
  await expect(row.getByRole('cell').nth(4)).toHaveText(bound.deptIds.join(','));

  await listPane(page)
    .getByRole('radio', { name: `选择此行 ${EAST_USER.username}` })
    .check();
  await toolbar(page).getByRole('button', { name: '修改' }).click();
  const update = tabPane(page, `/serviceCenterManage/${eastUserId}?type=update`);
  await expect(update.getByRole('heading', { name: '修改业务中心', exact: true })).toBeVisible();
  await expect(update.getByTestId('list-row')).toContainText(EAST_USER.username);
  await expect(centreBox(update, '上海转运中心')).toBeChecked();
  await expect(centreBox(update, '杭州转运中心')).toBeChecked();
  await expect(centreBox(update, '广州转运中心')).not.toBeChecked();
  // The save button sits below the tree (spec 001), and a search narrows the tree.
  const treeBox = (await update.getByRole('tree', { name: '业务中心' }).boundingBox())!;
  const saveBox = (await update.getByTestId('assign-save').boundingBox())!;
  expect(saveBox.y).toBeGreaterThanOrEqual(treeBox.y + treeBox.height);
  await update.getByTestId('centre-tree-search').fill('广州');
  await expect(centreBox(update, '上海转运中心')).toHaveCount(0);
  await expect(centreBox(update, '华南分公司')).toBeVisible();
  await update.getByTestId('centre-tree-search').fill('');
  await expect(centreBox(update, '上海转运中心')).toBeVisible();
  await centreBox(update, '杭州转运中心').uncheck();
  await centreBox(update, '广州转运中心').check();
  await update.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, 'success', '修改成功')).toBeVisible();

  await expect(listPane(page)).toBeVisible();
  await expect(row).toContainText('上海转运中心,广州转运中心');
  await expect(row).not.toContainText('未修改');

  await listPane(page)
    .getByRole('radio', { name: `选择此行 ${EAST_USER.username}` })
    .check();
  await toolbar(page).getByRole('button', { name: '删除' }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText(`确定要解除“${EAST_USER.username}”的业务中心绑定吗？`);
  await confirm.getByTestId('confirm-dialog-ok').click();
  await expect(toast(page, 'success', '删除成功')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(listPane(page).getByText('暂无用户绑定业务中心')).toBeVisible();
});

test('saving asks for an operating user, then for a business centre', async ({ page }) => {
  await signInAdmin(page, host);
  await openList(page);
  const assign = await openAdd(page);
  await expect(assign.getByTestId('list-row').first()).toBeVisible();
  await assign.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, 'warning', '请选择操作用户')).toBeVisible();

  await findUnboundUser(assign, EAST_USER.username);
  await assign.getByRole('checkbox', { name: `选择此行 ${EAST_USER.username}` }).check();
  await assign.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, 'warning', '请选择业务中心')).toBeVisible();

  // Nothing was bound: the user is still offered, the list still empty. The ticked user is not dropped without asking.
  await assign.getByRole('button', { name: '返回列表' }).click();
  const discard = page.getByTestId('confirm-dialog');
  await expect(discard).toContainText('未保存的修改');
  await discard.getByTestId('confirm-dialog-ok').click();
  await expect(tabPane(page, ADD_PATH)).toHaveCount(0);
  await expect(listPane(page).getByText('暂无用户绑定业务中心')).toBeVisible();
});

test('a role without the binding keys sees no buttons, and the server refuses the call', async ({ page }) => {
  await signInAdmin(page, host);
  const tree = await apiData(page, 'serviceCenter.tree', {});
  const shanghai = tree[0]!.children.flatMap((branch) => branch.children).find((centre) => centre.name === '上海转运中心')!;
  await apiData(page, 'serviceCenter.save', { userIds: String(eastUserId), deptIds: String(shanghai.deptId) });

  // The operator's first sign-in asks for a new password.
  await openConsole(page, host);
  expect(await signInChangingPassword(page, OPERATOR.username, INITIAL_PASSWORD, OPERATOR_PASSWORD)).toBe(true);
  const identity = page.getByTestId('identity-dialog');
  await expect(page.getByTestId('home-shell').or(identity)).toBeVisible();
  if (await identity.isVisible()) await enterIdentity(page);

  // The seed role holds the page half-checked (none of its buttons): no action is offered.
  await openList(page);
  await expect(toolbar(page)).toBeAttached();
  // Only the refresh button, which needs no key.
  await expect(toolbar(page).getByRole('button')).toHaveText(['刷新']);
  await expect(pageHeader(page).getByRole('button', { name: '新增' })).toHaveCount(0);

  for (const forced of [
    await apiCall(page, 'serviceCenter.delete', { userIds: String(eastUserId) }),
    await apiCall(page, 'serviceCenter.update', { userIds: [eastUserId], deptIds: String(shanghai.deptId) }),
    await apiCall(page, 'serviceCenter.save', { userIds: String(eastUserId), deptIds: String(shanghai.deptId) }),
  ]) {
    expect(forced).toMatchObject({ ok: false, code: ResponseCode.Forbidden });
  }

  // The binding is as the administrator left it.
  await signInAdmin(page, host);
  const still = await apiData(page, 'serviceCenter.list', {});
  expect(still.records.map((record) => [record.account, record.deptNames])).toEqual([[EAST_USER.username, '上海转运中心']]);
});
