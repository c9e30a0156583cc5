import type { FeatureTextKey } from '../i18n/feature-text';
import { richTextText } from '../components/rich-text/text';
import { importPreviewText } from '../components/import/text';
import { uploadText } from '../components/upload/text';
import { listViewsText } from '../components/list/views-text';
import { appCenterText } from '../../areas/app-center/screens/text';
import { systemApiKeyText } from '../../areas/system-api-key/screens/text';
import { deptText } from '../../areas/department/screens/text';
import { dataGroupText } from '../../areas/data-group/screens/text';
import { dictionaryText } from '../../areas/dictionary/screens/text';
import { infoCategoryText } from '../../areas/info-category/screens/text';
import { informationText } from '../../areas/information/screens/text';
import { interfaceLogText } from '../../areas/interface-log/screens/text';
import { internationalizeText } from '../../areas/internationalize/screens/text';
import { mailText } from '../../areas/mail/screens/text';
import { menuText } from '../../areas/menu/screens/text';
import { messageKeyText } from '../../areas/message-key/screens/text';
import { noticeText } from '../../areas/notice/screens/text';
import { operationLogText } from '../../areas/operation-log/screens/text';
import { pushText } from '../../areas/push/screens/text';
import { resourceText } from '../../areas/resource/screens/text';
import { roleText } from '../../areas/role/screens/text';
import { serviceCenterText } from '../../areas/service-center/screens/text';
import { smsText } from '../../areas/sms/screens/text';
import { statisticsText } from '../../areas/statistics/screens/text';
import { userText } from '../../areas/user/screens/text';

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
