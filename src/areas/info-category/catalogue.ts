import { defineAreaCatalogue, button, catalogName as n } from '../../shared/area-catalogue';

const routes = {
  inforTypeManage: '/inforTypeManage',
  addManage: '/addManage/:id',
} as const;

const perms = {
  infoTypeView: 'infoTypeView',
  infoTypeSave: 'infoTypeSave',
  infoTypeUpdate: 'infoTypeUpdate',
  infoTypeDelete: 'infoTypeDelete',
} as const;

/** The info-category area's routes, permission keys and menu pages (spec routes; the seeded menu tree's pages and buttons). */
export const infoCategoryCatalogue = defineAreaCatalogue({
  routes,
  perms,
  pages: [
    {
      group: 'information',
      url: routes.inforTypeManage,
      perms: perms.infoTypeView,
      name: n('信息分类', 'Categories', 'Kategorien', '정보 분류', '情報分類'),
      buttons: [button.add(perms.infoTypeSave), button.edit(perms.infoTypeUpdate), button.delete(perms.infoTypeDelete)],
    },
  ],
});
