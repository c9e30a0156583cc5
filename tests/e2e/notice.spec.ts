import { expect, test, type Locator, type Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { NoticeAudience } from '../../src/areas/notice/contract';
import { Route } from '../../src/shared/routes';
import { role, user } from '../../src/server/db/schema';
import { notice } from '../../src/server/db/tables';
import { insertUserWithRole } from '../../src/server/testing/actors';
import { enterIdentity, fillSignIn, hostForSpecFile, openConsole, signInAdmin, startHost, startHostWithServer, tabPane, toast, type Host } from './host';

/**
 * Notices as an administrator publishes them and as their audience sees them: published to a role through the
 * dialog, they reach a holder of the role (signed in at a second workstation on the same server) in the ticker
 * and the bell; opening one marks it read and the unread count drops; a user outside the audience never sees
 * it; an expired window and a withdrawal take a notice away. The tests build on each other, in order.
 */
test.describe.configure({ mode: 'serial' });

/** The administrator's workstation with the server in the test's process, and a second workstation on that server. */
const host = hostForSpecFile(async () => {
  const main = await startHostWithServer();
  const second = await startHost({ CONSOLE_SERVER_URL: main.server.url });
  return {
    ...main,
    second,
    async close() {
      await second.close();
      await main.close();
    },
  };
});

const PASSWORD = 'Notice_2026a';
const READER = 'noticereader';
const OUTSIDER = 'noticeoutsider';
const TITLE = 'E2E 运营通知';
const BODY = '周五中午起上海转运中心暂停收件。';
const EXPIRED = 'E2E 已过期通知';
/** The seed publishes two notices to everyone. */
const SEEDED = 2;

test.beforeAll(async () => {
  const { services } = host.server;
  const roleId = async (name: string) => (await services.db.select({ roleId: role.roleId }).from(role).where(eq(role.roleName, name)))[0]!.roleId;
  await insertUserWithRole(services, READER, PASSWORD, await roleId('运营专员'));
  await insertUserWithRole(services, OUTSIDER, PASSWORD, await roleId('审计员'));
});

const listPane = (page: Page) => tabPane(page, Route.sendNotice);
const dialog = (page: Page) => page.getByTestId('notice-dialog');
const rowOf = (page: Page, title: string) => listPane(page).getByTestId('list-row').filter({ hasText: title });

async function openList(page: Page): Promise<void> {
  await page.getByTestId('top-menu').getByRole('button', { name: '消息中心' }).click();
  await page.getByTestId('side-menu').getByRole('button', { name: '通知发送' }).click();
  await expect(listPane(page).getByTestId('list-row').first()).toBeVisible();
}

async function pick(page: Page, control: Locator, name: string): Promise<void> {
  await expect(control).toBeEnabled();
  await control.click();
  await page.getByRole('option', { name, exact: true }).click();
}

/** Signs a user in at the second workstation and enters the console. */
async function signInElsewhere(page: Page, username: string): Promise<void> {
  await openConsole(page, host.second as Host);
  await fillSignIn(page, username, PASSWORD);
  await enterIdentity(page);
}

async function openBell(page: Page): Promise<Locator> {
  await page.getByTestId('notice-bell').click();
  const inbox = page.getByTestId('notice-inbox');
  await expect(inbox).toBeVisible();
  return inbox;
}

test('publishes a notice to a role, after the dialog names what is missing', async ({ page }) => {
  await signInAdmin(page, host);
  await openList(page);
  await expect(listPane(page).getByTestId('list-row').filter({ hasText: '全部用户' })).toHaveCount(SEEDED);

  await listPane(page).getByTestId('notice-publish').click();
  await dialog(page).getByTestId('notice-send').click();
  await expect(dialog(page)).toContainText('请输入标题');
  await expect(dialog(page)).toContainText('请输入内容');
  await expect(dialog(page)).toContainText('请选择通知对象');

  await dialog(page).getByTestId('notice-title').fill(TITLE);
  await dialog(page).getByTestId('notice-content').fill(BODY);
  await dialog(page).getByRole('radio', { name: '角色' }).check();
  await dialog(page).getByTestId('notice-send').click();
  await expect(dialog(page)).toContainText('请选择接收通知的角色');
  await pick(page, dialog(page).getByTestId('notice-role-org'), '华东分公司');
  await pick(page, dialog(page).getByTestId('notice-role'), '运营专员');
  await dialog(page).getByTestId('notice-send').click();
  await expect(toast(page, 'success', '通知已发布')).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);

  const row = rowOf(page, TITLE);
  await expect(row).toContainText('角色：运营专员');
  await expect(row).toContainText('生效中');
  await expect(row).toContainText('系统管理员');
  await expect(row).toContainText('0 / 1');
  const logged = await host.server.services.db.select().from(notice).where(eq(notice.title, TITLE));
  expect(logged[0]).toMatchObject({ audienceType: NoticeAudience.Role, content: BODY });
});

