import { answerKey, answerVersion, withField, withInput, type AreaHandlers } from '../../../server/handler';
import { addDept, deleteDepts, deptInfo, listDepts, updateDept } from './depts';

export const deptHandlers: AreaHandlers<'dept'> = {
  list: withInput(listDepts),
  info: withField('deptId', deptInfo),
  add: answerKey('deptId', addDept),
  update: answerVersion('deptId', updateDept),
  delete: withField('deptIds', deleteDepts),
};
