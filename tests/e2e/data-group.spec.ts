import { expect, test, type Locator, type Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { Route } from '../../src/shared/routes';
import { dataClassification, user, userDataAuthority } from '../../src/server/db/schema';
import { hostForSpecFile, signInAdmin, startHostWithServer, tabPane, toast } from './host';

/**
 * Data groups, organs and classifications as an administrator keeps them (issue 12): required fields and
 * unique numbers in the dialogs, organs filtered by group, a group with organs and a classification held by
 * a user's data authority refused on delete with where they are used, and a classification added here
 * offered by the user form's data authority. The tests build on each other, in order.
 */
test.describe.configure({ mode: 'serial' });

const host = hostForSpecFile(startHostWithServer);

const rowsWith = (pane: Locator, text: string) => pane.getByTestId('list-row').filter({ hasText: text });

async function openPage(page: Page, name: string, route: string): Promise<Locator> {
  await page.getByTestId('top-menu').getByRole('button', { name: '数据分组' }).click();
  await page.getByTestId('side-menu').getByRole('button', { name }).click();
  const pane = tabPane(page, route);
  await expect(pane.getByRole('table')).toHaveAttribute('aria-busy', 'false');
  return pane;
}

async function fillBasics(dialog: Locator, name: string, number: string): Promise<void> {
  await dialog.getByTestId('field-name').fill(name);
  await dialog.getByTestId('field-number').fill(number);
}

async function pickOrg(page: Page, cascader: Locator, name: string): Promise<void> {
  await expect(cascader).toBeEnabled();
  await cascader.click();
  await page.getByRole('option', { name, exact: true }).click();
  await expect(cascader).toHaveValue(name);
}

async function deleteRow(page: Page, pane: Locator, prefix: string, text: string): Promise<void> {
  await rowsWith(pane, text).getByRole('checkbox').check();
  await pane.getByTestId(`${prefix}-delete`).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText(text);
  await confirm.getByTestId('confirm-dialog-ok').click();
}

test('adds and edits data groups; a number is required, well-formed and unique', async ({ page }) => {
  await signInAdmin(page, host);
  const pane = await openPage(page, '分组管理', Route.groupManage);
  await pane.getByTestId('group-add').click();
  const dialog = page.getByTestId('group-dialog');
  await dialog.getByTestId('group-dialog-save').click();
  await expect(dialog).toContainText('请输入名称');
  await expect(dialog).toContainText('请输入编号');
  await fillBasics(dialog, '华东分组', 'east group');
  await dialog.getByTestId('group-dialog-save').click();
  await expect(dialog).toContainText('编号只能包含字母、数字、连字符和下划线');
  await dialog.getByTestId('field-number').fill('E2E-EAST');
  await dialog.getByTestId('group-dialog-save').click();
  await expect(toast(page, 'success', '新增成功')).toBeVisible();
  await expect(rowsWith(pane, 'E2E-EAST')).toContainText('华东分组');

  await pane.getByTestId('group-add').click();
  await fillBasics(dialog, '重复分组', 'e2e-east');
  await dialog.getByTestId('group-dialog-save').click();
  // The number taken is said under the number field, not above the dialog's buttons.
  await expect(dialog.locator('.fui-Field').filter({ has: page.getByTestId('field-number') })).toContainText('编号“E2E-EAST”已被“华东分组”使用');
  await expect(dialog.getByTestId('group-dialog-failure')).toHaveCount(0);
  await dialog.getByTestId('group-dialog-cancel').click();

  await rowsWith(pane, 'E2E-EAST').dblclick();
  await dialog.getByTestId('field-remark').fill('江浙沪');
  await dialog.getByTestId('group-dialog-save').click();
  await expect(toast(page, 'success', '修改成功')).toBeVisible();
  await expect(rowsWith(pane, 'E2E-EAST')).toContainText('江浙沪');
});

test('adds an organ to the group, filters organs by group, and refuses to delete the group it belongs to', async ({ page }) => {
  await signInAdmin(page, host);
  const organs = await openPage(page, '机构管理', Route.organManage);
  await organs.getByTestId('organ-add').click();
  const dialog = page.getByTestId('organ-dialog');
  await fillBasics(dialog, '上海机构', 'E2E-SH');
  await dialog.getByTestId('organ-dialog-save').click();
  await expect(dialog).toContainText('请选择所属分组');
  await dialog.getByTestId('field-groupId').click();
  await page.getByRole('option', { name: '华东分组 (E2E-EAST)' }).click();
  await dialog.getByTestId('organ-dialog-save').click();
  await expect(toast(page, 'success', '新增成功')).toBeVisible();
  await expect(rowsWith(organs, 'E2E-SH')).toContainText('华东分组');

  await organs.getByTestId('filter-group').click();
  await page.getByRole('option', { name: '华东分组 (E2E-EAST)' }).click();
  await organs.getByTestId('filter-search').click();
  await expect(organs.getByTestId('list-row')).toHaveCount(1);

  const groups = await openPage(page, '分组管理', Route.groupManage);
  await groups.getByTestId('group-refresh').click();
  await expect(rowsWith(groups, 'E2E-EAST')).toBeVisible();
  await deleteRow(page, groups, 'group', 'E2E-EAST');
  await expect(toast(page, 'error', '分组“华东分组 (E2E-EAST)”不能删除：仍有1个机构属于该分组：“上海机构 (E2E-SH)”')).toBeVisible();
  await expect(rowsWith(groups, 'E2E-EAST')).toHaveCount(1);
});

test('a classification added here is offered by the user form, and is not deleted while a user holds it', async ({ page }) => {
  await signInAdmin(page, host);
  const pane = await openPage(page, '分类管理', Route.classifyManage);
  await pane.getByTestId('classification-add').click();
  const dialog = page.getByTestId('classification-dialog');
  await fillBasics(dialog, '华东仓储', 'E2E-STORE');
  await dialog.getByTestId('classification-dialog-save').click();
  await expect(dialog).toContainText('请选择类型');
  await dialog.getByTestId('field-type').fill('warehouse');
  await pickOrg(page, dialog.getByTestId('field-deptId'), '华东分公司');
  await dialog.getByTestId('classification-dialog-save').click();
  await expect(toast(page, 'success', '新增成功')).toBeVisible();
  await expect(rowsWith(pane, 'E2E-STORE')).toContainText('华东分公司');

  // The user form's data authority offers it to a user of 华东分公司, not to one of 华南分公司.
  await page.getByTestId('top-menu').getByRole('button', { name: '系统管理' }).click();
  await page.getByTestId('side-menu').getByRole('button', { name: '用户管理' }).click();
  const users = page.getByTestId('user-list');
  await users.getByTestId('user-add').click();
  const form = page.getByTestId('user-form');
  await pickOrg(page, form.getByTestId('field-deptId'), '华东分公司');
  await expect(form.getByTestId('authority-E2E-STORE')).toBeVisible();
  await expect(form.getByTestId('authority-E2E-STORE')).toContainText('华东仓储');
  await pickOrg(page, form.getByTestId('field-deptId'), '华南分公司');
  await expect(form.getByTestId('authority-WAYBILL')).toBeVisible();
  await expect(form.getByTestId('authority-E2E-STORE')).toHaveCount(0);

  // A user holding it keeps it from being deleted; the refusal names the user.
  const stored = (await host.server.services.db.select().from(dataClassification).where(eq(dataClassification.number, 'E2E-STORE')))[0]!;
  const admin = (await host.server.services.db.select().from(user).where(eq(user.username, 'admin')))[0]!;
  await host.server.services.db.insert(userDataAuthority).values({ userId: admin.userId, classificationId: stored.id, dataCode: 'WH01', dataName: '上海仓' });
  const classifications = await openPage(page, '分类管理', Route.classifyManage);
  await deleteRow(page, classifications, 'classification', 'E2E-STORE');
  await expect(toast(page, 'error', `仍被1个用户的数据权限使用，其中有：“${admin.name} (admin)”`)).toBeVisible();
  await expect(rowsWith(classifications, 'E2E-STORE')).toHaveCount(1);
});
