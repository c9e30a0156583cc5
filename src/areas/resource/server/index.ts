import { withField, withFields, withInput, type AreaHandlers } from '../../../server/handler';
import { assignableDepts, previewResources, resourcesByDept, resourceTree, saveResources } from './resources';

export const resourceHandlers: AreaHandlers<'resource'> = {
  depts: withField('roleId', assignableDepts),
  byDept: withField('deptId', resourcesByDept),
  tree: withFields('deptId', 'sysId', resourceTree),
  preview: withInput(previewResources),
  save: withInput(saveResources),
};
