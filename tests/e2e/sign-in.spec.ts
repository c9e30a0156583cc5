import { LOOPBACK_PEERS_OUTBOUND } from '../../src/server/testing/outbound';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { revokeUserSessions } from '../../src/server/auth/revoke';
import { hashToken } from '../../src/server/auth/tokens';
import { accessToken, refreshToken, user } from '../../src/server/db/schema';
import { startServer, type RunningServer } from '../../src/server';
import { insertUserWithRole, roleIdOf } from '../../src/server/testing/actors';
import { startWeComPeer, type WeComPeer } from '../../src/server/testing/wecom-peer';
import { BROWSER_HOST_BRIDGE_PATH } from '../../src/shared/bridge';
import { DEFAULT_ADMIN_PASSWORD } from '../../src/shared/defaults';
import { Delay } from '../../src/shared/constants';
import { MENU_CATALOG } from '../../src/shared/menu-catalog';
import { TEMPLATE_DIR } from './global-setup';
import {
  ADMIN_PASSWORD,
  apiData,
  bridgeCall,
  enterIdentity,
  fillSignIn,
  hostForSpecFile,
  openAt,
  openConsole,
  signInAdminFirstTime,
  signInChangingPassword,
  startHost,
  startHostWithServer,
} from './host';

/** Sign-in (spec 000 §4, §5, §8) against a server in this process, so a test can change what the server holds. */
test.describe.configure({ mode: 'serial' });

/** The loopback enterprise messenger the server signs QR sign-ins in with. */
let messenger: WeComPeer;
const MESSENGER_ENV = ['CONSOLE_WXWORK_CORP_ID', 'CONSOLE_WXWORK_CORP_SECRET', 'CONSOLE_WXWORK_AGENT_ID'] as const;

const host = hostForSpecFile(async () => {
  messenger = await startWeComPeer();
  const values = [messenger.corpId, messenger.corpSecret, '1000002'];
  // The server reads its messenger account from the environment as it starts (its URL from its options); other spec files must not see them.
  MESSENGER_ENV.forEach((name, index) => (process.env[name] = values[index]));
  try {
    return await startHostWithServer({ providers: { messengerBaseUrl: messenger.baseUrl }, outbound: LOOPBACK_PEERS_OUTBOUND });
  } finally {
    for (const name of MESSENGER_ENV) delete process.env[name];
  }
});
test.afterAll(async () => {
  await messenger.close();
});

const backOffice = MENU_CATALOG[0]!;
const logistics = MENU_CATALOG.find((system) => system.appFlag.includes('single'))!;
const shellHeading = (page: Page) => page.getByTestId('home-shell').getByRole('heading', { level: 1 });

async function signOutFromShell(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-sign-out').click();
  await page.getByTestId('confirm-dialog-ok').click();
  await expect(page.getByTestId('login-card')).toBeVisible();
}

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

test('every sign-in asks for the system and role; a reload keeps the one chosen; the dialog can sign out', async ({ page }) => {
  await addUser('chooser', 'Chooser_2026');
  await openAt(page, host, '/login');
  await fillSignIn(page, 'chooser', 'Chooser_2026');
  await enterIdentity(page, logistics.name.zh_CN);
  await expect(shellHeading(page)).toHaveText(logistics.name.zh_CN);

  // A reload of the window restores the session's choice without asking.
  await page.reload();
  await expect(shellHeading(page)).toHaveText(logistics.name.zh_CN);
  await expect(page.getByTestId('identity-dialog')).toHaveCount(0);

  // The next sign-in asks again, though the same role would match.
  await signOutFromShell(page);
  await fillSignIn(page, 'chooser', 'Chooser_2026');
  const dialog = page.getByTestId('identity-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio', { name: new RegExp(backOffice.name.zh_CN) })).toBeVisible();
  await expect(dialog.getByRole('button', { name: '取消' })).toHaveCount(0);

  // Its way out: sign out, after the usual question.
  await dialog.getByTestId('identity-sign-out').click();
  await page.getByTestId('confirm-dialog-ok').click();
  await expect(page.getByTestId('login-card')).toBeVisible();
  await openAt(page, host, '/Home');
  await expect(page.getByTestId('login-card')).toBeVisible();
});

