import { Switch } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { infoCategory, InfoSwitch, type CategoryRecord } from '../contract';
import { Perm } from '../../../shared/permissions';
import { Route } from '../../../shared/routes';
import { ListTable, type ListColumn } from '../../../renderer/components/list/ListTable';
import { RowActions, useEditDeleteActions } from '../../../renderer/components/list/RowActions';
import { FilterBar, FilterTextField, ListActions, ListScreen } from '../../../renderer/components/list/ListScreen';
import { pageRows, recordFormRoutes, useListController } from '../../../renderer/components/list/useListController';
import { useNotify } from '../../../renderer/components/notify';
import { usePermissions } from '../../../renderer/components/permissions';
import { useBridgeMutation } from '../../../renderer/hooks/bridge-query';
import { enableSwitchPayload } from './category-model';
import { invalidateCategoryQueries } from './queries';
import { actionsColumn, createTimeColumn } from '../../../renderer/components/list/common-columns';

type CategoryFilters = { name: string };
const NO_FILTERS: CategoryFilters = { name: '' };

const categoryRowId = (row: CategoryRecord) => row.id;
const categoryLabel = (row: CategoryRecord) => row.name;
const categoryRoutes = recordFormRoutes(Route.addManage, 'id', Perm.infoTypeUpdate);

/**
 * The information category list (spec 001 §2 /inforTypeManage, kept): a name filter, add and batch delete,
 * the enable switch that saves at once through the update call, edit and delete per row, paging.
 */
export default function CategoryList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { has } = usePermissions();

  const list = useListController({
    queryId: 'infoCategory.list',
    filters: { initial: NO_FILTERS },
    toInput: (filters, { page, pageSize }) => ({ pageNum: page, pageSize, name: filters.name.trim() || undefined }),
    rowsOf: pageRows,
    getRowId: categoryRowId,
    routes: categoryRoutes,
    deleteSelected: {
      endpoint: 'infoCategory.delete',
      input: (ids) => ({ ids: ids.join(',') }),
      confirmTitle: t('infoCategory.deleteTitle'),
      itemLabel: categoryLabel,
      question: { one: 'infoCategory.deleteOne', many: 'infoCategory.deleteMany' },
      invalidate: invalidateCategoryQueries,
    },
  });

  const update = useBridgeMutation('infoCategory.update');
  const { reload } = list;

  const setEnable = (row: CategoryRecord, enable: boolean) =>
    update.mutate(enableSwitchPayload(row, enable), {
      onSuccess: () => {
        notify.success(t('message.updateSuccess'));
        void invalidateCategoryQueries(queryClient);
      },
      // A refusal (someone changed the row) shows the server's msg; the row shows what is stored now.
      onError: () => reload(),
    });
  const rowActions = useEditDeleteActions({
    edit: { endpoint: infoCategory.update, run: (row: CategoryRecord) => navigate(categoryRoutes.edit(row.id)) },
    remove: { endpoint: infoCategory.delete, run: list.deleteRow },
  });
  const columns: ListColumn<CategoryRecord>[] = [
    { key: 'name', kind: 'name', header: t('infoCategory.name'), render: (row) => row.name },
    { key: 'systemName', kind: 'name', header: t('common.ownedBySystem'), render: (row) => row.systemName },
    { key: 'haveImage', kind: 'status', header: t('infoCategory.haveImage'), render: (row) => t(row.haveImage === InfoSwitch.On ? 'common.yes' : 'common.no') },
    {
      key: 'enable',
      kind: 'status',
      header: t('infoCategory.enable'),
      render: (row) => (
        <Switch
          checked={row.enable === InfoSwitch.On}
          onChange={(_event, data) => setEnable(row, data.checked)}
          disabled={!has(Perm.infoTypeUpdate) || update.isPending}
          aria-label={t('infoCategory.enableOf', { name: row.name })}
          data-testid={`category-enable-${row.id}`}
        />
      ),
    },
    createTimeColumn(t('common.createTime')),
    actionsColumn(t('common.actions'), (row) => <RowActions rowLabel={row.name} testIdPrefix={`category-row-${row.id}`} actions={[rowActions.edit(row), rowActions.remove(row)]} />),
  ];

  return (
    <ListScreen route={Route.inforTypeManage} data-testid="category-list">
      <FilterBar label={t('infoCategory.filters')} filters={list.filters} testIdPrefix="filter-">
        <FilterTextField
          label={t('infoCategory.name')}
          value={list.filters.draft.name}
          placeholder={t('infoCategory.namePlaceholder')}
          onChange={(name) => list.filters.change({ name })}
          data-testid="filter-name"
        />
      </FilterBar>
      <ListActions list={list} label={t('infoCategory.actions')} testIdPrefix="category" endpoints={{ add: infoCategory.add, edit: infoCategory.update, remove: infoCategory.delete }} />
      <ListTable
        aria-label={t('infoCategory.listLabel')}
        list={list}
        columns={columns}
        getRowLabel={categoryLabel}
        emptyText={t('infoCategory.empty')}
        noMatchText={t('infoCategory.noMatch')}
        data-testid="category-table"
      />
    </ListScreen>
  );
}
