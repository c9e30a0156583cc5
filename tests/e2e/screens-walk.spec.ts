import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Locale, ThemeChoice } from '../../src/shared/constants';
import { FEATURE_ROUTES } from '../../src/renderer/app/feature-routes';
import { NEW_RECORD_ID, Route } from '../../src/shared/routes';
import { wcagViolations } from './axe-check';
import { helpShotsOf, isHelpLocale, takeHelpShot, UPDATING_HELP_SHOTS } from './help-shots';
import { hostForSpecFile, openAt, openConsole, signInAdmin, signOut, startHost, tabPane } from './host';
import { checkHeader, checkLayout, formatFindings } from './layout-check';
import { wordsCheck, type WordsCheck } from './words-check';

/**
 * Every screen walked once per language and theme on demo data at 1440×900 (issues 13, 47 and 51), each checked as
 * it shows:
 * - WCAG 2.2 A/AA with axe-core, every screen (forms in add mode), Home and the sign-in page;
 * - the layout of the menu screens: cells that overflow without an ellipsis or wrap past two lines, overlapping
 *   boxes, rows taller than three times the median, buttons clipped at the edge, the pager out of view, native date
 *   inputs;
 * - the shell's header (on Home, in each language): no two of its parts lying over each other;
 * - in zh_CN and de_DE, no English phrase of the console's own text and no raw i18n key on the menu screens.
 * Contrast depends on the theme and the other checks hardly do, so each language is walked in one theme: zh_CN
 * light, de_DE dark, en_US high contrast; one sign-in each and no restart. Screenshots of every screen in zh_CN light
 * and de_DE dark are kept with the test's results for a person to look at.
 *
 * The walk also takes the help's screenshot of each screen its section shows (help-shots.ts), in the help's three
 * languages, light: zh_CN's as it goes; de_DE and en_US switch to light after their walk and open those screens
 * again (about 30 of them, without the checks), so that every screen is still checked in every theme. A shot that
 * drifted from the one the help embeds fails the walk.
 */

test.describe.configure({ mode: 'serial' });

const host = hostForSpecFile(() => startHost({}, ['--demo']));

/** Each route with its parameters filled as a user opens it: a form in add mode. */
const SCREENS = FEATURE_ROUTES.map((route) => ({ path: route.path.replace(/:[A-Za-z]+/g, NEW_RECORD_ID), fromMenu: route.permissionsOf === undefined }));

interface Walk {
  locale: Locale;
  theme: ThemeChoice;
  words: boolean;
  screenshots: boolean;
}

const WALKS: readonly Walk[] = [
  { locale: 'zh_CN', theme: 'light', words: true, screenshots: true },
  { locale: 'de_DE', theme: 'dark', words: true, screenshots: true },
  { locale: 'en_US', theme: 'highContrast', words: false, screenshots: false },
];

async function chooseTheme(page: Page, theme: ThemeChoice): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-theme').click();
  await page.getByTestId(`theme-${theme}`).click();
  await expect(page.locator('.fui-FluentProvider[data-theme]').first()).toHaveAttribute('data-theme', theme);
}

/** Opens a screen in its tab and waits until its data is shown and nothing moves. */
async function openScreen(page: Page, path: string) {
  await openAt(page, host, path);
  const pane = path === Route.home ? page.getByTestId('home-page') : tabPane(page, path);
  await expect(pane).toBeVisible();
  await expect(pane.locator('.fui-Spinner')).toHaveCount(0);
  await expect(pane.getByRole('progressbar')).toHaveCount(0);
  await settle(page);
  return pane;
}

/** Closes the screen's tab, the only one open: Home is on view before the next screen's address is set. */
async function closeScreen(page: Page, pane: Locator): Promise<void> {
  await page.keyboard.press('Alt+W');
  await expect(pane).toHaveCount(0);
  await expect(page.getByTestId('home-page')).toBeVisible();
}

async function chooseLanguage(page: Page, locale: Locale): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-language').click();
  await page.getByTestId(`language-${locale}`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', locale.replace('_', '-'));
  await expect(page.getByTestId('home-shell')).toBeVisible();
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

test('the sign-in page before anyone signs in meets WCAG 2.2 AA and logs no error', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') logged.push(message.text());
  });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openConsole(page, host);
  await expect(page.getByTestId('login-card')).toBeVisible();
  await settle(page);
  expect(await wcagViolations(page, '/login')).toEqual([]);
  expect(logged).toEqual([]);
});

