import { defineAreaCatalogue, button, catalogName as n } from '../../shared/area-catalogue';

const routes = {
  sendNotice: '/sendNotice',
} as const;

const perms = {
  noticeView: 'noticeView',
  noticeSend: 'noticeSend',
} as const;

/** The notice area's routes, permission keys and menu pages (spec routes; the seeded menu tree's pages and buttons). */
export const noticeCatalogue = defineAreaCatalogue({
  routes,
  perms,
  pages: [
    { group: 'messaging', url: routes.sendNotice, perms: perms.noticeView, name: n('通知发送', 'Notices', 'Mitteilungen', '알림 발송', 'お知らせ送信'), buttons: [button.send(perms.noticeSend)] },
  ],
});
