import { defineAreaCatalogue, button, catalogName as n } from '../../shared/area-catalogue';

const routes = {
  appSystem: '/appSystem',
} as const;

const perms = {
  apiKeyView: 'apiKeyView',
  apiKeySave: 'apiKeySave',
} as const;

/** The system-api-key area's routes, permission keys and menu pages (spec routes; the seeded menu tree's pages and buttons). */
export const systemApiKeyCatalogue = defineAreaCatalogue({
  routes,
  perms,
  pages: [
    {
      group: 'system',
      url: routes.appSystem,
      perms: perms.apiKeyView,
      name: n('系统密钥', 'System API keys', 'System-API-Schlüssel', '시스템 API 키', 'システムAPIキー'),
      buttons: [button.add(perms.apiKeySave)],
    },
  ],
});
