import { useMemo } from 'react';
import dayjs from 'dayjs';
import { DeptTreeType } from '../../../shared/constants';
import { useBridgeQuery } from '../../hooks/bridge-query';
import { orgNodesOf } from './user-model';

/** The longest filter text the list call takes (`rules.filterText`). */
export const FILTER_TEXT_MAX = 100;

/** The organisations the current role sees, for the filter, the form and the role picker. */
export function useUserOrgTree(roleId: number) {
  const query = useBridgeQuery('user.deptTree', { roleId, type: DeptTreeType.Users });
  const nodes = useMemo(() => (query.data ? orgNodesOf(query.data) : undefined), [query.data]);
  return { query, nodes };
}

export function formatDateTime(iso: string): string {
  const time = dayjs(iso);
  return time.isValid() ? time.format('YYYY-MM-DD HH:mm:ss') : '';
}
