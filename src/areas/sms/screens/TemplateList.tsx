import { Dropdown, Option } from '@fluentui/react-components';
import { CheckmarkCircle16Regular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { sms, SmsTemplateStatus, type SmsTemplateRecord } from '../contract';
import { Perm } from '../../../shared/permissions';
import { Route } from '../../../shared/routes';
import { ListTable, type ListColumn } from '../../../renderer/components/list/ListTable';
import { RowActions, useEditDeleteActions } from '../../../renderer/components/list/RowActions';
import { FilterBar, FilterField, FilterTextField, ListActions, ListScreen } from '../../../renderer/components/list/ListScreen';
import { useConfirmedCall } from '../../../renderer/components/list/useConfirmedCall';
import { pageRows, recordFormRoutes, useListController } from '../../../renderer/components/list/useListController';
import { invalidateTemplateQueries } from './queries';
import { templateTypeKey } from './sms-model';
import { actionsColumn, createTimeColumn } from '../../../renderer/components/list/common-columns';

const ANY_STATUS = 'any';
type TemplateFilters = { name: string; status: number | null };
const NO_FILTERS: TemplateFilters = { name: '', status: null };

const rowId = (row: SmsTemplateRecord) => row.id;
const rowLabel = (row: SmsTemplateRecord) => row.name;
const routes = recordFormRoutes(Route.addTemplete, 'id', Perm.templateSave);

/**
 * The SMS template list (/templateManage): filters by name and status; add, edit, batch delete; activate and
 * delete per row, each after a confirmation. Only active templates are offered for sending.
 */
export default function TemplateList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

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
      question: { one: 'sms.templateDeleteOne', many: 'sms.templateDeleteMany' },
      invalidate: invalidateTemplateQueries,
    },
  });
  const activation = useConfirmedCall('sms.templateActivate');
  const refresh = () => void invalidateTemplateQueries(queryClient);

  const activateRow = (row: SmsTemplateRecord) =>
    void activation.run({
      input: { id: row.id, version: row.version },
      question: { title: t('sms.activateTitle'), message: t('sms.activateQuestion', { name: row.name }), confirmLabel: t('common.activate') },
      done: t('sms.activated'),
      refresh,
      onRefused: list.reload,
    });
  const rowActions = useEditDeleteActions({
    edit: { endpoint: sms.templateUpdate, run: (row: SmsTemplateRecord) => navigate(routes.edit(row.id)) },
    remove: { endpoint: sms.templateDelete, run: list.deleteRow },
  });

  const columns: ListColumn<SmsTemplateRecord>[] = [
    { key: 'name', kind: 'name', header: t('sms.templateName'), render: (row) => row.name },
    { key: 'type', kind: 'status', header: t('sms.templateType'), render: (row) => t(templateTypeKey(row.type)) },
    { key: 'templateCode', kind: 'code', header: t('sms.templateCode'), render: (row) => row.templateCode },
    { key: 'content', kind: 'text', header: t('sms.templateContent'), render: (row) => row.content },
    { key: 'variables', kind: 'text', header: t('sms.variables'), render: (row) => (row.variables.length > 0 ? row.variables.join(', ') : t('sms.noVariables')) },
    {
      key: 'status',
      kind: 'status',
      header: t('common.status'),
      render: (row) => <span data-testid={`template-status-${row.id}`}>{t(row.status === SmsTemplateStatus.Active ? 'common.active' : 'common.inactive')}</span>,
    },
    createTimeColumn(t('common.createTime')),
    actionsColumn(t('common.actions'), (row) => (
      <RowActions
        rowLabel={row.name}
        testIdPrefix={`template-row-${row.id}`}
        actions={[
          {
            key: 'activate',
            label: t('common.activate'),
            icon: <CheckmarkCircle16Regular />,
            onClick: () => activateRow(row),
            perm: Perm.templateActivate,
            hidden: row.status === SmsTemplateStatus.Active,
          },
          rowActions.edit(row),
          rowActions.remove(row),
        ]}
      />
    )),
  ];

  const status = list.filters.draft.status;
  return (
    <ListScreen route={Route.templateManage} data-testid="template-list">
      <FilterBar label={t('sms.templateFilters')} filters={list.filters} testIdPrefix="filter-">
        <FilterTextField
          label={t('sms.templateName')}
          value={list.filters.draft.name}
          placeholder={t('sms.templateNamePlaceholder')}
          onChange={(name) => list.filters.change({ name })}
          data-testid="filter-name"
        />
        <FilterField label={t('common.status')}>
          <Dropdown
            value={status === null ? t('common.all') : t(status === SmsTemplateStatus.Active ? 'common.active' : 'common.inactive')}
            selectedOptions={[status === null ? ANY_STATUS : String(status)]}
            onOptionSelect={(_event, data) => list.filters.change({ status: data.optionValue === undefined || data.optionValue === ANY_STATUS ? null : Number(data.optionValue) })}
            data-testid="filter-status"
          >
            <Option value={ANY_STATUS}>{t('common.all')}</Option>
            <Option value={String(SmsTemplateStatus.Inactive)}>{t('common.inactive')}</Option>
            <Option value={String(SmsTemplateStatus.Active)}>{t('common.active')}</Option>
          </Dropdown>
        </FilterField>
      </FilterBar>
      <ListActions list={list} label={t('sms.templateActions')} testIdPrefix="template" endpoints={{ add: sms.templateAdd, edit: sms.templateUpdate, remove: sms.templateDelete }} />
      <ListTable aria-label={t('sms.templates')} list={list} columns={columns} getRowLabel={rowLabel} emptyText={t('list.empty')} noMatchText={t('common.noMatch')} data-testid="template-table" />
    </ListScreen>
  );
}
