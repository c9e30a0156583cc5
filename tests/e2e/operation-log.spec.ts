import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { desc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { Route } from '../../src/shared/routes';
import { appendChained, chainKeyOf } from '../../src/server/audit/chain';
import { dept, operationLog } from '../../src/server/db/schema';
import { hostForSpecFile, signInAdmin, startHostWithServer, tabPane, toast } from './host';

/**
 * The operation log as an administrator reads it: chained fixture entries found by the filters, paged, one
 * entry's before and after opened as a field-by-field difference; the filtered entries exported to a file
 * read back with exceljs; the chain's status, intact and then broken by an edit made straight in the
 * database; a long export cancelled, leaving no file. In order.
 */
test.describe.configure({ mode: 'serial' });

let downloads = '';
let openerDir = '';
const host = hostForSpecFile(() => {
  downloads = mkdtempSync(path.join(os.tmpdir(), 'oplog-e2e-downloads-'));
  // The browser host inherits the environment: its exports land in this folder.
  process.env.CONSOLE_DOWNLOADS_DIR = downloads;
  // "Show in folder" starts the system's file manager (xdg-open on Linux): a stand-in first on the PATH records
  // the command's arguments instead of opening anything.
  openerDir = mkdtempSync(path.join(os.tmpdir(), 'oplog-e2e-opener-'));
  writeFileSync(path.join(openerDir, 'xdg-open'), `#!/bin/sh\nprintf '%s\\n' "$@" >> '${path.join(openerDir, 'opened.txt')}'\n`, { mode: 0o755 });
  process.env.PATH = `${openerDir}${path.delimiter}${process.env.PATH ?? ''}`;
  return startHostWithServer();
});
test.afterAll(() => {
  rmSync(downloads, { recursive: true, force: true });
  rmSync(openerDir, { recursive: true, force: true });
});

const LOGIN = 'e2e-operator';
const BASE_TIME = Date.parse('2026-03-01T08:00:00.000Z');

const pane = (page: Page) => tabPane(page, Route.behaviorDiary);
const rows = (page: Page) => pane(page).getByTestId('list-row');

function fixture(n: number, login = LOGIN) {
  return {
    entryType: 'update',
    operUserId: null,
    operUserName: `审计测试${String(n).padStart(2, '0')}`,
    operLoginName: login,
    operLocation: '广东省 深圳市',
    operIp: '113.108.81.189',
    operDeptId: null,
    operationContent: `Update waybill ${String(n).padStart(2, '0')}`,
    beforeOperation: { status: 'open', pieces: n, address: { city: 'Shanghai' }, note: 'fragile' },
    afterOperation: { status: 'closed', pieces: n, address: { city: 'Hangzhou' }, signedBy: 'Li' },
    operationTime: new Date(BASE_TIME + n * 60_000),
  };
}

async function openScreen(page: Page): Promise<void> {
  await page.getByTestId('top-menu').getByRole('button', { name: '日志统计' }).click();
  await page.getByTestId('side-menu').getByRole('button', { name: '操作日志' }).click();
  await expect(pane(page).getByTestId('operation-table')).toBeVisible();
}

async function filterByLogin(page: Page, login: string): Promise<void> {
  await pane(page).getByTestId('filter-operLoginName').fill(login);
  await pane(page).getByTestId('filter-search').click();
}

test('filters, pages, opens an entry’s changes field by field, and shows the chain intact', async ({ page }) => {
  await appendChained(
    host.server.services.db,
    Array.from({ length: 25 }, (_, n) => fixture(n)),
    chainKeyOf(host.server.services.secrets),
  );
  await signInAdmin(page, host);
  await openScreen(page);
  await expect(pane(page).getByTestId('operation-chain')).toHaveAttribute('data-state', 'intact');
  await expect(pane(page).getByTestId('operation-chain')).toContainText('防篡改链完整');

  await filterByLogin(page, LOGIN);
  await expect(pane(page).getByTestId('pager-total')).toHaveText('共 25 条');
  await expect(rows(page)).toHaveCount(10);
  await expect(rows(page).first()).toContainText('Update waybill 24');
  await expect(rows(page).first()).toContainText('广东省 深圳市');
  await pane(page).getByRole('button', { name: '下一页' }).click();
  await expect(rows(page).first()).toContainText('Update waybill 14');
  await pane(page).getByRole('button', { name: '下一页' }).click();
  await expect(rows(page)).toHaveCount(5);

  await pane(page).getByTestId('filter-operUserName').fill('审计测试03');
  await pane(page).getByTestId('filter-search').click();
  await expect(rows(page)).toHaveCount(1);
  await rows(page).first().getByTestId('operation-show-changes').click();
  const dialog = page.getByTestId('operation-changes');
  const change = (field: string) => dialog.locator(`[data-testid="operation-change"][data-path="${field}"]`);
  await expect(change('address.city')).toHaveAttribute('data-kind', 'changed');
  await expect(change('address.city')).toContainText('Shanghai');
  await expect(change('address.city')).toContainText('Hangzhou');
  await expect(change('status')).toHaveAttribute('data-kind', 'changed');
  await expect(change('signedBy')).toHaveAttribute('data-kind', 'added');
  await expect(change('note')).toHaveAttribute('data-kind', 'removed');
  await expect(change('pieces')).toHaveCount(0);
  await dialog.getByTestId('operation-show-unchanged').click();
  await expect(change('pieces')).toHaveAttribute('data-kind', 'unchanged');
  await dialog.getByTestId('operation-changes-close').click();

  // The day picker takes a typed later day as today (spec: no future dates) and shows the spec's digits.
  await pane(page).getByTestId('filter-operationTimeEnd').fill('2999-01-01');
  await pane(page).getByTestId('filter-operationTimeEnd').blur();
  await expect(pane(page).getByTestId('filter-operationTimeEnd')).toHaveValue(/^20\d{2}-\d{2}-\d{2}$/);
  await expect(pane(page).getByTestId('filter-operationTimeEnd')).not.toHaveValue('2999-01-01');
  await pane(page).getByTestId('filter-operUserName').fill('');
  await pane(page).getByTestId('filter-operationTimeStart').fill('2026-03-02');
  await pane(page).getByTestId('filter-operationTimeEnd').fill('2026-03-01');
  await pane(page).getByTestId('filter-search').click();
  await expect(toast(page, 'warning', '结束日期不能早于开始日期')).toBeVisible();
});

test('shows a change’s fields by their labels and the organisations it names by their names, a deleted one marked', async ({ page }) => {
  const branch = (await host.server.services.db.select({ deptId: dept.deptId }).from(dept).where(eq(dept.name, '华东分公司')))[0]!.deptId;
  const gone = 987_654;
  await appendChained(
    host.server.services.db,
    [{ ...fixture(90, 'e2e-binder'), operationContent: '绑定业务中心', beforeOperation: { userId: 1, deptIds: [] }, afterOperation: { userId: 1, deptIds: [branch, gone] } }],
    chainKeyOf(host.server.services.secrets),
  );
  await signInAdmin(page, host);
  await openScreen(page);
  await filterByLogin(page, 'e2e-binder');
  await expect(rows(page)).toHaveCount(1);
  // The list's after cell names the changed field by its label, not as JSON.
  await expect(rows(page).first()).toContainText('业务中心');
  await expect(rows(page).first()).not.toContainText('deptIds');
  await rows(page).first().getByTestId('operation-show-changes').click();
  const dialog = page.getByTestId('operation-changes');
  const centres = dialog.locator('[data-testid="operation-change"][data-path="deptIds"]');
  await expect(centres).toContainText('业务中心');
  await expect(centres).toContainText('华东分公司');
  await expect(centres).toContainText(`#${gone}（已删除）`);
  await expect(centres).not.toContainText('deptIds');
  await expect(centres).not.toContainText(`#${branch}`);
  await dialog.getByTestId('operation-changes-close').click();
});

test('exports the filtered entries to a file that reads back with its headers and rows', async ({ page }) => {
  await signInAdmin(page, host);
  await openScreen(page);
  await filterByLogin(page, LOGIN);
  await expect(pane(page).getByTestId('pager-total')).toHaveText('共 25 条');
  await pane(page).getByTestId('operation-export').click();
  await expect(toast(page, 'success', '已导出到')).toBeVisible();
  expect(readdirSync(downloads)).toEqual(['operation-log.xlsx']);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(path.join(downloads, 'operation-log.xlsx')) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['操作类型', '操作人', '登录名', '操作地点', '操作内容', '操作前', '操作后', '操作时间']);
  expect(sheet.rowCount).toBe(26);
  expect(sheet.getRow(2).getCell(5).value).toBe('Update waybill 24');
  // The done message shows the file in the file manager: on Linux the downloads folder opens.
  const opened = path.join(openerDir, 'opened.txt');
  expect(existsSync(opened)).toBe(false);
  await page.getByTestId('export-show-in-folder').click();
  await expect.poll(() => (existsSync(opened) ? readFileSync(opened, 'utf8') : '')).toBe(`${downloads}\n`);
  rmSync(path.join(downloads, 'operation-log.xlsx'));
});

