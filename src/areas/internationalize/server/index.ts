import { answerVersion, withField, withFields, withInput, withoutInput, type AreaHandlers } from '../../../server/handler';
import { deleteText, listTexts, saveText, textInfo } from './texts';
import { applyImport, exportTexts, previewImport } from './transfer';

export const i18nTextHandlers: AreaHandlers<'i18nText'> = {
  list: withInput(listTexts),
  info: withField('id', textInfo),
  save: answerVersion('id', saveText),
  delete: withField('id', deleteText),
  export: withoutInput(exportTexts),
  importPreview: withField('fileId', previewImport),
  importApply: withFields('fileId', 'digest', applyImport),
};
