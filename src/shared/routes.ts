import { fillTemplate } from './path-template';

/** Every route of spec 000 §2 and 001 §2, written once. Form routes take the literal 'null' for "add". */
export const Route = {
  root: '/',
  login: '/login',
  home: '/Home',
  notFound: '/404',
  inNotFound: '/in-404',
  externalAddress: '/externalAddress',

  menu: '/menu',
  menuManage: '/menuManage/:menuId',
  user: '/user',
  userManage: '/userManage/:userId',
  serviceCenter: '/serviceCenter',
  serviceCenterManage: '/serviceCenterManage/:userId',

  department: '/department',
  depManage: '/depManage/:deptId/:pardId',
  role: '/role',
  roleManage: '/roleManage/:roleId',
  resource: '/resource',
  dictionary: '/dictionary',
  dicManage: '/dicManage/:dicId',
  appCenter: '/appCenter',
  centerMessage: '/centerMessage/:appId',
  inforTypeManage: '/inforTypeManage',
  addManage: '/addManage/:id',
  information: '/information',
  addInforMation: '/addInforMation/:id',
  internationalize: '/internationalize',
  appSystem: '/appSystem',
  behaviorDiary: '/behaviorDiary',
  userStatistics: '/userStatistics',
  interFace: '/interFace',

  sendingSMS: '/sendingSMS',
  sendManage: '/sendManage',
  templateManage: '/templateManage',
  addTemplete: '/addTemplete/:id',
  signatureManage: '/signatureManage',
  addSignMsg: '/addSignMsg/:id',
  sendCenter: '/sendCenter',
  sendNotice: '/sendNotice',
  mailManage: '/mailManage',
  addMail: '/addMail',
  accountManage: '/accountManage',
  addMailAccount: '/addMailAccount/:id',
  apiKeyMessg: '/apiKeyMessg',
  addApiKeyMessage: '/addApiKeyMessage/:id',
  apiKeySystem: '/apiKeySystem',
  addApiKeySystem: '/addApiKeySystem',
  polarLight: '/polarLight',
  newPolar: '/newPolar/:id',
  groupManage: '/groupManage',
  organManage: '/organManage',
  classifyManage: '/classifyManage',
} as const;

export type RoutePath = (typeof Route)[keyof typeof Route];

/** The literal a form route carries for a new record. */
export const NEW_RECORD_ID = 'null';

/** Fills `:param` segments of a route. */
export function routeTo(route: RoutePath, params: Record<string, string | number> = {}): string {
  return fillTemplate(route, params).path;
}
