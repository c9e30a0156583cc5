import type { DeptNode } from '../../../areas/user/contract';
import type { TreeAccessors } from './check-tree';

/** Organisation trees (organisations, business centres) as the generic trees read them: `<CheckTree {...ORG_TREE} />`. */
export const ORG_TREE: TreeAccessors<DeptNode, number> = {
  getId: (node) => node.deptId,
  getLabel: (node) => node.name,
  getChildren: (node) => node.children,
};
