import { expect, test, type Locator, type Page } from '@playwright/test';
import { Route } from '../../src/shared/routes';
import { apiData, hostForSpecFile, signInAdmin, startHost, tabPane, toast } from './host';

/** Saved views, the column chooser and view links on the user list (issue 13). */
test.describe.configure({ mode: 'serial' });

const host = hostForSpecFile(startHost);

const VIEW_NAME = '视图测试';
const USER = { username: 'e2e_views', name: 'E2E 视图用户', password: 'Views_Pass1' };

async function openUserList(page: Page): Promise<Locator> {
  await page.getByTestId('side-menu').getByRole('button', { name: '用户管理', exact: true }).click();
  const list = tabPane(page, Route.user).getByTestId('user-list');
  await expect(list.getByTestId('list-row').first()).toBeVisible();
  return list;
}

const header = (list: Locator, key: string) => list.locator(`th[data-column="${key}"]`);

test('a saved default view survives a reload, and its link opens the same view in another tab', async ({ page }) => {
  await signInAdmin(page, host);
  const orgs = await apiData(page, 'user.deptList', {});
  await apiData(page, 'user.add', { ...USER, deptId: orgs[0]!.deptId });

  let list = await openUserList(page);
  await list.getByTestId('filter-name').fill('视图用户');
  await list.getByTestId('filter-search').click();
  await expect(list.getByTestId('list-row')).toHaveCount(1);
  await expect(list.getByTestId('list-row')).toContainText(USER.username);

  // Hide the mobile column with the chooser.
  await expect(header(list, 'phone')).toHaveCount(1);
  await list.getByTestId('columns-button').click();
  const chooser = page.getByTestId('column-chooser');
  await chooser.getByTestId('column-visible-phone').click();
  await page.keyboard.press('Escape');
  await expect(chooser).toBeHidden();
  await expect(header(list, 'phone')).toHaveCount(0);

  // Widen the login name column by dragging its header's edge.
  const loginName = header(list, 'username');
  const before = (await loginName.boundingBox())!.width;
  const handle = loginName.getByTestId('column-resize');
  // At its automatic width, the column's handle says the width shown.
  await expect.poll(async () => Math.abs(Number(await handle.getAttribute('aria-valuenow')) - before)).toBeLessThanOrEqual(2);
  const edge = (await handle.boundingBox())!;
  await page.mouse.move(edge.x + edge.width / 2, edge.y + edge.height / 2);
  await page.mouse.down();
  await page.mouse.move(edge.x + edge.width / 2 + 40, edge.y + edge.height / 2, { steps: 4 });
  await page.mouse.move(edge.x + edge.width / 2 + 80, edge.y + edge.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect.poll(async () => Math.round((await loginName.boundingBox())!.width - before)).toBeGreaterThanOrEqual(70);
  expect(Math.abs(Number(await handle.getAttribute('aria-valuenow')) - (before + 80))).toBeLessThanOrEqual(2);

  // Save the view, then make it the screen's default.
  await list.getByTestId('views-menu').click();
  await page.getByTestId('save-view').click();
  const dialog = page.getByTestId('save-view-dialog');
  await dialog.getByTestId('view-name').fill(VIEW_NAME);
  await dialog.getByTestId('save-view-ok').click();
  await expect(dialog).toBeHidden();
  await expect(list.getByTestId('current-view')).toHaveText(`当前视图：${VIEW_NAME}`);
  await list.getByTestId('views-menu').click();
  await page.getByTestId('set-default-view').click();
  await expect(toast(page, 'success', VIEW_NAME).last()).toBeVisible();

  // A reload opens the list with the default view: its filter, and without the hidden column.
  await page.reload();
  await expect(page.getByTestId('home-shell')).toBeVisible();
  if ((await tabPane(page, Route.user).count()) === 0) await openUserList(page);
  list = tabPane(page, Route.user).getByTestId('user-list');
  await expect(list.getByTestId('filter-name')).toHaveValue('视图用户');
  await expect(list.getByTestId('list-row')).toHaveCount(1);
  await expect(list.getByTestId('current-view')).toHaveText(`当前视图：${VIEW_NAME}`);
  await expect(header(list, 'username')).toHaveCount(1);
  await expect(header(list, 'phone')).toHaveCount(0);

  // A changed filter marks the view changed; its link carries what is on view.
  await list.getByTestId('filter-name').fill('E2E 视图');
  await list.getByTestId('filter-search').click();
  await expect(list.getByTestId('current-view')).toContainText('•');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: host.origin });
  await list.getByTestId('views-menu').click();
  await page.getByTestId('copy-view-link').click();
  await expect(toast(page, 'success', '链接已复制').last()).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link.startsWith(`${host.origin}/`)).toBe(true);
  expect(link).toContain('#/user?view=');

  // Pasted into the command palette, the link opens the view in a tab of its own.
  await page.getByTestId('open-palette').click();
  await page.getByTestId('command-palette-input').fill(link);
  await page.getByTestId('command-palette-link').click();
  const linkedPath = link.slice(link.indexOf('#') + 1);
  const linked = tabPane(page, linkedPath).getByTestId('user-list');
  await expect(linked).toBeVisible();
  await expect(page.getByTestId('tab')).toHaveCount(2);
  await expect(linked.getByTestId('filter-name')).toHaveValue('E2E 视图');
  await expect(linked.getByTestId('list-row')).toHaveCount(1);
  await expect(header(linked, 'phone')).toHaveCount(0);
  // A link opens its own view, not the screen's default.
  await expect(linked.getByTestId('current-view')).toHaveCount(0);
});
