import { useMemo } from 'react';
import { DeptTreeType } from '../../../shared/constants';
import { useIdentity } from '../../../renderer/components/screen/identity';
import { useBridgeQuery } from '../../../renderer/hooks/bridge-query';
import { orgNodesOf } from '../../../renderer/lib/org-nodes';

/** The organisations of the current role, for the classification filter and form. */
export function useOrgNodes() {
  const { role } = useIdentity();
  const query = useBridgeQuery('user.deptTree', { roleId: role.roleId, type: DeptTreeType.Users });
  return useMemo(() => (query.data ? orgNodesOf(query.data) : undefined), [query.data]);
}
