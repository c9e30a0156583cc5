import { answerKey, answerVersion, withField, withInput, withoutInput, type AreaHandlers } from '../../../server/handler';
import { addCategory, categoryInfo, deleteCategories, listCategories, updateCategory } from './categories';
import { listInfoSystems } from './systems';

export const infoCategoryHandlers: AreaHandlers<'infoCategory'> = {
  systems: withoutInput(listInfoSystems),
  list: withInput(listCategories),
  info: withField('id', categoryInfo),
  add: answerKey('id', addCategory),
  update: answerVersion('id', updateCategory),
  delete: withField('ids', deleteCategories),
};

/** For the other areas' servers. */
export { checkSystem, infoSystemsOf } from './systems';
