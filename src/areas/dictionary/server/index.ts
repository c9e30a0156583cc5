import type { AreaHandlers } from '../../../server/handler';
import { addDictionary, deleteDictionaries, dictionaryInfo, dictionaryItems, listDictionaries, updateDictionary } from './dictionaries';
import { applyImport, exportDictionaries, previewImport } from './transfer';

export { dictionaryLabels } from './dictionaries';

export const dictionaryHandlers: AreaHandlers<'dictionary'> = {
  async list(input, ctx) {
    return listDictionaries(ctx, input);
  },

  async info(input, ctx) {
    return dictionaryInfo(ctx, input.id);
  },

  async add(input, ctx) {
    const created = await addDictionary(ctx, input);
    return { id: created.id };
  },

  async update(input, ctx) {
    const updated = await updateDictionary(ctx, input);
    return { id: updated.id, version: updated.version };
  },

  async delete(input, ctx) {
    return deleteDictionaries(ctx, input.ids);
  },

  async items(input, ctx) {
    return dictionaryItems(ctx.services.db, input.dictNo, ctx.locale);
  },

  async export(input, ctx) {
    return exportDictionaries(ctx, input.name);
  },

  async importPreview(input, ctx) {
    return previewImport(ctx, input.fileId);
  },

  async importApply(input, ctx) {
    return applyImport(ctx, input.fileId, input.digest);
  },
};
