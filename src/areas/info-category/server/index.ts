import type { AreaHandlers } from '../../../server/handler';
import { addCategory, categoryInfo, deleteCategories, listCategories, updateCategory } from './categories';
import { listInfoSystems } from './systems';

export const infoCategoryHandlers: AreaHandlers<'infoCategory'> = {
  async systems(_input, ctx) {
    return listInfoSystems(ctx);
  },

  async list(input, ctx) {
    return listCategories(ctx, input);
  },

  async info(input, ctx) {
    return categoryInfo(ctx, input.id);
  },

  async add(input, ctx) {
    const created = await addCategory(ctx, input);
    return { id: created.id };
  },

  async update(input, ctx) {
    const updated = await updateCategory(ctx, input);
    return { id: updated.id, version: updated.version };
  },

  async delete(input, ctx) {
    return deleteCategories(ctx, input.ids);
  },
};

/** For the other areas' servers. */
export { checkSystem, infoSystemsOf } from './systems';
