import { defineAreaCatalogue, button, catalogName as n } from '../../shared/area-catalogue';

const routes = {
  internationalize: '/internationalize',
} as const;

const perms = {
  i18nView: 'i18nView',
  i18nSave: 'i18nSave',
  i18nDelete: 'i18nDelete',
} as const;

/** The internationalize area's routes, permission keys and menu pages (spec routes; the seeded menu tree's pages and buttons). */
export const internationalizeCatalogue = defineAreaCatalogue({
  routes,
  perms,
  pages: [
    {
      group: 'system',
      url: routes.internationalize,
      perms: perms.i18nView,
      name: n('多语言管理', 'Multilingual text', 'Mehrsprachige Texte', '다국어 관리', '多言語管理'),
      buttons: [button.add(perms.i18nSave), button.delete(perms.i18nDelete)],
    },
  ],
});
