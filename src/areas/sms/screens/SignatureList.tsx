import { Delete16Regular, Edit16Regular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { SmsSignatureRecord } from '../contract';
import { Perm } from '../../../shared/permissions';
import { NEW_RECORD_ID, Route, routeTo } from '../../../shared/routes';
import { useConfirm } from '../../../renderer/components/ConfirmDialog';
import { ListTable, type ListColumn } from '../../../renderer/components/list/ListTable';
import { RowActions } from '../../../renderer/components/list/RowActions';
import { FilterBar, FilterTextField, ListActions, ListScreen } from '../../../renderer/components/list/ListScreen';
import type { RowId } from '../../../renderer/components/list/selection';
import { pageRows, useListController } from '../../../renderer/components/list/useListController';
import { useBridgeMutation } from '../../../renderer/hooks/bridge-query';
import { formatDateTime } from '../../../renderer/lib/format';
import { invalidateSignatureQueries } from './queries';
import { useOfferUndo } from '../../../renderer/components/undo';

type SignatureFilters = { name: string };
const NO_FILTERS: SignatureFilters = { name: '' };
const rowId = (row: SmsSignatureRecord) => row.id;
const rowLabel = (row: SmsSignatureRecord) => row.name;
const routes = { add: routeTo(Route.addSignMsg, { id: NEW_RECORD_ID }), edit: (id: RowId) => routeTo(Route.addSignMsg, { id }), editPerm: Perm.signatureSave };

/** The SMS signature list (/signatureManage): a name filter; add, edit and delete (with a confirmation). */
export default function SignatureList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const deleteQuestion = (count: number, names: string) => (count === 1 ? t('sms.signatureDeleteOne', { names }) : t('sms.signatureDeleteMany', { count, names }));
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
      question: deleteQuestion,
      invalidate: invalidateSignatureQueries,
    },
  });
  const offerUndo = useOfferUndo();
  const remove = useBridgeMutation('sms.signatureDelete');
  const deleteRow = async (row: SmsSignatureRecord) => {
    if (!(await confirm({ title: t('sms.signatureDeleteTitle'), message: deleteQuestion(1, row.name), confirmLabel: t('actions.delete'), destructive: true }))) return;
    remove.mutate(
      { ids: String(row.id) },
      { onSuccess: (answer) => (offerUndo(answer, { count: 1, onRestored: () => void invalidateSignatureQueries(queryClient) }), void invalidateSignatureQueries(queryClient)) },
    );
  };
  const columns: ListColumn<SmsSignatureRecord>[] = [
    { key: 'name', header: t('sms.signatureName'), render: (row) => row.name, width: '25%' },
    { key: 'remark', header: t('sms.remark'), render: (row) => row.remark, width: '35%' },
    { key: 'createTime', header: t('sms.createTime'), render: (row) => formatDateTime(row.createTime), width: '20%' },
    {
      key: 'actions',
      header: t('sms.rowActions'),
      render: (row) => (
        <RowActions
          rowLabel={row.name}
          testIdPrefix={`signature-row-${row.id}`}
          actions={[
            {
              key: 'edit',
              label: t('actions.edit'),
              icon: <Edit16Regular />,
              onClick: () => navigate(routes.edit(row.id)),
              perm: Perm.signatureSave,
            },
            {
              key: 'delete',
              label: t('actions.delete'),
              icon: <Delete16Regular />,
              onClick: () => void deleteRow(row),
              perm: Perm.signatureDelete,
            },
          ]}
        />
      ),
    },
  ];
  return (
    <ListScreen data-testid="signature-list">
      <FilterBar label={t('sms.signatureFilters')} filters={list.filters} testIdPrefix="filter-">
        <FilterTextField
          label={t('sms.signatureName')}
          value={list.filters.draft.name}
          placeholder={t('sms.signatureNamePlaceholder')}
          onChange={(name) => list.filters.change({ name })}
          data-testid="filter-name"
        />
      </FilterBar>
      <ListActions list={list} label={t('sms.signatureActions')} testIdPrefix="signature" perms={{ add: Perm.signatureSave, edit: Perm.signatureSave, remove: Perm.signatureDelete }} />
      <ListTable aria-label={t('sms.signatures')} list={list} columns={columns} getRowLabel={rowLabel} emptyText={t('sms.empty')} noMatchText={t('sms.noMatch')} data-testid="signature-table" />
    </ListScreen>
  );
}