test('reports the first broken link after an entry is edited in the database', async ({ page }) => {
  const db = host.server.services.db;
  const target = (await db.select({ id: operationLog.id }).from(operationLog).where(eq(operationLog.operLoginName, LOGIN)).orderBy(desc(operationLog.id)).limit(1))[0]!.id;
  await db.execute(sql`update log_operation set operation_content = 'rewritten' where id = ${target}`);
  await signInAdmin(page, host);
  await openScreen(page);
  const chain = pane(page).getByTestId('operation-chain');
  await expect(chain).toHaveAttribute('data-state', 'broken');
  await expect(chain).toContainText(`#${target}`);
});

test('cancels a long export and leaves no file behind', async ({ page }) => {
  // Writing the rows runs in this process (the server's PGlite): the test's own clock runs meanwhile.
  test.setTimeout(240_000);
  // Written straight into the table, without hashes: the chain was checked above, and this is about volume.
  await host.server.services.db.execute(sql`
    insert into log_operation (entry_type, oper_user_name, oper_login_name, operation_content, before_operation, after_operation, operation_time)
    select 'update', 'bulk', 'e2e-bulk', 'bulk change', '{"status":"open"}', '{"status":"closed"}', timestamptz '2026-02-01' + g * interval '1 second'
    from generate_series(1, 100000) g`);
  await signInAdmin(page, host);
  await openScreen(page);
  await filterByLogin(page, 'e2e-bulk');
  await expect(rows(page)).toHaveCount(10);
  await pane(page).getByTestId('operation-export').click();
  const progress = pane(page).getByTestId('operation-export-progress');
  // Rows written of the rows the export will write, and the bytes, while it runs.
  await expect(progress).toContainText(/正在导出：\d+ \/ 100000 条，已写入 \d/);
  await progress.getByTestId('operation-export-cancel').click();
  // The server hears the cancel between pages and the core removes the partial file before saying so.
  await expect(page.getByText('已取消导出').first()).toBeVisible({ timeout: 45_000 });
  await expect(progress).toHaveCount(0);
  expect(readdirSync(downloads)).toEqual([]);
});
