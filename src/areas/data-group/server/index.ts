import type { AreaHandlers } from '../../../server/handler';
import { addClassification, classificationInfo, deleteClassifications, listClassifications, updateClassification } from './classifications';
import { addGroup, deleteGroups, groupInfo, groupOptions, listGroups, updateGroup } from './groups';
import { addOrgan, deleteOrgans, listOrgans, organInfo, updateOrgan } from './organs';

export const dataGroupHandlers: AreaHandlers<'dataGroup'> = {
  groupList: (input, ctx) => listGroups(ctx, input),
  groupOptions: (_input, ctx) => groupOptions(ctx),
  groupInfo: (input, ctx) => groupInfo(ctx, input.id),
  groupAdd: (input, ctx) => addGroup(ctx, input),
  groupUpdate: (input, ctx) => updateGroup(ctx, input),
  groupDelete: (input, ctx) => deleteGroups(ctx, input.ids),
  organList: (input, ctx) => listOrgans(ctx, input),
  organInfo: (input, ctx) => organInfo(ctx, input.id),
  organAdd: (input, ctx) => addOrgan(ctx, input),
  organUpdate: (input, ctx) => updateOrgan(ctx, input),
  organDelete: (input, ctx) => deleteOrgans(ctx, input.ids),
  classificationList: (input, ctx) => listClassifications(ctx, input),
  classificationInfo: (input, ctx) => classificationInfo(ctx, input.id),
  classificationAdd: (input, ctx) => addClassification(ctx, input),
  classificationUpdate: (input, ctx) => updateClassification(ctx, input),
  classificationDelete: (input, ctx) => deleteClassifications(ctx, input.ids),
};
