import type { AreaHandlers } from '../../../server/handler';
import { assignableDepts, previewResources, resourcesByDept, resourceTree, saveResources } from './resources';

export const resourceHandlers: AreaHandlers<'resource'> = {
  async depts(input, ctx) {
    return assignableDepts(ctx, input.roleId);
  },

  async byDept(input, ctx) {
    return resourcesByDept(ctx, input.deptId);
  },

  async tree(input, ctx) {
    return resourceTree(ctx, input.deptId, input.sysId);
  },

  async preview(input, ctx) {
    return previewResources(ctx, input);
  },

  async save(input, ctx) {
    return saveResources(ctx, input);
  },
};
