import { expect, test, type Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { Route } from '../../src/shared/routes';
import { VIRTUAL_OVERSCAN } from '../../src/renderer/components/list/virtual-rows';
import { hostForSpecFile, signInAdmin, startHostWithServer, tabPane } from './host';

/**
 * A tree table with 10,000 rows open (issue 16, big tables): a dictionary with 10,000 items, written straight
 * into the host's database, shown in the dictionary list. Only the rows in view and the overscan are in the
 * DOM while the table tells screen readers its full size; scrolling to the end shows the last item, and the
 * keyboard reaches rows that were not rendered. Row counts only, no timings.
 */
test.describe.configure({ mode: 'serial' });
// The host's server runs in this process and answers with all 10,000 items at once: more than the default time on a busy machine.
test.setTimeout(240_000);

const host = hostForSpecFile(startHostWithServer);

const ITEMS = 10_000;
const DICTIONARY = { dictNo: 'E2E_BIG', name: 'E2E大表字典' };
const itemName = (n: number) => `大表项${String(n).padStart(5, '0')}`;

const pane = (page: Page) => tabPane(page, Route.dictionary);
const tree = (page: Page) => pane(page).getByTestId('dictionary-tree');
const rows = (page: Page) => tree(page).getByTestId('tree-row');

/** The most rows the table may render: those its view holds, the overscan on each side, the focused row. */
async function mostRendered(page: Page): Promise<number> {
  const smallest = await rows(page).evaluateAll((found) => Math.min(...found.map((row) => row.getBoundingClientRect().height)));
  const view = await tree(page).evaluate((element) => element.clientHeight);
  return Math.ceil(view / smallest) + 2 * VIRTUAL_OVERSCAN + 1;
}

test.beforeAll(async () => {
  const db = host.server.services.db;
  await db.execute(sql`insert into sys_dictionary (dict_no, dict_name, dict_order) values (${DICTIONARY.dictNo}, ${DICTIONARY.name}, 1)`);
  await db.execute(sql`
    insert into sys_dictionary (parent_id, dict_no, dict_name, dict_order)
    select d.id, 'BIG_' || lpad(n::text, 5, '0'), '大表项' || lpad(n::text, 5, '0'), n
    from sys_dictionary d, generate_series(1, ${ITEMS}) as n
    where d.dict_no = ${DICTIONARY.dictNo} and d.parent_id is null`);
});

test('renders only the rows in view of a dictionary with 10,000 items, and the last item at the end', async ({ page }) => {
  await signInAdmin(page, host);
  await page.getByTestId('top-menu').getByRole('button', { name: '系统管理' }).click();
  await page.getByTestId('side-menu').getByRole('button', { name: '字典管理' }).click();
  await pane(page).getByTestId('filter-name').fill(DICTIONARY.name);
  await pane(page).getByTestId('filter-search').click();
  // 10,001 rows come back and are laid out: on a busy 2-core machine running two spec files at once, slow.
  await expect(rows(page).first()).toContainText(DICTIONARY.dictNo, { timeout: 60_000 });
  await expect(rows(page).filter({ hasText: itemName(1) })).toBeVisible();

  // The dictionary and its items are open: the table is as long as all of them, its DOM only as long as the view.
  const table = tree(page).getByRole('treegrid');
  await expect(table).toHaveAttribute('aria-rowcount', String(ITEMS + 2));
  const most = await mostRendered(page);
  expect(most).toBeLessThan(100);
  expect(await rows(page).count()).toBeLessThanOrEqual(most);
  const scroller = tree(page);
  // The list fills what the tab leaves it (issue 51: the pager stays in view), never more than the window.
  expect(await scroller.evaluate((element) => element.clientHeight)).toBeLessThanOrEqual(page.viewportSize()!.height);
  expect(await scroller.evaluate((element) => element.scrollHeight)).toBeGreaterThan(ITEMS * 20);

  await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  const last = rows(page).filter({ hasText: itemName(ITEMS) });
  await expect(last).toBeInViewport();
  await expect(last).toHaveAttribute('aria-rowindex', String(ITEMS + 2));
  expect(await rows(page).count()).toBeLessThanOrEqual(most);
  await expect(rows(page).filter({ hasText: DICTIONARY.dictNo })).toHaveCount(0);

  // From the last row the keyboard goes back to the first, which was not rendered, and the view follows it.
  await last.focus();
  await page.keyboard.press('Home');
  const first = rows(page).first();
  await expect(first).toBeFocused();
  await expect(first).toContainText(DICTIONARY.dictNo);
  await expect(first).toBeInViewport();
  await page.keyboard.press('ArrowDown');
  await expect(rows(page).filter({ hasText: itemName(1) })).toBeFocused();
  expect(await rows(page).count()).toBeLessThanOrEqual(most);
});
