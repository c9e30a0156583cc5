import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { MENU_CATALOG } from '../../src/shared/menu-catalog';
import { de_DE } from '../../src/renderer/i18n/locales/de_DE';
import { en_US } from '../../src/renderer/i18n/locales/en_US';
import { zh_CN } from '../../src/renderer/i18n/locales/zh_CN';
import type { FeatureText } from '../../src/renderer/i18n/feature-text';
import { hostForSpecFile, openAt, signInAdmin, startHost, tabPane } from './host';

/**
 * Every list screen read in zh_CN and de_DE (issue 47): no English phrase of the console's own text, no raw
 * i18n key, and no browser-native date input on any screen.
 */
test.describe.configure({ mode: 'serial' });

const host = hostForSpecFile(startHost);

type Messages = Record<string, string>;

async function areaTexts(): Promise<FeatureText[]> {
  const areas = path.join(import.meta.dirname, '../../src/areas');
  const texts: FeatureText[] = [];
  for (const area of readdirSync(areas)) {
    const module = (await import(path.join(areas, area, 'screens/text.ts'))) as Record<string, unknown>;
    for (const value of Object.values(module)) if (value && typeof value === 'object' && 'zh_CN' in value) texts.push(value as FeatureText);
  }
  return texts;
}

async function catalog(locale: 'zh_CN' | 'en_US' | 'de_DE', kit: Messages): Promise<Messages> {
  return Object.assign({}, kit, ...(await areaTexts()).map((text) => text[locale])) as Messages;
}

/** The English phrases (two words or more, placeholders cut out) whose words the shown language has its own for. */
function englishPhrases(english: Messages, shown: Messages): string[] {
  const phrases = new Set<string>();
  for (const [key, text] of Object.entries(english)) {
    if (shown[key] === text || key.startsWith('route.')) continue;
    for (const part of text.split(/\{\{[^}]+\}\}|[:;,.?!()“”"'…]/)) {
      const phrase = part.trim();
      if (/^[A-Za-z][a-z]+( [A-Za-z-]+)+$/.test(phrase) && phrase.length >= 8) phrases.add(phrase);
    }
  }
  return [...phrases];
}

/**
 * The log lists whose rows show stored texts and interface names: their translation is issue 47's other part
 * (stored texts, interface names, change details); this walk reads those screens' own words around the rows.
 */
const ROWS_TRANSLATED_ELSEWHERE = new Set(['/interFace', '/behaviorDiary']);

/** The list screens of the navigation, each by its route. */
const LIST_ROUTES = [...new Set(MENU_CATALOG.flatMap((system) => system.groups.flatMap((group) => group.pages.map((page) => page.url))))];

async function chooseLanguage(page: Page, locale: string): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-language').click();
  await page.getByTestId(`language-${locale}`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', locale.replace('_', '-'));
  await expect(page.getByTestId('home-shell')).toBeVisible();
}

async function readScreen(page: Page, route: string): Promise<string> {
  await openAt(page, host, route);
  const pane = tabPane(page, route);
  await expect(pane).toBeVisible();
  // A screen has loaded when its table, tree, tabs or empty state shows and nothing is still loading.
  const loaded = ['table', 'tree', 'treegrid', 'grid', 'tablist', 'region', 'textbox'] as const;
  await expect(
    loaded
      .map((role) => pane.getByRole(role))
      .reduce((either, next) => either.or(next), pane.getByTestId('empty-state'))
      .first(),
  ).toBeVisible();
  await expect(pane.getByRole('progressbar')).toHaveCount(0);
  await expect(pane.locator('input[type="date"], input[type="datetime-local"], input[type="month"], input[type="time"], input[type="week"]')).toHaveCount(0);
  if (!ROWS_TRANSLATED_ELSEWHERE.has(route)) return pane.innerText();
  return pane.evaluate((element) => {
    const copy = element.cloneNode(true) as HTMLElement;
    for (const row of copy.querySelectorAll('[data-testid="list-row"]')) row.remove();
    return [...copy.querySelectorAll('*')].map((node) => (node.childElementCount === 0 ? node.textContent : '')).join('\n');
  });
}

for (const locale of ['zh_CN', 'de_DE'] as const) {
  test(`every list reads in ${locale}: no English phrase, no raw key, no native date input`, async ({ page }) => {
    test.setTimeout(240_000);
    const english = await catalog('en_US', en_US);
    const shown = await catalog(locale, locale === 'zh_CN' ? zh_CN : de_DE);
    const phrases = englishPhrases(english, shown);
    expect(phrases.length).toBeGreaterThan(100);
    const keys = Object.keys(shown).flatMap((key) => [key, key.replace(/_(one|other)$/, '')]);

    await signInAdmin(page, host);
    if (locale !== 'zh_CN') await chooseLanguage(page, locale);
    const found: string[] = [];
    for (const route of LIST_ROUTES) {
      const text = await readScreen(page, route);
      for (const phrase of phrases) if (text.includes(phrase)) found.push(`${route}: English "${phrase}"`);
      for (const key of keys) if (new RegExp(`(^|[^\\w.])${key.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}($|[^\\w.])`).test(text)) found.push(`${route}: raw key ${key}`);
    }
    if (locale !== 'zh_CN') await chooseLanguage(page, 'zh_CN');
    expect(found).toEqual([]);
  });
}
