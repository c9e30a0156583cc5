import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ResponseCode } from '../../src/shared/codes';
import { DICTIONARY_SHEET } from '../../src/areas/dictionary/contract';
import { Route } from '../../src/shared/routes';
import { apiCall, apiData, enterIdentity, hostForSpecFile, openAt, openConsole, signInAdmin, signInChangingPassword, startHost, tabPane, toast } from './host';

/**
 * Dictionaries as an administrator keeps them: add a dictionary and an item under it with names in several
 * languages, find it by a name in another language, edit it, meet the refusals (a code taken, an entry
 * marked not updatable, a save over someone else's change), export to a file and import a changed copy
 * after its preview, delete after confirmation; and a role without the dictionary keys: no actions, and
 * the server refuses the calls when forced. The tests build on each other, in order.
 */
test.describe.configure({ mode: 'serial' });

/** The browser host's downloads folder, where exports land. */
let downloads = '';
const host = hostForSpecFile(() => {
  downloads = mkdtempSync(path.join(os.tmpdir(), 'dict-e2e-downloads-'));
  return startHost({ CONSOLE_DOWNLOADS_DIR: downloads });
});
test.afterAll(() => rmSync(downloads, { recursive: true, force: true }));

const OPERATOR = { username: 'dict_operator', name: '字典测试运营' };
const INITIAL_PASSWORD = 'Init_pass2026';
const OPERATOR_PASSWORD = 'Oper_pass2026';

const listPane = (page: Page) => tabPane(page, Route.dictionary);
const formPane = (page: Page) => page.getByTestId('dictionary-form');
const toolbar = (page: Page) => listPane(page).getByRole('toolbar', { name: '字典操作' });
/** The screen's header: its title and its primary action, the add. */
const pageHeader = (page: Page) => listPane(page).getByTestId('page-header');
const tree = (page: Page) => listPane(page).getByTestId('dictionary-tree');
const row = (page: Page, dictNo: string) =>
  tree(page)
    .getByTestId('tree-row')
    .filter({ has: page.getByText(dictNo, { exact: true }) });
const rowBox = (page: Page, dictNo: string) => listPane(page).getByRole('checkbox', { name: `选择此行 ${dictNo}`, exact: true });

/** Chooses exactly one row: a list keeps its choice while a form is open. */
async function chooseOnly(page: Page, dictNo: string): Promise<void> {
  await expect(formPane(page)).toHaveCount(0);
  await expect(rowBox(page, dictNo)).toBeVisible();
  const checked = tree(page).getByRole('checkbox', { checked: true });
  while ((await checked.count()) > 0) await checked.first().uncheck();
  await rowBox(page, dictNo).check();
}

async function openList(page: Page): Promise<void> {
  await page.getByTestId('top-menu').getByRole('button', { name: '系统管理' }).click();
  await page.getByTestId('side-menu').getByRole('button', { name: '字典管理' }).click();
  await expect(row(page, 'WAYBILL_STATUS')).toBeVisible();
}

async function saveAndReturn(page: Page, form: Locator, toastText: string): Promise<void> {
  await expect(page.getByTestId('toast-success')).toHaveCount(0);
  await form.getByTestId('dictionary-save').click();
  await expect(toast(page, 'success', toastText)).toBeVisible();
  await expect(formPane(page)).toHaveCount(0);
  await expect(listPane(page)).toBeVisible();
}

async function addName(form: Locator, page: Page, language: string, name: string): Promise<void> {
  await form.getByTestId('name-add').click();
  const last = form.getByTestId('dictionary-name-row').last();
  await last.getByTestId('name-langId').click();
  await page.getByRole('option', { name: language, exact: true }).click();
  await last.getByTestId('name-langName').fill(name);
}

