import { defineAreaCatalogue, button, catalogName as n } from '../../shared/area-catalogue';

const routes = {
  information: '/information',
  addInforMation: '/addInforMation/:id',
} as const;

const perms = {
  infoView: 'infoView',
  infoSave: 'infoSave',
  infoUpdate: 'infoUpdate',
  infoDelete: 'infoDelete',
  infoTop: 'infoTop',
  infoDisplay: 'infoDisplay',
} as const;

/** The information area's routes, permission keys and menu pages (spec routes; the seeded menu tree's pages and buttons). */
export const informationCatalogue = defineAreaCatalogue({
  routes,
  perms,
  pages: [
    {
      group: 'information',
      url: routes.information,
      perms: perms.infoView,
      name: n('信息列表', 'Articles', 'Artikel', '정보 목록', '情報一覧'),
      buttons: [
        button.add(perms.infoSave),
        button.edit(perms.infoUpdate),
        button.delete(perms.infoDelete),
        button(perms.infoTop, n('置顶', 'Pin', 'Anheften', '상단 고정', 'トップ固定')),
        button(perms.infoDisplay, n('显示', 'Display', 'Anzeigen', '표시', '表示')),
      ],
    },
    { group: 'operations', url: routes.information, perms: perms.infoView, name: n('信息列表', 'Articles', 'Artikel', '정보 목록', '情報一覧') },
  ],
});
