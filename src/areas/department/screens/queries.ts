import type { QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { DeptTreeType } from '../../../shared/constants';
import { invalidateBridgeQueries, useBridgeQuery } from '../../../renderer/hooks/bridge-query';
import { orgNodesOf } from '../../../renderer/lib/org-nodes';

/** The organisations the current role sees: `type` 2 for the list's filter, 1 for the form's parent picker (spec 001 §7). */
export function useDeptOrgTree(roleId: number, type: (typeof DeptTreeType)[keyof typeof DeptTreeType]) {
  const query = useBridgeQuery('user.deptTree', { roleId, type });
  const nodes = useMemo(() => (query.data ? orgNodesOf(query.data) : undefined), [query.data]);
  return { query, nodes };
}

/** After an organisation was added, changed or deleted: the list, any form's record, and every organisation look-up. */
export async function invalidateDeptQueries(client: QueryClient): Promise<void> {
  await Promise.all([
    invalidateBridgeQueries(client, 'dept.list'),
    invalidateBridgeQueries(client, 'dept.info'),
    invalidateBridgeQueries(client, 'user.deptTree'),
    invalidateBridgeQueries(client, 'user.deptList'),
    invalidateBridgeQueries(client, 'user.topCompanies'),
  ]);
}
