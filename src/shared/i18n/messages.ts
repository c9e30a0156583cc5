import { DEFAULT_LOCALE, LOCALES, type Locale } from '../constants';
import type { Catalog } from './catalog';
import { de_DE } from './messages-de_DE';
import { en_US } from './messages-en_US';
import { ja_JP } from './messages-ja_JP';
import { ko_KR } from './messages-ko_KR';
import { zh_CN } from './messages-zh_CN';

/**
 * Messages shared by the server (the `msg` of an envelope, in the caller's language) and the renderer
 * (form validation under a field). `{name}` placeholders are filled by `formatMessage`. Each language is a
 * module of its own (`messages-<locale>.ts`): the renderer loads only the one it shows.
 */
export const MESSAGES: Record<Locale, Catalog> = { zh_CN, en_US, de_DE, ko_KR, ja_JP };

/** Accepts `zh_CN`, `zh-CN`, `en`, `de-DE,de;q=0.9` …; falls back to the default locale. */
export function resolveLocale(value: string | undefined | null): Locale {
  if (!value) return DEFAULT_LOCALE;
  const first = value.split(',')[0]?.trim().replace('-', '_').toLowerCase() ?? '';
  const exact = LOCALES.find((l) => l.toLowerCase() === first);
  if (exact) return exact;
  const language = first.split('_')[0];
  return LOCALES.find((l) => l.toLowerCase().startsWith(`${language}_`)) ?? DEFAULT_LOCALE;
}

export function formatMessage(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const template = MESSAGES[locale][key] ?? MESSAGES.en_US[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (_m, name: string) => String(params[name] ?? `{${name}}`));
}
