import { useMemo } from 'react';
import { DeptTreeType } from '../../../shared/constants';
import { useBridgeQuery } from '../../../renderer/hooks/bridge-query';
import { orgNodesOf } from '../../../renderer/lib/org-nodes';

/** The organisations the current role sees, for the role list's filter and the role form. */
export function useRoleOrgTree(roleId: number) {
  const query = useBridgeQuery('user.deptTree', { roleId, type: DeptTreeType.Roles });
  const nodes = useMemo(() => (query.data ? orgNodesOf(query.data) : undefined), [query.data]);
  return { query, nodes };
}
