import { makeStyles, tokens } from '@fluentui/react-components';
import { Route } from '../../../shared/routes';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { serviceCenter, type BindingRow } from '../contract';
import { Perm } from '../../../shared/permissions';
import { ListTable, runningNumber, type ListColumn } from '../../../renderer/components/list/ListTable';
import { FilterBar, FilterField, ListActions, ListScreen } from '../../../renderer/components/list/ListScreen';
import type { RowId } from '../../../renderer/components/list/selection';
import { pageRows, useListController } from '../../../renderer/components/list/useListController';
import { OrgCascader } from '../../../renderer/components/OrgCascader';
import { useBridgeQuery } from '../../../renderer/hooks/bridge-query';
import { formatDateTime } from '../../../renderer/lib/format';
import { orgNodesOf } from '../../../renderer/lib/org-nodes';
import { AccountNameFields } from './AccountNameFields';
import { accountPageInput, assignPath } from './binding';
import { invalidateBindingQueries } from './queries';
import { createTimeColumn } from '../../../renderer/components/list/common-columns';

const useStyles = makeStyles({
  centres: { whiteSpace: 'normal', wordBreak: 'break-word' },
  ids: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, whiteSpace: 'normal', wordBreak: 'break-all' },
  muted: { color: tokens.colorNeutralForeground3 },
});

type BindingFilters = {
  account: string;
  name: string;
  deptId: number | null;
};

const NO_FILTERS: BindingFilters = { account: '', name: '', deptId: null };

const bindingRowId = (row: BindingRow) => row.userId;
const bindingAccount = (row: BindingRow) => row.account;
const bindingRoutes = { add: assignPath({ kind: 'add' }), edit: (userId: RowId) => assignPath({ kind: 'update', userId: Number(userId) }), editPerm: Perm.serviceCenterUpdate };

/**
 * Service-centre binding list (spec 000 §2 /serviceCenter, kept): users with their business centres and
 * who bound and changed them; one row at a time is edited or unbound.
 */
export default function ServiceCenterList() {
  const { t } = useTranslation();
  const styles = useStyles();
  const tree = useBridgeQuery('serviceCenter.tree', {});
  const centreOptions = useMemo(() => (tree.data ? orgNodesOf(tree.data) : undefined), [tree.data]);
  const list = useListController({
    queryId: 'serviceCenter.list',
    filters: { initial: NO_FILTERS },
    toInput: accountPageInput,
    rowsOf: pageRows,
    getRowId: bindingRowId,
    selectionMode: 'single',
    routes: bindingRoutes,
    deleteSelected: {
      endpoint: 'serviceCenter.delete',
      input: (ids) => ({ userIds: ids.join(',') }),
      itemLabel: bindingAccount,
      question: { one: 'serviceCenter.deleteOne', many: 'serviceCenter.deleteMany' },
      invalidate: invalidateBindingQueries,
    },
  });
  const { page, pageSize } = list;

  const columns = useMemo<ListColumn<BindingRow>[]>(
    () => [
      { key: 'number', kind: 'number', header: t('serviceCenter.runningNumber'), render: (_row, index) => runningNumber({ page, pageSize }, index) },
      { key: 'account', kind: 'number', header: t('serviceCenter.account'), render: (row) => row.account, sortKey: 'account' },
      { key: 'name', kind: 'name', header: t('common.personName'), render: (row) => row.name, sortKey: 'name' },
      { key: 'deptIds', kind: 'text', header: t('serviceCenter.deptIds'), render: (row) => <span className={styles.ids}>{row.deptIds}</span> },
      { key: 'centres', kind: 'text', header: t('serviceCenter.centres'), render: (row) => <span className={styles.centres}>{row.deptNames}</span> },
      { key: 'createBy', kind: 'name', header: t('common.createdBy'), render: (row) => row.createBy },
      createTimeColumn(t('common.createTime')),
      { key: 'updateBy', kind: 'name', header: t('serviceCenter.updateBy'), render: (row) => row.updateBy },
      {
        key: 'updateTime',
        kind: 'time',
        header: t('serviceCenter.updateTime'),
        render: (row) => (row.updateTime ? formatDateTime(row.updateTime) : <span className={styles.muted}>{t('serviceCenter.notChanged')}</span>),
      },
    ],
    [t, styles, page, pageSize],
  );

  return (
    <ListScreen route={Route.serviceCenter} data-testid="service-center-list">
      <FilterBar label={t('serviceCenter.filters')} filters={list.filters} testIdPrefix="filter-">
        <AccountNameFields value={list.filters.draft} onChange={list.filters.change} testIdPrefix="filter-" />
        <FilterField label={t('serviceCenter.centre')}>
          <OrgCascader
            nodes={centreOptions}
            value={list.filters.draft.deptId}
            onChange={(deptId) => list.filters.change({ deptId })}
            preselectFirst={false}
            clearable
            placeholder={t('serviceCenter.allCentres')}
            data-testid="filter-centre"
          />
        </FilterField>
      </FilterBar>
      <ListActions list={list} label={t('common.actions')} testIdPrefix="binding" endpoints={{ add: serviceCenter.save, edit: serviceCenter.update, remove: serviceCenter.delete }} />
      <ListTable
        aria-label={t('serviceCenter.bindings')}
        list={list}
        columns={columns}
        getRowLabel={bindingAccount}
        emptyText={t('serviceCenter.noBindings')}
        noMatchText={t('serviceCenter.noMatchingBindings')}
        data-testid="binding-list"
      />
    </ListScreen>
  );
}
