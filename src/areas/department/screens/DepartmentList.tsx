import { Badge, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { dept } from '../contract';
import { DeptTreeType, DeptType } from '../../../shared/constants';
import { NEW_RECORD_ID, Route, routeTo } from '../../../shared/routes';
import { useIdentity } from '../../../renderer/components/screen/identity';
import type { ListColumn } from '../../../renderer/components/list/ListTable';
import { FilterBar, FilterTextField, ListActions, ListScreen, SelectedCount, OrgFilter } from '../../../renderer/components/list/ListScreen';
import type { RowId } from '../../../renderer/components/list/selection';
import { useListController } from '../../../renderer/components/list/useListController';
import { useNotify } from '../../../renderer/components/notify';
import { TreeTable } from '../../../renderer/components/tree/TreeTable';
import { allDeptRows, deptIdsOf, deptTreeOf, type DeptRow } from './dept-tree';
import { NEW_PARENT, deptEditProblem } from './list-rules';
import { invalidateDeptQueries, useDeptOrgTree } from './queries';
import { createTimeColumn, createdByColumn } from '../../../renderer/components/list/common-columns';

const useStyles = makeStyles({
  name: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
});

type DeptFilters = { deptId: number | null; deptPerson: string };

const deptRowId = (row: DeptRow) => row.deptId;
const deptChildren = (row: DeptRow) => row.children;
const deptName = (row: DeptRow) => row.name;
const deptRows = (entries: Parameters<typeof deptTreeOf>[0]) => {
  const rows = deptTreeOf(entries);
  return { rows, total: entries.length };
};
const deptRoutes = {
  add: routeTo(Route.depManage, { deptId: NEW_RECORD_ID, pardId: NEW_PARENT }),
  edit: (deptId: RowId) => routeTo(Route.depManage, { deptId, pardId: 'update' }),
  editRule: deptEditProblem,
};

/**
 * Organisation list (spec 001 §2 /department, kept): a tree table of the organisations the role sees below the
 * organisation chosen in the filter (the first one preselected). Rows are chosen by clicking them. Add takes
 * the one chosen row as the new organisation's parent; edit takes exactly one; delete any number, after a
 * question. Each button shows only with its key.
 */
export default function DepartmentList() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const { role } = useIdentity();
  const orgs = useDeptOrgTree(role.roleId, DeptTreeType.Roles);
  const firstOrgId = orgs.nodes?.[0]?.id ?? null;

  const list = useListController({
    queryId: 'dept.list',
    filters: { initial: { deptId: firstOrgId, deptPerson: '' } satisfies DeptFilters },
    toInput: (filters) => ({ deptId: filters.deptId ?? undefined, deptPerson: filters.deptPerson.trim() || undefined }),
    rowsOf: deptRows,
    getRowId: deptRowId,
    rowIdsOf: deptIdsOf,
    allRowsOf: allDeptRows,
    prerequisites: [orgs.query],
    canLoad: (filters) => orgs.nodes?.length === 0 || filters.deptId !== null,
    routes: deptRoutes,
    deleteSelected: {
      endpoint: 'dept.delete',
      input: (ids) => ({ deptIds: ids.join(',') }),
      confirmTitle: t('dept.deleteTitle'),
      itemLabel: deptName,
      question: { one: 'dept.deleteOne', many: 'dept.deleteMany' },
      invalidate: invalidateDeptQueries,
    },
  });

  // Add with one chosen row adds below it (spec 001 §2); more than one is refused.
  const add = () => {
    if (list.selected.size > 1) {
      notify.warning(t('dept.onlyOne'));
      return;
    }
    const [parent] = list.selected;
    navigate(routeTo(Route.depManage, { deptId: NEW_RECORD_ID, pardId: parent === undefined ? NEW_PARENT : parent }));
  };
  const deleteSelected = () => {
    if (list.selected.size === 0) notify.warning(t('dept.selectToDelete'));
    else list.deleteSelected();
  };

  const columns: ListColumn<DeptRow>[] = [
    {
      key: 'name',
      kind: 'name',
      header: t('dept.column.name'),
      render: (row) => (
        <span className={styles.name}>
          {row.name}
          <Badge appearance="tint" size="small" color={row.deptType === DeptType.Company ? 'brand' : 'informative'}>
            {t(row.deptType === DeptType.Company ? 'dept.type.company' : 'dept.type.department')}
          </Badge>
        </span>
      ),
    },
    { key: 'deptPerson', kind: 'name', header: t('dept.column.deptPerson'), render: (row) => row.deptPerson },
    { key: 'companyAddress', kind: 'text', header: t('dept.column.companyAddress'), render: (row) => row.companyAddress },
    { key: 'telephone', kind: 'code', header: t('dept.column.telephone'), render: (row) => row.telephone },
    createdByColumn(t('common.createdBy')),
    createTimeColumn(t('common.createTime')),
  ];

  const { draft } = list.filters;
  return (
    <ListScreen route={Route.department} data-testid="dept-list">
      <FilterBar label={t('common.filters')} filters={list.filters} testIdPrefix="filter-">
        <OrgFilter label={t('dept.filter.org')} nodes={orgs.nodes} filters={list.filters} />
        <FilterTextField label={t('dept.filter.person')} value={draft.deptPerson} onChange={(deptPerson) => list.filters.change({ deptPerson })} data-testid="filter-person" />
      </FilterBar>

      <ListActions list={{ ...list, add, deleteSelected }} label={t('dept.actions')} testIdPrefix="dept" endpoints={{ add: dept.add, edit: dept.update, remove: dept.delete }}>
        <SelectedCount count={list.selected.size} data-testid="dept-selected-count" />
      </ListActions>

      <TreeTable
        aria-label={t('dept.tree')}
        columns={columns}
        views={list.views}
        nodes={list.rows}
        getRowId={deptRowId}
        getChildren={deptChildren}
        getRowLabel={deptName}
        // Every click toggles its row (spec 001: rows are selected by clicking), as does its box.
        selectedIds={list.selected}
        onRowClick={(id) => list.toggle(id)}
        initialOpenDepth={Number.POSITIVE_INFINITY}
        loading={list.loading}
        error={list.error}
        onRetry={list.reload}
        emptyText={list.filtered ? t('dept.list.emptyFiltered') : t('dept.list.empty')}
        data-testid="dept-tree"
      />
    </ListScreen>
  );
}
