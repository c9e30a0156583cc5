import { useTranslation } from 'react-i18next';
import { Route } from '../../../shared/routes';
import { dataGroup, isKnownClassificationType, type ClassificationRow } from '../contract';
import { Perm } from '../../../shared/permissions';
import { CrudActions } from '../../../renderer/components/CrudActions';
import { OrgCascader } from '../../../renderer/components/OrgCascader';
import { ListTable, type ListColumn } from '../../../renderer/components/list/ListTable';
import { FilterBar, FilterField, FilterTextField, ListScreen } from '../../../renderer/components/list/ListScreen';
import { pageRows, useListController } from '../../../renderer/components/list/useListController';
import { ClassificationDialog } from './ClassificationDialog';
import { invalidateDataGroupQueries } from './queries';
import { useDialogState } from './useDialogState';
import { useOrgNodes } from './useOrgNodes';
import { createTimeColumn } from '../../../renderer/components/list/common-columns';

type ClassificationFilters = { name: string; number: string; type: string; deptId: number | null };
const NO_FILTERS: ClassificationFilters = { name: '', number: '', type: '', deptId: null };
const classificationRowId = (row: ClassificationRow) => row.id;
const classificationLabel = (row: ClassificationRow) => `${row.name} (${row.number})`;

/**
 * Classifications (spec 001 §2 /classifyManage, kept): what the user form's data authority offers. By name,
 * number, type and organisation, a page at a time; add and edit in a dialog, delete with confirmation (one a
 * user's data authority holds is refused, the message naming the users).
 */
export default function ClassificationList() {
  const { t } = useTranslation();
  const orgs = useOrgNodes();
  const list = useListController({
    queryId: 'dataGroup.classificationList',
    filters: { initial: NO_FILTERS },
    toInput: (filters, { page, pageSize }) => ({
      page,
      limit: pageSize,
      name: filters.name.trim() || undefined,
      number: filters.number.trim() || undefined,
      type: filters.type.trim() || undefined,
      deptId: filters.deptId ?? undefined,
    }),
    rowsOf: pageRows,
    getRowId: classificationRowId,
    deleteSelected: {
      endpoint: 'dataGroup.classificationDelete',
      input: (ids) => ({ ids: ids.join(',') }),
      confirmTitle: t('dataGroup.class.deleteTitle'),
      itemLabel: classificationLabel,
      question: { one: 'dataGroup.class.deleteOne', many: 'dataGroup.class.deleteMany' },
      invalidate: invalidateDataGroupQueries,
    },
  });
  const dialog = useDialogState(list);
  const columns: ListColumn<ClassificationRow>[] = [
    { key: 'number', kind: 'number', header: t('dataGroup.number'), render: (row) => row.number },
    { key: 'name', kind: 'name', header: t('common.name'), render: (row) => row.name },
    { key: 'type', kind: 'status', header: t('common.type'), render: (row) => (isKnownClassificationType(row.type) ? t(`dataGroup.classType.${row.type}`) : row.type) },
    { key: 'dept', kind: 'name', header: t('common.organisation'), render: (row) => row.deptName || t('dataGroup.class.everyOrg') },
    { key: 'holderCount', kind: 'number', header: t('dataGroup.class.holderCount'), render: (row) => row.holderCount },
    { key: 'remark', kind: 'text', header: t('common.remark'), render: (row) => row.remark },
    createTimeColumn(t('dataGroup.createTime')),
  ];
  const { draft } = list.filters;
  return (
    <ListScreen route={Route.classifyManage} data-testid="classification-list">
      <FilterBar label={t('common.filters')} filters={list.filters} testIdPrefix="filter-">
        <FilterTextField label={t('common.name')} value={draft.name} onChange={(name) => list.filters.change({ name })} data-testid="filter-name" />
        <FilterTextField label={t('dataGroup.number')} value={draft.number} onChange={(number) => list.filters.change({ number })} data-testid="filter-number" />
        <FilterTextField label={t('common.type')} value={draft.type} onChange={(type) => list.filters.change({ type })} data-testid="filter-type" />
        <FilterField label={t('common.organisation')}>
          <OrgCascader nodes={orgs} value={draft.deptId} onChange={(deptId) => list.filters.change({ deptId })} preselectFirst={false} clearable data-testid="filter-org" />
        </FilterField>
      </FilterBar>
      <CrudActions
        label={t('dataGroup.class.actions')}
        testIdPrefix="classification"
        endpoints={{ add: dataGroup.classificationAdd, edit: dataGroup.classificationUpdate, remove: dataGroup.classificationDelete }}
        onAdd={dialog.add}
        onEdit={dialog.editSelected}
        onDelete={list.deleteSelected}
        deleting={list.deleting}
        onRefresh={list.reload}
        refreshing={list.loading}
      />
      <ListTable
        aria-label={t('dataGroup.class.listLabel')}
        list={{ ...list, openRow: dialog.openRow(Perm.classifySave) }}
        columns={columns}
        getRowLabel={classificationLabel}
        emptyText={t('dataGroup.class.empty')}
        noMatchText={t('dataGroup.class.noMatch')}
        data-testid="classification-table"
      />
      {dialog.editing ? <ClassificationDialog row={dialog.editing.row} onClose={dialog.close} onSaved={dialog.saved} /> : null}
    </ListScreen>
  );
}
