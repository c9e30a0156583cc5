import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { Route } from '../../src/shared/routes';
import { interfaceLog } from '../../src/server/db/schema';
import { hostForSpecFile, signInAdmin, startHostWithServer, tabPane, toast } from './host';

/**
 * Interface monitoring as an administrator reads it: fixture calls written straight into the server's log,
 * found by the filters, paged, a row's request and response opened as formatted JSON; the filtered rows
 * exported to a file read back with exceljs; a long export cancelled, leaving no file. In order.
 */
test.describe.configure({ mode: 'serial' });

let downloads = '';
const host = hostForSpecFile(() => {
  downloads = mkdtempSync(path.join(os.tmpdir(), 'iflog-e2e-downloads-'));
  // The browser host inherits the environment: its exports land in this folder.
  process.env.CONSOLE_DOWNLOADS_DIR = downloads;
  return startHostWithServer();
});
test.afterAll(() => rmSync(downloads, { recursive: true, force: true }));

const SERVICE = 'e2e-fixture';
// Recent calls: the server's retention (90 days) would purge older ones while the tests run.
const BASE_TIME = Date.now() - 3600_000;

const pane = (page: Page) => tabPane(page, Route.interFace);
const rows = (page: Page) => pane(page).getByTestId('list-row');

async function openScreen(page: Page): Promise<void> {
  await page.getByTestId('top-menu').getByRole('button', { name: '日志统计' }).click();
  await page.getByTestId('side-menu').getByRole('button', { name: '接口监控' }).click();
  await expect(pane(page).getByTestId('interface-table')).toBeVisible();
}

test('filters, pages and opens a call’s request and response', async ({ page }) => {
  const db = host.server.services.db;
  await db.insert(interfaceLog).values(
    Array.from({ length: 25 }, (_, n) => {
      const start = new Date(BASE_TIME + n * 60_000);
      return {
        appId: 'backoffice-console',
        serviceCnName: SERVICE,
        interfaceCnName: `fixture call ${String(n).padStart(2, '0')}`,
        method: 'POST',
        path: '/api/fixture',
        startTime: start,
        endTime: new Date(start.getTime() + 12),
        useTime: n === 7 ? 2400 : 12,
        ip: '10.1.2.3',
        deviceId: `PDA-${n}`,
        modelInfo: 'TC52',
        responseStatus: n === 7 ? 'A0400' : '200',
        requestParam: `{"body":{"waybill":"WB${n}","pieces":${n}}}`,
        responseText: n === 7 ? '{"code":"A0400","msg":"waybill: is too long"}' : 'file fixture.xlsx',
      };
    }),
  );
  await signInAdmin(page, host);
  await openScreen(page);

  await pane(page).getByTestId('filter-serviceName').fill(SERVICE);
  await pane(page).getByTestId('filter-search').click();
  await expect(pane(page).getByTestId('pager-total')).toHaveText('共 25 条');
  await expect(rows(page)).toHaveCount(10);
  await expect(rows(page).first()).toContainText('fixture call 24');

  await pane(page).getByRole('button', { name: '下一页' }).click();
  await expect(rows(page).first()).toContainText('fixture call 14');
  await pane(page).getByRole('button', { name: '下一页' }).click();
  await expect(rows(page)).toHaveCount(5);
  await expect(rows(page).last()).toContainText('fixture call 00');
  await pane(page).getByRole('button', { name: '上一页' }).click();
  await expect(rows(page).first()).toContainText('fixture call 14');

  await pane(page).getByTestId('filter-useTime').fill('1000');
  await pane(page).getByTestId('filter-search').click();
  await expect(rows(page)).toHaveCount(1);
  const slow = rows(page).first();
  await expect(slow).toContainText('fixture call 07');
  await expect(slow.getByTestId('interface-status')).toHaveText('异常 A0400');

  await slow.getByTestId('interface-look-request').click();
  const dialog = page.getByTestId('interface-payload');
  await expect(dialog.getByTestId('interface-payload-text')).toHaveText(JSON.stringify({ body: { waybill: 'WB7', pieces: 7 } }, null, 2));
  await dialog.getByTestId('interface-payload-close').click();
  await slow.getByTestId('interface-look-response').click();
  await expect(dialog.getByTestId('interface-payload-text')).toContainText('"msg": "waybill: is too long"');
  await dialog.getByTestId('interface-payload-close').click();

  await pane(page).getByTestId('filter-useTime').fill('');
  await pane(page).getByTestId('filter-deviceId').fill('PDA-3');
  await pane(page).getByTestId('filter-search').click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first().getByTestId('interface-status')).toHaveText('正常');
  await rows(page).first().getByTestId('interface-look-response').click();
  await expect(dialog.getByTestId('interface-payload-text')).toHaveText('file fixture.xlsx');
  await dialog.getByTestId('interface-payload-close').click();

  await pane(page).getByTestId('filter-useTime').fill('1.5');
  await pane(page).getByTestId('filter-search').click();
  await expect(toast(page, 'warning', '请输入不小于0的整数毫秒数')).toBeVisible();
});

