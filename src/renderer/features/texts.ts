import type { FeatureTextKey } from '../i18n/feature-text';
import { menuText } from './menu/text';
import { serviceCenterText } from './service-center/text';
import { userText } from './user/text';

/** Every feature's text, merged into the catalogs by `i18n/index.ts`. A feature adds one line here. */
export const FEATURE_TEXTS = [menuText, serviceCenterText, userText] as const;

export type FeatureKey = FeatureTextKey<(typeof FEATURE_TEXTS)[number]>;
