import { Badge, Button, Dropdown, Option, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Route } from '../../../shared/routes';
import { ArrowDownload20Regular, Dismiss20Regular } from '@fluentui/react-icons';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERFACE_OUTCOMES, INTERFACE_STATUS_NORMAL, type InterfaceLogRow, type InterfaceOutcome } from '../contract';
import { Perm } from '../../../shared/permissions';
import { useIdentity } from '../../../renderer/components/screen/identity';
import { ListTable, type ListColumn } from '../../../renderer/components/list/ListTable';
import { FilterBar, FilterField, FilterTextField, ListScreen } from '../../../renderer/components/list/ListScreen';
import { pageRows, useListController } from '../../../renderer/components/list/useListController';
import { useNotify } from '../../../renderer/components/notify';
import { PermissionGate, usePermissions } from '../../../renderer/components/permissions';
import { useScreenAction } from '../../../renderer/components/screen/screen-actions';
import { useBridgeQuery } from '../../../renderer/hooks/bridge-query';
import { formatDateTime } from '../../../renderer/lib/format';
import { formatBytes, useExport } from '../../../renderer/hooks/use-export';
import { PayloadDialog, type PayloadKind } from './PayloadDialog';
import { DateTimeInput } from '../../../renderer/components/date/DateFields';

