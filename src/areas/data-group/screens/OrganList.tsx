import { Dropdown, Option } from '@fluentui/react-components';
import { Route } from '../../../shared/routes';
import { useTranslation } from 'react-i18next';
import { dataGroup, type OrganRow } from '../contract';
import { Perm } from '../../../shared/permissions';
import { CrudActions } from '../../../renderer/components/CrudActions';
import { ListTable, type ListColumn } from '../../../renderer/components/list/ListTable';
import { FilterBar, FilterField, FilterTextField, ListScreen } from '../../../renderer/components/list/ListScreen';
import { pageRows, useListController } from '../../../renderer/components/list/useListController';
import { useBridgeQuery } from '../../../renderer/hooks/bridge-query';
import { OrganDialog } from './OrganDialog';
import { invalidateDataGroupQueries } from './queries';
import { useDialogState } from './useDialogState';
import { createTimeColumn } from '../../../renderer/components/list/common-columns';

type OrganFilters = { name: string; number: string; groupId: number | null };
const NO_FILTERS: OrganFilters = { name: '', number: '', groupId: null };
const organRowId = (row: OrganRow) => row.id;
const organLabel = (row: OrganRow) => `${row.name} (${row.number})`;
/** The group filter's option for no group chosen. */
const ALL_GROUPS = '';

/**
 * Organs (spec 001 §2 /organManage, kept): by name, number and group, a page at a time; add and edit in a
 * dialog (each organ belongs to a data group), delete with confirmation.
 */
export default function OrganList() {
  const { t } = useTranslation();
  const groups = useBridgeQuery('dataGroup.groupOptions', {});
  const list = useListController({
    queryId: 'dataGroup.organList',
    filters: { initial: NO_FILTERS },
    toInput: (filters, { page, pageSize }) => ({ page, limit: pageSize, name: filters.name.trim() || undefined, number: filters.number.trim() || undefined, groupId: filters.groupId ?? undefined }),
    rowsOf: pageRows,
    getRowId: organRowId,
    deleteSelected: {
      endpoint: 'dataGroup.organDelete',
      input: (ids) => ({ ids: ids.join(',') }),
      confirmTitle: t('dataGroup.organ.deleteTitle'),
      itemLabel: organLabel,
      question: { one: 'dataGroup.organ.deleteOne', many: 'dataGroup.organ.deleteMany' },
      invalidate: invalidateDataGroupQueries,
    },
  });
  const dialog = useDialogState(list);
  const columns: ListColumn<OrganRow>[] = [
    { key: 'number', kind: 'number', header: t('dataGroup.number'), render: (row) => row.number },
    { key: 'name', kind: 'name', header: t('common.name'), render: (row) => row.name },
    { key: 'group', kind: 'name', header: t('dataGroup.organ.group'), render: (row) => row.groupName },
    { key: 'remark', kind: 'text', header: t('common.remark'), render: (row) => row.remark },
    createTimeColumn(t('dataGroup.createTime')),
  ];
  const { draft } = list.filters;
  const chosenGroup = groups.data?.find((group) => group.id === draft.groupId);
  return (
    <ListScreen route={Route.organManage} data-testid="organ-list">
      <FilterBar label={t('common.filters')} filters={list.filters} testIdPrefix="filter-">
        <FilterTextField label={t('common.name')} value={draft.name} onChange={(name) => list.filters.change({ name })} data-testid="filter-name" />
        <FilterTextField label={t('dataGroup.number')} value={draft.number} onChange={(number) => list.filters.change({ number })} data-testid="filter-number" />
        <FilterField label={t('dataGroup.organ.group')}>
          <Dropdown
            value={chosenGroup ? chosenGroup.name : t('dataGroup.organ.allGroups')}
            selectedOptions={[draft.groupId === null ? ALL_GROUPS : String(draft.groupId)]}
            onOptionSelect={(_event, data) => list.filters.change({ groupId: data.optionValue ? Number(data.optionValue) : null })}
            data-testid="filter-group"
          >
            <Option value={ALL_GROUPS}>{t('dataGroup.organ.allGroups')}</Option>
            {(groups.data ?? []).map((group) => (
              <Option key={group.id} value={String(group.id)} text={group.name}>
                {`${group.name} (${group.number})`}
              </Option>
            ))}
          </Dropdown>
        </FilterField>
      </FilterBar>
      <CrudActions
        label={t('dataGroup.organ.actions')}
        testIdPrefix="organ"
        endpoints={{ add: dataGroup.organAdd, edit: dataGroup.organUpdate, remove: dataGroup.organDelete }}
        onAdd={dialog.add}
        onEdit={dialog.editSelected}
        onDelete={list.deleteSelected}
        deleting={list.deleting}
        onRefresh={list.reload}
        refreshing={list.loading}
      />
      <ListTable
        aria-label={t('dataGroup.organ.listLabel')}
        list={{ ...list, openRow: dialog.openRow(Perm.organSave) }}
        columns={columns}
        getRowLabel={organLabel}
        emptyText={t('dataGroup.organ.empty')}
        noMatchText={t('dataGroup.organ.noMatch')}
        data-testid="organ-table"
      />
      {dialog.editing ? <OrganDialog row={dialog.editing.row} onClose={dialog.close} onSaved={dialog.saved} /> : null}
    </ListScreen>
  );
}
