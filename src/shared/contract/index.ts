import type { EndpointDef } from './endpoint';
import { appCenter } from '../../areas/app-center/contract';
import { systemApiKey } from '../../areas/system-api-key/contract';
import { auth } from './auth';
import { dataGroup } from '../../areas/data-group/contract';
import { dept } from '../../areas/department/contract';
import { dictionary } from '../../areas/dictionary/contract';
import { file } from './file';
import { i18nText } from '../../areas/internationalize/contract';
import { infoCategory } from '../../areas/info-category/contract';
import { information } from '../../areas/information/contract';
import { interfaceLog } from '../../areas/interface-log/contract';
import { mail } from '../../areas/mail/contract';
import { menu } from '../../areas/menu/contract';
import { messageKey, openMessage } from '../../areas/message-key/contract';
import { notice } from '../../areas/notice/contract';
import { operationLog } from '../../areas/operation-log/contract';
import { push } from '../../areas/push/contract';
import { resource } from '../../areas/resource/contract';
import { role } from '../../areas/role/contract';
import { serviceCenter } from '../../areas/service-center/contract';
import { session } from './session';
import { sms } from '../../areas/sms/contract';
import { statistics } from '../../areas/statistics/contract';
import { undo } from './undo';
import { user } from '../../areas/user/contract';

/** The whole API: every endpoint the server registers and the clients call, by area. */
export const api = {
  auth,
  session,
  menu,
  user,
  serviceCenter,
  dictionary,
  role,
  resource,
  dept,
  file,
  appCenter,
  systemApiKey,
  interfaceLog,
  i18nText,
  infoCategory,
  information,
  statistics,
  operationLog,
  sms,
  mail,
  push,
  notice,
  dataGroup,
  messageKey,
  openMessage,
  undo,
} as const;

export type Api = typeof api;

/** Every endpoint with its `area.name` id, in a stable order. */
export function listEndpoints(): Array<{ id: string; def: EndpointDef }> {
  const out: Array<{ id: string; def: EndpointDef }> = [];
  for (const [area, defs] of Object.entries(api)) {
    for (const [name, def] of Object.entries(defs as Record<string, EndpointDef>)) out.push({ id: `${area}.${name}`, def });
  }
  return out;
}

export * from './endpoint';
