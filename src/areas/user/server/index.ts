import type { AreaHandlers } from '../../../server/handler';
import { classificationsByDept, deptList, deptTree, rolesByDept, rolesByUser, topCompanies } from './lookups';
import { addUser, changeTopDept, deleteUsers, listUsers, resetPassword, updateUser, userInfo } from './users';

export const userHandlers: AreaHandlers<'user'> = {
  async list(input, ctx) {
    return listUsers(ctx, input);
  },

  async info(input, ctx) {
    return userInfo(ctx, input.userId);
  },

  async add(input, ctx) {
    const created = await addUser(ctx, input);
    return { userId: created.userId };
  },

  async update(input, ctx) {
    const updated = await updateUser(ctx, input);
    return { userId: updated.userId, version: updated.version };
  },

  async delete(input, ctx) {
    return deleteUsers(ctx, input.userIds);
  },

  async resetPassword(input, ctx) {
    return { password: await resetPassword(ctx, input.userId) };
  },

  async changeTopDept(input, ctx) {
    await changeTopDept(ctx, input);
    return null;
  },

  async classificationsByDept(input, ctx) {
    return classificationsByDept(ctx, input.deptId);
  },

  async topCompanies(input, ctx) {
    return topCompanies(ctx, input.roleId);
  },

  // Both tree types (users, roles) see the organisations of the role; the type only names the asking screen.
  async deptTree(input, ctx) {
    return deptTree(ctx, input.roleId);
  },

  async deptList(input, ctx) {
    return deptList(ctx, input);
  },

  async rolesByDept(input, ctx) {
    return rolesByDept(ctx, input.deptId);
  },

  async rolesByUser(input, ctx) {
    return rolesByUser(ctx, input.userId);
  },
};

/** For the other areas' servers. */
export { deptList } from './lookups';
