import type { AreaHandlers } from '../../../server/handler';
import { addRole, deleteRoles, grantableMenus, listRoles, previewRole, roleInfo, updateRole } from './roles';

export const roleHandlers: AreaHandlers<'role'> = {
  async list(input, ctx) {
    return listRoles(ctx, input);
  },

  async info(input, ctx) {
    return roleInfo(ctx, input.roleId);
  },

  async add(input, ctx) {
    const created = await addRole(ctx, input);
    return { roleId: created.roleId };
  },

  async update(input, ctx) {
    const updated = await updateRole(ctx, input);
    return { roleId: updated.roleId, version: updated.version };
  },

  async delete(input, ctx) {
    return deleteRoles(ctx, input.roleIds);
  },

  async grantableMenus(input, ctx) {
    return grantableMenus(ctx, input);
  },

  async preview(input, ctx) {
    return previewRole(ctx, input.roleId);
  },
};
