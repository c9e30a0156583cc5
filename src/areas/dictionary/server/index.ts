import { answerKey, answerVersion, withField, withFields, withInput, type AreaHandlers } from '../../../server/handler';
import { addDictionary, deleteDictionaries, dictionaryInfo, dictionaryItems, listDictionaries, updateDictionary } from './dictionaries';
import { applyImport, exportDictionaries, previewImport } from './transfer';

export { dictionaryLabels } from './dictionaries';

export const dictionaryHandlers: AreaHandlers<'dictionary'> = {
  list: withInput(listDictionaries),
  info: withField('id', dictionaryInfo),
  add: answerKey('id', addDictionary),
  update: answerVersion('id', updateDictionary),
  delete: withField('ids', deleteDictionaries),
  items: (input, ctx) => dictionaryItems(ctx.services.db, input.dictNo, ctx.locale),
  export: withField('name', exportDictionaries),
  importPreview: withField('fileId', previewImport),
  importApply: withFields('fileId', 'digest', applyImport),
};
