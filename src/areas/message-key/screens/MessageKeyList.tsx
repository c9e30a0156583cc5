import { Badge, Dropdown, Option, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { messageKey, MessageKeyStatus, type MessageKeyRecord } from '../contract';
import { Perm } from '../../../shared/permissions';
import { Route } from '../../../shared/routes';
import { ListTable, type ListColumn } from '../../../renderer/components/list/ListTable';
import { RowActions, useEditDeleteActions } from '../../../renderer/components/list/RowActions';
import { FilterBar, FilterField, FilterTextField, ListActions, ListScreen } from '../../../renderer/components/list/ListScreen';
import { pageRows, recordFormRoutes, useListController } from '../../../renderer/components/list/useListController';
import { invalidateKeyQueries, keyHintText, statusKey } from './model';
import { actionsColumn, createTimeColumn } from '../../../renderer/components/list/common-columns';

const useStyles = makeStyles({
  key: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-all' },
  status: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
});

const ANY_STATUS = 'any';
type KeyFilters = { apiKey: string; systemName: string; status: number | null };
const NO_FILTERS: KeyFilters = { apiKey: '', systemName: '', status: null };

const rowId = (row: MessageKeyRecord) => row.id;
const rowLabel = (row: MessageKeyRecord) => `${row.systemName} #${row.id}`;
const routes = recordFormRoutes(Route.addApiKeyMessage, 'id', Perm.messageApiKeySave);

/**
 * The message API key list (/apiKeyMessg): the keys of the role's message systems, filtered by key, system
 * and status; add, edit and delete. A key of a stopped system is marked: it does not work.
 */
export default function MessageKeyList() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const list = useListController({
    queryId: 'messageKey.keyList',
    filters: { initial: NO_FILTERS },
    toInput: (filters, { page, pageSize }) => ({
      pageNum: page,
      pageSize,
      apiKey: filters.apiKey.trim() || undefined,
      systemName: filters.systemName.trim() || undefined,
      status: filters.status as 1 | 2 | null,
    }),
    rowsOf: pageRows,
    getRowId: rowId,
    routes,
    deleteSelected: {
      endpoint: 'messageKey.keyDelete',
      input: (ids) => ({ ids: ids.join(',') }),
      confirmTitle: t('msgKey.keyDeleteTitle'),
      itemLabel: rowLabel,
      question: { one: 'msgKey.keyDeleteOne', many: 'msgKey.keyDeleteMany' },
      invalidate: invalidateKeyQueries,
    },
  });
  const rowActions = useEditDeleteActions({
    edit: { endpoint: messageKey.keyUpdate, run: (row: MessageKeyRecord) => navigate(routes.edit(row.id)) },
    remove: { endpoint: messageKey.keyDelete, run: list.deleteRow },
  });
  const columns: ListColumn<MessageKeyRecord>[] = [
    {
      key: 'apiKey',
      kind: 'code',
      header: t('msgKey.apiKey'),
      render: (row) => (
        <span className={styles.key} data-testid={`key-value-${row.id}`}>
          {keyHintText(row.keyHint, t('msgKey.keyHidden'))}
        </span>
      ),
      width: '26%',
    },
    { key: 'system', kind: 'name', header: t('msgKey.system'), render: (row) => `${row.systemName} (${row.systemId})` },
    {
      key: 'status',
      kind: 'status',
      header: t('common.status'),
      render: (row) => (
        <span className={styles.status} data-testid={`key-status-${row.id}`}>
          {t(statusKey(row.status))}
          {row.systemStatus !== MessageKeyStatus.Usable ? (
            <Tooltip content={t('msgKey.systemStoppedHint')} relationship="description">
              <Badge appearance="tint" color="warning">
                {t('msgKey.systemStopped')}
              </Badge>
            </Tooltip>
          ) : null}
        </span>
      ),
      width: '12%',
    },
    { key: 'rateLimit', kind: 'number', header: t('msgKey.rateLimit'), render: (row) => t('msgKey.perMinute', { count: row.rateLimit }) },
    { key: 'remark', kind: 'text', header: t('common.remark'), render: (row) => row.remark },
    createTimeColumn(t('common.createTime')),
    actionsColumn(t('common.actions'), (row) => <RowActions rowLabel={rowLabel(row)} testIdPrefix={`key-row-${row.id}`} actions={[rowActions.edit(row), rowActions.remove(row)]} />),
  ];
  const status = list.filters.draft.status;
  return (
    <ListScreen route={Route.apiKeyMessg} data-testid="message-key-list">
      <FilterBar label={t('msgKey.keyFilters')} filters={list.filters} testIdPrefix="filter-">
        <FilterTextField
          label={t('msgKey.apiKey')}
          value={list.filters.draft.apiKey}
          placeholder={t('msgKey.apiKeyPlaceholder')}
          onChange={(apiKey) => list.filters.change({ apiKey })}
          data-testid="filter-apiKey"
        />
        <FilterTextField
          label={t('msgKey.system')}
          value={list.filters.draft.systemName}
          placeholder={t('msgKey.systemFilterPlaceholder')}
          onChange={(systemName) => list.filters.change({ systemName })}
          data-testid="filter-systemName"
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
      <ListActions list={list} label={t('msgKey.keyActions')} testIdPrefix="key" endpoints={{ add: messageKey.keyAdd, edit: messageKey.keyUpdate, remove: messageKey.keyDelete }} />
      <ListTable aria-label={t('msgKey.keys')} list={list} columns={columns} getRowLabel={rowLabel} emptyText={t('list.empty')} noMatchText={t('common.noMatch')} data-testid="key-table" />
    </ListScreen>
  );
}
