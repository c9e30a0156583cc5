import { expect, test, type Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { Route } from '../../src/shared/routes';
import { systemApiKey } from '../../src/server/db/tables';
import { hostForSpecFile, signInAdmin, startHostWithServer, tabPane, toast } from './host';
import { usableSystemKey } from '../../src/areas/system-api-key/server/usable-key';

/**
 * System API keys as an administrator builds them: the dialog's required fields, a key the server makes for
 * a system and an application, the refusal of a second key for the same pair, and a key set unusable that
 * stops opening its system at once. The tests build on each other, in order.
 */
test.describe.configure({ mode: 'serial' });

const host = hostForSpecFile(startHostWithServer);

const listPane = (page: Page) => tabPane(page, Route.appSystem);
const dialog = (page: Page) => page.getByTestId('api-key-dialog');
const rowsFor = (page: Page, text: string) => listPane(page).getByTestId('list-row').filter({ hasText: text });
const APP_LABEL = '后台管理控制台 (backoffice-console)';

async function openList(page: Page): Promise<void> {
  await page.getByTestId('top-menu').getByRole('button', { name: '系统管理' }).click();
  await page.getByTestId('side-menu').getByRole('button', { name: '系统密钥' }).click();
  await expect(listPane(page).getByTestId('list-row').first()).toBeVisible();
}

async function buildKey(page: Page): Promise<void> {
  await listPane(page).getByTestId('api-key-add').click();
  const form = dialog(page);
  await form.getByTestId('api-key-system').click();
  await page.getByRole('option', { name: '物流运营系统' }).click();
  await form.getByTestId('api-key-app').click();
  await page.getByRole('option', { name: APP_LABEL }).click();
  await form.getByTestId('api-key-save').click();
}

let builtKey = '';

test('builds a key for a system and an application; the server makes its value', async ({ page }) => {
  // The seed gives every system a key for the console's own application: this system starts without one.
  await host.server.services.db.delete(systemApiKey).where(eq(systemApiKey.systemName, '物流运营系统'));
  await signInAdmin(page, host);
  await openList(page);
  await listPane(page).getByTestId('api-key-add').click();
  await dialog(page).getByTestId('api-key-save').click();
  await expect(dialog(page)).toContainText('请选择系统');
  await expect(dialog(page)).toContainText('请选择ApiKey（应用）');
  await dialog(page).getByTestId('api-key-cancel').click();
  await expect(dialog(page)).toHaveCount(0);

  await buildKey(page);
  await expect(toast(page, 'success', '新增成功')).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
  const built = rowsFor(page, APP_LABEL).filter({ hasText: '物流运营系统' });
  await expect(built).toHaveCount(1);
  await expect(built).toContainText('可用');
  builtKey = (await built.getByTestId('api-key-cell').textContent()) ?? '';
  expect(builtKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(await usableSystemKey(host.server.services.db, builtKey)).not.toBeNull();
});

test('refuses a second key for the same system and application, naming both', async ({ page }) => {
  await signInAdmin(page, host);
  await openList(page);
  await buildKey(page);
  // The refusal is said under the application's field, naming the system and the application.
  const refusal = dialog(page).getByRole('alert');
  await expect(refusal).toContainText('物流运营系统');
  await expect(refusal).toContainText('backoffice-console');
  await expect(dialog(page).getByTestId('api-key-failure')).toHaveCount(0);
  await dialog(page).getByTestId('api-key-cancel').click();
});

test('finds the key by its value, and a key set unusable stops working at once', async ({ page }) => {
  await signInAdmin(page, host);
  await openList(page);
  await listPane(page).getByTestId('filter-apiKey').fill(builtKey.slice(0, 12));
  await listPane(page).getByTestId('filter-search').click();
  await expect(listPane(page).getByTestId('list-row')).toHaveCount(1);

  await listPane(page).getByTestId('api-key-row-edit').click();
  await expect(dialog(page).getByTestId('api-key-value')).toHaveValue(builtKey);
  await dialog(page).getByRole('radio', { name: '不可用' }).check();
  await dialog(page).getByTestId('api-key-save').click();
  await expect(toast(page, 'success', '修改成功')).toBeVisible();
  await expect(listPane(page).getByTestId('api-key-status-badge')).toHaveText('不可用');
  expect(await usableSystemKey(host.server.services.db, builtKey)).toBeNull();
});
