import { and, eq } from 'drizzle-orm';
import { ResponseCode } from '../../shared/codes';
import { MenuType } from '../../shared/constants';
import { api } from '../../shared/contract';
import type { EndpointDef, InputOf, OutputOf } from '../../shared/contract/endpoint';
import { ApiKeyStatus } from '../../areas/system-api-key/contract';
import { MessageKeyStatus } from '../../areas/message-key/contract';
import { SmsTemplateType } from '../../areas/sms/contract';
import { menu } from '../db/schema';
import { deptIdOf, signInAdminActor, type Actor } from './actors';
import type { TestServer } from './harness';

/** What the console holds for an integrator to read and send, and the administrator who set it up. */
export interface IntegratorSetup {
  admin: Actor;
  /** The system (its menu id) whose information the integrator reads, and the application a new key of it is for. */
  systemCode: number;
  appId: string;
  /** The titles of the system's published articles, in the order the API lists them. */
  articleTitles: string[];
  /** A message API key of a message system allowed to send SMS. */
  messageKey: string;
  /** An active SMS template's code with one variable, `code`, and a signature's name. */
  templateCode: string;
  signName: string;
}

async function ok<E extends EndpointDef>(server: TestServer, admin: Actor, def: E, input: InputOf<E>): Promise<OutputOf<E>> {
  const answer = await server.call(def, input, admin.as);
  if (answer.code !== ResponseCode.Success || answer.data === null) throw new Error(`${def.path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** Sets up, as the administrator and through the API only, what docs/integration.md tells an integrator to ask for. */
export async function prepareIntegrator(server: TestServer): Promise<IntegratorSetup> {
  const admin = await signInAdminActor(server);
  const logistics = (
    await server.services.db
      .select({ menuId: menu.menuId })
      .from(menu)
      .where(and(eq(menu.type, MenuType.System), eq(menu.perms, 'logistics')))
  )[0]!.menuId;
  const appId = 'tms-web';
  await ok(server, admin, api.appCenter.add, {
    clientId: appId,
    appName: 'TMS web',
    appType: 'code',
    accessTokenValiditySeconds: 3600,
    refreshTokenValiditySeconds: 7200,
    passwordDay: 0,
    ignoreCodeTimes: '',
  });
  // The articles go out through the key the seed gives the system; the integrator's own key reads them too.
  const seededKey = (await ok(server, admin, api.systemApiKey.list, { page: 1, limit: 100 })).records.find((row) => row.systemCode === logistics)!.apiKey;
  const news = await ok(server, admin, api.infoCategory.add, { systemCode: logistics, name: 'News', haveImage: 0, imageDesc: '' });
  const articleTitles = ['Route changes from Monday', 'New depot in Ningbo'];
  for (const [index, title] of articleTitles.entries()) {
    await ok(server, admin, api.information.add, {
      systemCode: logistics,
      apiKey: seededKey,
      classificationId: news.id,
      typeCode: 'news',
      title,
      sort: index,
      display: 1,
      keywords: 'route',
      content: `<p>${title}.</p>`,
    });
  }

  const messageSystem = await ok(server, admin, api.messageKey.systemAdd, {
    systemId: 'TMS01',
    name: 'Transport',
    deptId: await deptIdOf(server, '远航物流集团'),
    status: MessageKeyStatus.Usable,
    channels: ['sms'],
  });
  // The server makes the key and shows it once.
  const messageKey = (await ok(server, admin, api.messageKey.keyAdd, { messageSystemId: messageSystem.id, status: MessageKeyStatus.Usable, rateLimit: 60 })).apiKey;
  const templateCode = 'SMS_200001';
  const template = await ok(server, admin, api.sms.templateAdd, { name: 'Pickup code', type: SmsTemplateType.Code, templateCode, content: 'Your code is ${code}' });
  await ok(server, admin, api.sms.templateActivate, { id: template.id, version: 1 });
  const signName = '顺丰速运';
  await ok(server, admin, api.sms.signatureAdd, { name: signName });
  return { admin, systemCode: logistics, appId, articleTitles, messageKey, templateCode, signName };
}

/** A usable system API key for the integrator's application, built through the API as the System API keys screen does. */
export async function buildSystemApiKey(server: TestServer, setup: IntegratorSetup): Promise<string> {
  return (await ok(server, setup.admin, api.systemApiKey.add, { systemCode: setup.systemCode, apiCode: setup.appId, status: ApiKeyStatus.Usable })).apiKey;
}
