import type { SelectionRule } from '../../../renderer/components/list/useListController';

/** The form route's pardId for a new organisation without a chosen parent (spec 001 §2 /depManage/null/new). */
export const NEW_PARENT = 'new';

/** Edit needs exactly one organisation, with the department list's own warnings (spec 001 §5). */
export const deptEditProblem: SelectionRule = (count) => {
  if (count === 0) return 'dept.selectOne';
  return count > 1 ? 'dept.onlyOne' : null;
};
