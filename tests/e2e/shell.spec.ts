import { expect, test, type Page } from '@playwright/test';
import { LOCALES, type Locale } from '../../src/shared/constants';
import { MENU_CATALOG } from '../../src/shared/menu-catalog';
import { Route } from '../../src/shared/routes';
import { enterIdentity, hostForSpecFile, openAt, signInAdmin, startHost } from './host';

/** The Home shell (spec 000 §4, §8): identity, tabs, language, sign-out and the 404s. */
test.describe.configure({ mode: 'serial' });

const host = hostForSpecFile(startHost);

const backOffice = MENU_CATALOG[0]!;
const logistics = MENU_CATALOG.find((system) => system.appFlag.includes('single'))!;
const systemPages = backOffice.groups[0]!.pages;
const pageName = (index: number, locale: Locale = 'zh_CN') => systemPages[index]!.name[locale];

const sideMenu = (page: Page) => page.getByTestId('side-menu');
const tabs = (page: Page) => page.getByTestId('tab');
const activeTab = (page: Page) => page.getByTestId('tab-bar').getByRole('tab', { selected: true });

async function openFromSideMenu(page: Page, name: string): Promise<void> {
  await sideMenu(page).getByRole('button', { name, exact: true }).click();
}

test('the identity dialog lists both systems and their roles; a single-flag system opens its own menus', async ({ page }) => {
  await signInAdmin(page, host);
  await enterIdentity(page, logistics.name.zh_CN);
  await expect(page.getByTestId('top-menu')).toContainText(logistics.groups[0]!.name.zh_CN);
  await expect(page.getByTestId('top-menu')).not.toContainText(backOffice.groups[0]!.name.zh_CN);

  await enterIdentity(page, backOffice.name.zh_CN);
  await expect(page.getByTestId('top-menu')).toContainText(backOffice.groups[0]!.name.zh_CN);
});

test('tabs open once, close to a neighbour, and close others or all', async ({ page }) => {
  await signInAdmin(page, host);
  await openFromSideMenu(page, pageName(0));
  await openFromSideMenu(page, pageName(1));
  await openFromSideMenu(page, pageName(2));
  await expect(tabs(page)).toHaveCount(3);
  await expect(activeTab(page)).toHaveText(pageName(2));

  await openFromSideMenu(page, pageName(0));
  await expect(tabs(page)).toHaveCount(3);
  await expect(activeTab(page)).toHaveText(pageName(0));

  // Closing the active first tab activates its next neighbour; closing the active last one, the previous.
  await tabs(page)
    .filter({ hasText: pageName(0) })
    .getByTestId('tab-close')
    .click();
  await expect(tabs(page)).toHaveCount(2);
  await expect(activeTab(page)).toHaveText(pageName(1));
  await page
    .getByTestId('tab-bar')
    .getByRole('tab', { name: pageName(2) })
    .click();
  await tabs(page)
    .filter({ hasText: pageName(2) })
    .getByTestId('tab-close')
    .click();
  await expect(activeTab(page)).toHaveText(pageName(1));

  await openFromSideMenu(page, pageName(3));
  await openFromSideMenu(page, pageName(4));
  await page.getByTestId('tab-actions').click();
  await page.getByTestId('tabs-close-others').click();
  await expect(tabs(page)).toHaveCount(1);
  await expect(activeTab(page)).toHaveText(pageName(4));

  await openFromSideMenu(page, pageName(5));
  await page.getByTestId('tab-actions').click();
  await page.getByTestId('tabs-close-all').click();
  await expect(tabs(page)).toHaveCount(0);
  await expect(page.getByTestId('empty-view')).toBeVisible();

  await openFromSideMenu(page, pageName(1));
  await tabs(page).getByTestId('tab-close').click();
  await expect(tabs(page)).toHaveCount(0);
  await expect(page.getByTestId('empty-view')).toBeVisible();
});

test('switching the language closes the tabs and shows the menu in each locale', async ({ page }) => {
  await signInAdmin(page, host);
  let currentLocale: Locale = 'zh_CN';
  for (const locale of [...LOCALES.filter((l) => l !== 'zh_CN'), 'zh_CN' as const]) {
    await openFromSideMenu(page, pageName(1, currentLocale));
    await expect(tabs(page)).toHaveCount(1);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-language').click();
    await page.getByTestId(`language-${locale}`).click();
    await expect(page.locator('html')).toHaveAttribute('lang', locale.replace('_', '-'));
    await expect(tabs(page)).toHaveCount(0);
    await expect(sideMenu(page).getByRole('button', { name: pageName(1, locale), exact: true })).toBeVisible();
    currentLocale = locale;
  }
});
test('unknown routes show the 404 page, and /in-404 shows it in a tab', async ({ page }) => {
  await signInAdmin(page, host);
  await openAt(page, host, '/no-such-screen');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await openAt(page, host, Route.inNotFound);
  await expect(page.getByTestId('home-shell')).toBeVisible();
  await expect(page.getByTestId('not-found')).toBeVisible();
});

test('signing out asks first, then returns to the sign-in page and ends the session', async ({ page }) => {
  await signInAdmin(page, host);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-sign-out').click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: '取消' }).click();
  await expect(page.getByTestId('home-shell')).toBeVisible();

  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-sign-out').click();
  await page.getByTestId('confirm-dialog-ok').click();
  await expect(page.getByTestId('login-card')).toBeVisible();
  await openAt(page, host, Route.home);
  await expect(page.getByTestId('login-card')).toBeVisible();
});
