import type { FeatureTextKey } from '../i18n/feature-text';
import { importPreviewText } from '../components/import/text';
import { listViewsText } from '../components/list/views-text';
import { richTextText } from '../components/rich-text/text';
import { uploadText } from '../components/upload/text';
import type { AREAS } from './areas';

/** The kit's own text, which the shell merges into the catalogs with the areas' text. */
export const KIT_TEXTS = [uploadText, importPreviewText, richTextText, listViewsText] as const;

/** One area's text, as its `screens/index.ts` loads it. */
type AreaText = Awaited<ReturnType<(typeof AREAS)[number]['texts']>>;

export type FeatureKey = FeatureTextKey<(typeof KIT_TEXTS)[number] | AreaText>;

declare module '../i18n/message-key' {
  // Every `t()` of the kit and the screens takes the areas' keys.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys come from the supertype
  interface AreaMessageKeys extends Record<FeatureKey, true> {}
}
