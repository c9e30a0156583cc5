import type { AreaHandlers } from '../../../server/handler';
import { addDept, deleteDepts, deptInfo, listDepts, updateDept } from './depts';

export const deptHandlers: AreaHandlers<'dept'> = {
  async list(input, ctx) {
    return listDepts(ctx, input);
  },

  async info(input, ctx) {
    return deptInfo(ctx, input.deptId);
  },

  async add(input, ctx) {
    const created = await addDept(ctx, input);
    return { deptId: created.deptId };
  },

  async update(input, ctx) {
    const updated = await updateDept(ctx, input);
    return { deptId: updated.deptId, version: updated.version };
  },

  async delete(input, ctx) {
    return deleteDepts(ctx, input.deptIds);
  },
};
