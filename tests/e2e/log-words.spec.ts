import { expect, test, type Locator, type Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { Route } from '../../src/shared/routes';
import { dept } from '../../src/server/db/schema';
import { apiData, hostForSpecFile, openAt, signInAdmin, startHostWithServer, tabPane } from './host';
import { wordsCheck, type CheckedLocale } from './words-check';

/**
 * The two logs read in zh_CN and in de_DE (issue 47): the entries the server itself wrote (a sign-in, a role added
 * and changed), their rows, the change-details dialog, the interface calls' rows and the titles of their request and
 * response dialogs show no English phrase of the console's text and no raw key. What a call sent and answered is its
 * own text, not the console's, and is left out.
 */
test.describe.configure({ mode: 'serial' });

const host = hostForSpecFile(() => startHostWithServer());

async function chooseLanguage(page: Page, locale: CheckedLocale): Promise<void> {
  if (locale === 'zh_CN') return;
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-language').click();
  await page.getByTestId(`language-${locale}`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', locale.replace('_', '-'));
}

async function openLog(page: Page, route: string, table: string): Promise<Locator> {
  await openAt(page, host, route);
  const pane = tabPane(page, route);
  await expect(pane.getByTestId(table)).toBeVisible();
  await expect(pane.getByTestId('list-row').first()).toBeVisible();
  return pane;
}

for (const locale of ['zh_CN', 'de_DE'] as const) {
  test(`the logs read in ${locale}: rows, change details and the call dialogs in its own words`, async ({ page }) => {
    const words = await wordsCheck(locale);
    await signInAdmin(page, host);
    await chooseLanguage(page, locale);
    const deptId = (await host.server.services.db.select({ deptId: dept.deptId }).from(dept).where(eq(dept.name, '华东分公司')))[0]!.deptId;
    const roleName = `Prüfrolle ${locale}`;
    const { roleId } = await apiData(page, 'role.add', { roleName, deptId });
    const { version } = await apiData(page, 'role.info', { roleId });
    await apiData(page, 'role.update', { roleId, version, roleName: `${roleName} 2`, deptId, remark: 'geprüft' });

    const operations = await openLog(page, Route.behaviorDiary, 'operation-table');
    expect(await words.findings(Route.behaviorDiary, operations)).toEqual([]);
    await operations.getByTestId('list-row').first().getByTestId('operation-show-changes').click();
    const changes = page.getByTestId('operation-changes');
    await expect(changes.getByTestId('operation-change').first()).toBeVisible();
    await expect(changes).not.toContainText('roleName');
    expect(await words.findings(`${Route.behaviorDiary} change details`, changes)).toEqual([]);
    await changes.getByTestId('operation-changes-close').click();

    const calls = await openLog(page, Route.interFace, 'interface-table');
    expect(await words.findings(Route.interFace, calls)).toEqual([]);
    for (const kind of ['request', 'response'] as const) {
      await calls.getByTestId('list-row').first().getByTestId(`interface-look-${kind}`).click();
      const payload = page.getByTestId('interface-payload');
      await expect(payload.getByTestId('interface-payload-text')).toBeVisible();
      // The dialog's own words: its title, labels and buttons, without the call's request or response.
      const own = await payload.evaluate((element) => {
        const copy = element.cloneNode(true) as HTMLElement;
        copy.querySelector('[data-testid="interface-payload-text"]')?.remove();
        return copy.textContent ?? '';
      });
      expect(own.length).toBeGreaterThan(0);
      expect(words.textFindings(`${Route.interFace} ${kind}`, own)).toEqual([]);
      await payload.getByTestId('interface-payload-close').click();
    }
  });
}
