import { defineAreaCatalogue, button, catalogName as n } from '../../shared/area-catalogue';

const routes = {
  user: '/user',
  userManage: '/userManage/:userId',
} as const;

const perms = {
  userView: 'userView',
  userSave: 'userSave',
  userUpdate: 'userUpdate',
  userDelete: 'userDelete',
  userChangeDept: 'userChangeDept',
  userResetPwd: 'userResetPwd',
} as const;

/** The user area's routes, permission keys and menu pages (spec routes; the seeded menu tree's pages and buttons). */
export const userCatalogue = defineAreaCatalogue({
  routes,
  perms,
  pages: [
    {
      group: 'system',
      url: routes.user,
      perms: perms.userView,
      name: n('用户管理', 'Users', 'Benutzer', '사용자 관리', 'ユーザー管理'),
      buttons: [
        button.add(perms.userSave),
        button.edit(perms.userUpdate),
        button.delete(perms.userDelete),
        button(perms.userChangeDept, n('变更组织', 'Change organisation', 'Organisation ändern', '조직 변경', '組織変更')),
        button(perms.userResetPwd, n('重置密码', 'Reset password', 'Passwort zurücksetzen', '비밀번호 초기화', 'パスワードリセット')),
      ],
    },
  ],
});
