import { answerKey, answerVersion, withField, withInput, type AreaHandlers } from '../../../server/handler';
import { classificationsByDept, deptList, deptTree, rolesByDept, rolesByUser, topCompanies } from './lookups';
import { addUser, changeTopDept, deleteUsers, listUsers, resetPassword, updateUser, userInfo } from './users';

export const userHandlers: AreaHandlers<'user'> = {
  list: withInput(listUsers),
  info: withField('userId', userInfo),
  add: answerKey('userId', addUser),
  update: answerVersion('userId', updateUser),
  delete: withField('userIds', deleteUsers),
  async resetPassword(input, ctx) {
    return { password: await resetPassword(ctx, input.userId) };
  },
  async changeTopDept(input, ctx) {
    await changeTopDept(ctx, input);
    return null;
  },
  classificationsByDept: withField('deptId', classificationsByDept),
  topCompanies: withField('roleId', topCompanies),
  // Both tree types (users, roles) see the organisations of the role; the type only names the asking screen.
  deptTree: withField('roleId', deptTree),
  deptList: withInput(deptList),
  rolesByDept: withField('deptId', rolesByDept),
  rolesByUser: withField('userId', rolesByUser),
};

/** For the other areas' servers. */
export { deptList } from './lookups';