test('adds a dictionary with its names and an item under it; the list shows them nested', async ({ page }) => {
  await signInAdmin(page, host);
  await openList(page);
  await expect(pageHeader(page).getByRole('button', { name: '新增', exact: true })).toBeVisible();
  for (const action of ['修改', '删除', '导出', '导入']) await expect(toolbar(page).getByRole('button', { name: action, exact: true })).toBeVisible();
  // The seeded logistics dictionaries, named in the interface language.
  await expect(row(page, 'VEHICLE_TYPE')).toContainText('车辆类型');

  await pageHeader(page).getByRole('button', { name: '新增' }).click();
  const form = formPane(page);
  await expect(form.getByRole('heading', { name: '新增字典', exact: true })).toBeVisible();
  await form.getByTestId('field-dictOrder').fill('');
  await form.getByTestId('dictionary-save').click();
  await expect(form.getByText('请输入编码')).toBeVisible();
  await expect(form.getByText('请输入名称')).toBeVisible();
  await expect(form.getByText('请输入排序')).toBeVisible();
  await form.getByTestId('field-dictNo').fill('customer level');
  await expect(form.getByText('只能包含字母、数字、下划线、连字符和点')).toBeVisible();

  await form.getByTestId('field-dictNo').fill('CUSTOMER_LEVEL');
  await form.getByTestId('field-dictName').fill('客户等级');
  await form.getByTestId('field-dictOrder').fill('70');
  await addName(form, page, '简体中文', '客户等级');
  await addName(form, page, 'English', 'Customer level');
  await saveAndReturn(page, form, '新增成功');
  await expect(row(page, 'CUSTOMER_LEVEL')).toContainText('客户等级');

  await chooseOnly(page, 'CUSTOMER_LEVEL');
  await pageHeader(page).getByRole('button', { name: '新增' }).click();
  await expect(form.getByRole('heading', { name: '新增字典项：客户等级', exact: true })).toBeVisible();
  await expect(form.getByTestId('field-parent')).toHaveValue('客户等级');
  await form.getByTestId('field-dictNo').fill('GOLD');
  await form.getByTestId('field-dictName').fill('金卡');
  await form.getByTestId('field-dictOrder').fill('10');
  await saveAndReturn(page, form, '新增成功');
  await expect(row(page, 'CUSTOMER_LEVEL')).toContainText('1 项');
  await expect(row(page, 'GOLD')).toHaveAttribute('aria-level', '2');
});

test('finds a dictionary by a name in another language', async ({ page }) => {
  await signInAdmin(page, host);
  await openList(page);
  await listPane(page).getByTestId('filter-name').fill('customer');
  await listPane(page).getByTestId('filter-search').click();
  await expect(row(page, 'CUSTOMER_LEVEL')).toBeVisible();
  await expect(row(page, 'WAYBILL_STATUS')).toHaveCount(0);
  await listPane(page).getByTestId('filter-reset').click();
  await expect(row(page, 'WAYBILL_STATUS')).toBeVisible();
});

test('edits an item, asks before dropping a filled name, and refuses a code taken and a stale save', async ({ page }) => {
  await signInAdmin(page, host);
  await openList(page);
  await chooseOnly(page, 'GOLD');
  await toolbar(page).getByRole('button', { name: '修改' }).click();
  const form = formPane(page);
  await expect(form.getByRole('heading', { name: '修改：金卡' })).toBeVisible();
  await addName(form, page, 'English', 'Gold');
  await form.getByTestId('name-remove').last().click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText('删除English名称“Gold”？');
  await confirm.getByRole('button', { name: '取消' }).click();
  await expect(form.getByTestId('dictionary-name-row')).toHaveCount(1);
  await form.getByTestId('field-dictName').fill('金卡会员');
  await saveAndReturn(page, form, '修改成功');
  await expect(row(page, 'GOLD')).toContainText('金卡会员');

  // A second item may not take the code of its sibling.
  await chooseOnly(page, 'CUSTOMER_LEVEL');
  await pageHeader(page).getByRole('button', { name: '新增' }).click();
  await form.getByTestId('field-dictNo').fill('GOLD');
  await form.getByTestId('field-dictName').fill('重复');
  await form.getByTestId('dictionary-save').click();
  await expect(form.getByText('同一上级下已有该编码')).toBeVisible();
  await form.getByTestId('dictionary-back').click();
  await page.getByTestId('confirm-dialog').getByTestId('confirm-dialog-ok').click();

  // Someone else saves the item while the form is open: this save is refused, nothing is overwritten.
  await chooseOnly(page, 'GOLD');
  await toolbar(page).getByRole('button', { name: '修改' }).click();
  await expect(form.getByTestId('field-dictName')).toHaveValue('金卡会员');
  const gold = (await apiData(page, 'dictionary.list', { pageNum: 1, pageSize: 10, name: '客户等级' })).records[0]!.children[0]!;
  await apiData(page, 'dictionary.update', { id: gold.id, version: gold.version, dictNo: 'GOLD', dictName: '金卡（他人）', dictOrder: 10, names: [{ langId: 'en_US', langName: 'Gold' }] });
  await form.getByTestId('field-dictName').fill('金卡（我）');
  await form.getByTestId('dictionary-save').click();
  await expect(form.getByTestId('dictionary-form-error')).toContainText('未保存：在您打开此记录后，其他人修改了它');
  await form.getByRole('button', { name: '重新加载' }).click();
  await expect(form.getByTestId('field-dictName')).toHaveValue('金卡（他人）');
  await form.getByTestId('dictionary-back').click();
});

