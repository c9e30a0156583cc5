import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { THEMES, type ThemeChoice } from '../../src/shared/constants';
import { FEATURE_ROUTES } from '../../src/renderer/app/feature-routes';
import { NEW_RECORD_ID } from '../../src/shared/routes';
import { hostForSpecFile, openAt, signInAdmin, startHost, tabPane } from './host';

/**
 * Every screen in every theme meets WCAG AA contrast (issue 13): axe-core's color-contrast rule, run on each
 * screen of the spec (forms in add mode) as the administrator sees it, after the screen has loaded.
 */

test.describe.configure({ mode: 'serial' });

const host = hostForSpecFile(startHost);

/** Each route with its parameters filled as a user opens it: a form in add mode. */
const SCREENS = FEATURE_ROUTES.map((route) => route.path.replace(/:[A-Za-z]+/g, NEW_RECORD_ID));

async function chooseTheme(page: Page, theme: ThemeChoice): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-theme').click();
  await page.getByTestId(`theme-${theme}`).click();
  await expect(page.locator('.fui-FluentProvider[data-theme]').first()).toHaveAttribute('data-theme', theme);
}

for (const theme of THEMES.filter((choice) => choice !== 'system')) {
  test(`every screen meets WCAG AA contrast in the ${theme} theme`, async ({ page }) => {
    test.setTimeout(240_000);
    // A colour in mid-transition (a toast fading in) is no colour anyone reads: motion is reduced, and each check
    // waits for what still moves.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signInAdmin(page, host);
    await chooseTheme(page, theme);
    const failures: string[] = [];
    for (const path of SCREENS) {
      await openAt(page, host, path);
      await expect(tabPane(page, path)).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(tabPane(page, path).locator('.fui-Spinner')).toHaveCount(0);
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
      // The shell's header and this screen's pane; the screen's tab is closed after, so the page stays small.
      const result = await new AxeBuilder({ page }).withRules(['color-contrast']).include('[data-testid="home-shell"] > header').include(`[data-testid="tab-pane"][data-path="${path}"]`).analyze();
      for (const violation of result.violations) for (const node of violation.nodes) failures.push(`${path}: ${node.html.slice(0, 160)}: ${node.any.map((check) => check.message).join('; ')}`);
      await page.keyboard.press('Alt+W');
      await expect(tabPane(page, path)).toHaveCount(0);
      // The only tab closed: Home is on view before the next screen's address is set.
      await expect(page.getByTestId('home-page')).toBeVisible();
    }
    expect(failures).toEqual([]);
  });
}
