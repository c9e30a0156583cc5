import type { Locale } from '../../shared/constants';

/**
 * A feature's own text in all five locales, kept in its folder (`src/areas/<area>/screens/text.ts`). The zh_CN
 * keys are the reference: every other locale must carry exactly those keys, or the type check fails.
 */
export type FeatureText<Keys extends string = string> = Record<Locale, Record<Keys, string>>;

export function featureText<const Reference extends Record<string, string>>(
  text: { zh_CN: Reference } & Record<Exclude<Locale, 'zh_CN'>, Record<keyof Reference, string>>,
): FeatureText<Extract<keyof Reference, string>> {
  return text;
}

/** The keys of a feature's text; given a union of features, the keys of them all. */
export type FeatureTextKey<Text> = Text extends FeatureText<infer Keys> ? Keys : never;