const useStyles = makeStyles({
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  progress: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  sub: { display: 'block', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  look: { display: 'inline-flex', gap: tokens.spacingHorizontalXS },
});

type InterfaceFilters = {
  appId: string;
  serviceName: string;
  interfaceName: string;
  responseStatus: string;
  /** '' (every call), 'normal', 'abnormal' or 'failed'. */
  outcome: '' | InterfaceOutcome;
  useTime: string;
  userId: string;
  ip: string;
  deviceId: string;
  modelInfo: string;
  /** `datetime-local` values (local time, yyyy-MM-ddTHH:mm:ss). */
  startTime: string;
  endTime: string;
};
type TextFilter = Exclude<keyof InterfaceFilters, 'appId' | 'outcome' | 'startTime' | 'endTime'>;

const NO_FILTERS: InterfaceFilters = {
  appId: '',
  serviceName: '',
  interfaceName: '',
  responseStatus: '',
  outcome: '',
  useTime: '',
  userId: '',
  ip: '',
  deviceId: '',
  modelInfo: '',
  startTime: '',
  endTime: '',
};
const TEXT_FILTERS: ReadonlyArray<{
  field: TextFilter;
  placeholder?: 'interfaceLog.filter.responseStatusPlaceholder' | 'interfaceLog.filter.userIdPlaceholder' | 'interfaceLog.filter.ipPlaceholder';
}> = [
  { field: 'serviceName' },
  { field: 'interfaceName' },
  { field: 'responseStatus', placeholder: 'interfaceLog.filter.responseStatusPlaceholder' },
  { field: 'useTime' },
  { field: 'userId', placeholder: 'interfaceLog.filter.userIdPlaceholder' },
  { field: 'ip', placeholder: 'interfaceLog.filter.ipPlaceholder' },
  { field: 'deviceId' },
  { field: 'modelInfo' },
];

const WHOLE_MS = /^\d{1,10}$/;

const outcomeOf = (value: string | undefined): InterfaceFilters['outcome'] => INTERFACE_OUTCOMES.find((outcome) => outcome === value) ?? '';

/** A `datetime-local` value as an instant with the workstation's offset. */
const instantOf = (local: string) => (local ? dayjs(local).toISOString() : undefined);

/** The filters as the list and the export send them (spec 001 §7 POST list). */
function filterInput(filters: InterfaceFilters) {
  const text = (value: string) => value.trim() || undefined;
  return {
    appId: text(filters.appId),
    serviceName: text(filters.serviceName),
    interfaceName: text(filters.interfaceName),
    responseStatus: text(filters.responseStatus),
    outcome: filters.outcome || undefined,
    useTime: filters.useTime.trim() === '' ? undefined : Number(filters.useTime.trim()),
    userId: text(filters.userId),
    ip: text(filters.ip),
    deviceId: text(filters.deviceId),
    modelInfo: text(filters.modelInfo),
    startTime: instantOf(filters.startTime),
    endTime: instantOf(filters.endTime),
  };
}

const rowId = (row: InterfaceLogRow) => row.id;

/**
 * Interface monitoring (spec 001 §2 /interFace, kept): every API call, newest first, with the filters of §7;
 * 200 reads "normal", any other status "abnormal" with its code; each row's request and response open as
 * formatted JSON. Export (its own key) writes the chosen rows, or every row the filters match, to an .xlsx
 * file with live progress (rows of the total, and bytes) and a cancel. Deep pages answer as fast as the first.
 */
export default function InterfaceLogList() {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const { role } = useIdentity();
  const exporter = useExport();
  const apps = useBridgeQuery('interfaceLog.apps', {});
  const [looking, setLooking] = useState<{ row: InterfaceLogRow; kind: PayloadKind } | null>(null);

  const list = useListController({
    queryId: 'interfaceLog.list',
    filters: { initial: NO_FILTERS },
    toInput: (filters, { page, pageSize }) => ({ ...filterInput(filters), page, limit: pageSize }),
    rowsOf: pageRows,
    getRowId: rowId,
  });

  const search = () => {
    const draft = list.filters.draft;
    if (draft.useTime.trim() !== '' && !WHOLE_MS.test(draft.useTime.trim())) return notify.warning(t('interfaceLog.filter.useTimeInvalid'));
    if (draft.startTime && draft.endTime && dayjs(draft.endTime).isBefore(dayjs(draft.startTime))) return notify.warning(t('interfaceLog.filter.timeRange'));
    list.filters.search();
  };

  const running = exporter.running;
  const startExport = () => {
    const ids = [...list.selected];
    void exporter.start(
      {
        endpointId: 'interfaceLog.export',
        input: { ...filterInput(list.filters.applied), roleId: role.roleId, ...(ids.length > 0 && { ids: ids.join(',') }) },
        suggestedName: 'interface-monitoring.xlsx',
      },
      'interfaceLog.exportProgress',
    );
  };

  const appName = useMemo(() => new Map((apps.data ?? []).map((app) => [app.appId, app.appName])), [apps.data]);
  const columns: ListColumn<InterfaceLogRow>[] = [
    {
      key: 'appId',
      kind: 'code',
      header: t('interfaceLog.column.appId'),
      render: (row) => (
        <>
          {row.appName || appName.get(row.appId) || row.appId}
          <span className={styles.sub}>{row.appId}</span>
        </>
      ),
    },
    { key: 'serviceCnName', kind: 'name', header: t('interfaceLog.column.serviceCnName'), render: (row) => row.serviceCnName },
    {
      key: 'interfaceCnName',
      kind: 'text',
      header: t('interfaceLog.column.interfaceCnName'),
      render: (row) => (
        <>
          {row.interfaceCnName}
          <span className={styles.sub}>
            {row.method} {row.path}
          </span>
        </>
      ),
    },
    {
      key: 'userId',
      kind: 'code',
      header: t('common.user'),
      render: (row) => (
        <>
          {row.userName || row.userId}
          {row.userName ? <span className={styles.sub}>{row.userId}</span> : null}
        </>
      ),
    },
    { key: 'startTime', kind: 'time', header: t('interfaceLog.column.startTime'), render: (row) => formatDateTime(row.startTime) },
    { key: 'endTime', kind: 'time', header: t('interfaceLog.column.endTime'), render: (row) => formatDateTime(row.endTime) },
    { key: 'useTime', kind: 'time', header: t('interfaceLog.column.useTime'), render: (row) => t('interfaceLog.useTimeMs', { ms: row.useTime }) },
    { key: 'ip', kind: 'code', header: t('interfaceLog.column.ip'), render: (row) => row.ip },
    { key: 'deviceId', kind: 'code', header: t('interfaceLog.column.deviceId'), render: (row) => row.deviceId },
    { key: 'modelInfo', kind: 'text', header: t('interfaceLog.column.modelInfo'), render: (row) => row.modelInfo },
    {
      key: 'responseStatus',
      kind: 'status',
      header: t('common.status'),
      render: (row) =>
        row.responseStatus === INTERFACE_STATUS_NORMAL ? (
          <Badge appearance="tint" color="success" data-testid="interface-status">
            {t('interfaceLog.status.normal')}
          </Badge>
        ) : (
          <Badge appearance="tint" color="danger" data-testid="interface-status">
            {t('interfaceLog.status.abnormal', { code: row.responseStatus })}
          </Badge>
        ),
    },
    {
      key: 'look',
      kind: 'actions',
      header: t('interfaceLog.column.look'),
      render: (row) => (
        <span className={styles.look}>
          <Button size="small" onClick={(event) => (event.stopPropagation(), setLooking({ row, kind: 'request' }))} data-testid="interface-look-request">
            {t('interfaceLog.lookRequest')}
          </Button>
          <Button size="small" onClick={(event) => (event.stopPropagation(), setLooking({ row, kind: 'response' }))} data-testid="interface-look-response">
            {t('interfaceLog.lookResponse')}
          </Button>
        </span>
      ),
    },
  ];

  const field = (name: keyof InterfaceFilters) => ({ value: list.filters.draft[name], onChange: (value: string) => list.filters.change({ [name]: value } as Partial<InterfaceFilters>) });

  const { has } = usePermissions();
  useScreenAction(has(Perm.interfaceLogExport) && !exporter.running ? { id: 'export', label: t('common.export'), run: startExport } : null);
  return (
    <ListScreen route={Route.interFace} data-testid="interface-list">
      <FilterBar label={t('common.filters')} filters={{ search, reset: list.filters.reset }} testIdPrefix="filter-">
        <FilterField label={t('interfaceLog.filter.app')}>
          <Dropdown
            value={list.filters.draft.appId ? (appName.get(list.filters.draft.appId) ?? list.filters.draft.appId) : t('interfaceLog.filter.allApps')}
            selectedOptions={[list.filters.draft.appId]}
            onOptionSelect={(_event, data) => list.filters.change({ appId: data.optionValue ?? '' })}
            data-testid="filter-appId"
          >
            <Option value="">{t('interfaceLog.filter.allApps')}</Option>
            {(apps.data ?? []).map((app) => (
              <Option key={app.appId} value={app.appId} text={app.appName}>
                {`${app.appName} (${app.appId})`}
              </Option>
            ))}
          </Dropdown>
        </FilterField>
        <FilterField label={t('interfaceLog.filter.outcome')}>
          <Dropdown
            value={list.filters.draft.outcome ? t(`interfaceLog.outcome.${list.filters.draft.outcome}`) : t('common.all')}
            selectedOptions={[list.filters.draft.outcome]}
            onOptionSelect={(_event, data) => list.filters.change({ outcome: outcomeOf(data.optionValue) })}
            data-testid="filter-outcome"
          >
            <Option value="">{t('common.all')}</Option>
            {INTERFACE_OUTCOMES.map((outcome) => (
              <Option key={outcome} value={outcome}>
                {t(`interfaceLog.outcome.${outcome}`)}
              </Option>
            ))}
          </Dropdown>
        </FilterField>
        {TEXT_FILTERS.map(({ field: name, placeholder }) => (
          <FilterTextField key={name} label={t(`interfaceLog.filter.${name}`)} placeholder={placeholder ? t(placeholder) : undefined} {...field(name)} data-testid={`filter-${name}`} />
        ))}
        {(['startTime', 'endTime'] as const).map((name) => (
          <FilterField key={name} label={t(`interfaceLog.filter.${name}`)} wide>
            <DateTimeInput {...field(name)} defaultTime={name === 'startTime' ? '00:00:00' : '23:59:59'} data-testid={`filter-${name}`} />
          </FilterField>
        ))}
      </FilterBar>

      <div className={styles.actions} role="toolbar" aria-label={t('interfaceLog.actions')}>
        <PermissionGate perm={Perm.interfaceLogExport}>
          {running ? (
            <span className={styles.progress} data-testid="interface-export-progress">
              <Text>{t('interfaceLog.exportProgress', { rows: running.rows?.written ?? 0, total: running.rows?.total ?? '…', size: formatBytes(running.bytes) })}</Text>
              <Button icon={<Dismiss20Regular />} onClick={() => void exporter.cancel()} data-testid="interface-export-cancel">
                {t('common.exportCancel')}
              </Button>
            </span>
          ) : (
            <Button icon={<ArrowDownload20Regular />} onClick={startExport} data-testid="interface-export">
              {list.selected.size > 0 ? t('interfaceLog.exportSelected', { count: list.selected.size }) : t('common.export')}
            </Button>
          )}
        </PermissionGate>
      </div>

      <ListTable
        aria-label={t('interfaceLog.table')}
        list={list}
        columns={columns}
        getRowLabel={(row) => `${row.interfaceCnName} ${formatDateTime(row.startTime)}`}
        emptyText={t('interfaceLog.empty')}
        noMatchText={t('interfaceLog.noMatch')}
        data-testid="interface-table"
      />
      <PayloadDialog row={looking?.row ?? null} kind={looking?.kind ?? 'request'} onClose={() => setLooking(null)} />
    </ListScreen>
  );
}
