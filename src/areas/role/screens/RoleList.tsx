import { Button } from '@fluentui/react-components';
import { Eye20Regular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { role as roleEndpoints, type RoleRow } from '../contract';
import { Route } from '../../../shared/routes';
import { useIdentity } from '../../../renderer/components/screen/identity';
import { ListTable, type ListColumn } from '../../../renderer/components/list/ListTable';
import { FilterBar, FilterTextField, ListActions, ListScreen, OrgFilter } from '../../../renderer/components/list/ListScreen';
import { pageRows, recordFormRoutes, useListController } from '../../../renderer/components/list/useListController';
import { useRoleOrgTree } from './queries';
import { roleTypeKey } from './role-model';
import { RolePreviewDialog } from './RolePreviewDialog';
import { createTimeColumn } from '../../../renderer/components/list/common-columns';

type RoleFilters = { name: string; deptId: number | null };

const roleRowId = (row: RoleRow) => row.roleId;
const roleLabel = (row: RoleRow) => row.roleName;
const roleRoutes = recordFormRoutes(Route.roleManage, 'roleId');

/**
 * Role list (spec 001 §2 /role, kept): an organisation cascader (the first organisation preselected) and a
 * role-name filter, reset and paging; add, edit and delete each shown only with its key; a preview of what
 * the chosen role grants.
 */
export default function RoleList() {
  const { t } = useTranslation();
  const { role } = useIdentity();
  const orgs = useRoleOrgTree(role.roleId);
  const firstOrgId = orgs.nodes?.[0]?.id ?? null;
  const [previewOf, setPreviewOf] = useState<number | null>(null);

  const list = useListController({
    queryId: 'role.list',
    filters: { initial: { name: '', deptId: firstOrgId } as RoleFilters },
    toInput: (filters, { page, pageSize }) => ({ page, limit: pageSize, roleId: role.roleId, name: filters.name.trim() || undefined, deptId: filters.deptId ?? undefined }),
    rowsOf: pageRows,
    getRowId: roleRowId,
    prerequisites: [orgs.query],
    canLoad: (filters) => orgs.nodes?.length === 0 || filters.deptId !== null,
    routes: roleRoutes,
    deleteSelected: { endpoint: 'role.delete', input: (ids) => ({ roleIds: ids.join(',') }) },
  });

  const previewSelected = () => {
    const roleId = list.requireOne();
    if (roleId !== null) setPreviewOf(Number(roleId));
  };

  const columns = useMemo<ListColumn<RoleRow>[]>(
    () => [
      { key: 'roleName', kind: 'name', header: t('role.roleName'), render: (row) => row.roleName },
      { key: 'remark', kind: 'text', header: t('role.remark'), render: (row) => row.remark },
      { key: 'deptName', kind: 'name', header: t('common.organisation'), render: (row) => row.deptName },
      { key: 'roleType', kind: 'status', header: t('role.roleType'), render: (row) => t(roleTypeKey(row.roleType)) },
      { key: 'userCount', kind: 'number', header: t('role.userCount'), render: (row) => row.userCount },
      createTimeColumn(t('common.createTime')),
    ],
    [t],
  );

  const { draft } = list.filters;
  return (
    <ListScreen route={Route.role} data-testid="role-list">
      <FilterBar label={t('role.filters')} filters={list.filters} testIdPrefix="filter-">
        <OrgFilter label={t('common.organisation')} nodes={orgs.nodes} filters={list.filters} />
        <FilterTextField label={t('role.roleName')} value={draft.name} placeholder={t('role.namePlaceholder')} onChange={(name) => list.filters.change({ name })} data-testid="filter-name" />
      </FilterBar>
      <ListActions list={list} label={t('role.actions')} testIdPrefix="role" endpoints={{ add: roleEndpoints.add, edit: roleEndpoints.update, remove: roleEndpoints.delete }}>
        {/* Whoever opens the list may read what a listed role grants (the server checks roleView). */}
        <Button icon={<Eye20Regular />} onClick={previewSelected} data-testid="role-preview">
          {t('role.preview')}
        </Button>
      </ListActions>
      <ListTable aria-label={t('role.listLabel')} list={list} columns={columns} getRowLabel={roleLabel} emptyText={t('role.empty')} noMatchText={t('role.noMatch')} data-testid="role-table" />
      <RolePreviewDialog roleId={previewOf} onClose={() => setPreviewOf(null)} />
    </ListScreen>
  );
}
