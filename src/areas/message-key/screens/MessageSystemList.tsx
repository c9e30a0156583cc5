import { Dropdown, Option } from '@fluentui/react-components';
import { Route } from '../../../shared/routes';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { messageKey, MessageKeyStatus, type MessageSystemRecord } from '../contract';
import { Perm } from '../../../shared/permissions';
import { ListTable, type ListColumn } from '../../../renderer/components/list/ListTable';
import { RowActions, useEditDeleteActions } from '../../../renderer/components/list/RowActions';
import { FilterBar, FilterField, FilterTextField, ListActions, ListScreen } from '../../../renderer/components/list/ListScreen';
import type { RowId } from '../../../renderer/components/list/selection';
import { pageRows, useListController } from '../../../renderer/components/list/useListController';
import { channelKey, invalidateSystemQueries, statusKey, systemFormPath } from './model';
import { actionsColumn, createTimeColumn } from '../../../renderer/components/list/common-columns';

const ANY_STATUS = 'any';
type SystemFilters = { systemId: string; name: string; status: number | null };
const NO_FILTERS: SystemFilters = { systemId: '', name: '', status: null };

const rowId = (row: MessageSystemRecord) => row.id;
const rowLabel = (row: MessageSystemRecord) => `${row.systemId} (${row.name})`;
const routes = { add: systemFormPath(), edit: (id: RowId) => systemFormPath(id), editPerm: Perm.systemApiKeySave };

/**
 * The message system list (/apiKeySystem): the systems of the role's organisations, filtered by id, name and
 * status; add, edit and delete (a system's keys go with it, after a confirmation that says so).
 */
export default function MessageSystemList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListController({
    queryId: 'messageKey.systemList',
    filters: { initial: NO_FILTERS },
    toInput: (filters, { page, pageSize }) => ({
      pageNum: page,
      pageSize,
      systemId: filters.systemId.trim() || undefined,
      name: filters.name.trim() || undefined,
      status: filters.status as 1 | 2 | null,
    }),
    rowsOf: pageRows,
    getRowId: rowId,
    routes,
    deleteSelected: {
      endpoint: 'messageKey.systemDelete',
      input: (ids) => ({ ids: ids.join(',') }),
      confirmTitle: t('msgKey.systemDeleteTitle'),
      itemLabel: rowLabel,
      question: { one: 'msgKey.systemDeleteOne', many: 'msgKey.systemDeleteMany' },
      invalidate: invalidateSystemQueries,
    },
  });
  const rowActions = useEditDeleteActions({
    edit: { endpoint: messageKey.systemUpdate, run: (row: MessageSystemRecord) => navigate(routes.edit(row.id)) },
    remove: { endpoint: messageKey.systemDelete, run: list.deleteRow },
  });
  const columns: ListColumn<MessageSystemRecord>[] = [
    { key: 'systemId', kind: 'code', header: t('msgKey.systemId'), render: (row) => row.systemId },
    { key: 'name', kind: 'name', header: t('common.systemName'), render: (row) => row.name },
    { key: 'deptName', kind: 'name', header: t('common.organisation'), render: (row) => row.deptName },
    { key: 'channels', kind: 'status', header: t('msgKey.channels'), render: (row) => row.channels.map((channel) => t(channelKey(channel))).join(', ') },
    { key: 'status', kind: 'status', header: t('common.status'), render: (row) => <span data-testid={`system-status-${row.id}`}>{t(statusKey(row.status))}</span> },
    { key: 'keyCount', kind: 'number', header: t('msgKey.keyCount'), render: (row) => row.keyCount },
    { key: 'remark', kind: 'text', header: t('common.remark'), render: (row) => row.remark },
    createTimeColumn(t('common.createTime')),
    actionsColumn(t('common.actions'), (row) => <RowActions rowLabel={row.systemId} testIdPrefix={`system-row-${row.id}`} actions={[rowActions.edit(row), rowActions.remove(row)]} />),
  ];
  const status = list.filters.draft.status;
  return (
    <ListScreen route={Route.apiKeySystem} data-testid="message-system-list">
      <FilterBar label={t('msgKey.systemFilters')} filters={list.filters} testIdPrefix="filter-">
        <FilterTextField
          label={t('msgKey.systemId')}
          value={list.filters.draft.systemId}
          placeholder={t('msgKey.systemIdPlaceholder')}
          onChange={(systemId) => list.filters.change({ systemId })}
          data-testid="filter-systemId"
        />
        <FilterTextField
          label={t('common.systemName')}
          value={list.filters.draft.name}
          placeholder={t('msgKey.systemNamePlaceholder')}
          onChange={(name) => list.filters.change({ name })}
          data-testid="filter-name"
        />
        <FilterField label={t('common.status')}>
          <Dropdown
            value={status === null ? t('common.all') : t(statusKey(status))}
            selectedOptions={[status === null ? ANY_STATUS : String(status)]}
            onOptionSelect={(_event, data) => list.filters.change({ status: data.optionValue === undefined || data.optionValue === ANY_STATUS ? null : Number(data.optionValue) })}
            data-testid="filter-status"
          >
            <Option value={ANY_STATUS}>{t('common.all')}</Option>
            <Option value={String(MessageKeyStatus.Usable)}>{t('msgKey.status1')}</Option>
            <Option value={String(MessageKeyStatus.Stopped)}>{t('common.stopped')}</Option>
          </Dropdown>
        </FilterField>
      </FilterBar>
      <ListActions list={list} label={t('msgKey.systemActions')} testIdPrefix="system" endpoints={{ add: messageKey.systemAdd, edit: messageKey.systemUpdate, remove: messageKey.systemDelete }} />
      <ListTable aria-label={t('msgKey.systems')} list={list} columns={columns} getRowLabel={rowLabel} emptyText={t('list.empty')} noMatchText={t('common.noMatch')} data-testid="system-table" />
    </ListScreen>
  );
}
