import { defineAreaCatalogue, button, catalogName as n } from '../../shared/area-catalogue';

const routes = {
  dictionary: '/dictionary',
  dicManage: '/dicManage/:dicId',
} as const;

const perms = {
  dictView: 'dictView',
  dictSave: 'dictSave',
  dictUpdate: 'dictUpdate',
  dictDelete: 'dictDelete',
} as const;

/** The dictionary area's routes, permission keys and menu pages (spec routes; the seeded menu tree's pages and buttons). */
export const dictionaryCatalogue = defineAreaCatalogue({
  routes,
  perms,
  pages: [
    {
      group: 'system',
      url: routes.dictionary,
      perms: perms.dictView,
      name: n('字典管理', 'Dictionaries', 'Wörterbücher', '사전 관리', '辞書管理'),
      buttons: [button.add(perms.dictSave), button.edit(perms.dictUpdate), button.delete(perms.dictDelete)],
    },
  ],
});
