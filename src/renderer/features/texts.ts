import type { FeatureTextKey } from '../i18n/feature-text';
import { richTextText } from '../components/rich-text/text';
import { importPreviewText } from '../components/import/text';
import { uploadText } from '../components/upload/text';
import { listViewsText } from '../components/list/views-text';
import { appCenterText } from './app-center/text';
import { systemApiKeyText } from './system-api-key/text';
import { deptText } from './department/text';
import { dataGroupText } from './data-group/text';
import { dictionaryText } from './dictionary/text';
import { infoCategoryText } from './info-category/text';
import { informationText } from './information/text';
import { interfaceLogText } from './interface-log/text';
import { internationalizeText } from './internationalize/text';
import { mailText } from './mail/text';
import { menuText } from './menu/text';
import { messageKeyText } from './message-key/text';
import { noticeText } from './notice/text';
import { operationLogText } from './operation-log/text';
import { pushText } from './push/text';
import { resourceText } from './resource/text';
import { roleText } from './role/text';
import { serviceCenterText } from './service-center/text';
import { smsText } from './sms/text';
import { statisticsText } from './statistics/text';
import { userText } from './user/text';

/** Every feature's text, merged into the catalogs by `i18n/index.ts`. A feature adds one line here. */
export const FEATURE_TEXTS = [
  appCenterText,
  systemApiKeyText,
  menuText,
  serviceCenterText,
  userText,
  roleText,
  resourceText,
  deptText,
  uploadText,
  importPreviewText,
  richTextText,
  dictionaryText,
  statisticsText,
  interfaceLogText,
  internationalizeText,
  operationLogText,
  infoCategoryText,
  informationText,
  noticeText,
  dataGroupText,
  smsText,
  mailText,
  pushText,
  messageKeyText,
  listViewsText,
] as const;

export type FeatureKey = FeatureTextKey<(typeof FEATURE_TEXTS)[number]>;
