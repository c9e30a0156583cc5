import { defineAreaCatalogue, button, catalogName as n } from '../../shared/area-catalogue';

const routes = {
  polarLight: '/polarLight',
  newPolar: '/newPolar/:id',
} as const;

const perms = {
  pushView: 'pushView',
  pushSave: 'pushSave',
  pushSend: 'pushSend',
  pushDelete: 'pushDelete',
} as const;

/** The push area's routes, permission keys and menu pages (spec routes; the seeded menu tree's pages and buttons). */
export const pushCatalogue = defineAreaCatalogue({
  routes,
  perms,
  pages: [
    {
      group: 'messaging',
      url: routes.polarLight,
      perms: perms.pushView,
      name: n('推送配置', 'Push providers', 'Push-Anbieter', '푸시 설정', 'プッシュ設定'),
      buttons: [button.add(perms.pushSave), button.delete(perms.pushDelete), button(perms.pushSend, n('推送', 'Push', 'Senden', '푸시', 'プッシュ'))],
    },
  ],
});
