import type { Locale } from '../../shared/constants';
import type { PluralOne } from './locales/zh_CN';

/**
 * A feature's own text in all five locales, kept in its folder (`src/areas/<area>/screens/text.ts`). The zh_CN
 * keys are the reference: every other locale must carry exactly those keys, or the type check fails.
 */
export type FeatureText<Keys extends string = string> = Record<Locale, Record<Keys, string>>;

/** A counted text is `<key>_other` in zh_CN (one form for every count); a language with a singular adds `<key>_one`. */
export function featureText<const Reference extends Record<string, string>>(
  text: { zh_CN: Reference } & Record<Exclude<Locale, 'zh_CN'>, Record<keyof Reference, string> & Partial<Record<PluralOne<keyof Reference>, string>>>,
): FeatureText<Extract<keyof Reference, string>> {
  return text;
}

/** The keys of a feature's text; given a union of features, the keys of them all. */
export type FeatureTextKey<Text> = Text extends FeatureText<infer Keys> ? Keys : never;
