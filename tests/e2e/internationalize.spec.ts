import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { Route } from '../../src/shared/routes';
import { hostForSpecFile, signInAdmin, startHost, tabPane, toast } from './host';

/**
 * Multilingual text as an administrator keeps it: add a text in the dialog and find it in the list, meet
 * the refusals (no Chinese name, a Chinese text another has), rename a menu in English and see the
 * navigation follow at once, export every text to a file and import a translated copy after its dry-run
 * report, delete after a question that names the text. The tests build on each other, in order.
 */
test.describe.configure({ mode: 'serial' });

/** The browser host's downloads folder, where exports land. */
let downloads = '';
const host = hostForSpecFile(() => {
  downloads = mkdtempSync(path.join(os.tmpdir(), 'i18n-e2e-downloads-'));
  return startHost({ CONSOLE_DOWNLOADS_DIR: downloads });
});
test.afterAll(() => rmSync(downloads, { recursive: true, force: true }));

const listPane = (page: Page) => tabPane(page, Route.internationalize);
const dialog = (page: Page) => page.getByTestId('i18n-dialog');
const row = (page: Page, chinese: string) =>
  listPane(page)
    .getByTestId('list-row')
    .filter({ has: page.getByRole('cell', { name: chinese, exact: true }) });

async function openList(page: Page, group = '系统管理', screen = '多语言管理'): Promise<void> {
  await page.getByTestId('top-menu').getByRole('button', { name: group }).click();
  await page.getByTestId('side-menu').getByRole('button', { name: screen, exact: true }).click();
  await expect(listPane(page).getByTestId('list-row').first()).toBeVisible();
}

async function search(page: Page, chinese: string): Promise<void> {
  await listPane(page).getByTestId('filter-chinese').fill(chinese);
  await listPane(page).getByTestId('filter-search').click();
}

async function switchLanguage(page: Page, locale: string): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-language').click();
  await page.getByTestId(`language-${locale}`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', locale.replace('_', '-'));
}

test('adds a text in the dialog, refuses one without a Chinese name or with a taken one, and lists it', async ({ page }) => {
  await signInAdmin(page, host);
  await openList(page);
  // Paged without a page-size selector.
  await expect(listPane(page).getByTestId('pager')).toBeVisible();
  await expect(listPane(page).getByTestId('page-size')).toHaveCount(0);

  await listPane(page).getByTestId('i18n-add').click();
  await dialog(page).getByTestId('i18n-dialog-save').click();
  await expect(dialog(page)).toContainText('请填写中文名称');
  await dialog(page).getByTestId('field-chinese').fill('运单查询');
  await dialog(page).getByTestId('field-english').fill('Waybill search');
  await dialog(page).getByTestId('field-german').fill('Frachtbriefsuche');
  await dialog(page).getByTestId('i18n-dialog-save').click();
  await expect(toast(page, 'success', '新增成功')).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);

  await search(page, '运单');
  await expect(row(page, '运单查询')).toContainText('Waybill search');
  await expect(row(page, '运单查询')).toContainText('Frachtbriefsuche');
  await expect(row(page, '运单查询')).toContainText('可用');
  await expect(row(page, '运单查询')).toContainText('系统管理员');

  await listPane(page).getByTestId('i18n-add').click();
  await dialog(page).getByTestId('field-chinese').fill('运单查询');
  await dialog(page).getByTestId('i18n-dialog-save').click();
  // The Chinese text taken is said under the 中文 field, not as a banner.
  await expect(
    dialog(page)
      .locator('.fui-Field')
      .filter({ has: page.getByTestId('field-chinese') }),
  ).toContainText('“运单查询”已有多语言文本');
  await expect(dialog(page).getByTestId('i18n-dialog-refusal')).toHaveCount(0);
  await dialog(page).getByTestId('i18n-dialog-cancel').click();
  await expect(dialog(page)).toHaveCount(0);
});

