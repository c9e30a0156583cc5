import { withField, withInput, withoutInput, type AreaHandlers } from '../../../server/handler';
import { bindingOfUser, businessCentreTree, deleteBindings, listBindings, saveBindings, unboundUsers, updateBindings } from './bindings';

export const serviceCenterHandlers: AreaHandlers<'serviceCenter'> = {
  list: withInput(listBindings),
  unboundUsers: withInput(unboundUsers),
  binding: withField('userId', bindingOfUser),
  tree: withoutInput(businessCentreTree),
  async save(input, ctx) {
    await saveBindings(ctx, input);
    return null;
  },
  async update(input, ctx) {
    await updateBindings(ctx, input);
    return null;
  },
  delete: withField('userIds', deleteBindings),
};
