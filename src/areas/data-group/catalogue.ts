import { defineAreaCatalogue, button, catalogName as n } from '../../shared/area-catalogue';

const routes = {
  groupManage: '/groupManage',
  organManage: '/organManage',
  classifyManage: '/classifyManage',
} as const;

const perms = {
  dataGroupView: 'dataGroupView',
  dataGroupSave: 'dataGroupSave',
  dataGroupDelete: 'dataGroupDelete',
  organView: 'organView',
  organSave: 'organSave',
  organDelete: 'organDelete',
  classifyView: 'classifyView',
  classifySave: 'classifySave',
  classifyDelete: 'classifyDelete',
} as const;

/** The data-group area's routes, permission keys and menu pages (spec routes; the seeded menu tree's pages and buttons). */
export const dataGroupCatalogue = defineAreaCatalogue({
  routes,
  perms,
  pages: [
    {
      group: 'dataGroups',
      url: routes.groupManage,
      perms: perms.dataGroupView,
      name: n('分组管理', 'Groups', 'Gruppen', '그룹 관리', 'グループ管理'),
      buttons: [button.add(perms.dataGroupSave), button.delete(perms.dataGroupDelete)],
    },
    {
      group: 'dataGroups',
      url: routes.organManage,
      perms: perms.organView,
      name: n('机构管理', 'Organs', 'Einrichtungen', '기관 관리', '機関管理'),
      buttons: [button.add(perms.organSave), button.delete(perms.organDelete)],
    },
    {
      group: 'dataGroups',
      url: routes.classifyManage,
      perms: perms.classifyView,
      name: n('分类管理', 'Classifications', 'Klassifikationen', '분류 관리', '分類管理'),
      buttons: [button.add(perms.classifySave), button.delete(perms.classifyDelete)],
    },
  ],
});
