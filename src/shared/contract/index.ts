import type { EndpointDef } from './endpoint';
import { appCenter } from './app-center';
import { systemApiKey } from './system-api-key';
import { auth } from './auth';
import { dataGroup } from './data-group';
import { dept } from './dept';
import { dictionary } from './dictionary';
import { file } from './file';
import { i18nText } from './i18n-text';
import { infoCategory } from './info-category';
import { information } from './information';
import { interfaceLog } from './interface-log';
import { mail } from './mail';
import { menu } from './menu';
import { messageKey, openMessage } from './message-key';
import { notice } from './notice';
import { operationLog } from './operation-log';
import { push } from './push';
import { resource } from './resource';
import { role } from './role';
import { serviceCenter } from './service-center';
import { session } from './session';
import { sms } from './sms';
import { statistics } from './statistics';
import { undo } from './undo';
import { user } from './user';

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
