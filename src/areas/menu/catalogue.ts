import { defineAreaCatalogue, button, catalogName as n } from '../../shared/area-catalogue';

const routes = {
  menu: '/menu',
  menuManage: '/menuManage/:menuId',
} as const;

const perms = {
  menuView: 'menuView',
  menuSave: 'menuSave',
  menuUpdate: 'menuUpdate',
  menuDelete: 'menuDelete',
} as const;

/** The menu area's routes, permission keys and menu pages (spec routes; the seeded menu tree's pages and buttons). */
export const menuCatalogue = defineAreaCatalogue({
  routes,
  perms,
  pages: [
    {
      group: 'system',
      url: routes.menu,
      perms: perms.menuView,
      name: n('菜单管理', 'Menus', 'Menüs', '메뉴 관리', 'メニュー管理'),
      buttons: [button.add(perms.menuSave), button.edit(perms.menuUpdate), button.delete(perms.menuDelete)],
    },
  ],
});
