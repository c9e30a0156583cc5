import { useTranslation } from 'react-i18next';
import { Route } from '../../../shared/routes';
import { dataGroup, type GroupRow } from '../contract';
import { Perm } from '../../../shared/permissions';
import { CrudActions } from '../../../renderer/components/CrudActions';
import { ListTable, type ListColumn } from '../../../renderer/components/list/ListTable';
import { FilterBar, FilterTextField, ListScreen } from '../../../renderer/components/list/ListScreen';
import { pageRows, useListController } from '../../../renderer/components/list/useListController';
import { GroupDialog } from './GroupDialog';
import { invalidateDataGroupQueries } from './queries';
import { useDialogState } from './useDialogState';
import { createTimeColumn } from '../../../renderer/components/list/common-columns';

type GroupFilters = { name: string; number: string };
const NO_FILTERS: GroupFilters = { name: '', number: '' };
const groupRowId = (row: GroupRow) => row.id;
const groupLabel = (row: GroupRow) => `${row.name} (${row.number})`;

/**
 * Data groups (spec 001 §2 /groupManage, kept): by name and number, a page at a time; add and edit in a
 * dialog, delete with confirmation (a group organs belong to is refused, the message naming them).
 */
export default function GroupList() {
  const { t } = useTranslation();
  const list = useListController({
    queryId: 'dataGroup.groupList',
    filters: { initial: NO_FILTERS },
    toInput: (filters, { page, pageSize }) => ({ page, limit: pageSize, name: filters.name.trim() || undefined, number: filters.number.trim() || undefined }),
    rowsOf: pageRows,
    getRowId: groupRowId,
    deleteSelected: {
      endpoint: 'dataGroup.groupDelete',
      input: (ids) => ({ ids: ids.join(',') }),
      confirmTitle: t('dataGroup.group.deleteTitle'),
      itemLabel: groupLabel,
      question: { one: 'dataGroup.group.deleteOne', many: 'dataGroup.group.deleteMany' },
      invalidate: invalidateDataGroupQueries,
    },
  });
  const dialog = useDialogState(list);
  const columns: ListColumn<GroupRow>[] = [
    { key: 'number', kind: 'number', header: t('dataGroup.number'), render: (row) => row.number },
    { key: 'name', kind: 'name', header: t('common.name'), render: (row) => row.name },
    { key: 'organCount', kind: 'number', header: t('dataGroup.group.organCount'), render: (row) => row.organCount },
    { key: 'remark', kind: 'text', header: t('common.remark'), render: (row) => row.remark },
    createTimeColumn(t('dataGroup.createTime')),
  ];
  const { draft } = list.filters;
  return (
    <ListScreen route={Route.groupManage} data-testid="group-list">
      <FilterBar label={t('common.filters')} filters={list.filters} testIdPrefix="filter-">
        <FilterTextField label={t('common.name')} value={draft.name} onChange={(name) => list.filters.change({ name })} data-testid="filter-name" />
        <FilterTextField label={t('dataGroup.number')} value={draft.number} onChange={(number) => list.filters.change({ number })} data-testid="filter-number" />
      </FilterBar>
      <CrudActions
        label={t('dataGroup.group.actions')}
        testIdPrefix="group"
        endpoints={{ add: dataGroup.groupAdd, edit: dataGroup.groupUpdate, remove: dataGroup.groupDelete }}
        onAdd={dialog.add}
        onEdit={dialog.editSelected}
        onDelete={list.deleteSelected}
        deleting={list.deleting}
        onRefresh={list.reload}
        refreshing={list.loading}
      />
      <ListTable
        aria-label={t('dataGroup.group.listLabel')}
        list={{ ...list, openRow: dialog.openRow(Perm.dataGroupSave) }}
        columns={columns}
        getRowLabel={groupLabel}
        emptyText={t('dataGroup.group.empty')}
        noMatchText={t('dataGroup.group.noMatch')}
        data-testid="group-table"
      />
      {dialog.editing ? <GroupDialog row={dialog.editing.row} onClose={dialog.close} onSaved={dialog.saved} /> : null}
    </ListScreen>
  );
}
