import { answerVersion, withField, withInput, type AreaHandlers } from '../../../server/handler';
import { addApp, appInfo, deleteApp, listApps, regenerateSecret, updateApp } from './apps';

export const appCenterHandlers: AreaHandlers<'appCenter'> = {
  list: withInput(listApps),
  info: withField('id', appInfo),
  add: withInput(addApp),
  update: answerVersion('id', updateApp),
  delete: withField('id', deleteApp),
  regenerateSecret: withField('id', regenerateSecret),
};
