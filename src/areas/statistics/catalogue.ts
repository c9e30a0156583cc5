import { defineAreaCatalogue, button, catalogName as n } from '../../shared/area-catalogue';

const routes = {
  userStatistics: '/userStatistics',
} as const;

const perms = {
  statisticsView: 'statisticsView',
  /** End another user's online session. */
  sessionEnd: 'sessionEnd',
} as const;

/** The statistics area's routes, permission keys and menu pages (spec routes; the seeded menu tree's pages and buttons). */
export const statisticsCatalogue = defineAreaCatalogue({
  routes,
  perms,
  pages: [
    {
      group: 'logs',
      url: routes.userStatistics,
      perms: perms.statisticsView,
      name: n('访问统计', 'Visit statistics', 'Besuchsstatistik', '방문 통계', 'アクセス統計'),
      buttons: [button(perms.sessionEnd, n('结束会话', 'End session', 'Sitzung beenden', '세션 종료', 'セッション終了'))],
    },
    { group: 'operations', url: routes.userStatistics, perms: perms.statisticsView, name: n('访问统计', 'Visit statistics', 'Besuchsstatistik', '방문 통계', 'アクセス統計') },
  ],
});
