import { Dropdown, Option } from '@fluentui/react-components';
import { CheckmarkCircle16Regular, Delete16Regular, Edit16Regular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { SmsTemplateStatus, type SmsTemplateRecord } from '../contract';
import { Perm } from '../../../shared/permissions';
import { NEW_RECORD_ID, Route, routeTo } from '../../../shared/routes';
import { useConfirm } from '../../../renderer/components/ConfirmDialog';
import { ListTable, type ListColumn } from '../../../renderer/components/list/ListTable';
import { RowActions } from '../../../renderer/components/list/RowActions';
import { FilterBar, FilterField, FilterTextField, ListActions, ListScreen } from '../../../renderer/components/list/ListScreen';
import type { RowId } from '../../../renderer/components/list/selection';
import { pageRows, useListController } from '../../../renderer/components/list/useListController';
import { useNotify } from '../../../renderer/components/notify';
import { useBridgeMutation } from '../../../renderer/hooks/bridge-query';
import { formatDateTime } from '../../../renderer/lib/format';
import { invalidateTemplateQueries } from './queries';
import { templateTypeKey } from './sms-model';
import { useOfferUndo } from '../../../renderer/components/undo';

const ANY_STATUS = 'any';
type TemplateFilters = { name: string; status: number | null };
const NO_FILTERS: TemplateFilters = { name: '', status: null };

const rowId = (row: SmsTemplateRecord) => row.id;
const rowLabel = (row: SmsTemplateRecord) => row.name;
const routes = { add: routeTo(Route.addTemplete, { id: NEW_RECORD_ID }), edit: (id: RowId) => routeTo(Route.addTemplete, { id }), editPerm: Perm.templateSave };

/**
 * The SMS template list (/templateManage): filters by name and status; add, edit, batch delete; activate and
 * delete per row, each after a confirmation. Only active templates are offered for sending.
 */
export default function TemplateList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const deleteQuestion = (count: number, names: string) => (count === 1 ? t('sms.templateDeleteOne', { names }) : t('sms.templateDeleteMany', { count, names }));

  const list = useListController({
    queryId: 'sms.templateList',
    filters: { initial: NO_FILTERS },
    toInput: (filters, { page, pageSize }) => ({ pageNum: page, pageSize, name: filters.name.trim() || undefined, status: filters.status as 0 | 1 | null }),
    rowsOf: pageRows,
    getRowId: rowId,
    routes,
    deleteSelected: {
      endpoint: 'sms.templateDelete',
      input: (ids) => ({ ids: ids.join(',') }),
      confirmTitle: t('sms.templateDeleteTitle'),
      itemLabel: rowLabel,
      question: deleteQuestion,
      invalidate: invalidateTemplateQueries,
    },
  });
  const activate = useBridgeMutation('sms.templateActivate');
  const offerUndo = useOfferUndo();
  const remove = useBridgeMutation('sms.templateDelete');
  const refresh = () => void invalidateTemplateQueries(queryClient);

  const activateRow = async (row: SmsTemplateRecord) => {
    if (!(await confirm({ title: t('sms.activateTitle'), message: t('sms.activateQuestion', { name: row.name }), confirmLabel: t('sms.activate') }))) return;
    activate.mutate({ id: row.id, version: row.version }, { onSuccess: () => (notify.success(t('sms.activated')), refresh()), onError: () => list.reload() });
  };
  const deleteRow = async (row: SmsTemplateRecord) => {
    if (!(await confirm({ title: t('sms.templateDeleteTitle'), message: deleteQuestion(1, row.name), confirmLabel: t('actions.delete'), destructive: true }))) return;
    remove.mutate({ ids: String(row.id) }, { onSuccess: (answer) => (offerUndo(answer, { count: 1, onRestored: () => refresh() }), refresh()) });
  };

  const columns: ListColumn<SmsTemplateRecord>[] = [
    { key: 'name', header: t('sms.templateName'), render: (row) => row.name, width: '14%' },
    { key: 'type', header: t('sms.templateType'), render: (row) => t(templateTypeKey(row.type)), width: '9%' },
    { key: 'templateCode', header: t('sms.templateCode'), render: (row) => row.templateCode, width: '12%' },
    { key: 'content', header: t('sms.templateContent'), render: (row) => row.content, width: '25%' },
    { key: 'variables', header: t('sms.variables'), render: (row) => (row.variables.length > 0 ? row.variables.join(', ') : t('sms.noVariables')), width: '10%' },
    {
      key: 'status',
      header: t('sms.status'),
      render: (row) => <span data-testid={`template-status-${row.id}`}>{t(row.status === SmsTemplateStatus.Active ? 'sms.status1' : 'sms.status0')}</span>,
      width: '8%',
    },
    { key: 'createTime', header: t('sms.createTime'), render: (row) => formatDateTime(row.createTime), width: '12%' },
    {
      key: 'actions',
      header: t('sms.rowActions'),
      render: (row) => (
        <RowActions
          rowLabel={row.name}
          testIdPrefix={`template-row-${row.id}`}
          actions={[
            {
              key: 'activate',
              label: t('sms.activate'),
              icon: <CheckmarkCircle16Regular />,
              onClick: () => void activateRow(row),
              perm: Perm.templateActivate,
              hidden: row.status === SmsTemplateStatus.Active,
            },
            { key: 'edit', label: t('actions.edit'), icon: <Edit16Regular />, onClick: () => navigate(routes.edit(row.id)), perm: Perm.templateSave },
            { key: 'delete', label: t('actions.delete'), icon: <Delete16Regular />, onClick: () => void deleteRow(row), perm: Perm.templateDelete },
          ]}
        />
      ),
    },
  ];

  const status = list.filters.draft.status;
  return (
    <ListScreen data-testid="template-list">
      <FilterBar label={t('sms.templateFilters')} filters={list.filters} testIdPrefix="filter-">
        <FilterTextField
          label={t('sms.templateName')}
          value={list.filters.draft.name}
          placeholder={t('sms.templateNamePlaceholder')}
          onChange={(name) => list.filters.change({ name })}
          data-testid="filter-name"
        />
        <FilterField label={t('sms.status')}>
          <Dropdown
            value={status === null ? t('sms.statusAll') : t(status === SmsTemplateStatus.Active ? 'sms.status1' : 'sms.status0')}
            selectedOptions={[status === null ? ANY_STATUS : String(status)]}
            onOptionSelect={(_event, data) => list.filters.change({ status: data.optionValue === undefined || data.optionValue === ANY_STATUS ? null : Number(data.optionValue) })}
            data-testid="filter-status"
          >
            <Option value={ANY_STATUS}>{t('sms.statusAll')}</Option>
            <Option value={String(SmsTemplateStatus.Inactive)}>{t('sms.status0')}</Option>
            <Option value={String(SmsTemplateStatus.Active)}>{t('sms.status1')}</Option>
          </Dropdown>
        </FilterField>
      </FilterBar>
      <ListActions list={list} label={t('sms.templateActions')} testIdPrefix="template" perms={{ add: Perm.templateSave, edit: Perm.templateSave, remove: Perm.templateDelete }} />
      <ListTable aria-label={t('sms.templates')} list={list} columns={columns} getRowLabel={rowLabel} emptyText={t('sms.empty')} noMatchText={t('sms.noMatch')} data-testid="template-table" />
    </ListScreen>
  );
}
