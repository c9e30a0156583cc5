import type { Locale } from './constants';

/** A name in the five locales, in this order: what the server stores as a key is read out in the reader's language. */
export type LocalNames = readonly [zh_CN: string, en_US: string, de_DE: string, ja_JP: string, ko_KR: string];

/** The order of a LocalNames tuple. */
export const NAME_LOCALES: readonly Locale[] = ['zh_CN', 'en_US', 'de_DE', 'ja_JP', 'ko_KR'];

/** A name for each endpoint of an area's contract `C`: an endpoint cannot be added without its names. */
export type EndpointNamesOf<C> = { readonly [E in keyof C]: LocalNames };

/** `names` in `locale`. */
export function nameIn(names: LocalNames, locale: Locale): string {
  return names[NAME_LOCALES.indexOf(locale)] ?? names[0];
}
