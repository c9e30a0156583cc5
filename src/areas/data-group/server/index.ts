import { withField, withInput, withoutInput, type AreaHandlers } from '../../../server/handler';
import { addClassification, classificationInfo, deleteClassifications, listClassifications, updateClassification } from './classifications';
import { addGroup, deleteGroups, groupInfo, groupOptions, listGroups, updateGroup } from './groups';
import { addOrgan, deleteOrgans, listOrgans, organInfo, updateOrgan } from './organs';

export const dataGroupHandlers: AreaHandlers<'dataGroup'> = {
  groupList: withInput(listGroups),
  groupOptions: withoutInput(groupOptions),
  groupInfo: withField('id', groupInfo),
  groupAdd: withInput(addGroup),
  groupUpdate: withInput(updateGroup),
  groupDelete: withField('ids', deleteGroups),
  organList: withInput(listOrgans),
  organInfo: withField('id', organInfo),
  organAdd: withInput(addOrgan),
  organUpdate: withInput(updateOrgan),
  organDelete: withField('ids', deleteOrgans),
  classificationList: withInput(listClassifications),
  classificationInfo: withField('id', classificationInfo),
  classificationAdd: withInput(addClassification),
  classificationUpdate: withInput(updateClassification),
  classificationDelete: withField('ids', deleteClassifications),
};
