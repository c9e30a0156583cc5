import { Badge, Button, Dropdown, Option, Text, Toolbar, makeStyles, tokens, type BadgeProps } from '@fluentui/react-components';
import { Route } from '../../../shared/routes';
import { Add20Regular, ArrowClockwise20Regular, ArrowUndo16Regular, Eye16Regular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTICE_STATES, NoticeAudience, NoticeState, type NoticeRow, type NoticeStateType } from '../contract';
import { Perm } from '../../../shared/permissions';
import { DialogFrame } from '../../../renderer/components/dialog/DialogFrame';
import { ListTable, type ListColumn } from '../../../renderer/components/list/ListTable';
import { FilterBar, FilterField, FilterTextField, ListScreen } from '../../../renderer/components/list/ListScreen';
import { RowActions } from '../../../renderer/components/list/RowActions';
import { useConfirmedCall } from '../../../renderer/components/list/useConfirmedCall';
import { pageRows, useListController } from '../../../renderer/components/list/useListController';
import { PermissionGate } from '../../../renderer/components/permissions';
import { ErrorState, LoadingState } from '../../../renderer/components/states';
import { invalidateBridgeQueries, useBridgeQuery } from '../../../renderer/hooks/bridge-query';
import type { MessageKey } from '../../../renderer/i18n/message-key';
import { formatDateTime } from '../../../renderer/lib/format';
import { NoticeBody } from './NoticeBody';
import { PublishDialog } from './PublishDialog';
import { actionsColumn, createTimeColumn } from '../../../renderer/components/list/common-columns';

const useStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, padding: 0 },
  detail: { width: '600px', maxWidth: '95vw' },
  detailContent: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, maxHeight: '60vh', overflowY: 'auto' },
  meta: { color: tokens.colorNeutralForeground3 },
});

type NoticeFilters = { title: string; state: string };
const NO_FILTERS: NoticeFilters = { title: '', state: '' };
const noticeRowId = (row: NoticeRow) => row.id;

const STATE_LABEL: Record<NoticeStateType, MessageKey> = {
  scheduled: 'notice.state.scheduled',
  inForce: 'notice.state.inForce',
  expired: 'notice.state.expired',
  withdrawn: 'notice.state.withdrawn',
};
const STATE_COLOR: Record<NoticeStateType, BadgeProps['color']> = { scheduled: 'informative', inForce: 'success', expired: 'subtle', withdrawn: 'danger' };

function isState(value: string): value is NoticeStateType {
  return (NOTICE_STATES as readonly string[]).includes(value);
}

/** Who a notice goes to, in words. */
function useAudienceText() {
  const { t } = useTranslation();
  return (row: Pick<NoticeRow, 'audienceType' | 'audienceName'>) => {
    if (row.audienceType === NoticeAudience.All) return t('notice.audience.all');
    const name = row.audienceName || t('notice.audience.gone');
    return t(row.audienceType === NoticeAudience.Org ? 'notice.audience.org' : 'notice.audience.role', { name });
  };
}

/** A sent notice as published: its body, audience, window, who published or withdrew it, and its readers. */
function NoticeDetailDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const audienceText = useAudienceText();
  const info = useBridgeQuery('notice.info', { id }, { meta: { silent: true } });
  const notice = info.data;
  return (
    <DialogFrame
      title={notice?.title ?? t('common.view')}
      data-testid="notice-detail"
      className={styles.detail}
      contentClassName={styles.detailContent}
      onDismiss={onClose}
      close={{ 'data-testid': 'notice-detail-close' }}
    >
      {info.isError ? (
        <ErrorState title={t('list.error')} error={info.error} onRetry={() => void info.refetch()} />
      ) : notice ? (
        <>
          <Text className={styles.meta}>
            {audienceText(notice)} · {t('notice.window', { start: formatDateTime(notice.startTime), end: formatDateTime(notice.endTime) })}
          </Text>
          <Text className={styles.meta}>
            {t('notice.publishedBy', { name: notice.publisherName })} · {t(STATE_LABEL[notice.state])} · {t('notice.readOfLabel', { read: notice.readCount, size: notice.audienceSize })}
          </Text>
          {notice.withdrawTime ? <Text className={styles.meta}>{t('notice.withdrawnBy', { name: notice.withdrawName, time: formatDateTime(notice.withdrawTime) })}</Text> : null}
          <NoticeBody format={notice.contentFormat} content={notice.content} />
        </>
      ) : (
        <LoadingState />
      )}
    </DialogFrame>
  );
}

/**
 * Notices (spec 001 §2 /sendNotice, issue 12): the notices of the current role's organisations, newest first,
 * by title and status; publish in a dialog; view one; withdraw one scheduled or in force, after a question.
 */
