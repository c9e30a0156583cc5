import { defineAreaCatalogue, button, catalogName as n } from '../../shared/area-catalogue';

const routes = {
  role: '/role',
  roleManage: '/roleManage/:roleId',
} as const;

const perms = {
  roleView: 'roleView',
  roleSave: 'roleSave',
  roleUpdate: 'roleUpdate',
  roleDelete: 'roleDelete',
} as const;

/** The role area's routes, permission keys and menu pages (spec routes; the seeded menu tree's pages and buttons). */
export const roleCatalogue = defineAreaCatalogue({
  routes,
  perms,
  pages: [
    {
      group: 'system',
      url: routes.role,
      perms: perms.roleView,
      name: n('角色管理', 'Roles', 'Rollen', '역할 관리', 'ロール管理'),
      buttons: [button.add(perms.roleSave), button.edit(perms.roleUpdate), button.delete(perms.roleDelete)],
    },
  ],
});
