import type { FeatureText } from '../i18n/feature-text';

/** Every feature's text, merged into the catalogs by `i18n/index.ts`. A feature adds one line here. */
export const FEATURE_TEXTS: readonly FeatureText[] = [];
