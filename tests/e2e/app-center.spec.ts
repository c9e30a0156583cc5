import { expect, test, type Page } from '@playwright/test';
import { Route } from '../../src/shared/routes';
import { ADMIN_PASSWORD, enterIdentity, fillSignIn, hostForSpecFile, signInAdmin, startHostWithServer, tabPane, toast, signOut } from './host';

/**
 * The application centre as an administrator uses it: the console's own client marked and kept, a new
 * application whose secret the server makes and shows once (never in the list or the form), a regenerated
 * secret, the code-count rule with its message, a sign-in rule changed here and obeyed at the next sign-in,
 * and a delete after a question that names the application. The tests build on each other, in order.
 */
test.describe.configure({ mode: 'serial' });

const host = hostForSpecFile(startHostWithServer);
const CAPTCHA = 'AB7x';

const listPane = (page: Page) => tabPane(page, Route.appCenter);
const formPane = (page: Page) => page.getByTestId('app-form');
const appRow = (page: Page, clientId: string) => listPane(page).getByTestId('list-row').filter({ hasText: clientId });
const SECRET = /^[A-Za-z0-9_-]{43}$/;

async function openList(page: Page): Promise<void> {
  await page.getByTestId('top-menu').getByRole('button', { name: '系统管理' }).click();
  await page.getByTestId('side-menu').getByRole('button', { name: '应用中心' }).click();
  await expect(appRow(page, 'backoffice-console')).toBeVisible();
}

/** Reads the secret the dialog shows, then closes it with its button. */
async function takeSecret(page: Page): Promise<string> {
  const dialog = page.getByTestId('app-secret-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('密钥只显示这一次');
  const secret = await dialog.getByTestId('app-secret-value').inputValue();
  expect(secret).toMatch(SECRET);
  await dialog.getByTestId('app-secret-close').click();
  await expect(dialog).toBeHidden();
  return secret;
}

async function editConsoleClient(page: Page, patch: { ignoreCodeTimes: string }): Promise<void> {
  await appRow(page, 'backoffice-console').getByTestId('app-row-edit').click();
  const form = formPane(page);
  await expect(form.getByTestId('field-clientId')).toHaveValue('backoffice-console');
  await form.getByTestId('field-ignoreCodeTimes').fill(patch.ignoreCodeTimes);
  await form.getByTestId('app-save').click();
  await expect(toast(page, 'success', '修改成功')).toBeVisible();
  await expect(formPane(page)).toHaveCount(0);
}

test("lists the console's own client as a web application that cannot be deleted", async ({ page }) => {
  await signInAdmin(page, host);
  await openList(page);
  const own = appRow(page, 'backoffice-console');
  await expect(own).toContainText('网页应用');
  await expect(own.getByTestId('app-built-in')).toBeVisible();
  await expect(own.getByTestId('app-row-delete')).toBeDisabled();

  await own.getByTestId('app-row-edit').click();
  const form = formPane(page);
  await expect(form.getByTestId('field-clientId')).toBeDisabled();
  await expect(form.getByTestId('app-regenerate-secret')).toBeDisabled();
  await form.getByTestId('app-back').click();
  await expect(formPane(page)).toHaveCount(0);
});

let firstSecret = '';

test('adds an application: the code count is checked, and the secret is shown once', async ({ page }) => {
  await signInAdmin(page, host);
  await openList(page);
  await listPane(page).getByTestId('app-add').click();
  const form = formPane(page);
  await form.getByTestId('field-clientId').fill('e2e-driver');
  await form.getByTestId('field-appName').fill('司机端');
  await form.getByTestId('field-appType').click();
  await page.getByRole('option', { name: '移动应用' }).click();
  await form.getByTestId('field-ignoreCodeTimes').fill('01');
  await form.getByTestId('app-save').click();
  await expect(form.getByText('验证码豁免次数须为不以0开头的非负整数（最大999）')).toBeVisible();

  await form.getByTestId('field-ignoreCodeTimes').fill('2');
  await form.getByTestId('app-save').click();
  firstSecret = await takeSecret(page);

  await expect(formPane(page)).toHaveCount(0);
  const added = appRow(page, 'e2e-driver');
  await expect(added).toContainText('移动应用');
  await expect(added).toContainText('司机端');
  expect(await listPane(page).textContent()).not.toContain(firstSecret);
});

test('the form never shows the secret; regenerating shows a new one once', async ({ page }) => {
  await signInAdmin(page, host);
  await openList(page);
  await appRow(page, 'e2e-driver').getByTestId('app-row-edit').click();
  const form = formPane(page);
  await expect(form.getByTestId('field-appName')).toHaveValue('司机端');
  await expect(form.getByTestId('field-ignoreCodeTimes')).toHaveValue('2');
  expect(await form.textContent()).not.toContain(firstSecret);
  expect(await form.locator('input').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).not.toContain(firstSecret);

  await form.getByTestId('app-regenerate-secret').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('e2e-driver');
  await page.getByTestId('confirm-dialog-ok').click();
  const second = await takeSecret(page);
  expect(second).not.toBe(firstSecret);
  await form.getByTestId('app-back').click();
  await expect(formPane(page)).toHaveCount(0);
});

test('a code count saved for the console client is what the next sign-in obeys', async ({ page }) => {
  host.server.services.captchaText = () => CAPTCHA;
  await signInAdmin(page, host);
  await openList(page);
  await editConsoleClient(page, { ignoreCodeTimes: '3' });

  await signOut(page);
  await fillSignIn(page, 'admin', 'Wrong_pass_1');
  await expect(page.getByTestId('login-error')).toBeVisible();
  // Three failures are allowed without a captcha now.
  await expect(page.getByTestId('captcha-image')).toHaveCount(0);
  await fillSignIn(page, 'admin', ADMIN_PASSWORD);
  await enterIdentity(page);

  await openList(page);
  await editConsoleClient(page, { ignoreCodeTimes: '0' });
  await signOut(page);
  await fillSignIn(page, 'admin', 'Wrong_pass_2');
  await expect(page.getByTestId('login-error')).toBeVisible();
  // None now: the first failure brings the captcha.
  await expect(page.getByTestId('captcha-image')).toBeVisible();
  await page.getByTestId('field-password').fill(ADMIN_PASSWORD);
  await page.getByTestId('field-captcha').fill(CAPTCHA);
  await page.getByTestId('login-submit').click();
  await enterIdentity(page);
});

test('deletes an application after a question that names it', async ({ page }) => {
  await signInAdmin(page, host);
  await openList(page);
  await appRow(page, 'e2e-driver').getByTestId('app-row-delete').click();
  const question = page.getByTestId('confirm-dialog');
  await expect(question).toContainText('司机端');
  await expect(question).toContainText('e2e-driver');
  await page.getByTestId('confirm-dialog-ok').click();
  await expect(toast(page, 'success', '删除成功')).toBeVisible();
  await expect(appRow(page, 'e2e-driver')).toHaveCount(0);
});
