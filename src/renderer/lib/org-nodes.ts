import type { DeptNode } from '../../areas/user/contract';
import type { OrgNode } from '../components/OrgCascader';

/** An organisation tree from the server as the organisation cascader takes it. */
export function orgNodesOf(tree: readonly DeptNode[]): OrgNode[] {
  return tree.map((dept) => ({ id: dept.deptId, name: dept.name, children: orgNodesOf(dept.children) }));
}
