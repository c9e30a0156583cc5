import type { AreaHandlers } from '../../../server/handler';
import { bindingOfUser, businessCentreTree, deleteBindings, listBindings, saveBindings, unboundUsers, updateBindings } from './bindings';

export const serviceCenterHandlers: AreaHandlers<'serviceCenter'> = {
  async list(input, ctx) {
    return listBindings(ctx, input);
  },

  async unboundUsers(input, ctx) {
    return unboundUsers(ctx, input);
  },

  async binding(input, ctx) {
    return bindingOfUser(ctx, input.userId);
  },

  async tree(_input, ctx) {
    return businessCentreTree(ctx);
  },

  async save(input, ctx) {
    await saveBindings(ctx, input);
    return null;
  },

  async update(input, ctx) {
    await updateBindings(ctx, input);
    return null;
  },

  async delete(input, ctx) {
    return deleteBindings(ctx, input.userIds);
  },
};
