import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator } from '@playwright/test';
import { de_DE } from '../../src/renderer/i18n/locales/de_DE';
import { en_US } from '../../src/renderer/i18n/locales/en_US';
import { zh_CN } from '../../src/renderer/i18n/locales/zh_CN';
import type { FeatureText } from '../../src/renderer/i18n/feature-text';
import { ENDPOINT_NAMES, SERVICE_NAMES } from '../../src/shared/contract/endpoint-names';
import { nameIn, type LocalNames } from '../../src/shared/local-names';
import { contentTemplates } from '../../src/shared/operation-content';

/**
 * The words check of issue 47: a screen read in zh_CN or de_DE shows no English phrase of the console's own text or
 * of what its server writes (log contents, interface names), and no raw i18n key.
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

/**
 * What the server writes for people to read, by a key of its own: the operation log's contents (their `{value}`
 * places cut out) and the names of services and interfaces. Read in the wrong language, a log shows these.
 */
function serverTexts(locale: 'zh_CN' | 'en_US' | 'de_DE'): Messages {
  const texts: Messages = {};
  for (const [key, template] of Object.entries(contentTemplates(locale))) texts[`content:${key}`] = template.replace(/\{\w+\}/g, ';');
  for (const [area, endpoints] of Object.entries(ENDPOINT_NAMES)) {
    for (const [name, names] of Object.entries(endpoints as Record<string, LocalNames>)) texts[`interface:${area}.${name}`] = nameIn(names, locale);
  }
  for (const [service, names] of Object.entries(SERVICE_NAMES)) texts[`service:${service}`] = nameIn(names, locale);
  return texts;
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

export interface WordsCheck {
  /** The English phrases and raw keys found in `pane`'s text, one line each. */
  findings(route: string, pane: Locator): Promise<string[]>;
  /** The same for a text read some other way (a dialog without the call's own request). */
  textFindings(route: string, text: string): string[];
  phraseCount: number;
}

export async function wordsCheck(locale: CheckedLocale): Promise<WordsCheck> {
  const shown = await catalog(locale);
  const phrases = englishPhrases({ ...(await catalog('en_US')), ...serverTexts('en_US') }, { ...shown, ...serverTexts(locale) });
  const keys = Object.keys(shown).flatMap((key) => [key, key.replace(/_(one|other)$/, '')]);
  const keyPatterns = keys.map((key) => ({ key, pattern: new RegExp(`(^|[^\\w.])${key.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}($|[^\\w.])`) }));
  const textFindings = (route: string, text: string) => [
    ...phrases.filter((phrase) => text.includes(phrase)).map((phrase) => `${route}: English "${phrase}"`),
    ...keyPatterns.filter(({ pattern }) => pattern.test(text)).map(({ key }) => `${route}: raw key ${key}`),
  ];
  return {
    phraseCount: phrases.length,
    textFindings,
    async findings(route, pane) {
      return textFindings(route, await pane.innerText());
    },
  };
}
