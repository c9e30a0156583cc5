import type { FeatureTextKey } from '../i18n/feature-text';
import { uploadText } from '../components/upload/text';
import { deptText } from './department/text';
import { dictionaryText } from './dictionary/text';
import { menuText } from './menu/text';
import { resourceText } from './resource/text';
import { roleText } from './role/text';
import { serviceCenterText } from './service-center/text';
import { userText } from './user/text';

/** Every feature's text, merged into the catalogs by `i18n/index.ts`. A feature adds one line here. */
export const FEATURE_TEXTS = [menuText, serviceCenterText, userText, roleText, resourceText, deptText, uploadText, dictionaryText] as const;

export type FeatureKey = FeatureTextKey<(typeof FEATURE_TEXTS)[number]>;
