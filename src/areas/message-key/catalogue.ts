import { defineAreaCatalogue, button, catalogName as n } from '../../shared/area-catalogue';

const routes = {
  apiKeyMessg: '/apiKeyMessg',
  addApiKeyMessage: '/addApiKeyMessage/:id',
  apiKeySystem: '/apiKeySystem',
  addApiKeySystem: '/addApiKeySystem',
} as const;

const perms = {
  messageApiKeyView: 'messageApiKeyView',
  messageApiKeySave: 'messageApiKeySave',
  messageApiKeyDelete: 'messageApiKeyDelete',
  systemApiKeyView: 'systemApiKeyView',
  systemApiKeySave: 'systemApiKeySave',
  systemApiKeyDelete: 'systemApiKeyDelete',
} as const;

/** The message-key area's routes, permission keys and menu pages (spec routes; the seeded menu tree's pages and buttons). */
export const messageKeyCatalogue = defineAreaCatalogue({
  routes,
  perms,
  pages: [
    {
      group: 'messaging',
      url: routes.apiKeyMessg,
      perms: perms.messageApiKeyView,
      name: n('消息密钥', 'Message API keys', 'Nachrichten-API-Schlüssel', '메시지 API 키', 'メッセージAPIキー'),
      buttons: [button.add(perms.messageApiKeySave), button.delete(perms.messageApiKeyDelete)],
    },
    {
      group: 'messaging',
      url: routes.apiKeySystem,
      perms: perms.systemApiKeyView,
      name: n('消息系统密钥', 'Message systems', 'Nachrichtensysteme', '메시지 시스템 키', 'メッセージシステムキー'),
      buttons: [button.add(perms.systemApiKeySave), button.delete(perms.systemApiKeyDelete)],
    },
  ],
});
