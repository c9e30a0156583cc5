import { Badge, Button, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Route } from '../../../shared/routes';
import { ArrowDownload20Regular, ArrowSync16Regular, Dismiss20Regular } from '@fluentui/react-icons';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCAL_NETWORK_LOCATION } from '../../../shared/constants';
import { isOperationEntryType, type OperationLogEntry } from '../contract';
import { Perm } from '../../../shared/permissions';
import { ListTable, type ListColumn } from '../../../renderer/components/list/ListTable';
import { FilterBar, FilterField, FilterTextField, ListScreen } from '../../../renderer/components/list/ListScreen';
import { pageRows, useListController } from '../../../renderer/components/list/useListController';
import { useNotify } from '../../../renderer/components/notify';
import { PermissionGate, usePermissions } from '../../../renderer/components/permissions';
import { useScreenAction } from '../../../renderer/components/screen/screen-actions';
import { useBridgeQuery } from '../../../renderer/hooks/bridge-query';
import { formatBytes, useExport } from '../../../renderer/hooks/use-export';
import { formatDateTime } from '../../../renderer/lib/format';
import { ChangesDialog, sideSummary } from './ChangesDialog';
import { DateInput } from '../../../renderer/components/date/DateFields';

const useStyles = makeStyles({
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  progress: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  chain: { marginLeft: 'auto', display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  sub: { display: 'block', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  clip: { display: 'block', maxWidth: '260px', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontSize: tokens.fontSizeBase200 },
});

type LogFilters = {
  operUserName: string;
  operLoginName: string;
  /** `date` values (yyyy-MM-dd, the workstation's days). */
  operationTimeStart: string;
  operationTimeEnd: string;
};
const NO_FILTERS: LogFilters = { operUserName: '', operLoginName: '', operationTimeStart: '', operationTimeEnd: '' };

/** The filters as the list and the export send them: a day range becomes the instants of its first and last moment. */
function filterInput(filters: LogFilters) {
  return {
    operUserName: filters.operUserName.trim() || undefined,
    operLoginName: filters.operLoginName.trim() || undefined,
    operationTimeStart: filters.operationTimeStart ? dayjs(filters.operationTimeStart).startOf('day').toISOString() : undefined,
    operationTimeEnd: filters.operationTimeEnd ? dayjs(filters.operationTimeEnd).endOf('day').toISOString() : undefined,
  };
}

const rowId = (row: OperationLogEntry) => row.id;

/** The hash chain's state (spec: tamper evidence), checked when the screen opens and on demand. */
function ChainStatusBadge() {
  const { t } = useTranslation();
  const styles = useStyles();
  // The check walks the whole log: it is kept for a minute across visits to the tab, and repeated on demand.
  const status = useBridgeQuery('operationLog.verify', {}, { staleTime: 60_000, meta: { silent: true } });
  const recheck = (
    <Button size="small" appearance="subtle" icon={<ArrowSync16Regular />} onClick={() => void status.refetch()} disabled={status.isFetching} data-testid="operation-chain-recheck">
      {t('operationLog.chain.recheck')}
    </Button>
  );
  let badge;
  if (status.isFetching || !status.data) {
    badge = status.isError ? (
      <Badge appearance="tint" color="warning" data-testid="operation-chain" data-state="failed">
        {t('operationLog.chain.failed')}
      </Badge>
    ) : (
      <span data-testid="operation-chain" data-state="checking">
        <Spinner size="extra-tiny" label={t('operationLog.chain.checking')} />
      </span>
    );
  } else if (status.data.intact) {
    badge = (
      <Badge appearance="tint" color="success" data-testid="operation-chain" data-state="intact">
        {t('operationLog.chain.intact', { count: status.data.count })}
      </Badge>
    );
  } else {
    const broken = status.data.brokenAt!;
    const cause = status.data.cause ?? 'row';
    badge = (
      <Badge appearance="filled" color="danger" data-testid="operation-chain" data-state="broken" data-cause={cause}>
        {cause === 'row'
          ? t('operationLog.chain.broken', { id: broken.id, time: formatDateTime(broken.operationTime) })
          : cause === 'tail'
            ? t('operationLog.chain.tail', { id: broken.id })
            : t('operationLog.chain.head')}
      </Badge>
    );
  }
  return (
    <span className={styles.chain} aria-live="polite">
      {badge}
      {recheck}
    </span>
  );
}

/**
 * The operation log (spec 001 §2 /behaviorDiary, kept): who changed what, from where, newest first, by
 * operator, login name and a day range (no future days). Each entry's before and after values open as a
 * field-by-field difference. Export (its own key) writes the chosen rows, or every row the filters match,
 * to an .xlsx file with live progress and a cancel. The tamper-evidence chain's state shows beside it.
 */
export default function OperationLogList() {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const exporter = useExport();
  const [viewing, setViewing] = useState<OperationLogEntry | null>(null);

  const list = useListController({
    queryId: 'operationLog.list',
    filters: { initial: NO_FILTERS },
    toInput: (filters, { page, pageSize }) => ({ ...filterInput(filters), pageNo: page, pageSize }),
    rowsOf: pageRows,
    getRowId: rowId,
  });

  const search = () => {
    const { operationTimeStart: start, operationTimeEnd: end } = list.filters.draft;
    if (start && end && dayjs(end).isBefore(dayjs(start))) return notify.warning(t('operationLog.filter.timeRange'));
    list.filters.search();
  };

  const startExport = () => {
    const ids = [...list.selected];
    void exporter.start(
      {
        endpointId: 'operationLog.export',
        input: { ...filterInput(list.filters.applied), ...(ids.length > 0 && { vIds: ids.join(',') }) },
        suggestedName: 'operation-log.xlsx',
      },
      'operationLog.exportProgress',
    );
  };

  const location = (row: OperationLogEntry) => (row.operLocation === LOCAL_NETWORK_LOCATION ? t('common.localNetwork') : row.operLocation);
  const valueCell = (row: OperationLogEntry, side: 'before' | 'after') => {
    const summary = sideSummary(t, row, side);
    return summary ? (
      <span className={styles.clip} title={summary}>
        {summary}
      </span>
    ) : null;
  };
  const columns: ListColumn<OperationLogEntry>[] = [
    {
      key: 'entryType',
      kind: 'status',
      header: t('operationLog.column.entryType'),
      render: (row) => (
        <Badge appearance="tint" color={row.entryType === 'delete' ? 'danger' : row.entryType === 'add' ? 'success' : 'informative'}>
          {isOperationEntryType(row.entryType) ? t(`operationLog.entryType.${row.entryType}`) : row.entryType}
        </Badge>
      ),
    },
    { key: 'operUserName', kind: 'code', header: t('operationLog.column.operUserName'), render: (row) => row.operUserName },
    { key: 'operLoginName', kind: 'code', header: t('common.loginName'), render: (row) => row.operLoginName },
    {
      key: 'operLocation',
      kind: 'text',
      header: t('operationLog.column.operLocation'),
      render: (row) => (
        <>
          {location(row)}
          {row.operIp ? <span className={styles.sub}>{row.operIp}</span> : null}
        </>
      ),
    },
    { key: 'operationContent', kind: 'text', header: t('operationLog.column.operationContent'), render: (row) => row.operationContent },
    { key: 'beforeOperation', kind: 'text', header: t('operationLog.column.beforeOperation'), render: (row) => valueCell(row, 'before') },
    { key: 'afterOperation', kind: 'text', header: t('operationLog.column.afterOperation'), render: (row) => valueCell(row, 'after') },
    { key: 'operationTime', kind: 'time', header: t('operationLog.column.operationTime'), render: (row) => formatDateTime(row.operationTime) },
    {
      key: 'changes',
      kind: 'actions',
      header: t('operationLog.changes'),
      render: (row) => (
        <Button size="small" onClick={(event) => (event.stopPropagation(), setViewing(row))} data-testid="operation-show-changes">
          {t('operationLog.showChanges')}
        </Button>
      ),
    },
  ];

  const field = (name: keyof LogFilters) => ({ value: list.filters.draft[name], onChange: (value: string) => list.filters.change({ [name]: value } as Partial<LogFilters>) });
  const today = dayjs().format('YYYY-MM-DD');
  const running = exporter.running;

  const { has } = usePermissions();
  useScreenAction(has(Perm.operLogExport) && !exporter.running ? { id: 'export', label: t('common.export'), run: startExport } : null);
  return (
    <ListScreen route={Route.behaviorDiary} data-testid="operation-list">
      <FilterBar label={t('common.filters')} filters={{ search, reset: list.filters.reset }} testIdPrefix="filter-">
        <FilterTextField label={t('operationLog.filter.operUserName')} {...field('operUserName')} data-testid="filter-operUserName" />
        <FilterTextField label={t('common.loginName')} {...field('operLoginName')} data-testid="filter-operLoginName" />
        {(['operationTimeStart', 'operationTimeEnd'] as const).map((name) => (
          <FilterField key={name} label={t(`operationLog.filter.${name}`)}>
            <DateInput max={today} {...field(name)} data-testid={`filter-${name}`} />
          </FilterField>
        ))}
      </FilterBar>

      <div className={styles.actions} role="toolbar" aria-label={t('operationLog.actions')}>
        <PermissionGate perm={Perm.operLogExport}>
          {running ? (
            <span className={styles.progress} data-testid="operation-export-progress">
              <Text>{t('operationLog.exportProgress', { rows: running.rows?.written ?? 0, total: running.rows?.total ?? '…', size: formatBytes(running.bytes) })}</Text>
              <Button icon={<Dismiss20Regular />} onClick={() => void exporter.cancel()} data-testid="operation-export-cancel">
                {t('common.exportCancel')}
              </Button>
            </span>
          ) : (
            <Button icon={<ArrowDownload20Regular />} onClick={startExport} data-testid="operation-export">
              {list.selected.size > 0 ? t('operationLog.exportSelected', { count: list.selected.size }) : t('common.export')}
            </Button>
          )}
        </PermissionGate>
        <ChainStatusBadge />
      </div>

      <ListTable
        aria-label={t('operationLog.table')}
        list={list}
        columns={columns}
        getRowLabel={(row) => `${row.operationContent} ${formatDateTime(row.operationTime)}`}
        emptyText={t('operationLog.empty')}
        noMatchText={t('operationLog.noMatch')}
        data-testid="operation-table"
      />
      <ChangesDialog entry={viewing} onClose={() => setViewing(null)} />
    </ListScreen>
  );
}
