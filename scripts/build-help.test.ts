import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FEATURE_ROUTES } from '../src/renderer/app/feature-routes';
import { helpDestination } from '../src/shared/help-sections';
import { MENU_CATALOG } from '../src/shared/menu-catalog';
import { Route } from '../src/shared/routes';
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

  it.each(HELP_LOCALES)('%s marks a section for the Home page and every screen route that is built, so the help dialog opens there', (locale) => {
    const marked = new Set(parseHelpMarkdown(helpSource(locale)).flatMap((block) => (block.kind === 'heading' ? block.routes : [])));
    const routes = [Route.home, ...FEATURE_ROUTES.filter((route) => route.load).map((route) => route.path as string)];
    expect(
      routes.filter((route) => !marked.has(route)),
      `add {#<route>} to its "### …" heading in console-help.${locale}.md`,
    ).toEqual([]);
    expect(
      [...marked].filter((route) => !routes.includes(route)),
      'a marked route that is no screen',
    ).toEqual([]);
  });

  it('names each section in the PDF after its route', async () => {
    const pdf = (await renderHelpPdf('en_US')).toString('latin1');
    expect(pdf).toContain(`(${helpDestination('/user')})`);
    expect(pdf).toContain(`(${helpDestination('/depManage/:deptId/:pardId')})`);
    expect(helpDestination('/depManage/:deptId/:pardId')).toBe('screen-depManage-deptId-pardId');
    expect(helpDestination('/Home')).toBe('screen-Home');
  }, 60_000);

  it.each(HELP_LOCALES)(
    '%s PDF is the one its source renders to (run `npm run build:help` after editing the source)',
    async (locale) => {
      const committed = readFileSync(`${helpDir}console-help.${locale}.pdf`);
      expect((await renderHelpPdf(locale)).equals(committed)).toBe(true);
    },
    60_000,
  );
});
