import { answerKey, answerVersion, withField, withInput, type AreaHandlers } from '../../../server/handler';
import { addRole, deleteRoles, grantableMenus, listRoles, previewRole, roleInfo, updateRole } from './roles';

export const roleHandlers: AreaHandlers<'role'> = {
  list: withInput(listRoles),
  info: withField('roleId', roleInfo),
  add: answerKey('roleId', addRole),
  update: answerVersion('roleId', updateRole),
  delete: withField('roleIds', deleteRoles),
  grantableMenus: withInput(grantableMenus),
  preview: withField('roleId', previewRole),
};
