import { LOOPBACK_PEERS_OUTBOUND } from '../../src/server/testing/outbound';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { API_PREFIX, Header } from '../../src/shared/constants';
import { API_KEY_HEADER } from '../../src/areas/information/contract';
import { api } from '../../src/shared/contract';
import { Route } from '../../src/shared/routes';
import { startSmsPeer, type SmsPeer } from '../../src/server/testing/sms-peer';
import { apiData, hostForSpecFile, signInAdmin, startHostWithServer, tabPane, toast } from './host';

/**
 * Message systems and keys as an administrator keeps them (issue 12: /apiKeySystem, /addApiKeySystem,
 * /apiKeyMessg, /addApiKeyMessage), and a platform system calling the open SMS endpoint with the key: a system
 * id of other characters refused, a system added, a key generated in the form with a limit of one send a
 * minute, a send that arrives at the loopback provider, a second send refused with the limit named, the
 * system stopped (its key marked and refused), and the key deleted after a confirmation.
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

const SYSTEM = { id: 'TMS01', name: '运输管理系统' };
let apiKey = '';

async function openScreen(page: Page, name: string, testId: string): Promise<Locator> {
  await page.getByTestId('top-menu').getByRole('button', { name: '消息中心' }).click();
  await page.getByTestId('side-menu').getByRole('button', { name, exact: true }).click();
  const screen = page.getByTestId(testId);
  await expect(screen).toBeVisible();
  return screen;
}

/** The platform system's own call: the key in X-Api-Key, straight to the API server. */
async function openSmsSend(key: string, phones: string): Promise<{ code: string; msg: string; data: { batchId: number } | null }> {
  const response = await fetch(`${host.server.url}${API_PREFIX}${api.openMessage.smsSend.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [API_KEY_HEADER]: key, [Header.Language]: 'zh_CN' },
    body: JSON.stringify({ templateCode: 'SMS_135790', signName: '顺丰速运', phones, params: { code: '2468' } }),
  });
  return (await response.json()) as { code: string; msg: string; data: { batchId: number } | null };
}

test('adds a message system, refusing an id of other characters', async ({ page }) => {
  await signInAdmin(page, host);
  const list = await openScreen(page, '消息系统密钥', 'message-system-list');
  await list.getByTestId('system-add').click();
  const form = page.getByTestId('system-form');
  await form.getByTestId('field-systemId').fill('TMS-01');
  await form.getByTestId('field-name').fill(SYSTEM.name);
  const org = form.getByTestId('field-deptId');
  await org.click();
  await page.getByRole('option', { name: '远航物流集团', exact: true }).click();
  await expect(org).toHaveValue('远航物流集团');
  await form.getByTestId('system-save').click();
  await expect(form.getByText('只能包含字母或数字')).toBeVisible();
  await form.getByTestId('field-systemId').fill(SYSTEM.id);
  await expect(form.getByTestId('field-channel-sms')).toBeChecked();
  await form.getByTestId('system-save').click();
  await expect(toast(page, 'success', '新增成功')).toBeVisible();
  const row = tabPane(page, Route.apiKeySystem).getByRole('row').filter({ hasText: SYSTEM.id });
  await expect(row).toContainText(SYSTEM.name);
  await expect(row).toContainText('远航物流集团');
  await expect(row).toContainText('可用');
});

test('adds a key with a limit of one send a minute, shown once; the system sends with it and is held to the limit', async ({ page }) => {
  await signInAdmin(page, host);
  const template = await apiData(page, 'sms.templateAdd', { name: 'E2E密钥取件通知', type: 0, templateCode: 'SMS_135790', content: '取件码${code}' });
  await apiData(page, 'sms.templateActivate', { id: template.id, version: 1 });
  await apiData(page, 'sms.signatureAdd', { name: '顺丰速运', remark: '' });

  const list = await openScreen(page, '消息密钥', 'message-key-list');
  await list.getByTestId('key-add').click();
  const form = page.getByTestId('key-form');
  await expect(form.getByTestId('key-made-on-save')).toBeVisible();
  await form.getByTestId('field-messageSystemId').click();
  await page.getByRole('option', { name: `${SYSTEM.name} (${SYSTEM.id})` }).click();
  await form.getByTestId('field-rateLimit').fill('0');
  await form.getByTestId('key-save').click();
  await expect(form.getByText('每分钟发送上限须为1到10000的整数')).toBeVisible();
  await form.getByTestId('field-rateLimit').fill('1');
  await form.getByTestId('key-save').click();
  await expect(toast(page, 'success', '新增成功')).toBeVisible();
  // The server made the key: shown this once, then only its first characters.
  const issued = page.getByTestId('key-issued-dialog');
  apiKey = await issued.getByTestId('key-issued-value').inputValue();
  expect(apiKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await issued.getByTestId('key-issued-close').click();
  await expect(form).toBeHidden();
  const row = tabPane(page, Route.apiKeyMessg)
    .getByRole('row')
    .filter({ hasText: `${apiKey.slice(0, 4)}…` });
  await expect(row).not.toContainText(apiKey);
  await expect(row).toContainText(`${SYSTEM.name} (${SYSTEM.id})`);
  await expect(row).toContainText('1 次/分钟');

  const sent = await openSmsSend(apiKey, '13800138011');
  expect(sent.code).toBe('00000');
  await expect.poll(() => peer.receipts.map((r) => [r.phone, r.templateCode, r.params.code])).toEqual([['13800138011', 'SMS_135790', '2468']]);
  const refused = await openSmsSend(apiKey, '13800138012');
  expect(refused.code).toBe('A0501');
  expect(refused.msg).toMatch(/^该密钥每分钟最多发送1次，请\d+秒后再试$/);

  // The send centre shows the system as the sender.
  const centre = await openScreen(page, '发送中心', 'sms-batches');
  await centre.getByTestId('batches-refresh').click();
  await expect(centre.getByRole('row').filter({ hasText: 'E2E密钥取件通知' })).toContainText(SYSTEM.name);
});

test('stopping the system stops its key; the key is deleted after a confirmation', async ({ page }) => {
  await signInAdmin(page, host);
  const systems = await openScreen(page, '消息系统密钥', 'message-system-list');
  await systems
    .getByRole('row')
    .filter({ hasText: SYSTEM.id })
    .getByRole('button', { name: `修改 ${SYSTEM.id}` })
    .click();
  const form = page.getByTestId('system-form');
  await expect(form.getByTestId('field-systemId')).toHaveValue(SYSTEM.id);
  await form.getByRole('radio', { name: '停用' }).check();
  await form.getByTestId('system-save').click();
  await expect(toast(page, 'success', '修改成功')).toBeVisible();
  // The form goes back to the list once the success was shown.
  await expect(form).toBeHidden();
  await expect(tabPane(page, Route.apiKeySystem).getByRole('row').filter({ hasText: SYSTEM.id })).toContainText('停用');
  const refused = await openSmsSend(apiKey, '13800138013');
  expect(refused).toMatchObject({ code: '401', msg: '消息密钥不存在或已停用，或不能使用此渠道' });

  const keys = await openScreen(page, '消息密钥', 'message-key-list');
  await keys.getByTestId('key-refresh').click();
  const row = keys.getByRole('row').filter({ hasText: `${apiKey.slice(0, 4)}…` });
  await expect(row).toContainText('系统已停用');
  await row.getByRole('button', { name: new RegExp(`^删除 ${SYSTEM.name}`) }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText('使用它的系统将无法再调用');
  await confirm.getByTestId('confirm-dialog-ok').click();
  await expect(toast(page, 'success', '删除成功')).toBeVisible();
  await expect(keys.getByRole('row').filter({ hasText: `${apiKey.slice(0, 4)}…` })).toHaveCount(0);
  expect((await openSmsSend(apiKey, '13800138014')).code).toBe('401');
});