test('refuses to change or delete a dictionary marked not updatable', async ({ page }) => {
  await signInAdmin(page, host);
  await openList(page);
  await chooseOnly(page, 'WAYBILL_STATUS');
  await toolbar(page).getByRole('button', { name: '修改' }).click();
  const form = formPane(page);
  await expect(form.getByTestId('dictionary-form-locked')).toBeVisible();
  await form.getByTestId('field-dictOrder').fill('11');
  await form.getByTestId('dictionary-save').click();
  await expect(form.getByTestId('dictionary-form-error')).toContainText('运单状态 (WAYBILL_STATUS)已设为不可修改，不能更改');
  await form.getByTestId('dictionary-back').click();
  await page.getByTestId('confirm-dialog').getByTestId('confirm-dialog-ok').click();

  await chooseOnly(page, 'WAYBILL_STATUS');
  await toolbar(page).getByRole('button', { name: '删除' }).click();
  await page.getByTestId('confirm-dialog').getByTestId('confirm-dialog-ok').click();
  await expect(toast(page, 'error', '运单状态 (WAYBILL_STATUS)已设为不可修改，不能删除')).toBeVisible();
  await expect(row(page, 'WAYBILL_STATUS')).toBeVisible();
});

test('exports the dictionaries to an .xlsx file and imports a changed copy after its preview', async ({ page }) => {
  await signInAdmin(page, host);
  await openList(page);
  await toolbar(page).getByRole('button', { name: '导出' }).click();
  await expect(toast(page, 'success', '已导出到')).toBeVisible();
  const [exported] = readdirSync(downloads);
  expect(exported).toBe('dictionaries.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(path.join(downloads, exported!)) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...DICTIONARY_SHEET.columns]);
  const codes: string[] = [];
  sheet.eachRow((sheetRow) => codes.push(`${String(sheetRow.getCell(1).value ?? '')}/${String(sheetRow.getCell(2).value)}`));
  expect(codes).toContain('CUSTOMER_LEVEL/GOLD');
  expect(codes).toContain('PACKAGE_TYPE/PALLET/EURO');

  // The copy renames the item, adds one, and holds a row the server will refuse.
  sheet.eachRow((sheetRow) => {
    if (sheetRow.getCell(2).value === 'GOLD') sheetRow.getCell(3).value = '黄金会员';
  });
  sheet.addRow(['CUSTOMER_LEVEL', 'SILVER', '银卡', 20, '1', '1', '银卡', 'Silver', '', '', '', '']);
  sheet.addRow(['NO_SUCH', 'X', '无', 1, '1', '1', '', '', '', '', '', '']);
  const changed = path.join(downloads, 'changed.xlsx');
  writeFileSync(changed, Buffer.from(await workbook.xlsx.writeBuffer()));

  await toolbar(page).getByRole('button', { name: '导入' }).click();
  const dialog = page.getByTestId('dictionary-import-dialog');
  await dialog.getByTestId('dictionary-import-file').setInputFiles(changed);
  await expect(dialog.getByTestId('dictionary-import-summary')).toContainText('新增 1 项，修改 1 项');
  await expect(dialog.getByTestId('dictionary-import-summary')).toContainText('拒绝 1 项');
  const rows = dialog.getByTestId('dictionary-import-row');
  await expect(rows.filter({ hasText: 'CUSTOMER_LEVEL/GOLD' })).toContainText('dictName: 金卡（他人） → 黄金会员');
  await expect(rows.filter({ hasText: 'NO_SUCH/X' })).toContainText('上级 NO_SUCH 既不在字典中，也不在文件中');
  await dialog.getByTestId('dictionary-import-apply').click();
  await expect(toast(page, 'success', '已导入：新增 1 项，修改 1 项')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row(page, 'SILVER')).toBeVisible();
  await expect(row(page, 'GOLD')).toContainText('黄金会员');
});

test('deletes a dictionary with its items after confirmation, and not when cancelled', async ({ page }) => {
  await signInAdmin(page, host);
  await openList(page);
  await chooseOnly(page, 'CUSTOMER_LEVEL');
  await toolbar(page).getByRole('button', { name: '删除' }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText('删除“客户等级 (CUSTOMER_LEVEL)”及其下的所有字典项？');
  await confirm.getByRole('button', { name: '取消' }).click();
  await expect(row(page, 'CUSTOMER_LEVEL')).toBeVisible();
  await toolbar(page).getByRole('button', { name: '删除' }).click();
  await confirm.getByTestId('confirm-dialog-ok').click();
  await expect(toast(page, 'success', '删除成功')).toBeVisible();
  await expect(row(page, 'CUSTOMER_LEVEL')).toHaveCount(0);
  await expect(row(page, 'SILVER')).toHaveCount(0);
});

test('a role without the dictionary keys sees no actions, and the server refuses the calls', async ({ page }) => {
  await signInAdmin(page, host);
  const orgs = await apiData(page, 'user.deptList', {});
  const east = orgs.find((org) => org.name === '华东分公司')!;
  const operatorRole = (await apiData(page, 'user.rolesByDept', { deptId: east.deptId })).find((role) => role.roleName === '运营专员')!;
  await apiData(page, 'user.add', { ...OPERATOR, password: INITIAL_PASSWORD, deptId: east.deptId, roleIdList: [operatorRole.roleId] });
  const vehicles = (await apiData(page, 'dictionary.list', { pageNum: 1, pageSize: 10, name: '车辆类型' })).records[0]!;

  await openConsole(page, host);
  expect(await signInChangingPassword(page, OPERATOR.username, INITIAL_PASSWORD, OPERATOR_PASSWORD)).toBe(true);
  await enterIdentity(page);
  await expect(page.getByTestId('side-menu').getByRole('button', { name: '字典管理' })).toHaveCount(0);

  // Typed addresses of the list and of its form show the no-access page, not the screen.
  await openAt(page, host, Route.dictionary);
  await expect(listPane(page).getByTestId('no-access')).toContainText('无权访问');
  for (const action of ['新增', '修改', '删除', '导入']) await expect(listPane(page).getByRole('button', { name: action, exact: true })).toHaveCount(0);
  await openAt(page, host, '/dicManage/null');
  await expect(tabPane(page, '/dicManage/null').getByTestId('no-access')).toBeVisible();
  await expect(page.getByTestId('dictionary-save')).toHaveCount(0);

  for (const forced of [
    await apiCall(page, 'dictionary.list', { pageNum: 1, pageSize: 10 }),
    await apiCall(page, 'dictionary.add', { dictNo: 'FORCED', dictName: '越权', dictOrder: 1 }),
    await apiCall(page, 'dictionary.update', { id: vehicles.id, version: vehicles.version, dictNo: vehicles.dictNo, dictName: '越权改名', dictOrder: 1 }),
    await apiCall(page, 'dictionary.delete', { ids: String(vehicles.id) }),
  ]) {
    expect(forced).toMatchObject({ ok: false, code: ResponseCode.Forbidden });
  }

  await signInAdmin(page, host);
  const after = await apiData(page, 'dictionary.info', { id: vehicles.id });
  expect(after).toMatchObject({ dictName: '车辆类型', version: vehicles.version });
});
