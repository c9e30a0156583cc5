import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FEATURE_ROUTES } from '../src/renderer/app/feature-routes';
import { helpDestination } from '../src/shared/help-sections';
import { MENU_CATALOG } from '../src/shared/menu-catalog';
import { Route } from '../src/shared/routes';
import { HELP_LOCALES, helpDir, helpSource, jpegSize, renderHelpPdf } from './build-help';
import { helpShotFile, helpShots, helpShotsDir } from './build-help-shots';
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

  it.each(HELP_LOCALES)('%s has the shot of every screen its sections show, and no other', (locale) => {
    const shots = helpShots(helpSource(locale));
    expect(shots.map((shot) => shot.route)).toContain(Route.home);
    expect(shots.map((shot) => shot.route)).toContain('/user');
    expect(readdirSync(helpShotsDir(locale)).sort()).toEqual(shots.map((shot) => shot.file).sort());
  });

  it.each(HELP_LOCALES)('%s PDF embeds one shot per screen section', async (locale) => {
    const pdf = readFileSync(`${helpDir}console-help.${locale}.pdf`).toString('latin1');
    expect(pdf.match(/\/Subtype \/Image/g)).toHaveLength(helpShots(helpSource(locale)).length);
  });
});

describe('the shots of the help', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'help-shots-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const source = ['# Guide', '', 'Intro.', '', '## 1. Part', '', '### 1.1 Users {#/user #/userManage/:userId}', '', 'The users.', '', '### 1.2 No screen', '', 'Text.'].join('\n');
  const shot = `${helpShotsDir('en_US')}${helpShotFile('/user')}`;

  it("names a section's shot after the first route it marks", () => {
    expect(helpShots(source)).toEqual([{ route: '/user', heading: '1.1 Users', file: 'screen-user.jpg' }]);
  });

  it("shows a section's shot in it, with a caption", async () => {
    const shotsDir = `${work}/with/`;
    mkdirSync(shotsDir, { recursive: true });
    copyFileSync(shot, shotsDir + helpShotFile('/user'));
    const pdf = await renderHelpPdf('en_US', { source, shotsDir });
    expect(pdf.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(1);
    // The image is the shot itself, not re-encoded.
    expect(pdf.includes(readFileSync(shot))).toBe(true);
    writeFileSync(`${work}/guide.pdf`, pdf);
    const text = execFileSync('pdftotext', ['-layout', `${work}/guide.pdf`, '-'], { encoding: 'utf8' });
    expect(text).toMatch(/1\.1 Users\s+Screenshot: 1\.1 Users\s+The users\./);
  }, 60_000);

  it('refuses to build a section without its shot, naming it and how to take it', () => {
    const shotsDir = `${work}/without/`;
    expect(() => renderHelpPdf('de_DE', { source, shotsDir })).toThrow(`the de_DE help has no screenshot for /user (${shotsDir}screen-user.jpg): take them with \`npm run help:shots\``);
  });

  it('refuses a shot that is not a JPEG', () => {
    expect(() => jpegSize(Buffer.from('\x89PNG\r\n'), '/user')).toThrow('the screenshot of /user is not a JPEG');
    expect(jpegSize(readFileSync(shot), '/user').width).toBeGreaterThan(800);
  });
});