export default function NoticeList() {
  const { t } = useTranslation();
  const styles = useStyles();
  const queryClient = useQueryClient();
  const audienceText = useAudienceText();
  const [publishing, setPublishing] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const list = useListController({
    queryId: 'notice.list',
    filters: { initial: NO_FILTERS },
    toInput: (filters, { page, pageSize }) => ({ pageNum: page, pageSize, title: filters.title.trim() || undefined, state: isState(filters.state) ? filters.state : undefined }),
    rowsOf: pageRows,
    getRowId: noticeRowId,
  });
  const withdrawal = useConfirmedCall('notice.withdraw');
  const refresh = () => Promise.all([invalidateBridgeQueries(queryClient, 'notice.list'), invalidateBridgeQueries(queryClient, 'notice.inbox'), invalidateBridgeQueries(queryClient, 'notice.info')]);

  const withdrawRow = (row: NoticeRow) =>
    void withdrawal.run({
      input: { id: row.id, version: row.version },
      question: { title: t('notice.withdrawTitle'), message: t('notice.withdrawQuestion', { title: row.title }), confirmLabel: t('notice.withdraw'), destructive: true },
      done: t('notice.withdrawn'),
      refresh: () => void refresh(),
      onRefused: list.reload,
    });

  const columns: ListColumn<NoticeRow>[] = [
    { key: 'title', kind: 'text', header: t('common.title'), render: (row) => row.title },
    { key: 'audience', kind: 'text', header: t('notice.column.audience'), render: (row) => audienceText(row) },
    {
      key: 'window',
      kind: 'status',
      header: t('notice.column.window'),
      render: (row) => t('notice.window', { start: formatDateTime(row.startTime), end: formatDateTime(row.endTime) }),
    },
    { key: 'publisher', kind: 'name', header: t('notice.column.publisher'), render: (row) => row.publisherName },
    {
      key: 'state',
      kind: 'status',
      header: t('common.status'),
      render: (row) => (
        <Badge appearance="tint" color={STATE_COLOR[row.state]} data-testid={`notice-state-${row.id}`}>
          {t(STATE_LABEL[row.state])}
        </Badge>
      ),
    },
    {
      key: 'read',
      kind: 'actions',
      header: t('notice.column.read'),
      render: (row) => (
        <span title={t('notice.readOfLabel', { read: row.readCount, size: row.audienceSize })} data-testid={`notice-read-${row.id}`}>
          {t('notice.readOf', { read: row.readCount, size: row.audienceSize })}
        </span>
      ),
    },
    createTimeColumn(t('notice.column.createTime')),
    actionsColumn(t('common.actions'), (row) => (
      <RowActions
        rowLabel={row.title}
        testIdPrefix={`notice-row-${row.id}`}
        actions={[
          { key: 'view', label: t('common.view'), icon: <Eye16Regular />, onClick: () => setViewing(row.id) },
          {
            key: 'withdraw',
            label: t('notice.withdraw'),
            icon: <ArrowUndo16Regular />,
            onClick: () => withdrawRow(row),
            perm: Perm.noticeSend,
            hidden: row.state !== NoticeState.Scheduled && row.state !== NoticeState.InForce,
            disabled: withdrawal.pending,
          },
        ]}
      />
    )),
  ];

  const { draft } = list.filters;
  return (
    <ListScreen route={Route.sendNotice} data-testid="notice-list">
      <FilterBar label={t('notice.filters')} filters={list.filters} testIdPrefix="filter-">
        <FilterTextField
          label={t('common.title')}
          value={draft.title}
          placeholder={t('notice.filter.titlePlaceholder')}
          onChange={(title) => list.filters.change({ title })}
          data-testid="filter-title"
        />
        <FilterField label={t('common.status')}>
          <Dropdown
            value={isState(draft.state) ? t(STATE_LABEL[draft.state]) : t('common.all')}
            selectedOptions={[draft.state]}
            onOptionSelect={(_event, data) => list.filters.change({ state: data.optionValue ?? '' })}
            data-testid="filter-state"
          >
            <Option value="">{t('common.all')}</Option>
            {NOTICE_STATES.map((state) => (
              <Option key={state} value={state}>
                {t(STATE_LABEL[state])}
              </Option>
            ))}
          </Dropdown>
        </FilterField>
      </FilterBar>
      <Toolbar className={styles.bar} aria-label={t('notice.actions')}>
        <PermissionGate perm={Perm.noticeSend}>
          <Button appearance="primary" icon={<Add20Regular />} onClick={() => setPublishing(true)} data-testid="notice-publish">
            {t('notice.publish')}
          </Button>
        </PermissionGate>
        <Button icon={<ArrowClockwise20Regular />} onClick={list.reload} disabled={list.loading} data-testid="notice-refresh">
          {t('list.refresh')}
        </Button>
      </Toolbar>
      <ListTable
        aria-label={t('notice.listLabel')}
        list={{ ...list, selectionMode: 'none' }}
        columns={columns}
        getRowLabel={(row) => row.title}
        emptyText={t('notice.empty')}
        noMatchText={t('notice.noMatch')}
        data-testid="notice-table"
      />
      {publishing ? (
        <PublishDialog
          onClose={() => setPublishing(false)}
          onSent={() => {
            setPublishing(false);
            void refresh();
          }}
        />
      ) : null}
      {viewing !== null ? <NoticeDetailDialog id={viewing} onClose={() => setViewing(null)} /> : null}
    </ListScreen>
  );
}
