import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator } from '@playwright/test';
import { de_DE } from '../../src/renderer/i18n/locales/de_DE';
import { en_US } from '../../src/renderer/i18n/locales/en_US';
import { zh_CN } from '../../src/renderer/i18n/locales/zh_CN';
import type { FeatureText } from '../../src/renderer/i18n/feature-text';
import { Route } from '../../src/shared/routes';

/**
 * The words check of issue 47: a screen read in zh_CN or de_DE shows no English phrase of the console's own text
 * and no raw i18n key.
 */

type Messages = Record<string, string>;
export type CheckedLocale = 'zh_CN' | 'de_DE';

async function areaTexts(): Promise<FeatureText[]> {
  const areas = path.join(import.meta.dirname, '../../src/areas');
  const texts: FeatureText[] = [];
  for (const area of readdirSync(areas)) {
    const module = (await import(path.join(areas, area, 'screens/text.ts'))) as Record<string, unknown>;
    for (const value of Object.values(module)) if (value && typeof value === 'object' && 'zh_CN' in value) texts.push(value as FeatureText);
  }
  return texts;
}

async function catalog(locale: 'zh_CN' | 'en_US' | 'de_DE'): Promise<Messages> {
  const kit = { zh_CN, en_US, de_DE }[locale] as Messages;
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
 * The log whose rows show stored texts: the operation log's content is still written in English by the server
 * (issue 47's stored texts), so this check reads that screen's own words around the rows.
 */
const ROWS_TRANSLATED_ELSEWHERE = new Set<string>([Route.behaviorDiary]);

export interface WordsCheck {
  /** The English phrases and raw keys found in `pane`'s text, one line each. */
  findings(route: string, pane: Locator): Promise<string[]>;
  phraseCount: number;
}

export async function wordsCheck(locale: CheckedLocale): Promise<WordsCheck> {
  const shown = await catalog(locale);
  const phrases = englishPhrases(await catalog('en_US'), shown);
  const keys = Object.keys(shown).flatMap((key) => [key, key.replace(/_(one|other)$/, '')]);
  const keyPatterns = keys.map((key) => ({ key, pattern: new RegExp(`(^|[^\\w.])${key.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}($|[^\\w.])`) }));
  return {
    phraseCount: phrases.length,
    async findings(route, pane) {
      const text = ROWS_TRANSLATED_ELSEWHERE.has(route)
        ? await pane.evaluate((element) => {
            const copy = element.cloneNode(true) as HTMLElement;
            for (const row of copy.querySelectorAll('[data-testid="list-row"]')) row.remove();
            return [...copy.querySelectorAll('*')].map((node) => (node.childElementCount === 0 ? node.textContent : '')).join('\n');
          })
        : await pane.innerText();
      return [
        ...phrases.filter((phrase) => text.includes(phrase)).map((phrase) => `${route}: English "${phrase}"`),
        ...keyPatterns.filter(({ pattern }) => pattern.test(text)).map(({ key }) => `${route}: raw key ${key}`),
      ];
    },
  };
}
