import { Button, Field, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowReset20Regular, Search20Regular } from '@fluentui/react-icons';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { BindingRow } from '../../../shared/contract/service-center';
import { Perm } from '../../../shared/permissions';
import { useShellTab } from '../../app/home/shell-tab';
import { useConfirm } from '../../components/ConfirmDialog';
import { ListTable, type ListColumn } from '../../components/list/ListTable';
import { selectionProblem } from '../../components/list/selection';
import { useListState } from '../../components/list/useListState';
import { useNotify } from '../../components/notify';
import { OrgCascader } from '../../components/OrgCascader';
import { CrudActions } from '../../components/CrudActions';
import { invalidateBridgeQueries, useBridgeMutation, useBridgeQuery } from '../../hooks/bridge-query';
import { assignPath, centreOrgNodes, formatDateTime } from './binding';
import { AccountNameFields } from './AccountNameFields';
import { invalidateBindingQueries } from './queries';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL, minWidth: 0 },
  filters: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  // Fluent's inputs bring their own minimum widths: the field decides.
  filter: { width: '200px', '& .fui-Input, & .fui-Combobox': { width: '100%', minWidth: 0, boxSizing: 'border-box' } },
  centres: { whiteSpace: 'normal', wordBreak: 'break-word' },
  muted: { color: tokens.colorNeutralForeground3 },
});

interface Filters {
  account: string;
  name: string;
  deptId: number | null;
}

const NO_FILTERS: Filters = { account: '', name: '', deptId: null };

function isFiltered(filters: Filters): boolean {
  return filters.account.trim() !== '' || filters.name.trim() !== '' || filters.deptId !== null;
}

/**
 * Service-centre binding list (spec 000 §2 /serviceCenter, kept): users with their business centres and
 * who bound and changed them; one row at a time is edited or unbound.
 */
export default function ServiceCenterList() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const { active } = useShellTab();
  const list = useListState();
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);

  const tree = useBridgeQuery('serviceCenter.tree', {});
  const centreOptions = useMemo(() => (tree.data ? centreOrgNodes(tree.data) : undefined), [tree.data]);
  const bindings = useBridgeQuery(
    'serviceCenter.list',
    { pageNum: list.page, pageSize: list.pageSize, account: filters.account, name: filters.name, deptId: filters.deptId },
    { placeholderData: keepPreviousData, meta: { silent: true } },
  );
  const remove = useBridgeMutation('serviceCenter.delete');

  // The list reloads when the user comes back to it (from its form or another tab).
  const wasActive = useRef(active);
  useEffect(() => {
    if (active && !wasActive.current) void invalidateBridgeQueries(queryClient, 'serviceCenter.list');
    wasActive.current = active;
  }, [active, queryClient]);

  const search = () => {
    setFilters(draft);
    list.reset();
  };
  const resetFilters = () => {
    setDraft(NO_FILTERS);
    setFilters(NO_FILTERS);
    list.reset();
  };

  const edit = () => {
    const problem = selectionProblem(list.selected.size, 'exactlyOne');
    if (problem) return notify.warning(t(problem));
    const [userId] = list.selected;
    navigate(assignPath({ kind: 'update', userId: Number(userId) }));
  };

  const deleteSelected = async () => {
    const problem = selectionProblem(list.selected.size, 'atLeastOne');
    if (problem) return notify.warning(t(problem));
    if (!(await confirm({ message: t('message.confirmDelete'), destructive: true }))) return;
    remove.mutate(
      { userIds: [...list.selected].join(',') },
      {
        onSuccess: () => {
          notify.success(t('message.deleteSuccess'));
          list.table.onSelectionChange(new Set());
          void invalidateBindingQueries(queryClient);
        },
      },
    );
  };

  const columns = useMemo<ListColumn<BindingRow>[]>(
    () => [
      { key: 'account', header: t('serviceCenter.account'), render: (row) => row.account, width: '130px' },
      { key: 'name', header: t('serviceCenter.name'), render: (row) => row.name, width: '130px' },
      { key: 'centres', header: t('serviceCenter.centres'), render: (row) => <span className={styles.centres}>{row.deptNames}</span> },
      { key: 'createBy', header: t('serviceCenter.createBy'), render: (row) => row.createBy, width: '110px' },
      { key: 'createTime', header: t('serviceCenter.createTime'), render: (row) => formatDateTime(row.createTime), width: '170px' },
      { key: 'updateBy', header: t('serviceCenter.updateBy'), render: (row) => row.updateBy, width: '110px' },
      {
        key: 'updateTime',
        header: t('serviceCenter.updateTime'),
        render: (row) => (row.updateTime ? formatDateTime(row.updateTime) : <span className={styles.muted}>{t('serviceCenter.notChanged')}</span>),
        width: '170px',
      },
    ],
    [t, styles],
  );

  return (
    <section className={styles.page} data-testid="service-center-list">
      <div className={styles.filters} role="search" aria-label={t('serviceCenter.filters')}>
        <AccountNameFields value={draft} onChange={(patch) => setDraft((previous) => ({ ...previous, ...patch }))} onSearch={search} fieldClassName={styles.filter} testIdPrefix="filter-" />
        <Field label={t('serviceCenter.centre')} className={styles.filter}>
          <OrgCascader
            nodes={centreOptions}
            value={draft.deptId}
            onChange={(deptId) => setDraft((previous) => ({ ...previous, deptId }))}
            preselectFirst={false}
            clearable
            placeholder={t('serviceCenter.allCentres')}
            data-testid="filter-centre"
          />
        </Field>
        <Button appearance="primary" icon={<Search20Regular />} onClick={search} data-testid="filter-search">
          {t('serviceCenter.search')}
        </Button>
        <Button icon={<ArrowReset20Regular />} onClick={resetFilters} data-testid="filter-reset">
          {t('serviceCenter.reset')}
        </Button>
      </div>
      <CrudActions
        label={t('serviceCenter.actions')}
        testIdPrefix="binding"
        perms={{ add: Perm.serviceCenterSave, edit: Perm.serviceCenterUpdate, remove: Perm.serviceCenterDelete }}
        onAdd={() => navigate(assignPath({ kind: 'add' }))}
        onEdit={edit}
        onDelete={() => void deleteSelected()}
        deleting={remove.isPending}
      />
      <ListTable
        aria-label={t('serviceCenter.bindings')}
        columns={columns}
        rows={bindings.data?.records}
        getRowId={(row) => row.userId}
        getRowLabel={(row) => row.account}
        total={bindings.data?.total ?? 0}
        selectionMode="single"
        loading={bindings.isFetching}
        error={bindings.isError ? bindings.error : undefined}
        onRetry={() => void bindings.refetch()}
        emptyText={t(isFiltered(filters) ? 'serviceCenter.noMatchingBindings' : 'serviceCenter.noBindings')}
        data-testid="binding-list"
        {...list.table}
      />
    </section>
  );
}
