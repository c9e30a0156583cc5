import { defineAreaCatalogue, button, catalogName as n } from '../../shared/area-catalogue';

const routes = {
  behaviorDiary: '/behaviorDiary',
} as const;

const perms = {
  operLogView: 'operLogView',
  operLogExport: 'operLogExport',
} as const;

/** The operation-log area's routes, permission keys and menu pages (spec routes; the seeded menu tree's pages and buttons). */
export const operationLogCatalogue = defineAreaCatalogue({
  routes,
  perms,
  pages: [
    {
      group: 'logs',
      url: routes.behaviorDiary,
      perms: perms.operLogView,
      name: n('操作日志', 'Operation log', 'Vorgangsprotokoll', '작업 로그', '操作ログ'),
      buttons: [button.export(perms.operLogExport)],
    },
  ],
});
