import { Button, Dropdown, Option } from '@fluentui/react-components';
import { ArrowClockwise16Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { SmsDeliveryStatus, type SmsSendRecord } from '../contract';
import { ListTable, type ListColumn } from '../../../renderer/components/list/ListTable';
import { FilterBar, FilterField, FilterTextField, ListScreen } from '../../../renderer/components/list/ListScreen';
import { pageRows, useListController } from '../../../renderer/components/list/useListController';
import { formatDateTime } from '../../../renderer/lib/format';
import type { MessageKey } from '../../../renderer/i18n/message-key';
import { createTimeColumn } from '../../../renderer/components/list/common-columns';

const ANY = 'any';
const STATUSES = [SmsDeliveryStatus.Pending, SmsDeliveryStatus.Sending, SmsDeliveryStatus.Sent, SmsDeliveryStatus.Failed];
type RecordFilters = { phone: string; status: SmsDeliveryStatus | null };
const NO_FILTERS: RecordFilters = { phone: '', status: null };
const rowId = (row: SmsSendRecord) => row.id;
const rowLabel = (row: SmsSendRecord) => row.phone;

export const deliveryKey = (status: string) => `sms.delivery.${status}` as MessageKey;

/**
 * Send records, one per number: its delivery state, attempts and the provider's reason of a failure. The
 * send records screen shows every batch's; the send centre one batch's (`batchId`).
 */
export function RecordTable({ batchId, testId, route }: { batchId?: number; testId: string; /** Given, the table is its screen, framed. */ route?: string }) {
  const { t } = useTranslation();
  const list = useListController({
    queryId: 'sms.recordList',
    filters: { initial: NO_FILTERS },
    toInput: (filters, { page, pageSize }) => ({ pageNum: page, pageSize, phone: filters.phone.trim() || undefined, status: filters.status, batchId }),
    rowsOf: pageRows,
    getRowId: rowId,
  });
  const status = list.filters.draft.status;
  const columns: ListColumn<SmsSendRecord>[] = [
    { key: 'phone', kind: 'code', header: t('sms.phone'), render: (row) => row.phone },
    { key: 'batchId', kind: 'code', header: t('sms.batch'), render: (row) => row.batchId },
    { key: 'content', kind: 'text', header: t('sms.content'), render: (row) => row.content },
    { key: 'status', kind: 'status', header: t('sms.deliveryStatus'), render: (row) => <span data-testid={`record-status-${row.phone}`}>{t(deliveryKey(row.status))}</span> },
    { key: 'attempts', kind: 'number', header: t('common.attempts'), render: (row) => row.attempts },
    { key: 'lastError', kind: 'text', header: t('sms.reason'), render: (row) => row.lastError },
    createTimeColumn(t('common.createTime')),
    { key: 'sentTime', kind: 'time', header: t('sms.sentTime'), render: (row) => (row.sentTime ? formatDateTime(row.sentTime) : '') },
  ];
  return (
    <ListScreen route={route} data-testid={testId}>
      <FilterBar
        label={t('sms.recordFilters')}
        filters={list.filters}
        testIdPrefix={`${testId}-filter-`}
        after={
          <Button icon={<ArrowClockwise16Regular />} onClick={list.reload} disabled={list.loading} data-testid={`${testId}-refresh`}>
            {t('list.refresh')}
          </Button>
        }
      >
        <FilterTextField
          label={t('sms.phone')}
          value={list.filters.draft.phone}
          placeholder={t('sms.phonePlaceholder')}
          onChange={(phone) => list.filters.change({ phone })}
          data-testid={`${testId}-filter-phone`}
        />
        <FilterField label={t('sms.deliveryStatus')}>
          <Dropdown
            value={status === null ? t('common.all') : t(deliveryKey(status))}
            selectedOptions={[status ?? ANY]}
            onOptionSelect={(_event, data) => list.filters.change({ status: data.optionValue === undefined || data.optionValue === ANY ? null : (data.optionValue as SmsDeliveryStatus) })}
            data-testid={`${testId}-filter-status`}
          >
            <Option value={ANY}>{t('common.all')}</Option>
            {STATUSES.map((value) => (
              <Option key={value} value={value}>
                {t(deliveryKey(value))}
              </Option>
            ))}
          </Dropdown>
        </FilterField>
      </FilterBar>
      <ListTable aria-label={t('sms.records')} list={list} columns={columns} getRowLabel={rowLabel} emptyText={t('list.empty')} noMatchText={t('common.noMatch')} data-testid={`${testId}-table`} />
    </ListScreen>
  );
}
