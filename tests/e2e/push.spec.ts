import { LOOPBACK_PEERS_OUTBOUND } from '../../src/server/testing/outbound';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { Route } from '../../src/shared/routes';
import { startJPushPeer, type JPushPeer } from '../../src/server/testing/jpush-peer';
import { hostForSpecFile, signInAdmin, startHostWithServer, tabPane, toast } from './host';

/**
 * Push as an operator uses it (issue 12: /polarLight, /newPolar/{id}): a JPush provider added (a malformed
 * AppKey refused first) and edited without retyping its Master Secret, a malformed audience refused in the
 * push dialog with the bad value named, then a push whose de-duplicated aliases arrive at the loopback JPush
 * peer once, authenticated with the provider's keys, and show as pushed with the provider's msg_id; a
 * provider deleted after a confirmation. The host's server is pointed at the peer by its start options.
 */

test.describe.configure({ mode: 'serial' });

let peer: JPushPeer;
const SETTINGS = ['CONSOLE_SMS_POLL_MS'] as const;

const host = hostForSpecFile(async () => {
  peer = await startJPushPeer();
  peer.registerDevice({ alias: 'driver_001', tags: ['上海'] });
  peer.registerDevice({ alias: 'driver_002', tags: ['上海'] });
  Object.assign(process.env, { CONSOLE_SMS_POLL_MS: '100' });
  try {
    return await startHostWithServer({ providers: { jpushApiUrl: peer.baseUrl }, outbound: LOOPBACK_PEERS_OUTBOUND });
  } finally {
    // The server read them as it started; later spec files of this worker start without them.
    for (const name of SETTINGS) delete process.env[name];
  }
});
test.afterAll(async () => {
  await peer?.close();
});

const PROVIDER = '司机端推送';
const ALERT = '您有新的派送任务，请及时查看';

async function openPush(page: Page): Promise<Locator> {
  await page.getByTestId('top-menu').getByRole('button', { name: '消息中心' }).click();
  await page.getByTestId('side-menu').getByRole('button', { name: '推送配置', exact: true }).click();
  const screen = page.getByTestId('provider-list');
  await expect(screen).toBeVisible();
  return screen;
}

test('adds a provider, refusing a malformed AppKey, and edits it keeping the stored Master Secret', async ({ page }) => {
  await signInAdmin(page, host);
  const list = await openPush(page);
  await list.getByTestId('provider-add').click();
  const form = page.getByTestId('provider-form');
  await form.getByTestId('field-alias').fill(PROVIDER);
  await form.getByTestId('field-appKey').fill('not-an-appkey');
  await form.getByTestId('field-secret').fill(peer.app.masterSecret);
  await form.getByTestId('provider-save').click();
  await expect(form.getByText('AppKey 为 24 位十六进制字符')).toBeVisible();
  await form.getByTestId('field-appKey').fill(peer.app.appKey);
  await expect(form.getByTestId('field-secret')).toHaveAttribute('type', 'password');
  await form.getByTestId('provider-save').click();
  await expect(toast(page, 'success', '新增成功')).toBeVisible();

  const row = tabPane(page, Route.polarLight).getByRole('row').filter({ hasText: PROVIDER });
  await expect(row).toContainText(peer.app.appKey);
  await expect(row).toContainText('已设置');
  await expect(row).not.toContainText(peer.app.masterSecret);

  await row.getByRole('button', { name: `修改 ${PROVIDER}` }).click();
  const edit = page.getByTestId('provider-form');
  await expect(edit.getByTestId('field-secret')).toHaveValue('');
  await edit.getByTestId('field-apnsProduction').click();
  await edit.getByTestId('provider-save').click();
  await expect(tabPane(page, Route.polarLight).getByRole('row').filter({ hasText: PROVIDER })).toContainText('开发环境');
});

test('refuses a malformed audience naming the bad alias, then pushes: each alias once, shown as pushed with the msg_id', async ({ page }) => {
  await signInAdmin(page, host);
  await openPush(page);
  const row = tabPane(page, Route.polarLight).getByRole('row').filter({ hasText: PROVIDER });
  await row.getByRole('button', { name: `推送 ${PROVIDER}` }).click();
  const dialog = page.getByTestId('push-dialog');
  await dialog.getByTestId('push-audience').fill('driver_001, driver 002?');
  await expect(dialog.getByText('1 个别名含有不允许的字符（只能包含字母、数字、汉字和 _@!#$&*+=|.）：002?')).toBeVisible();
  await dialog.getByTestId('push-alert').fill(ALERT);
  await dialog.getByTestId('push-send').click();
  await expect(dialog).toBeVisible();
  expect(peer.receipts).toEqual([]);

  await dialog.getByTestId('push-audience').fill('driver_001,driver_002\ndriver_001');
  await expect(dialog.getByTestId('push-duplicates')).toContainText('已去除 1 个重复值：driver_001');
  await expect(dialog.getByTestId('push-audience-count')).toHaveText('2 / 1000 个别名');
  await dialog.getByTestId('push-title').fill('派送提醒');
  await expect(dialog.getByTestId('push-alert-count')).toHaveText(`${ALERT.length} / 500 个字符`);
  await expect(dialog.getByTestId('push-preview')).toContainText('派送提醒');
  await expect(dialog.getByTestId('push-preview')).toContainText(ALERT);
  await dialog.getByTestId('push-send').click();
  await expect(toast(page, 'success', '已提交推送')).toBeVisible();

  await expect.poll(() => peer.receipts.length).toBe(1);
  const receipt = peer.receipts[0]!;
  expect(receipt).toMatchObject({ appKey: peer.app.appKey, audience: { alias: ['driver_001', 'driver_002'] }, alert: ALERT, title: '派送提醒', devices: 2 });
  expect(receipt.body.options).toMatchObject({ apns_production: false });

  const records = page.getByTestId('push-records');
  await expect(records).toBeVisible();
  const pushed = records.getByRole('row').filter({ hasText: ALERT });
  await expect(async () => {
    await records.getByTestId('push-records-refresh').click();
    await expect(pushed).toContainText('已推送', { timeout: 1000 });
  }).toPass();
  await expect(pushed).toContainText(receipt.msgId);
  await expect(pushed).toContainText('driver_001, driver_002');
});

test('deletes a provider after a confirmation', async ({ page }) => {
  await signInAdmin(page, host);
  const list = await openPush(page);
  await list.getByTestId('provider-add').click();
  const form = page.getByTestId('provider-form');
  const spare = peer.addApp();
  await form.getByTestId('field-alias').fill('备用推送');
  await form.getByTestId('field-appKey').fill(spare.appKey);
  await form.getByTestId('field-secret').fill(spare.masterSecret);
  await form.getByTestId('provider-save').click();
  await expect(toast(page, 'success', '新增成功')).toBeVisible();

  const row = tabPane(page, Route.polarLight).getByRole('row').filter({ hasText: '备用推送' });
  await row.getByRole('button', { name: '删除 备用推送' }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText('确定删除推送配置 备用推送 吗？');
  await confirm.getByTestId('confirm-dialog-ok').click();
  await expect(toast(page, 'success', '删除成功')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(tabPane(page, Route.polarLight).getByRole('row').filter({ hasText: PROVIDER })).toHaveCount(1);
});
