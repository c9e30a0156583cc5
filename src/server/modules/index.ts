import type { Api } from '../../shared/contract';
import type { EndpointDef, OutputOf, ParsedInputOf } from '../../shared/contract/endpoint';
import type { CallContext } from '../context';
import { appCenterHandlers } from './app-center';
import { authHandlers } from './auth';
import { dataGroupHandlers } from './data-group';
import { deptHandlers } from './dept';
import { dictionaryHandlers } from './dictionary';
import { fileHandlers } from './file';
import { i18nTextHandlers } from './i18n-text';
import { infoCategoryHandlers } from './info-category';
import { informationHandlers } from './information';
import { interfaceLogHandlers } from './interface-log';
import { mailHandlers } from './mail';
import { menuHandlers } from './menu';
import { messageKeyHandlers, openMessageHandlers } from './message-key';
import { noticeHandlers } from './notice';
import { operationLogHandlers } from './operation-log';
import { pushHandlers } from './push';
import { resourceHandlers } from './resource';
import { roleHandlers } from './role';
import { serviceCenterHandlers } from './service-center';
import { sessionHandlers } from './session';
import { smsHandlers } from './sms';
import { statisticsHandlers } from './statistics';
import { systemApiKeyHandlers } from './system-api-key';
import { undoHandlers } from './undo';
import { userHandlers } from './user';

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
