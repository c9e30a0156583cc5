import type { Api } from '../shared/contract';
import type { AreaHandlers } from './handler';
import { appCenterHandlers } from '../areas/app-center/server';
import { authHandlers } from './platform/auth';
import { dataGroupHandlers } from '../areas/data-group/server';
import { deptHandlers } from '../areas/department/server';
import { dictionaryHandlers } from '../areas/dictionary/server';
import { fileHandlers } from './platform/file';
import { i18nTextHandlers } from '../areas/internationalize/server';
import { infoCategoryHandlers } from '../areas/info-category/server';
import { informationHandlers } from '../areas/information/server';
import { interfaceLogHandlers } from '../areas/interface-log/server';
import { mailHandlers } from '../areas/mail/server';
import { menuHandlers } from '../areas/menu/server';
import { messageKeyHandlers, openMessageHandlers } from '../areas/message-key/server';
import { noticeHandlers, sessionDynamicMessages } from '../areas/notice/server';
import { operationLogHandlers } from '../areas/operation-log/server';
import { pushHandlers } from '../areas/push/server';
import { resourceHandlers } from '../areas/resource/server';
import { roleHandlers } from '../areas/role/server';
import { serviceCenterHandlers } from '../areas/service-center/server';
import { sessionHandlers } from './platform/session';
import { smsHandlers } from '../areas/sms/server';
import { statisticsHandlers } from '../areas/statistics/server';
import { systemApiKeyHandlers } from '../areas/system-api-key/server';
import { undoHandlers } from './platform/undo';
import { userHandlers } from '../areas/user/server';

/** One handler for every endpoint of the contract: the app refuses to start if one is missing. */
export const handlers: { [A in keyof Api]: AreaHandlers<A> } = {
  auth: authHandlers,
  session: { ...sessionHandlers, dynamicMessages: sessionDynamicMessages },
  menu: menuHandlers,
  user: userHandlers,
  serviceCenter: serviceCenterHandlers,
  dictionary: dictionaryHandlers,
  role: roleHandlers,
  resource: resourceHandlers,
  dept: deptHandlers,
  file: fileHandlers,
  operationLog: operationLogHandlers,
  appCenter: appCenterHandlers,
  systemApiKey: systemApiKeyHandlers,
  statistics: statisticsHandlers,
  i18nText: i18nTextHandlers,
  interfaceLog: interfaceLogHandlers,
  infoCategory: infoCategoryHandlers,
  information: informationHandlers,
  sms: smsHandlers,
  mail: mailHandlers,
  push: pushHandlers,
  notice: noticeHandlers,
  dataGroup: dataGroupHandlers,
  messageKey: messageKeyHandlers,
  openMessage: openMessageHandlers,
  undo: undoHandlers,
};
