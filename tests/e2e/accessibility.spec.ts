import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { Locale, ThemeChoice } from '../../src/shared/constants';
import { FEATURE_ROUTES } from '../../src/renderer/app/feature-routes';
import { NEW_RECORD_ID } from '../../src/shared/routes';
import { hostForSpecFile, openAt, openConsole, signInAdmin, signOut, startHost, tabPane } from './host';

/**
 * Every screen meets WCAG 2.2 A/AA (issues 13 and 51): axe-core with every rule of those levels, run on the sign-in
 * page, Home and each screen of the spec (forms in add mode) as the administrator sees it, after it has loaded, in
 * zh_CN and en_US. Contrast depends on the theme and the other rules hardly do, so each theme is walked once: zh_CN
 * in the light and dark themes, en_US in high contrast; one sign-in per language and no restart.
 */

test.describe.configure({ mode: 'serial' });

const host = hostForSpecFile(startHost);

/** axe-core's tags of the WCAG 2.2 A/AA success criteria (2.0, 2.1 and 2.2's own). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** Lighthouse's audit runs this rule too: a visible label must be part of the accessible name (WCAG 2.5.3). */
const EXPERIMENTAL_RULES = ['label-content-name-mismatch'];

/** Each route with its parameters filled as a user opens it: a form in add mode. */
const SCREENS = FEATURE_ROUTES.map((route) => route.path.replace(/:[A-Za-z]+/g, NEW_RECORD_ID));

async function chooseTheme(page: Page, theme: ThemeChoice): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-theme').click();
  await page.getByTestId(`theme-${theme}`).click();
  await expect(page.locator('.fui-FluentProvider[data-theme]').first()).toHaveAttribute('data-theme', theme);
}

async function chooseLanguage(page: Page, locale: Locale): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-language').click();
  await page.getByTestId(`language-${locale}`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', locale.replace('_', '-'));
}

/** Waits until nothing moves: a colour in mid-transition (a toast fading in) is no colour anyone reads. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  // Off every row and button: a hovered row's colours are checked by their own state, not as the screen's.
  await page.mouse.move(0, 0);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Fluent's focus manager (Tabster) puts a pair of focus guards around a focus trap or an arrow-key group: an `<i>`
 * that is focusable and aria-hidden on purpose, moving the focus on at once so that a screen reader never announces
 * it. axe-core's aria-hidden-focus cannot tell; Accessibility Insights leaves these out the same way
 * (microsoft/accessibility-insights-web#7605). Any other aria-hidden focusable element is still reported.
 */
const tabsterGuard = (rule: string, html: string) => rule === 'aria-hidden-focus' && /^<i [^>]*data-tabster-dummy=""/.test(html);

/** The violations axe-core finds in `selectors` (the whole page when none), one line per element. */
async function violations(page: Page, where: string, selectors: string[] = []): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).options({ rules: Object.fromEntries(EXPERIMENTAL_RULES.map((rule) => [rule, { enabled: true }])) });
  for (const selector of selectors) builder = builder.include(selector);
  const result = await builder.analyze();
  return result.violations.flatMap((violation) =>
    violation.nodes
      .filter((node) => !tabsterGuard(violation.id, node.html))
      .map((node) => `${where}: ${violation.id}: ${node.html.slice(0, 160)}: ${[...node.any, ...node.all, ...node.none].map((check) => check.message).join('; ')}`),
  );
}

/** Every screen of the shell in the current language and theme: Home whole, then each screen's pane with the header. */
async function walkScreens(page: Page, label: string): Promise<void> {
  await openAt(page, host, '/Home');
  await expect(page.getByTestId('home-page')).toBeVisible();
  await settle(page);
  // Each screen's findings are reported as the walk goes (a soft expectation), so one screen's never hides another's.
  expect.soft(await violations(page, `${label} /Home`)).toEqual([]);
  for (const path of SCREENS) {
    await openAt(page, host, path);
    await expect(tabPane(page, path)).toBeVisible();
    await expect(tabPane(page, path).locator('.fui-Spinner')).toHaveCount(0);
    await settle(page);
    // The shell's header and this screen's pane; the screen's tab is closed after, so the page stays small.
    expect.soft(await violations(page, `${label} ${path}`, ['[data-testid="home-shell"] > header', `[data-testid="tab-pane"][data-path="${path}"]`])).toEqual([]);
    await page.keyboard.press('Alt+W');
    await expect(tabPane(page, path)).toHaveCount(0);
    // The only tab closed: Home is on view before the next screen's address is set.
    await expect(page.getByTestId('home-page')).toBeVisible();
  }
}

test('the sign-in page before anyone signs in meets WCAG 2.2 AA and logs no error', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') logged.push(message.text());
  });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openConsole(page, host);
  await expect(page.getByTestId('login-card')).toBeVisible();
  await settle(page);
  expect(await violations(page, '/login')).toEqual([]);
  expect(logged).toEqual([]);
});

const WALKS: { locale: Locale; themes: ThemeChoice[] }[] = [
  { locale: 'zh_CN', themes: ['light', 'dark'] },
  { locale: 'en_US', themes: ['highContrast'] },
];

for (const { locale, themes } of WALKS) {
  test(`every screen meets WCAG 2.2 AA in ${locale} (${themes.join(', ')})`, async ({ page }) => {
    // A walk of every screen in one theme takes some minutes on a busy 2-core machine.
    test.setTimeout(themes.length * 480_000);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signInAdmin(page, host);
    if (locale !== 'zh_CN') await chooseLanguage(page, locale);
    for (const theme of themes) {
      await chooseTheme(page, theme);
      await walkScreens(page, `${locale} ${theme}`);
    }
    // The sign-in page in the language and theme just walked.
    await signOut(page);
    await settle(page);
    expect(await violations(page, `${locale} ${themes.at(-1)} /login`)).toEqual([]);
  });
}
