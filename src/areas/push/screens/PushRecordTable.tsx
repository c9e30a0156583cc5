import { Badge, Button, Dropdown, Option, Text, Tooltip, makeStyles } from '@fluentui/react-components';
import { ArrowClockwise16Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { PUSH_DELIVERY_STATUSES, PushAudience, type PushDeliveryStatus, type PushProviderRecord, type PushRecord } from '../contract';
import { ListTable, type ListColumn } from '../../../renderer/components/list/ListTable';
import { FilterBar, FilterField, FilterTextField, ListScreen } from '../../../renderer/components/list/ListScreen';
import { pageRows, useListController } from '../../../renderer/components/list/useListController';
import type { MessageKey } from '../../../renderer/i18n/message-key';
import { createTimeColumn, createdByColumn } from '../../../renderer/components/list/common-columns';

const useStyles = makeStyles({ clip: { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } });

const ANY = 'any';
type RecordFilters = { providerId: number | null; status: PushDeliveryStatus | null; text: string };
const NO_FILTERS: RecordFilters = { providerId: null, status: null, text: '' };
const rowId = (row: PushRecord) => row.id;
const rowLabel = (row: PushRecord) => `${row.id} ${row.alert}`;

export const deliveryKey = (status: string) => `push.delivery.${status}` as MessageKey;
const STATUS_COLOR: Record<PushDeliveryStatus, 'informative' | 'brand' | 'success' | 'danger'> = { pending: 'informative', sending: 'brand', sent: 'success', failed: 'danger' };

/** The push records: one per push, with its audience, delivery state, attempts, JPush's msg_id and the last error. */
export function PushRecordTable({ providers }: { providers: readonly PushProviderRecord[] }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const list = useListController({
    queryId: 'push.recordList',
    filters: { initial: NO_FILTERS },
    toInput: (filters, { page, pageSize }) => ({ pageNum: page, pageSize, providerId: filters.providerId, status: filters.status, text: filters.text.trim() || undefined }),
    rowsOf: pageRows,
    getRowId: rowId,
  });
  const { providerId, status } = list.filters.draft;
  const audienceOf = (row: PushRecord) =>
    row.audienceType === PushAudience.All ? t('push.audience.all') : `${t(row.audienceType === PushAudience.Tag ? 'push.audience.tag' : 'push.audience.alias')}: ${row.audience.join(', ')}`;
  const clipped = (text: string) => (
    <Tooltip content={text} relationship="description">
      <Text className={styles.clip}>{text}</Text>
    </Tooltip>
  );
  const columns: ListColumn<PushRecord>[] = [
    { key: 'id', kind: 'number', header: t('push.recordId'), render: (row) => row.id },
    { key: 'provider', kind: 'name', header: t('push.provider'), render: (row) => row.providerAlias },
    { key: 'audience', kind: 'text', header: t('push.audienceType'), render: (row) => clipped(audienceOf(row)) },
    { key: 'content', kind: 'text', header: t('common.content'), render: (row) => clipped(row.title ? `${row.title} · ${row.alert}` : row.alert) },
    {
      key: 'status',
      kind: 'status',
      header: t('push.status'),
      render: (row) => (
        <Badge appearance="tint" color={STATUS_COLOR[row.status]} data-testid={`push-record-status-${row.id}`}>
          {t(deliveryKey(row.status))}
        </Badge>
      ),
      width: '8%',
    },
    { key: 'attempts', kind: 'number', header: t('common.attempts'), render: (row) => row.attempts },
    { key: 'msgId', kind: 'code', header: t('push.msgId'), render: (row) => <span data-testid={`push-record-msgid-${row.id}`}>{row.msgId}</span> },
    { key: 'lastError', kind: 'text', header: t('push.reason'), render: (row) => (row.lastError ? clipped(row.lastError) : '') },
    createdByColumn(t('push.sender')),
    createTimeColumn(t('common.createTime')),
  ];
  const providerName = providerId === null ? t('common.all') : (providers.find((p) => p.id === providerId)?.alias ?? '');
  return (
    <ListScreen data-testid="push-records">
      <FilterBar
        label={t('push.recordFilters')}
        filters={list.filters}
        testIdPrefix="push-records-filter-"
        after={
          <Button icon={<ArrowClockwise16Regular />} onClick={list.reload} disabled={list.loading} data-testid="push-records-refresh">
            {t('list.refresh')}
          </Button>
        }
      >
        <FilterField label={t('push.provider')}>
          <Dropdown
            value={providerName}
            selectedOptions={[providerId === null ? ANY : String(providerId)]}
            onOptionSelect={(_event, data) => list.filters.change({ providerId: data.optionValue === undefined || data.optionValue === ANY ? null : Number(data.optionValue) })}
            data-testid="push-records-filter-provider"
          >
            <Option value={ANY}>{t('common.all')}</Option>
            {providers.map((provider) => (
              <Option key={provider.id} value={String(provider.id)}>
                {provider.alias}
              </Option>
            ))}
          </Dropdown>
        </FilterField>
        <FilterField label={t('push.status')}>
          <Dropdown
            value={status === null ? t('common.all') : t(deliveryKey(status))}
            selectedOptions={[status ?? ANY]}
            onOptionSelect={(_event, data) => list.filters.change({ status: data.optionValue === undefined || data.optionValue === ANY ? null : (data.optionValue as PushDeliveryStatus) })}
            data-testid="push-records-filter-status"
          >
            <Option value={ANY}>{t('common.all')}</Option>
            {PUSH_DELIVERY_STATUSES.map((value) => (
              <Option key={value} value={value}>
                {t(deliveryKey(value))}
              </Option>
            ))}
          </Dropdown>
        </FilterField>
        <FilterTextField
          label={t('push.textFilter')}
          value={list.filters.draft.text}
          placeholder={t('push.textPlaceholder')}
          onChange={(text) => list.filters.change({ text })}
          data-testid="push-records-filter-text"
        />
      </FilterBar>
      <ListTable aria-label={t('push.records')} list={list} columns={columns} getRowLabel={rowLabel} emptyText={t('list.empty')} noMatchText={t('common.noMatch')} data-testid="push-records-table" />
    </ListScreen>
  );
}