test('a menu renamed in English shows in the English navigation at once, and stays Chinese in Chinese', async ({ page }) => {
  await signInAdmin(page, host);
  await switchLanguage(page, 'en_US');
  await openList(page, 'System', 'Multilingual text');
  await expect(page.getByTestId('side-menu').getByRole('button', { name: 'Dictionaries', exact: true })).toBeVisible();

  await search(page, '字典管理');
  await row(page, '字典管理').getByTestId('i18n-row-edit').click();
  await expect(dialog(page).getByTestId('field-english')).toHaveValue('Dictionaries');
  await dialog(page).getByTestId('field-english').fill('Code lists');
  await dialog(page).getByTestId('i18n-dialog-save').click();
  await expect(toast(page, 'success', 'Updated')).toBeVisible();
  await expect(row(page, '字典管理')).toContainText('Code lists');
  await expect(page.getByTestId('side-menu').getByRole('button', { name: 'Code lists', exact: true })).toBeVisible();

  await switchLanguage(page, 'zh_CN');
  await page.getByTestId('top-menu').getByRole('button', { name: '系统管理' }).click();
  await expect(page.getByTestId('side-menu').getByRole('button', { name: '字典管理', exact: true })).toBeVisible();
});

test('exports every text to an .xlsx file and imports a translated copy after its dry-run report', async ({ page }) => {
  await signInAdmin(page, host);
  await openList(page);
  await listPane(page).getByTestId('i18n-export').click();
  await expect(toast(page, 'success', '已导出到')).toBeVisible();
  const exported = readdirSync(downloads).find((name) => name.startsWith('i18n'));
  expect(exported).toBe('i18n.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(path.join(downloads, exported!)) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['中文', '英文', '德文', '韩文', '日文', '状态']);
  const chinese: string[] = [];
  sheet.eachRow((sheetRow) => chinese.push(String(sheetRow.getCell(1).value)));
  expect(chinese).toContain('运单查询');
  expect(chinese).toContain('字典管理');

  // The translator's copy: one text translated further, one new, one row without its Chinese text.
  sheet.eachRow((sheetRow) => {
    if (sheetRow.getCell(1).value === '运单查询') sheetRow.getCell(4).value = '운송장 조회';
  });
  sheet.addRow(['运单打印', 'Print waybills', 'Frachtbriefe drucken', '', '', 1]);
  sheet.addRow(['', 'Orphan', '', '', '', 1]);
  const translated = path.join(downloads, 'translated.xlsx');
  writeFileSync(translated, Buffer.from(await workbook.xlsx.writeBuffer()));

  await listPane(page).getByTestId('i18n-import').click();
  const importDialog = page.getByTestId('i18n-import-dialog');
  await importDialog.getByTestId('i18n-import-file').setInputFiles(translated);
  await expect(importDialog.getByTestId('i18n-import-summary')).toContainText('新增 1 条，修改 1 条');
  await expect(importDialog.getByTestId('i18n-import-summary')).toContainText('拒绝 1 条');
  const rows = importDialog.getByTestId('i18n-import-row');
  await expect(rows.filter({ hasText: '运单查询' })).toContainText('韩文: ∅ → 운송장 조회');
  await expect(rows.filter({ hasText: '运单打印' })).toContainText('新增');
  await expect(rows.filter({ hasText: '中文: 请填写中文名称' })).toHaveCount(1);
  // Nothing is written before the import is applied.
  await expect(row(page, '运单打印')).toHaveCount(0);

  await importDialog.getByTestId('i18n-import-apply').click();
  await expect(toast(page, 'success', '已导入：新增 1 条，修改 1 条')).toBeVisible();
  await expect(importDialog).toHaveCount(0);
  await search(page, '运单');
  await expect(row(page, '运单打印')).toContainText('Print waybills');
});

test('deletes a text after a question that names it, and not when cancelled', async ({ page }) => {
  await signInAdmin(page, host);
  await openList(page);
  await search(page, '运单打印');
  await row(page, '运单打印').getByTestId('i18n-row-delete').click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText('确定要删除“运单打印”及其全部翻译吗？');
  await confirm.getByRole('button', { name: '取消' }).click();
  await expect(row(page, '运单打印')).toBeVisible();

  await row(page, '运单打印').getByTestId('i18n-row-delete').click();
  await confirm.getByRole('button', { name: '删除' }).click();
  await expect(toast(page, 'success', '删除成功')).toBeVisible();
  await expect(row(page, '运单打印')).toHaveCount(0);
});
