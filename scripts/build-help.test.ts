import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FEATURE_ROUTES } from '../src/renderer/app/feature-routes';
import { MENU_CATALOG } from '../src/shared/menu-catalog';
import { HELP_LOCALES, helpDir, helpSource, renderHelpPdf } from './build-help';
import { parseHelpMarkdown } from './help-markdown';

/** The screens a user can open today: a catalogue page whose route has a screen. */
function builtScreens() {
  const built = new Set(FEATURE_ROUTES.filter((route) => route.load).map((route) => route.path as string));
  return MENU_CATALOG.flatMap((system) => system.groups.flatMap((group) => group.pages)).filter((page) => built.has(page.url));
}

describe('the bundled help', () => {
  it.each(HELP_LOCALES)('%s has a section for every screen that is built, named as the menu names it', (locale) => {
    const headings = parseHelpMarkdown(helpSource(locale)).flatMap((block) => (block.kind === 'heading' && block.level === 3 ? [block.text] : []));
    const missing = builtScreens()
      .map((page) => page.name[locale])
      .filter((name) => !headings.some((heading) => heading.includes(name)));
    expect(missing, `add a "### …" section for each to resources/help/src/console-help.${locale}.md`).toEqual([]);
  });

  it.each(HELP_LOCALES)(
    '%s PDF is the one its source renders to (run `npm run build:help` after editing the source)',
    async (locale) => {
      const committed = readFileSync(`${helpDir}console-help.${locale}.pdf`);
      expect((await renderHelpPdf(locale)).equals(committed)).toBe(true);
    },
    60_000,
  );
});
