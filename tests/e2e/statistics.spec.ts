import { expect, test, type Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { API_PREFIX } from '../../src/shared/constants';
import { api } from '../../src/shared/contract';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, DEFAULT_TRANSPORT_SECRET } from '../../src/shared/defaults';
import { Route } from '../../src/shared/routes';
import { encryptTransport } from '../../src/shared/transport-crypto';
import { loginRecord, user } from '../../src/server/db/schema';
import { countDemoSignIns, demoSignIn } from '../../src/server/seed/demo-sign-ins';
import { insertUserWithRole, roleIdOf } from '../../src/server/testing/actors';
import { BROWSER_HOST_BRIDGE_PATH } from '../../src/shared/bridge';
import { hostForSpecFile, signInAdmin, startHostWithServer, tabPane, toast } from './host';

/**
 * Visit statistics as an administrator reads them: sign-ins of the last 60 days from several provinces
 * (the --demo data) drawn on the map, the day and the month charts, each tab asking the server only once
 * it is selected; the login records; another user's session ended on the screen, after which that user's
 * next call is refused. In order.
 */
test.describe.configure({ mode: 'serial' });

const host = hostForSpecFile(() => startHostWithServer());
const VISITOR_PASSWORD = 'Visitor_pw_2026';

const pane = (page: Page) => tabPane(page, Route.userStatistics);

/** The endpoint ids of the bridge calls the page makes, in order. */
function watchCalls(page: Page): string[] {
  const ids: string[] = [];
  page.on('request', (request) => {
    if (!request.url().includes(`${BROWSER_HOST_BRIDGE_PATH}/api.call`)) return;
    const body = request.postDataJSON() as { args?: unknown[] } | null;
    const id = body?.args?.[0];
    if (typeof id === 'string') ids.push(id);
  });
  return ids;
}

async function openScreen(page: Page): Promise<void> {
  await page.getByTestId('top-menu').getByRole('button', { name: '日志统计' }).click();
  await page.getByTestId('side-menu').getByRole('button', { name: '访问统计' }).click();
  await expect(pane(page).getByTestId('statistics-screen')).toBeVisible();
}

/** Signs in through the server's token endpoint, as another workstation would: the access token. */
async function signInThroughApi(username: string, password: string): Promise<string> {
  const form = new URLSearchParams({
    grant_type: 'password',
    client_id: DEFAULT_CLIENT_ID,
    client_secret: DEFAULT_CLIENT_SECRET,
    username,
    password: await encryptTransport(password, DEFAULT_TRANSPORT_SECRET),
  });
  const response = await fetch(`${host.server.url}${API_PREFIX}${api.auth.token.path}`, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  const body = (await response.json()) as { code: string; data: { accessToken: string } };
  expect(body.code).toBe('00000');
  return body.data.accessToken;
}

/** The envelope code of a call with `token` (the visitor's next action). */
async function codeOfCallWith(token: string): Promise<string> {
  const response = await fetch(`${host.server.url}${API_PREFIX}${api.session.roleSelect.path}`, {
    method: 'POST',
    body: '{}',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { code: string }).code;
}

test('draws the seeded sign-ins, loading each tab only when it is selected', async ({ page }) => {
  const db = host.server.services.db;
  const admin = (await db.select({ userId: user.userId }).from(user).where(eq(user.username, 'admin')))[0]!;
  const now = Date.now();
  await db.insert(loginRecord).values(Array.from({ length: 300 }, (_, n) => ({ userId: admin.userId, username: 'admin', clientId: DEFAULT_CLIENT_ID, ...demoSignIn(n, now) })));
  await countDemoSignIns(db);

  const calls = watchCalls(page);
  await signInAdmin(page, host);
  await openScreen(page);

  await expect(pane(page).getByTestId('stats-totalTimes')).toContainText(/\d{3}/);
  await expect(pane(page).getByTestId('stats-map-canvas')).toBeVisible();
  await expect(pane(page).getByTestId('stats-map-top').getByRole('listitem').first()).toBeVisible();
  expect(calls).toContain('statistics.accessMap');
  expect(calls).not.toContain('statistics.day');
  expect(calls).not.toContain('statistics.month');
  expect(calls).not.toContain('statistics.accessLog');
  expect(calls).not.toContain('statistics.sessions');

  await pane(page).getByTestId('stats-tab-day').click();
  await expect(pane(page).getByTestId('stats-day-canvas')).toBeVisible();
  expect(calls).toContain('statistics.day');
  expect(calls).not.toContain('statistics.month');
  await pane(page).getByTestId('stats-day-date').fill('2999-01-01');
  await pane(page).getByTestId('stats-day-date').blur();
  await expect(pane(page).getByTestId('stats-day-date')).toHaveValue(/^20\d{2}-\d{2}-\d{2}$/);
  await expect(pane(page).getByTestId('stats-day-date')).not.toHaveValue('2999-01-01');

  await pane(page).getByTestId('stats-tab-month').click();
  await expect(pane(page).getByTestId('stats-month-canvas')).toBeVisible();
  expect(calls).toContain('statistics.month');
  await expect(pane(page).getByTestId('stats-chart-total')).not.toHaveText(/^合计 0 次$/);
  expect(calls).not.toContain('statistics.accessLog');

  await pane(page).getByTestId('stats-tab-records').click();
  await expect(pane(page).getByTestId('stats-records-table').getByTestId('list-row').first()).toContainText('admin');
  expect(calls).toContain('statistics.accessLog');
});

test('ends another user’s session: their next call is refused', async ({ page }) => {
  const services = host.server.services;
  await insertUserWithRole(services, 'e2e_visitor', VISITOR_PASSWORD, await roleIdOf(host.server, '运营专员'));
  const visitorToken = await signInThroughApi('e2e_visitor', VISITOR_PASSWORD);
  expect(await codeOfCallWith(visitorToken)).toBe('00000');

  await signInAdmin(page, host);
  await openScreen(page);
  await pane(page).getByTestId('stats-tab-sessions').click();
  const table = pane(page).getByTestId('stats-sessions-table');
  await expect(table.getByTestId('stats-current-session')).toHaveCount(1);

  // The administrator's own session cannot be ended from here.
  await table
    .getByTestId('list-row')
    .filter({ has: page.getByTestId('stats-current-session') })
    .click();
  await pane(page).getByTestId('stats-end-session').click();
  await expect(toast(page, 'warning', '不能结束自己当前的会话')).toBeVisible();

  const visitorRow = table.getByTestId('list-row').filter({ hasText: 'e2e_visitor' });
  await expect(visitorRow).toHaveCount(1);
  await visitorRow.click();
  await pane(page).getByTestId('stats-end-session').click();
  await page.getByTestId('confirm-dialog-ok').click();
  await expect(toast(page, 'success', '会话已结束')).toBeVisible();
  await expect(table.getByTestId('list-row').filter({ hasText: 'e2e_visitor' })).toHaveCount(0);

  expect(await codeOfCallWith(visitorToken)).toBe('401');
});
