import { defineAreaCatalogue, button, catalogName as n } from '../../shared/area-catalogue';

const routes = {
  interFace: '/interFace',
} as const;

const perms = {
  interfaceLogView: 'interfaceLogView',
  interfaceLogExport: 'interfaceLogExport',
} as const;

/** The interface-log area's routes, permission keys and menu pages (spec routes; the seeded menu tree's pages and buttons). */
export const interfaceLogCatalogue = defineAreaCatalogue({
  routes,
  perms,
  pages: [
    {
      group: 'logs',
      url: routes.interFace,
      perms: perms.interfaceLogView,
      name: n('接口监控', 'Interface monitoring', 'Schnittstellenüberwachung', '인터페이스 모니터링', 'インターフェース監視'),
      buttons: [button.export(perms.interfaceLogExport)],
    },
  ],
});