test('the QR tab binds an unknown messenger account by the next password sign-in, then signs it in directly', async ({ page }) => {
  await addUser('qr_user', 'QrUser_2026');
  // The return address names the browser host, whose port is known only once it runs.
  host.server.services.config.messenger.qrUrl = messenger.qrUrl(`${host.origin}/login`);
  const scanInQrTab = async (messengerUserId: string) => {
    await page.getByTestId('login-mode-toggle').click();
    await expect(page.frameLocator('[data-testid="qr-frame"]').getByText('QR code of the loopback messenger')).toBeVisible();
    messenger.scan(messengerUserId);
  };

  await openAt(page, host, '/login');
  await scanInQrTab('W-QR-USER');
  // The messenger sent the window back with a code; the page exchanged it and asks for the password to bind.
  await expect(page.getByTestId('bind-notice')).toBeVisible();
  await expect(page).not.toHaveURL(/code=/);
  await fillSignIn(page, 'qr_user', 'QrUser_2026');
  await enterIdentity(page);
  expect((await apiData(page, 'session.currentUser', {})).username).toBe('qr_user');
  await signOutFromShell(page);

  await scanInQrTab('W-QR-USER');
  await enterIdentity(page);
  await expect(page).toHaveURL(/#\/Home$/);
  expect((await apiData(page, 'session.currentUser', {})).username).toBe('qr_user');
});

test('an unreachable server shows one translated state with a retry, on the sign-in page and in the shell', async ({ browser }) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'console-e2e-down-'));
  cpSync(TEMPLATE_DIR, dataDir, { recursive: true });
  let server: RunningServer | null = await startServer({ port: 0, dataDir, quiet: true });
  const port = Number(new URL(server.url).port);
  const preset = await startHost({ CONSOLE_SERVER_URL: server.url });
  const page = await browser.newPage();
  const stop = async () => {
    await server?.close();
    server = null;
  };
  const banner = page.getByTestId('server-unreachable');
  const noRawError = async () => {
    await expect(page.getByTestId('toast-error')).toHaveCount(0);
    expect(await page.locator('body').innerText()).not.toMatch(/ECONNREFUSED|could not be reached|127\.0\.0\.1/);
  };
  try {
    await openConsole(page, preset);
    await stop();
    await fillSignIn(page, 'admin', DEFAULT_ADMIN_PASSWORD);
    await expect(banner).toHaveText(/无法连接服务器/);
    await expect(page.getByTestId('login-error')).toHaveCount(0);
    await noRawError();
    // Still down: retrying keeps the state.
    await banner.getByTestId('server-unreachable-retry').click();
    await expect(banner.getByTestId('server-unreachable-retry')).toBeEnabled();
    await expect(banner).toBeVisible();

    server = await startServer({ port, dataDir, quiet: true });
    await banner.getByTestId('server-unreachable-retry').click();
    await expect(banner).toHaveCount(0);
    await signInChangingPassword(page, 'admin', DEFAULT_ADMIN_PASSWORD, ADMIN_PASSWORD);
    await enterIdentity(page);

    await stop();
    await page.getByTestId('side-menu').getByRole('button').first().click();
    await expect(banner).toBeVisible();
    await noRawError();
    await banner.getByTestId('server-unreachable-retry').click();
    await expect(banner.getByTestId('server-unreachable-retry')).toBeEnabled();
    await expect(banner).toBeVisible();
    // Back: the shell's own poll of the role's grants is answered before anyone clicks, so the state goes by itself
    // and the pane that failed loads again (a click on the retry here would race that poll).
    server = await startServer({ port, dataDir, quiet: true });
    await expect(banner).toHaveCount(0, { timeout: Delay.grantPollMs * 3 });
    await expect(page.getByTestId('tab-pane').first().getByTestId('error-state')).toHaveCount(0);
  } finally {
    await page.close();
    await preset.close();
    await stop();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  }
});
