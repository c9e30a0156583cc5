import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { sms, type SmsSignatureRecord } from '../contract';
import { Perm } from '../../../shared/permissions';
import { Route } from '../../../shared/routes';
import { ListTable, type ListColumn } from '../../../renderer/components/list/ListTable';
import { RowActions, useEditDeleteActions } from '../../../renderer/components/list/RowActions';
import { FilterBar, FilterTextField, ListActions, ListScreen } from '../../../renderer/components/list/ListScreen';
import { pageRows, recordFormRoutes, useListController } from '../../../renderer/components/list/useListController';
import { invalidateSignatureQueries } from './queries';
import { actionsColumn, createTimeColumn } from '../../../renderer/components/list/common-columns';

type SignatureFilters = { name: string };
const NO_FILTERS: SignatureFilters = { name: '' };
const rowId = (row: SmsSignatureRecord) => row.id;
const rowLabel = (row: SmsSignatureRecord) => row.name;
const routes = recordFormRoutes(Route.addSignMsg, 'id', Perm.signatureSave);

/** The SMS signature list (/signatureManage): a name filter; add, edit and delete (with a confirmation). */
export default function SignatureList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListController({
    queryId: 'sms.signatureList',
    filters: { initial: NO_FILTERS },
    toInput: (filters, { page, pageSize }) => ({ pageNum: page, pageSize, name: filters.name.trim() || undefined }),
    rowsOf: pageRows,
    getRowId: rowId,
    routes,
    deleteSelected: {
      endpoint: 'sms.signatureDelete',
      input: (ids) => ({ ids: ids.join(',') }),
      confirmTitle: t('sms.signatureDeleteTitle'),
      itemLabel: rowLabel,
      question: { one: 'sms.signatureDeleteOne', many: 'sms.signatureDeleteMany' },
      invalidate: invalidateSignatureQueries,
    },
  });
  const rowActions = useEditDeleteActions({
    edit: { endpoint: sms.signatureUpdate, run: (row: SmsSignatureRecord) => navigate(routes.edit(row.id)) },
    remove: { endpoint: sms.signatureDelete, run: list.deleteRow },
  });
  const columns: ListColumn<SmsSignatureRecord>[] = [
    { key: 'name', kind: 'name', header: t('sms.signatureName'), render: (row) => row.name },
    { key: 'remark', kind: 'text', header: t('common.remark'), render: (row) => row.remark },
    createTimeColumn(t('common.createTime')),
    actionsColumn(t('common.actions'), (row) => <RowActions rowLabel={row.name} testIdPrefix={`signature-row-${row.id}`} actions={[rowActions.edit(row), rowActions.remove(row)]} />),
  ];
  return (
    <ListScreen route={Route.signatureManage} data-testid="signature-list">
      <FilterBar label={t('sms.signatureFilters')} filters={list.filters} testIdPrefix="filter-">
        <FilterTextField
          label={t('sms.signatureName')}
          value={list.filters.draft.name}
          placeholder={t('sms.signatureNamePlaceholder')}
          onChange={(name) => list.filters.change({ name })}
          data-testid="filter-name"
        />
      </FilterBar>
      <ListActions list={list} label={t('sms.signatureActions')} testIdPrefix="signature" endpoints={{ add: sms.signatureAdd, edit: sms.signatureUpdate, remove: sms.signatureDelete }} />
      <ListTable aria-label={t('sms.signatures')} list={list} columns={columns} getRowLabel={rowLabel} emptyText={t('list.empty')} noMatchText={t('common.noMatch')} data-testid="signature-table" />
    </ListScreen>
  );
}
