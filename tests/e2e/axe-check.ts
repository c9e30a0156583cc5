import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** axe-core's tags of the WCAG 2.2 A/AA success criteria (2.0, 2.1 and 2.2's own). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** Lighthouse's audit runs this rule too: a visible label must be part of the accessible name (WCAG 2.5.3). */
const EXPERIMENTAL_RULES = ['label-content-name-mismatch'];

/**
 * Fluent's focus manager (Tabster) puts a pair of focus guards around a focus trap or an arrow-key group: an `<i>`
 * that is focusable and aria-hidden on purpose, moving the focus on at once so that a screen reader never announces
 * it. axe-core's aria-hidden-focus cannot tell; Accessibility Insights leaves these out the same way
 * (microsoft/accessibility-insights-web#7605). Any other aria-hidden focusable element is still reported.
 */
const tabsterGuard = (rule: string, html: string) => rule === 'aria-hidden-focus' && /^<i [^>]*data-tabster-dummy=""/.test(html);

/**
 * Fluent's combobox draws its open button inside the field, beside the text box, which axe-core counts as a second
 * target overlapping it by a pixel or two in a narrow field (German labels). The button is 24 px in the console's
 * pickers, and the text box beside it opens the same list, so the field as a whole is the target a person aims at.
 * Any other target too small or obscured is still reported.
 */
const comboboxOpenButton = (rule: string, html: string) => rule === 'target-size' && /^<span [^>]*class="fui-Combobox__expandIcon/.test(html);

/** The WCAG 2.2 A/AA violations axe-core finds in `selectors` (the whole page when none), one line per element. */
export async function wcagViolations(page: Page, where: string, selectors: string[] = []): Promise<string[]> {
  // One options object: AxeBuilder's options() replaces what withTags() set, and the run would take every rule.
  let builder = new AxeBuilder({ page }).options({
    runOnly: { type: 'tag', values: WCAG_TAGS },
    rules: Object.fromEntries(EXPERIMENTAL_RULES.map((rule) => [rule, { enabled: true }])),
  });
  for (const selector of selectors) builder = builder.include(selector);
  const result = await builder.analyze();
  return result.violations.flatMap((violation) =>
    violation.nodes
      .filter((node) => !tabsterGuard(violation.id, node.html) && !comboboxOpenButton(violation.id, node.html))
      .map((node) => `${where}: ${violation.id}: ${node.html.slice(0, 160)}: ${[...node.any, ...node.all, ...node.none].map((check) => check.message).join('; ')}`),
  );
}