for (const walk of WALKS) {
  test(`every screen in ${walk.locale} ${walk.theme}: WCAG 2.2 AA, laid out without overflow or clipping${walk.words ? ', in its own words' : ''}`, async ({ page }, testInfo) => {
    // A walk of every screen takes some minutes on a busy 2-core machine (about 10 under a load of 20), and a walk that
    // is not light opens the help's screens again after it.
    test.setTimeout(900_000);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const words: WordsCheck | null = walk.words && walk.locale !== 'en_US' ? await wordsCheck(walk.locale as 'zh_CN' | 'de_DE') : null;
    if (words) expect(words.phraseCount).toBeGreaterThan(100);
    const started = Date.now();
    await signInAdmin(page, host);
    if (walk.locale !== 'zh_CN') await chooseLanguage(page, walk.locale);
    if (walk.theme !== 'light') await chooseTheme(page, walk.theme);
    const label = `${walk.locale} ${walk.theme}`;
    const shots = helpShotsOf(walk.locale);
    const shotsReport: string[] = [];
    const shotFindings: string[] = [];
    const helpShot = async (path: string, area: Locator) => {
      const shot = shots.find((candidate) => candidate.route === path);
      if (!shot || !isHelpLocale(walk.locale)) return;
      const { report, findings } = await takeHelpShot(page, area, walk.locale, shot, testInfo);
      shotsReport.push(report);
      shotFindings.push(...findings);
    };

    const home = await openScreen(page, Route.home);
    // Each screen's findings are reported as the walk goes (a soft expectation), so one screen's never hides another's.
    expect.soft(await wcagViolations(page, `${label} /Home`)).toEqual([]);
    // The header is the same over every screen: its menu, ticker and buttons in this language, with notices showing.
    expect.soft(formatFindings('header', await checkHeader(page, '[data-testid="home-shell"] > header')), `the header in ${label}`).toEqual([]);
    if (walk.theme === 'light') await helpShot(Route.home, home);
    const report: string[] = [];
    for (const { path, fromMenu } of SCREENS) {
      const pane = await openScreen(page, path);
      const paneSelector = `[data-testid="tab-pane"][data-path="${path}"]`;
      // The shell's header and this screen's pane; the screen's tab is closed after, so the page stays small.
      expect.soft(await wcagViolations(page, `${label} ${path}`, ['[data-testid="home-shell"] > header', paneSelector])).toEqual([]);
      if (fromMenu) {
        const layout = formatFindings(path, await checkLayout(page, paneSelector));
        report.push(layout.length === 0 ? `${path}: ok` : layout.join('\n'));
        expect.soft(layout, `layout of ${path} in ${label}`).toEqual([]);
        if (words) expect.soft(await words.findings(path, pane), `words of ${path} in ${label}`).toEqual([]);
      }
      if (walk.screenshots) await page.screenshot({ path: testInfo.outputPath(`${walk.locale}-${walk.theme}${path.replaceAll('/', '-')}.png`) });
      if (walk.theme === 'light') await helpShot(path, pane);
      await closeScreen(page, pane);
    }
    report.push(`${SCREENS.length} screens in ${Math.round((Date.now() - started) / 1000)} s`);
    await testInfo.attach(`layout-${walk.locale}-${walk.theme}.txt`, { body: report.join('\n'), contentType: 'text/plain' });

    if (shots.length > 0 && walk.theme !== 'light') {
      const shotsStarted = Date.now();
      await chooseTheme(page, 'light');
      for (const shot of shots) {
        const area = await openScreen(page, shot.route);
        await helpShot(shot.route, area);
        if (shot.route !== Route.home) await closeScreen(page, area);
      }
      await chooseTheme(page, walk.theme);
      shotsReport.push(`${shots.length} screens opened again in light in ${Math.round((Date.now() - shotsStarted) / 1000)} s`);
    }
    if (shots.length > 0) {
      await testInfo.attach(`help-shots-${walk.locale}.txt`, { body: shotsReport.join('\n'), contentType: 'text/plain' });
      expect(
        shotsReport.filter((line) => line.startsWith('/')),
        'a shot of every screen the help shows',
      ).toHaveLength(shots.length);
      expect.soft(shotFindings, `the help's shots in ${walk.locale}${UPDATING_HELP_SHOTS ? '' : ' (fresh ones in help-shots/ of the test results)'}`).toEqual([]);
    }

    // The sign-in page in the language and theme just walked.
    await signOut(page);
    await expect(page.getByTestId('login-card')).toBeVisible();
    // The sign-out dialog has gone: while it closes, Fluent keeps the page under it aria-hidden.
    await expect(page.locator('#root')).not.toHaveAttribute('aria-hidden', 'true');
    await settle(page);
    expect.soft(await wcagViolations(page, `${label} /login`)).toEqual([]);
  });
}
