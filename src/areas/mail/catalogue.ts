import { defineAreaCatalogue, button, catalogName as n } from '../../shared/area-catalogue';

const routes = {
  mailManage: '/mailManage',
  addMail: '/addMail',
  accountManage: '/accountManage',
  addMailAccount: '/addMailAccount/:id',
} as const;

const perms = {
  mailView: 'mailView',
  mailSend: 'mailSend',
  mailAccountView: 'mailAccountView',
  mailAccountSave: 'mailAccountSave',
  mailAccountDelete: 'mailAccountDelete',
  mailAccountActivate: 'mailAccountActivate',
} as const;

/** The mail area's routes, permission keys and menu pages (spec routes; the seeded menu tree's pages and buttons). */
export const mailCatalogue = defineAreaCatalogue({
  routes,
  perms,
  pages: [
    { group: 'messaging', url: routes.mailManage, perms: perms.mailView, name: n('邮件管理', 'Mail', 'E-Mail', '메일 관리', 'メール管理'), buttons: [button.send(perms.mailSend)] },
    {
      group: 'messaging',
      url: routes.accountManage,
      perms: perms.mailAccountView,
      name: n('邮箱账号', 'Mail accounts', 'E-Mail-Konten', '메일 계정', 'メールアカウント'),
      buttons: [button.add(perms.mailAccountSave), button.delete(perms.mailAccountDelete), button.activate(perms.mailAccountActivate)],
    },
  ],
});
