import { Badge, Button, Dropdown, Option, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { Copy16Regular, Delete16Regular, Edit16Regular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { MessageKeyStatus, type MessageKeyRecord } from '../contract';
import { Perm } from '../../../shared/permissions';
import { NEW_RECORD_ID, Route, routeTo } from '../../../shared/routes';
import { useConfirm } from '../../../renderer/components/ConfirmDialog';
import { ListTable, type ListColumn } from '../../../renderer/components/list/ListTable';
import { FilterBar, FilterField, FilterTextField, ListActions, ListScreen } from '../../../renderer/components/list/ListScreen';
import type { RowId } from '../../../renderer/components/list/selection';
import { pageRows, useListController } from '../../../renderer/components/list/useListController';
import { useNotify } from '../../../renderer/components/notify';
import { PermissionGate } from '../../../renderer/components/permissions';
import { useBridgeMutation } from '../../../renderer/hooks/bridge-query';
import { formatDateTime } from '../../../renderer/lib/format';
import { invalidateKeyQueries, statusKey } from './model';
import { useOfferUndo } from '../../../renderer/components/undo';

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  key: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-all' },
  status: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
});

const ANY_STATUS = 'any';
type KeyFilters = { apiKey: string; systemName: string; status: number | null };
const NO_FILTERS: KeyFilters = { apiKey: '', systemName: '', status: null };

const rowId = (row: MessageKeyRecord) => row.id;
const rowLabel = (row: MessageKeyRecord) => `${row.systemName} #${row.id}`;
const routes = { add: routeTo(Route.addApiKeyMessage, { id: NEW_RECORD_ID }), edit: (id: RowId) => routeTo(Route.addApiKeyMessage, { id }), editPerm: Perm.messageApiKeySave };

/**
 * The message API key list (/apiKeyMessg): the keys of the role's message systems, filtered by key, system
 * and status; add, edit and delete. A key of a stopped system is marked: it does not work.
 */
export default function MessageKeyList() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const deleteQuestion = (count: number, names: string) => (count === 1 ? t('msgKey.keyDeleteOne', { names }) : t('msgKey.keyDeleteMany', { count, names }));
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
      question: deleteQuestion,
      invalidate: invalidateKeyQueries,
    },
  });
  const offerUndo = useOfferUndo();
  const remove = useBridgeMutation('messageKey.keyDelete');
  const deleteRow = async (row: MessageKeyRecord) => {
    if (!(await confirm({ title: t('msgKey.keyDeleteTitle'), message: deleteQuestion(1, rowLabel(row)), confirmLabel: t('actions.delete'), destructive: true }))) return;
    remove.mutate(
      { ids: String(row.id) },
      { onSuccess: (answer) => (offerUndo(answer, { count: 1, onRestored: () => void invalidateKeyQueries(queryClient) }), void invalidateKeyQueries(queryClient)) },
    );
  };
  const copy = (row: MessageKeyRecord) => {
    void navigator.clipboard.writeText(row.apiKey).then(
      () => notify.success(t('msgKey.copied')),
      () => undefined,
    );
  };
  const columns: ListColumn<MessageKeyRecord>[] = [
    {
      key: 'apiKey',
      header: t('msgKey.apiKey'),
      render: (row) => (
        <span className={styles.key} data-testid={`key-value-${row.id}`}>
          {row.apiKey}
        </span>
      ),
      width: '26%',
    },
    { key: 'system', header: t('msgKey.system'), render: (row) => `${row.systemName} (${row.systemId})`, width: '16%' },
    {
      key: 'status',
      header: t('msgKey.status'),
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
    { key: 'rateLimit', header: t('msgKey.rateLimit'), render: (row) => t('msgKey.perMinute', { count: row.rateLimit }), width: '10%' },
    { key: 'remark', header: t('msgKey.remark'), render: (row) => row.remark, width: '12%' },
    { key: 'createTime', header: t('msgKey.createTime'), render: (row) => formatDateTime(row.createTime), width: '11%' },
    {
      key: 'actions',
      header: t('msgKey.rowActions'),
      render: (row) => (
        <span className={styles.actions}>
          <Button size="small" appearance="subtle" icon={<Copy16Regular />} onClick={() => copy(row)} aria-label={`${t('msgKey.copy')} ${rowLabel(row)}`} data-testid={`key-row-${row.id}-copy`}>
            {t('msgKey.copy')}
          </Button>
          <PermissionGate perm={Perm.messageApiKeySave}>
            <Button
              size="small"
              appearance="subtle"
              icon={<Edit16Regular />}
              onClick={() => navigate(routes.edit(row.id))}
              aria-label={`${t('actions.edit')} ${rowLabel(row)}`}
              data-testid={`key-row-${row.id}-edit`}
            >
              {t('actions.edit')}
            </Button>
          </PermissionGate>
          <PermissionGate perm={Perm.messageApiKeyDelete}>
            <Button
              size="small"
              appearance="subtle"
              icon={<Delete16Regular />}
              onClick={() => void deleteRow(row)}
              aria-label={`${t('actions.delete')} ${rowLabel(row)}`}
              data-testid={`key-row-${row.id}-delete`}
            >
              {t('actions.delete')}
            </Button>
          </PermissionGate>
        </span>
      ),
    },
  ];
  const status = list.filters.draft.status;
  return (
    <ListScreen data-testid="message-key-list">
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
        <FilterField label={t('msgKey.status')}>
          <Dropdown
            value={status === null ? t('msgKey.statusAll') : t(statusKey(status))}
            selectedOptions={[status === null ? ANY_STATUS : String(status)]}
            onOptionSelect={(_event, data) => list.filters.change({ status: data.optionValue === undefined || data.optionValue === ANY_STATUS ? null : Number(data.optionValue) })}
            data-testid="filter-status"
          >
            <Option value={ANY_STATUS}>{t('msgKey.statusAll')}</Option>
            <Option value={String(MessageKeyStatus.Usable)}>{t('msgKey.status1')}</Option>
            <Option value={String(MessageKeyStatus.Stopped)}>{t('msgKey.status2')}</Option>
          </Dropdown>
        </FilterField>
      </FilterBar>
      <ListActions list={list} label={t('msgKey.keyActions')} testIdPrefix="key" perms={{ add: Perm.messageApiKeySave, edit: Perm.messageApiKeySave, remove: Perm.messageApiKeyDelete }} />
      <ListTable aria-label={t('msgKey.keys')} list={list} columns={columns} getRowLabel={rowLabel} emptyText={t('msgKey.empty')} noMatchText={t('msgKey.noMatch')} data-testid="key-table" />
    </ListScreen>
  );
}
