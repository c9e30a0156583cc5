import { expect, test, type Locator, type Page } from '@playwright/test';
import { Route } from '../../src/shared/routes';
import { startSmtpPeer, type SmtpPeer } from '../../src/server/testing/smtp-peer';
import { hostForSpecFile, signInAdmin, startHostWithServer, tabPane, toast } from './host';

/**
 * Mail as an administrator sets it up and an operator sends it (issue 12: /accountManage, /addMailAccount,
 * /mailManage, /addMail): an account pointed at a loopback SMTP server (its port refused first), activated after
 * a confirmation and tried with a test mail that answers only that it went; then a malformed and an over-long
 * recipient list refused, and a mail with an attachment that arrives at the server as sent and shows as sent.
 */

test.describe.configure({ mode: 'serial' });

let peer: SmtpPeer;
const host = hostForSpecFile(async () => {
  peer = await startSmtpPeer();
  return startHostWithServer({ outbound: peer.outbound });
});
test.afterAll(async () => {
  await peer?.close();
});

async function openScreen(page: Page, name: string, testId: string): Promise<Locator> {
  await page.getByTestId('top-menu').getByRole('button', { name: '消息中心' }).click();
  await page.getByTestId('side-menu').getByRole('button', { name, exact: true }).click();
  const screen = page.getByTestId(testId);
  await expect(screen).toBeVisible();
  return screen;
}

test('adds an account (refusing a one-digit port), activates it after a confirmation and sends a test mail', async ({ page }) => {
  await signInAdmin(page, host);
  const list = await openScreen(page, '邮箱账号', 'mail-account-list');
  await list.getByTestId('account-add').click();
  const form = page.getByTestId('account-form');
  await form.getByTestId('field-host').fill(peer.host);
  await form.getByTestId('field-port').fill('9');
  await form.getByTestId('field-ssl').click();
  await form.getByTestId('field-account').fill(peer.user);
  await form.getByTestId('field-secret').fill(peer.password);
  await form.getByTestId('account-save').click();
  await expect(form.getByText('端口为 2 到 4 位数字（10–9999）')).toBeVisible();
  await form.getByTestId('field-port').fill(String(peer.port));
  await form.getByTestId('account-save').click();
  await expect(toast(page, 'success', '新增成功')).toBeVisible();

  const row = tabPane(page, Route.accountManage).getByRole('row').filter({ hasText: peer.user });
  await expect(row).toContainText('未启用');
  await row.getByRole('button', { name: `启用 ${peer.user}` }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText(`确定启用 ${peer.user} 吗？`);
  await confirm.getByTestId('confirm-dialog-ok').click();
  await expect(row).toContainText('已启用');

  await row.getByRole('button', { name: `发送测试邮件 ${peer.user}` }).click();
  const dialog = page.getByTestId('mail-test-dialog');
  await dialog.getByTestId('mail-test-to').fill('ops@example.com');
  await dialog.getByTestId('mail-test-send').click();
  await expect(dialog.getByTestId('mail-test-success')).toHaveText('测试邮件已发出，邮件服务器已接收');
  await expect.poll(() => peer.received.map((m) => m.envelopeTo.join())).toEqual(['ops@example.com']);
  await dialog.getByTestId('mail-test-close').click();
});

test('refuses a malformed and an over-long recipient list, then sends a mail with an attachment that arrives and shows as sent', async ({ page }) => {
  await signInAdmin(page, host);
  const list = await openScreen(page, '邮件管理', 'mail-list');
  await list.getByTestId('mail-compose').click();
  const form = page.getByTestId('mail-compose-form');
  await form.getByTestId('field-to').fill('ops@example.com, not-an-address');
  await expect(form.getByText('有 1 个不是有效的邮箱地址：not-an-address')).toBeVisible();
  const tooMany = Array.from({ length: 501 }, (_, i) => `user${i}@example.com`).join(',');
  await form.getByTestId('field-to').fill(tooMany);
  await expect(form.getByText('收件人和抄送最多 500 个，当前 501 个')).toBeVisible();
  await form.getByTestId('mail-send').click();
  expect(peer.received).toHaveLength(1);

  await form.getByTestId('field-to').fill('ops@example.com; hub@example.com');
  await form.getByTestId('field-cc').fill('lead@example.com, ops@example.com');
  await expect(form.getByTestId('mail-duplicates')).toContainText('已去掉 1 个重复地址：ops@example.com');
  await form.getByTestId('field-subject').fill('到站通知');
  await form.getByTestId('field-body').getByRole('textbox').fill('包裹已到站，请查收附件。');
  await form.getByTestId('mail-attach-input').setInputFiles({ name: 'manifest.csv', mimeType: 'text/csv', buffer: Buffer.from('parcel,station\nSF1001,深圳南山\n') });
  await expect(form.getByTestId('mail-attachments')).toContainText('manifest.csv');
  await form.getByTestId('mail-send').click();
  await expect(toast(page, 'success', '邮件已加入发送队列（3 个地址）')).toBeVisible();

  await expect.poll(() => peer.received.length).toBe(2);
  const mail = peer.received[1]!;
  expect(mail.envelopeTo.sort()).toEqual(['hub@example.com', 'lead@example.com', 'ops@example.com']);
  expect(mail.parsed.subject).toBe('到站通知');
  expect(mail.parsed.html).toContain('包裹已到站，请查收附件。');
  expect(mail.parsed.attachments.map((a) => [a.filename, a.content.toString('utf8')])).toEqual([['manifest.csv', 'parcel,station\nSF1001,深圳南山\n']]);

  const sent = tabPane(page, Route.mailManage);
  const row = sent.getByRole('row').filter({ hasText: '到站通知' });
  await expect(async () => {
    await sent.getByTestId('mail-refresh').click();
    await expect(row).toContainText('已发送', { timeout: 1000 });
  }).toPass();
  await expect(row).toContainText('250');
  await row.getByRole('button', { name: '查看 到站通知' }).click();
  const body = page.getByTestId('mail-body-dialog');
  await expect(body.frameLocator('[data-testid="mail-body-frame"]').getByText('包裹已到站，请查收附件。')).toBeVisible();
});
