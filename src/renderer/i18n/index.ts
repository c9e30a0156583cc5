import dayjs from 'dayjs';
import 'dayjs/locale/de';
import 'dayjs/locale/en';
import 'dayjs/locale/ja';
import 'dayjs/locale/ko';
import 'dayjs/locale/zh-cn';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../shared/constants';
import { MESSAGES } from '../../shared/i18n/messages';
import { MENU_CATALOG } from '../../shared/menu-catalog';
import { FEATURE_TEXTS } from '../features/texts';
import { de_DE } from './locales/de_DE';
import { en_US } from './locales/en_US';
import { ja_JP } from './locales/ja_JP';
import { ko_KR } from './locales/ko_KR';
import { zh_CN, type Catalog } from './locales/zh_CN';
import type { RouteTitleKey } from './message-key';

const CATALOGS: Record<Locale, Catalog> = { zh_CN, en_US, de_DE, ko_KR, ja_JP };

const DAYJS_LOCALE: Record<Locale, string> = { zh_CN: 'zh-cn', en_US: 'en', de_DE: 'de', ko_KR: 'ko', ja_JP: 'ja' };

/** The key of a screen's title: its route pattern, e.g. `route./menuManage/:menuId`. */
export function routeTitleKey(pattern: string): RouteTitleKey {
  return `route.${pattern}`;
}

/**
 * Every message of one locale: the form-rule messages shared with the server (`validation.*`), the titles
 * of the list screens as the menu catalog names them, the renderer's own text and each feature's text.
 */
export function localeMessages(locale: Locale): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const [key, text] of Object.entries(MESSAGES[locale])) {
    if (key.startsWith('validation.')) messages[key] = text;
  }
  for (const system of MENU_CATALOG) {
    for (const group of system.groups) {
      for (const page of group.pages) messages[routeTitleKey(page.url)] ??= page.name[locale];
    }
  }
  for (const text of FEATURE_TEXTS) Object.assign(messages, text[locale]);
  return { ...messages, ...CATALOGS[locale] };
}

export function isLocale(value: unknown): value is Locale {
  return (LOCALES as readonly unknown[]).includes(value);
}

/** BCP 47 tag of a locale, for `<html lang>`. */
export function languageTag(locale: Locale): string {
  return locale.replace('_', '-');
}

function applyLocaleToPage(locale: Locale): void {
  dayjs.locale(DAYJS_LOCALE[locale]);
  if (typeof document !== 'undefined') document.documentElement.lang = languageTag(locale);
}

export async function createI18n(language: Locale = DEFAULT_LOCALE): Promise<i18n> {
  const instance = i18next.createInstance();
  instance.use(initReactI18next);
  instance.on('languageChanged', (lng) => {
    if (isLocale(lng)) applyLocaleToPage(lng);
  });
  await instance.init({
    lng: language,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    resources: Object.fromEntries(LOCALES.map((locale) => [locale, { translation: localeMessages(locale) }])),
    // Keys are flat and contain dots and colons (`validation.required`, `route./menuManage/:menuId`).
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnEmptyString: false,
  });
  applyLocaleToPage(language);
  return instance;
}

/** The locale i18next currently shows. */
export function currentLocale(instance: i18n): Locale {
  return isLocale(instance.language) ? instance.language : DEFAULT_LOCALE;
}
