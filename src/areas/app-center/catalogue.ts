import { defineAreaCatalogue, button, catalogName as n } from '../../shared/area-catalogue';

const routes = {
  appCenter: '/appCenter',
  centerMessage: '/centerMessage/:appId',
} as const;

const perms = {
  appCenterView: 'appCenterView',
  appCenterSave: 'appCenterSave',
  appCenterDelete: 'appCenterDelete',
} as const;

/** The app-center area's routes, permission keys and menu pages (spec routes; the seeded menu tree's pages and buttons). */
export const appCenterCatalogue = defineAreaCatalogue({
  routes,
  perms,
  pages: [
    {
      group: 'system',
      url: routes.appCenter,
      perms: perms.appCenterView,
      name: n('应用中心', 'Application centre', 'Anwendungszentrale', '애플리케이션 센터', 'アプリケーションセンター'),
      buttons: [button.add(perms.appCenterSave), button.delete(perms.appCenterDelete)],
    },
  ],
});
