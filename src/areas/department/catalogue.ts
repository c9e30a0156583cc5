import { defineAreaCatalogue, button, catalogName as n } from '../../shared/area-catalogue';

const routes = {
  department: '/department',
  depManage: '/depManage/:deptId/:pardId',
} as const;

const perms = {
  deptView: 'deptView',
  deptSave: 'deptSave',
  deptUpdate: 'deptUpdate',
  deptDelete: 'deptDelete',
} as const;

/** The department area's routes, permission keys and menu pages (spec routes; the seeded menu tree's pages and buttons). */
export const departmentCatalogue = defineAreaCatalogue({
  routes,
  perms,
  pages: [
    {
      group: 'system',
      url: routes.department,
      perms: perms.deptView,
      name: n('组织管理', 'Organisations', 'Organisationen', '조직 관리', '組織管理'),
      buttons: [button.add(perms.deptSave), button.edit(perms.deptUpdate), button.delete(perms.deptDelete)],
    },
  ],
});