test('reaches a holder of the role in the ticker and the bell; opening it marks it read', async ({ page }) => {
  await signInElsewhere(page, READER);
  await expect(page.getByTestId('notice-unread')).toHaveText(String(SEEDED + 1));
  // One notice at a time, the next every 3 s: the new one comes round.
  await expect(page.getByTestId('notice-ticker')).toContainText(TITLE, { timeout: 15_000 });

  const inbox = await openBell(page);
  const entry = inbox.getByRole('button').filter({ hasText: TITLE });
  await expect(entry).toHaveAttribute('data-read', 'false');
  await entry.click();
  const reader = page.getByTestId('notice-reader');
  await expect(reader.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(reader.getByTestId('notice-body')).toHaveText(BODY);
  await expect(page.getByTestId('notice-unread')).toHaveText(String(SEEDED));
  await reader.getByTestId('notice-reader-close').click();
  await expect(reader).toHaveCount(0);
});

test('never shows the notice to a user outside its audience', async ({ page }) => {
  await signInElsewhere(page, OUTSIDER);
  await expect(page.getByTestId('notice-unread')).toHaveText(String(SEEDED));
  const inbox = await openBell(page);
  await expect(inbox.getByRole('button')).toHaveCount(SEEDED);
  await expect(inbox).not.toContainText(TITLE);
});

test('counts the reading, hides an expired notice, and withdraws one after a question', async ({ page, browser }) => {
  const { db } = host.server.services;
  const admin = (await db.select({ userId: user.userId }).from(user).where(eq(user.username, 'admin')))[0]!;
  const hour = 60 * 60 * 1000;
  await db.insert(notice).values({ title: EXPIRED, content: 'over', startTime: new Date(Date.now() - 2 * hour), endTime: new Date(Date.now() - hour), createBy: admin.userId });

  await signInAdmin(page, host);
  await openList(page);
  await expect(rowOf(page, TITLE)).toContainText('1 / 1');
  await expect(rowOf(page, EXPIRED)).toContainText('已过期');
  await expect(rowOf(page, EXPIRED).getByRole('button', { name: /^撤回/ })).toHaveCount(0);

  const reader = await browser.newPage();
  await signInElsewhere(reader, READER);
  const before = await openBell(reader);
  await expect(before).toContainText(TITLE);
  await expect(before).not.toContainText(EXPIRED);
  await reader.keyboard.press('Escape');

  await rowOf(page, TITLE)
    .getByRole('button', { name: `撤回 ${TITLE}` })
    .click();
  await expect(page.getByTestId('confirm-dialog')).toContainText(TITLE);
  await page.getByTestId('confirm-dialog-ok').click();
  await expect(toast(page, 'success', '已撤回')).toBeVisible();
  await expect(rowOf(page, TITLE)).toContainText('已撤回');

  // The reader's shell asks again when its window regains focus (and every 30 s): the notice is gone.
  await reader.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
  const after = await openBell(reader);
  await expect(after).not.toContainText(TITLE);
  await reader.close();
});
