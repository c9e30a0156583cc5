import { expect, test, type Page } from '@playwright/test';
import { FEATURE_ROUTES } from '../../src/renderer/app/feature-routes';
import { Route } from '../../src/shared/routes';
import { hostForSpecFile, openAt, signInAdmin, startHost, tabPane } from './host';
import { checkLayout, formatFindings, type LayoutFinding } from './layout-check';

/**
 * The layout of every menu screen on demo data at 1440×900 (issue 51): tables sized to their content, nothing
 * overprinted, no button cut off, the pager in view. zh_CN and en_US in the light theme, de_DE in the dark one;
 * each walk signs in once and opens the screens one after the other. A screenshot of each screen is kept with the
 * test's results (zh_CN light and de_DE dark), for a person to look at.
 */

test.describe.configure({ mode: 'serial' });

const host = hostForSpecFile(() => startHost({}, ['--demo']));

/** The screens the menu opens: every route but the forms, which open from their lists. */
const MENU_SCREENS = FEATURE_ROUTES.filter((route) => route.permissionsOf === undefined).map((route) => route.path);

/**
 * The screens whose filters still hold native date inputs, which issue 47 replaces: reported, not failed. A screen
 * named here without one fails, so the list shrinks as they go.
 */
const NATIVE_DATE_INPUTS_OF_ISSUE_47: readonly string[] = [Route.behaviorDiary, Route.interFace, Route.userStatistics];

interface Walk {
  locale: 'zh_CN' | 'en_US' | 'de_DE';
  theme: 'light' | 'dark';
  screenshots: boolean;
}

const WALKS: readonly Walk[] = [
  { locale: 'zh_CN', theme: 'light', screenshots: true },
  { locale: 'en_US', theme: 'light', screenshots: false },
  { locale: 'de_DE', theme: 'dark', screenshots: true },
];

async function chooseLanguage(page: Page, locale: string): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-language').click();
  await page.getByTestId(`language-${locale}`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', locale.replace('_', '-'));
}

async function chooseDarkTheme(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-theme').click();
  await page.getByTestId('theme-dark').click();
  await expect(page.locator('.fui-FluentProvider[data-theme]').first()).toHaveAttribute('data-theme', 'dark');
}

for (const walk of WALKS) {
  test(`every menu screen is laid out without overflow, overlap or clipping in ${walk.locale} ${walk.theme}`, async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const started = Date.now();
    await signInAdmin(page, host);
    if (walk.locale !== 'zh_CN') await chooseLanguage(page, walk.locale);
    if (walk.theme === 'dark') await chooseDarkTheme(page);
    const failures: string[] = [];
    const report: string[] = [];
    for (const path of MENU_SCREENS) {
      await openAt(page, host, path);
      const pane = tabPane(page, path);
      await expect(pane).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(pane.locator('.fui-Spinner')).toHaveCount(0);
      await page.mouse.move(0, 0);
      const findings: LayoutFinding[] = await checkLayout(page, `[data-testid="tab-pane"][data-path="${path}"]`);
      const pending = NATIVE_DATE_INPUTS_OF_ISSUE_47.includes(path);
      const failing = findings.filter((finding) => !(pending && finding.kind === 'native-date-input'));
      if (pending && failing.length === findings.length) failures.push(`${path}: no native date input left: take it off NATIVE_DATE_INPUTS_OF_ISSUE_47`);
      failures.push(...formatFindings(path, failing));
      report.push(findings.length === 0 ? `${path}: ok` : formatFindings(path, findings).join('\n'));
      if (walk.screenshots) await page.screenshot({ path: testInfo.outputPath(`${walk.locale}-${walk.theme}${path.replaceAll('/', '-')}.png`) });
      await page.keyboard.press('Alt+W');
      await expect(pane).toHaveCount(0);
      await expect(page.getByTestId('home-page')).toBeVisible();
    }
    report.push(`${MENU_SCREENS.length} screens in ${Math.round((Date.now() - started) / 1000)} s`);
    await testInfo.attach(`layout-${walk.locale}-${walk.theme}.txt`, { body: report.join('\n'), contentType: 'text/plain' });
    console.log(`layout ${walk.locale} ${walk.theme}\n${report.join('\n')}`);
    expect(failures).toEqual([]);
  });
}
