import { menuScreens } from '../../areas/menu/screens';
import { userScreens } from '../../areas/user/screens';
import { serviceCenterScreens } from '../../areas/service-center/screens';
import { departmentScreens } from '../../areas/department/screens';
import { roleScreens } from '../../areas/role/screens';
import { resourceScreens } from '../../areas/resource/screens';
import { dictionaryScreens } from '../../areas/dictionary/screens';
import { appCenterScreens } from '../../areas/app-center/screens';
import { infoCategoryScreens } from '../../areas/info-category/screens';
import { informationScreens } from '../../areas/information/screens';
import { internationalizeScreens } from '../../areas/internationalize/screens';
import { systemApiKeyScreens } from '../../areas/system-api-key/screens';
import { operationLogScreens } from '../../areas/operation-log/screens';
import { statisticsScreens } from '../../areas/statistics/screens';
import { interfaceLogScreens } from '../../areas/interface-log/screens';
import { smsScreens } from '../../areas/sms/screens';
import { noticeScreens } from '../../areas/notice/screens';
import { mailScreens } from '../../areas/mail/screens';
import { messageKeyScreens } from '../../areas/message-key/screens';
import { pushScreens } from '../../areas/push/screens';
import { dataGroupScreens } from '../../areas/data-group/screens';

/** Every screen area, in the order of the spec's routes: the one line an area adds to the renderer. */
export const AREAS = [
  menuScreens,
  userScreens,
  serviceCenterScreens,
  departmentScreens,
  roleScreens,
  resourceScreens,
  dictionaryScreens,
  appCenterScreens,
  infoCategoryScreens,
  informationScreens,
  internationalizeScreens,
  systemApiKeyScreens,
  operationLogScreens,
  statisticsScreens,
  interfaceLogScreens,
  smsScreens,
  noticeScreens,
  mailScreens,
  messageKeyScreens,
  pushScreens,
  dataGroupScreens,
] as const;
