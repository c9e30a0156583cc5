import { LOOPBACK_PEERS_OUTBOUND } from '../../src/server/testing/outbound';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { Route } from '../../src/shared/routes';
import { startSmsPeer, type SmsPeer } from '../../src/server/testing/sms-peer';
import { hostForSpecFile, signInAdmin, startHostWithServer, tabPane, toast } from './host';

/**
 * SMS as an operator sends it (issue 12: /templateManage, /addTemplete, /signatureManage, /addSignMsg,
 * /sendingSMS, /sendManage, /sendCenter): a template added (its name rule refused first) and activated after
 * a confirmation, a signature added and edited, a malformed and an over-long recipient list refused, then a
 * send whose numbers arrive at the loopback provider, each once, and show as sent in the records and the
 * send centre. The host's server is pointed at the peer by its CONSOLE_SMS_* settings.
 */

test.describe.configure({ mode: 'serial' });

let peer: SmsPeer;
const SMS_SETTINGS = ['CONSOLE_SMS_ACCESS_KEY_ID', 'CONSOLE_SMS_ACCESS_KEY_SECRET', 'CONSOLE_SMS_POLL_MS'] as const;

const host = hostForSpecFile(async () => {
  peer = await startSmsPeer();
  Object.assign(process.env, {
    CONSOLE_SMS_ACCESS_KEY_ID: peer.accessKeyId,
    CONSOLE_SMS_ACCESS_KEY_SECRET: peer.accessKeySecret,
    CONSOLE_SMS_POLL_MS: '100',
  });
  try {
    return await startHostWithServer({ providers: { smsGatewayUrl: peer.gatewayUrl }, outbound: LOOPBACK_PEERS_OUTBOUND });
  } finally {
    // The server read them as it started; later spec files of this worker start without them.
    for (const name of SMS_SETTINGS) delete process.env[name];
  }
});
test.afterAll(async () => {
  await peer?.close();
});

const TEMPLATE = { name: 'E2E取件通知', code: 'SMS_246810', content: '您的包裹已到站，取件码${code}' };
const SIGNATURE = '顺丰速运';

async function openScreen(page: Page, name: string, testId: string): Promise<Locator> {
  await page.getByTestId('top-menu').getByRole('button', { name: '消息中心' }).click();
  await page.getByTestId('side-menu').getByRole('button', { name, exact: true }).click();
  const screen = page.getByTestId(testId);
  await expect(screen).toBeVisible();
  return screen;
}

async function pick(page: Page, dropdown: Locator, option: string): Promise<void> {
  await dropdown.click();
  await page.getByRole('option', { name: option }).first().click();
}

test('adds a template, refusing a short name, and activates it after a confirmation', async ({ page }) => {
  await signInAdmin(page, host);
  const list = await openScreen(page, '模板管理', 'template-list');
  await list.getByTestId('template-add').click();
  const form = page.getByTestId('template-form');
  await form.getByTestId('field-name').fill('短名');
  await form.getByTestId('template-save').click();
  await expect(form.getByText('长度在5到20个字符')).toBeVisible();
  await form.getByTestId('field-name').fill(TEMPLATE.name);
  await pick(page, form.getByTestId('field-type'), '通知');
  await form.getByTestId('field-templateCode').fill(TEMPLATE.code);
  await form.getByTestId('field-content').fill(TEMPLATE.content);
  await expect(form.getByTestId('template-variables')).toContainText('code');
  await form.getByTestId('template-save').click();
  await expect(toast(page, 'success', '新增成功')).toBeVisible();

  const pane = tabPane(page, Route.templateManage);
  const row = pane.getByRole('row').filter({ hasText: TEMPLATE.name });
  await expect(row).toContainText('未启用');
  await row.getByRole('button', { name: `启用 ${TEMPLATE.name}` }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText(`确定启用模板 ${TEMPLATE.name} 吗？`);
  await confirm.getByTestId('confirm-dialog-ok').click();
  await expect(toast(page, 'success', '已启用')).toBeVisible();
  await expect(row).toContainText('已启用');
});

test('adds and edits a signature', async ({ page }) => {
  await signInAdmin(page, host);
  const list = await openScreen(page, '签名管理', 'signature-list');
  await list.getByTestId('signature-add').click();
  const form = page.getByTestId('signature-form');
  await form.getByTestId('field-name').fill(SIGNATURE);
  await form.getByTestId('signature-save').click();
  await expect(toast(page, 'success', '新增成功')).toBeVisible();
  const row = tabPane(page, Route.signatureManage).getByRole('row').filter({ hasText: SIGNATURE });
  await row.getByRole('button', { name: `修改 ${SIGNATURE}` }).click();
  const edit = page.getByTestId('signature-form');
  await edit.getByTestId('field-remark').fill('快递通知');
  await edit.getByTestId('signature-save').click();
  await expect(tabPane(page, Route.signatureManage).getByRole('row').filter({ hasText: SIGNATURE })).toContainText('快递通知');
});

test('refuses a malformed and an over-long recipient list, then sends: each number arrives once and shows as sent', async ({ page }) => {
  await signInAdmin(page, host);
  const form = await openScreen(page, '短信发送', 'sms-send-form');
  await pick(page, form.getByTestId('field-template'), TEMPLATE.name);
  await pick(page, form.getByTestId('field-signature'), SIGNATURE);
  await form.getByTestId('field-param-code').fill('8-8-1');
  await expect(form.getByTestId('sms-preview')).toContainText(`【${SIGNATURE}】您的包裹已到站，取件码8-8-1`);
  await expect(form.getByTestId('sms-preview-length')).toHaveText('22 / 70 个字符');

  await form.getByTestId('field-phones').fill('13800138000, 1380013, abc');
  await form.getByTestId('sms-send').click();
  await expect(form.getByText('2 个不是有效的手机号码：1380013, abc')).toBeVisible();
  const tooMany = Array.from({ length: 1001 }, (_, i) => `139${String(i).padStart(8, '0')}`).join(',');
  await form.getByTestId('field-phones').fill(tooMany);
  await expect(form.getByText('最多 1000 个号码，当前 1001 个')).toBeVisible();
  await form.getByTestId('sms-send').click();
  expect(peer.receipts).toEqual([]);

  await form.getByTestId('field-phones').fill('13800138001,13800138002\n13800138001');
  await expect(form.getByTestId('sms-duplicates')).toContainText('已去除 1 个重复号码：13800138001');
  await form.getByTestId('sms-send').click();
  await expect(toast(page, 'success', '已提交 2 条短信')).toBeVisible();
  await expect.poll(() => peer.receipts.map((r) => r.phone).sort()).toEqual(['13800138001', '13800138002']);
  expect(peer.receipts.every((r) => r.signName === SIGNATURE && r.templateCode === TEMPLATE.code && r.params.code === '8-8-1')).toBe(true);

  const records = await openScreen(page, '发送记录', 'sms-records');
  await expect(async () => {
    await records.getByTestId('sms-records-refresh').click();
    await expect(records.getByTestId('record-status-13800138001')).toHaveText('已发送', { timeout: 1000 });
  }).toPass();
  await expect(records.getByTestId('record-status-13800138002')).toHaveText('已发送');

  const centre = await openScreen(page, '发送中心', 'sms-batches');
  await centre.getByTestId('batches-refresh').click();
  const batch = centre.getByRole('row').filter({ hasText: TEMPLATE.name });
  await expect(batch).toContainText('共 2：已发送 2，失败 0，等待 0');
  await batch.getByRole('button', { name: /明细/ }).click();
  await expect(page.getByTestId('batch-records').getByTestId('record-status-13800138002')).toHaveText('已发送');
});
