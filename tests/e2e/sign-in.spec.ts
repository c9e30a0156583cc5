import { expect, test, type Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { revokeUserSessions } from '../../src/server/auth/revoke';
import { hashToken } from '../../src/server/auth/tokens';
import { accessToken, refreshToken, user } from '../../src/server/db/schema';
import { insertUserWithRole, roleIdOf } from '../../src/server/testing/actors';
import { BROWSER_HOST_BRIDGE_PATH } from '../../src/shared/bridge';
import { ADMIN_PASSWORD, bridgeCall, enterIdentity, fillSignIn, hostForSpecFile, openAt, signInAdminFirstTime, startHostWithServer } from './host';

/** Sign-in (spec 000 §4, §5, §8) against a server in this process, so a test can change what the server holds. */
test.describe.configure({ mode: 'serial' });

const host = hostForSpecFile(startHostWithServer);

async function addUser(username: string, password: string): Promise<number> {
  return insertUserWithRole(host.server.services, username, password, await roleIdOf(host.server, '系统管理员'));
}

async function setStatus(userId: number, status: 0 | 1): Promise<void> {
  await host.server.services.db.update(user).set({ status }).where(eq(user.userId, userId));
  host.server.services.sessions.forgetUser(userId);
}

test('first sign-in forces the password change, then the new password opens Home', async ({ page }) => {
  expect(await signInAdminFirstTime(page, host)).toBe(true);
  await enterIdentity(page);
  await expect(page).toHaveURL(/#\/Home$/);
  await expect(page.getByTestId('greeting')).toBeVisible();
});

test('the form checks its rules before anything is sent', async ({ page }) => {
  await openAt(page, host, '/login');
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('请输入用户名')).toBeVisible();
  await page.getByTestId('field-username').fill('admin');
  await page.getByTestId('field-password').fill('abc');
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('密码不能少于5位')).toBeVisible();
});

test('a wrong password is refused, and the next attempt needs the image captcha', async ({ page }) => {
  await openAt(page, host, '/login');
  await fillSignIn(page, 'admin', 'Wrong_pass_1');
  await expect(page.getByTestId('login-error')).toBeVisible();
  await expect(page.getByTestId('captcha-image')).toBeVisible();
  await expect(page.getByTestId('captcha-image').locator('img')).toHaveAttribute('src', /^data:image\//);

  await page.getByTestId('field-password').fill(ADMIN_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('请输入图片验证码')).toBeVisible();
  await expect(page.getByTestId('home-shell')).toHaveCount(0);

  await page.getByTestId('field-captcha').fill('zzzz');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-error')).toBeVisible();
  await expect(page.getByTestId('home-shell')).toHaveCount(0);
});

test('a disabled user is told the account is frozen', async ({ page }) => {
  const userId = await addUser('frozen1', 'Frozen_2026');
  await setStatus(userId, 0);
  await openAt(page, host, '/login');
  await fillSignIn(page, 'frozen1', 'Frozen_2026');
  await expect(page.getByTestId('login-error')).toContainText('该用户已被冻结');
});

test('a user disabled while signed in is told so and returned to sign-in', async ({ page }) => {
  const userId = await addUser('frozen2', 'Frozen_2026');
  await openAt(page, host, '/login');
  await fillSignIn(page, 'frozen2', 'Frozen_2026');
  await enterIdentity(page);
  await setStatus(userId, 0);
  await revokeUserSessions(host.server.services, userId);
  await page.getByTestId('side-menu').getByRole('button').first().click();
  await expect(page.getByTestId('toast-warning')).toContainText('该用户已被冻结');
  await expect(page).toHaveURL(/#\/login$/);
});

test('an expired session says so and returns to sign-in after 2 s', async ({ page }) => {
  const userId = await addUser('expiring', 'Expiring_2026');
  await openAt(page, host, '/login');
  await fillSignIn(page, 'expiring', 'Expiring_2026');
  await enterIdentity(page);
  await revokeUserSessions(host.server.services, userId);
  await page.getByTestId('side-menu').getByRole('button').first().click();
  await expect(page.getByTestId('toast-warning')).toContainText('登录超时，请重新登录');
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByTestId('login-card')).toBeVisible();
});

/** Every string the page can reach: storage, cookies, globals, and each bridge answer it received. */
async function pageVisibleText(page: Page, bridgeAnswers: string[]): Promise<string> {
  const inPage = await page.evaluate(async () => {
    const storage = (s: Storage) => Array.from({ length: s.length }, (_, i) => `${s.key(i)}=${s.getItem(s.key(i) ?? '')}`).join('\n');
    const globals = Object.getOwnPropertyNames(window)
      .map((name) => {
        try {
          const value: unknown = (window as unknown as Record<string, unknown>)[name];
          return typeof value === 'string' ? value : '';
        } catch {
          return '';
        }
      })
      .join('\n');
    const databases = 'databases' in indexedDB ? (await indexedDB.databases()).map((db) => db.name).join('\n') : '';
    return [storage(localStorage), storage(sessionStorage), document.cookie, globals, databases, document.documentElement.outerHTML].join('\n');
  });
  return [inPage, ...bridgeAnswers].join('\n');
}

test('no token reaches the renderer: not in storage, globals, the page or any bridge answer', async ({ page }) => {
  const bridgeAnswers: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith(BROWSER_HOST_BRIDGE_PATH))
      void response.text().then(
        (text) => bridgeAnswers.push(text),
        () => undefined,
      );
  });
  await addUser('watcher', 'Watcher_2026');
  await openAt(page, host, '/login');
  await fillSignIn(page, 'watcher', 'Watcher_2026');
  await enterIdentity(page);
  await page.getByTestId('side-menu').getByRole('button').first().click();
  for (const method of ['session.state', 'settings.get', 'platform'] as const) bridgeAnswers.push(await bridgeCall(page, method));
  expect(bridgeAnswers.length).toBeGreaterThan(5);

  const visible = await pageVisibleText(page, bridgeAnswers);
  const candidates = new Set(visible.match(/[A-Za-z0-9_-]{20,}/g) ?? []);
  const db = host.server.services.db;
  const stored = new Set([...(await db.select({ hash: accessToken.tokenHash }).from(accessToken)), ...(await db.select({ hash: refreshToken.tokenHash }).from(refreshToken))].map((row) => row.hash));
  expect(stored.size).toBeGreaterThan(0);
  const leaked = [...candidates].filter((candidate) => stored.has(hashToken(candidate)));
  expect(leaked).toEqual([]);
  expect(visible.toLowerCase()).not.toContain('accesstoken');
  expect(visible.toLowerCase()).not.toContain('refreshtoken');
});
