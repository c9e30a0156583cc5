import { defineAreaCatalogue, button, catalogName as n } from '../../shared/area-catalogue';

const routes = {
  sendingSMS: '/sendingSMS',
  sendManage: '/sendManage',
  templateManage: '/templateManage',
  addTemplete: '/addTemplete/:id',
  signatureManage: '/signatureManage',
  addSignMsg: '/addSignMsg/:id',
  sendCenter: '/sendCenter',
} as const;

const perms = {
  smsSendView: 'smsSendView',
  smsSend: 'smsSend',
  smsRecordView: 'smsRecordView',
  templateView: 'templateView',
  templateSave: 'templateSave',
  templateDelete: 'templateDelete',
  templateActivate: 'templateActivate',
  signatureView: 'signatureView',
  signatureSave: 'signatureSave',
  signatureDelete: 'signatureDelete',
  sendCenterView: 'sendCenterView',
} as const;

/** The sms area's routes, permission keys and menu pages (spec routes; the seeded menu tree's pages and buttons). */
export const smsCatalogue = defineAreaCatalogue({
  routes,
  perms,
  pages: [
    { group: 'messaging', url: routes.sendingSMS, perms: perms.smsSendView, name: n('短信发送', 'Send SMS', 'SMS senden', 'SMS 발송', 'SMS送信'), buttons: [button.send(perms.smsSend)] },
    { group: 'messaging', url: routes.sendManage, perms: perms.smsRecordView, name: n('发送记录', 'Send records', 'Sendeprotokoll', '발송 기록', '送信記録') },
    {
      group: 'messaging',
      url: routes.templateManage,
      perms: perms.templateView,
      name: n('模板管理', 'Templates', 'Vorlagen', '템플릿 관리', 'テンプレート管理'),
      buttons: [button.add(perms.templateSave), button.delete(perms.templateDelete), button.activate(perms.templateActivate)],
    },
    {
      group: 'messaging',
      url: routes.signatureManage,
      perms: perms.signatureView,
      name: n('签名管理', 'Signatures', 'Signaturen', '서명 관리', '署名管理'),
      buttons: [button.add(perms.signatureSave), button.delete(perms.signatureDelete)],
    },
    { group: 'messaging', url: routes.sendCenter, perms: perms.sendCenterView, name: n('发送中心', 'Send centre', 'Sendezentrale', '발송 센터', '送信センター') },
  ],
});
