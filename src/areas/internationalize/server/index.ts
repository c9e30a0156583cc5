import type { AreaHandlers } from '../../../server/handler';
import { deleteText, listTexts, saveText, textInfo } from './texts';
import { applyImport, exportTexts, previewImport } from './transfer';

export const i18nTextHandlers: AreaHandlers<'i18nText'> = {
  async list(input, ctx) {
    return listTexts(ctx, input);
  },

  async info(input, ctx) {
    return textInfo(ctx, input.id);
  },

  async save(input, ctx) {
    const saved = await saveText(ctx, input);
    return { id: saved.id, version: saved.version };
  },

  async delete(input, ctx) {
    return deleteText(ctx, input.id);
  },

  async export(_input, ctx) {
    return exportTexts(ctx);
  },

  async importPreview(input, ctx) {
    return previewImport(ctx, input.fileId);
  },

  async importApply(input, ctx) {
    return applyImport(ctx, input.fileId, input.digest);
  },
};
