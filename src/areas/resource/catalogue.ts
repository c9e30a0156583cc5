import { defineAreaCatalogue, button, catalogName as n } from '../../shared/area-catalogue';

const routes = {
  resource: '/resource',
} as const;

const perms = {
  resourceView: 'resourceView',
  resourceSave: 'resourceSave',
} as const;

/** The resource area's routes, permission keys and menu pages (spec routes; the seeded menu tree's pages and buttons). */
export const resourceCatalogue = defineAreaCatalogue({
  routes,
  perms,
  pages: [
    {
      group: 'system',
      url: routes.resource,
      perms: perms.resourceView,
      name: n('资源分配', 'Resources', 'Ressourcen', '자원 할당', 'リソース割当'),
      buttons: [button(perms.resourceSave, n('保存', 'Save', 'Speichern', '저장', '保存'))],
    },
  ],
});
