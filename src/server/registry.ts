import type { Api } from '../shared/contract';
import type { EndpointDef, OutputOf, ParsedInputOf } from '../shared/contract/endpoint';
import type { CallContext } from './context';
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
import { noticeHandlers } from '../areas/notice/server';
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

export type Handler<E extends EndpointDef> = (input: ParsedInputOf<E>, ctx: CallContext) => Promise<OutputOf<E>>;
export type AreaHandlers<A extends keyof Api> = { [K in keyof Api[A]]: Api[A][K] extends EndpointDef ? Handler<Api[A][K]> : never };
export type AnyHandler = (input: unknown, ctx: CallContext) => Promise<unknown>;

/** One handler for every endpoint of the contract: the app refuses to start if one is missing. */
export const handlers: { [A in keyof Api]: AreaHandlers<A> } = {
  auth: authHandlers,
  session: sessionHandlers,
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
