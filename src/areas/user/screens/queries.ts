import { useMemo } from 'react';
import { DeptTreeType } from '../../../shared/constants';
import { useBridgeQuery } from '../../../renderer/hooks/bridge-query';
import { orgNodesOf } from '../../../renderer/lib/org-nodes';

/** The organisations the current role sees, for the filter, the form and the role picker. */
export function useUserOrgTree(roleId: number) {
  const query = useBridgeQuery('user.deptTree', { roleId, type: DeptTreeType.Users });
  const nodes = useMemo(() => (query.data ? orgNodesOf(query.data) : undefined), [query.data]);
  return { query, nodes };
}
