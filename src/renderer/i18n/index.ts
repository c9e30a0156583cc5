import dayjs from 'dayjs';
import i18next, { type BackendModule, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../shared/constants';
import type { Catalog } from './locales/zh_CN';
import type { RouteTitleKey } from './message-key';

/**
 * Each language's text is its own chunk, loaded when the language is first shown: the sign-in page loads
 * one catalog, not five. Its dayjs locale comes with it.
 */
const CATALOG_LOADERS: Record<Locale, () => Promise<Catalog>> = {
  zh_CN: () => import('./locales/zh_CN').then((module) => module.zh_CN),
  en_US: () => import('./locales/en_US').then((module) => module.en_US),
  de_DE: () => import('./locales/de_DE').then((module) => module.de_DE),
  ko_KR: () => import('./locales/ko_KR').then((module) => module.ko_KR),
  ja_JP: () => import('./locales/ja_JP').then((module) => module.ja_JP),
};

/** The messages shared with the server, one language at a time (the renderer keeps only their `validation.*`). */
const SHARED_MESSAGE_LOADERS: Record<Locale, () => Promise<Record<string, string>>> = {
  zh_CN: () => import('../../shared/i18n/messages-zh_CN').then((module) => module.zh_CN),
  en_US: () => import('../../shared/i18n/messages-en_US').then((module) => module.en_US),
  de_DE: () => import('../../shared/i18n/messages-de_DE').then((module) => module.de_DE),
  ko_KR: () => import('../../shared/i18n/messages-ko_KR').then((module) => module.ko_KR),
  ja_JP: () => import('../../shared/i18n/messages-ja_JP').then((module) => module.ja_JP),
};

const DAYJS_LOCALE: Record<Locale, string> = { zh_CN: 'zh-cn', en_US: 'en', de_DE: 'de', ko_KR: 'ko', ja_JP: 'ja' };

const DAYJS_LOADERS: Record<Locale, () => Promise<unknown>> = {
  zh_CN: () => import('dayjs/locale/zh-cn'),
  en_US: () => import('dayjs/locale/en'),
  de_DE: () => import('dayjs/locale/de'),
  ko_KR: () => import('dayjs/locale/ko'),
  ja_JP: () => import('dayjs/locale/ja'),
};

/** The sign-in page's text in one locale: the form-rule messages shared with the server (`validation.*`) and the renderer's catalog. */
export async function coreMessages(locale: Locale): Promise<Record<string, string>> {
  const [shared, catalog] = await Promise.all([SHARED_MESSAGE_LOADERS[locale](), CATALOG_LOADERS[locale](), DAYJS_LOADERS[locale]()]);
  const messages: Record<string, string> = {};
  for (const [key, text] of Object.entries(shared)) {
    if (key.startsWith('validation.')) messages[key] = text;
  }
  return { ...messages, ...catalog };
}

/** An instance's languages: the shell's text (`app/home-messages.ts`) once the shell has asked for it, and that load. */
interface LoadedTexts {
  homeMessages: HomeMessages | null;
  homeLoad: Promise<void> | null;
}

/**
 * By the instance's store: react-i18next hands components a wrapper of the instance (a new one per language),
 * which shares the store.
 */
const loadedTexts = new WeakMap<i18n['store'], LoadedTexts>();

/** i18next asks for a language the first time it is shown (at start, and on a switch of language). */
function catalogBackend(texts: LoadedTexts): BackendModule {
  return {
    type: 'backend',
    init() {},
    read(language, _namespace, callback) {
      if (!isLocale(language)) {
        callback(new Error(`no catalog for ${language}`), false);
        return;
      }
      coreMessages(language).then(
        // A language shown after the shell has loaded gets the shell's text with it.
        (core) => callback(null, texts.homeMessages ? { ...texts.homeMessages(language), ...core } : core),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
      );
    },
  };
}

/** The key of a screen's title: its route pattern, e.g. `route./menuManage/:menuId`. */
export function routeTitleKey(pattern: string): RouteTitleKey {
  return `route.${pattern}`;
}

/** The shell's text in one locale (its screens' titles and every area's text): the shell hands it to the kit. */
export type HomeMessages = (locale: Locale) => Record<string, string>;

/**
 * Adds the shell's text to an instance (the Home shell waits for it; the sign-in page starts it on submit).
 * The same promise for every call on one instance, so a component can suspend on it.
 */
export function loadHomeTexts(instance: i18n, load: () => Promise<HomeMessages>): Promise<void> {
  const texts = loadedTexts.get(instance.store);
  if (!texts) return Promise.reject(new Error('loadHomeTexts takes an instance made by createI18n'));
  texts.homeLoad ??= load().then((homeMessages) => {
    texts.homeMessages = homeMessages;
    for (const locale of LOCALES) {
      // Only languages already shown: adding to another would make i18next take it as loaded, without its catalog.
      if (instance.hasResourceBundle(locale, 'translation')) instance.addResourceBundle(locale, 'translation', homeMessages(locale), true, false);
    }
  });
  return texts.homeLoad;
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
  const texts: LoadedTexts = { homeMessages: null, homeLoad: null };
  instance.use(catalogBackend(texts)).use(initReactI18next);
  instance.on('languageChanged', (lng) => {
    if (isLocale(lng)) applyLocaleToPage(lng);
  });
  await instance.init({
    lng: language,
    // Every catalog carries every key (i18n.test.ts), so no second language is loaded to fall back on.
    fallbackLng: false,
    // Starts loading at once rather than after a timer (the returned promise still waits for the catalog).
    initAsync: false,
    supportedLngs: [...LOCALES],
    // Keys are flat and contain dots and colons (`validation.required`, `route./menuManage/:menuId`).
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnEmptyString: false,
  });
  // The store exists once init has run.
  loadedTexts.set(instance.store, texts);
  applyLocaleToPage(language);
  return instance;
}

/** The locale i18next currently shows. */
export function currentLocale(instance: i18n): Locale {
  return isLocale(instance.language) ? instance.language : DEFAULT_LOCALE;
}