test('exports the filtered calls to a file that reads back with its headers and rows', async ({ page }) => {
  await signInAdmin(page, host);
  await openScreen(page);
  await pane(page).getByTestId('filter-serviceName').fill(SERVICE);
  await pane(page).getByTestId('filter-search').click();
  await expect(pane(page).getByTestId('pager-total')).toHaveText('共 25 条');
  await pane(page).getByTestId('interface-export').click();
  await expect(toast(page, 'success', '已导出到')).toBeVisible();
  expect(readdirSync(downloads)).toEqual(['interface-monitoring.xlsx']);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(path.join(downloads, 'interface-monitoring.xlsx')) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
    '编号',
    '应用',
    '服务名称',
    '接口名称',
    '用户',
    '开始时间',
    '结束时间',
    '耗时(毫秒)',
    'IP',
    '设备号',
    '设备型号',
    '状态',
    '请求参数',
    '响应内容',
  ]);
  expect(sheet.rowCount).toBe(26);
  expect(sheet.getRow(2).getCell(4).value).toBe('fixture call 24');
  rmSync(path.join(downloads, 'interface-monitoring.xlsx'));
});

test('cancels a long export and leaves no file behind', async ({ page }) => {
  // Seeding the long log takes a while on the test's own PGlite.
  test.setTimeout(300_000);
  await host.server.services.db.execute(sql`
    insert into log_interface (app_id, service_cn_name, interface_cn_name, method, path, start_time, end_time, use_time, response_status, request_param, response_text)
    select 'backoffice-console', 'e2e-bulk', 'bulk call', 'GET', '/api/bulk', ts, ts, 3, '200', '{"page":1,"limit":10}', '{"code":"00000","data":null}'
    from (select now() - interval '2 days' + g * interval '1 second' as ts from generate_series(1, 120000) g) s`);
  await signInAdmin(page, host);
  await openScreen(page);
  await pane(page).getByTestId('filter-serviceName').fill('e2e-bulk');
  await pane(page).getByTestId('filter-search').click();
  await expect(rows(page)).toHaveCount(10);
  await pane(page).getByTestId('interface-export').click();
  const progress = pane(page).getByTestId('interface-export-progress');
  // The export answers once its first compressed bytes are out: on a busy machine that takes a while.
  // Rows written (some already) of the rows the export will write, and the bytes.
  await expect(progress).toContainText(/正在导出：[1-9]\d* \/ 120000 行，\d/, { timeout: 90_000 });
  await progress.getByTestId('interface-export-cancel').click();
  // The server hears the cancel between pages and the core removes the partial file before saying so.
  await expect(page.getByText('已取消导出').first()).toBeVisible({ timeout: 45_000 });
  await expect(progress).toHaveCount(0);
  expect(readdirSync(downloads)).toEqual([]);
});
