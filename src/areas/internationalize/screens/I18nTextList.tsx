import { Badge, Button, Dropdown, Option, Text, Toolbar, makeStyles, tokens } from '@fluentui/react-components';
import { Route } from '../../../shared/routes';
import { Add20Regular, ArrowClockwise20Regular, ArrowDownload20Regular, ArrowUpload20Regular, Dismiss20Regular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { I18nStatus } from '../../../shared/constants';
import { i18nText, type I18nTextRecord } from '../contract';
import { Perm } from '../../../shared/permissions';
import { FilterBar, FilterField, FilterTextField, ListScreen } from '../../../renderer/components/list/ListScreen';
import { ListTable, type ListColumn } from '../../../renderer/components/list/ListTable';
import { RowActions, useEditDeleteActions } from '../../../renderer/components/list/RowActions';
import { useConfirmedDelete } from '../../../renderer/components/list/useConfirmedDelete';
import { pageRows, useListController } from '../../../renderer/components/list/useListController';
import { PermissionGate } from '../../../renderer/components/permissions';
import { useScreenAction } from '../../../renderer/components/screen/screen-actions';
import { formatBytes, useExport } from '../../../renderer/hooks/use-export';
import { I18N_STATUSES, statusKey, type I18nStatusValue } from './i18n-form';
import { I18nImportDialog } from './I18nImportDialog';
import { I18nTextDialog } from './I18nTextDialog';
import { invalidateI18nQueries } from './queries';
import { actionsColumn } from '../../../renderer/components/list/common-columns';

const useStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, padding: 0 },
  progress: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

type I18nFilters = { chinese: string; status: I18nStatusValue | null };
const NO_FILTERS: I18nFilters = { chinese: '', status: null };
const ALL_STATUSES = 'all';
const textId = (row: I18nTextRecord) => row.id;

/** The dialog on view: closed, adding, or editing one text (`key` starts each opening afresh). */
type DialogState = { open: false } | { open: true; record: I18nTextRecord | null; key: number };

/**
 * The multilingual-text list (spec 001 §2 /internationalize, kept): filters by Chinese text and status,
 * pages without a page-size selector, adds and edits in a dialog, deletes one text after a question that
 * names it; exports every text to an .xlsx file and imports a translated one back after its preview.
 */
export default function I18nTextList() {
  const { t } = useTranslation();
  const styles = useStyles();
  const queryClient = useQueryClient();
  const exporter = useExport();
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const [opened, setOpened] = useState(0);
  const [importing, setImporting] = useState(false);
  const list = useListController({
    queryId: 'i18nText.list',
    filters: { initial: NO_FILTERS },
    toInput: (filters, { page, pageSize }) => ({ chinese: filters.chinese.trim() || undefined, status: filters.status, page, limit: pageSize }),
    rowsOf: pageRows,
    getRowId: textId,
  });
  const openDialog = (record: I18nTextRecord | null) => {
    setOpened((count) => count + 1);
    setDialog({ open: true, record, key: opened + 1 });
  };

  const removal = useConfirmedDelete('i18nText.delete');
  const deleteRow = (row: I18nTextRecord) =>
    void removal.remove({
      input: { id: row.id },
      count: 1,
      title: t('internationalize.deleteTitle'),
      question: t('internationalize.deleteOne', { chinese: row.chinese }),
      refresh: () => void invalidateI18nQueries(queryClient),
    });
  const rowActions = useEditDeleteActions({ edit: { endpoint: i18nText.save, run: openDialog }, remove: { endpoint: i18nText.delete, run: deleteRow } });

  const status = list.filters.draft.status;
  const columns: ListColumn<I18nTextRecord>[] = [
    { key: 'chinese', kind: 'name', header: t('internationalize.column.chinese'), render: (row) => row.chinese },
    { key: 'english', kind: 'name', header: t('internationalize.column.english'), render: (row) => row.english },
    { key: 'german', kind: 'name', header: t('internationalize.column.german'), render: (row) => row.german },
    {
      key: 'status',
      kind: 'status',
      header: t('common.status'),
      render: (row) => (
        <Badge appearance="tint" color={row.status === I18nStatus.Usable ? 'success' : 'danger'}>
          {t(statusKey(row.status))}
        </Badge>
      ),
    },
    { key: 'operater', kind: 'name', header: t('internationalize.column.operater'), render: (row) => row.operater },
    actionsColumn(t('common.actions'), (row) => (
      <RowActions
        testIdPrefix="i18n-row"
        wrap={false}
        actions={[
          { ...rowActions.edit(row), name: t('internationalize.editRow', { chinese: row.chinese }) },
          { ...rowActions.remove(row), name: t('internationalize.deleteRow', { chinese: row.chinese }), disabled: removal.deleting },
        ]}
      />
    )),
  ];

  const running = exporter.running;
  useScreenAction(!exporter.running ? { id: 'export', label: t('common.export'), run: () => void exporter.start({ endpointId: 'i18nText.export', input: {}, suggestedName: 'i18n.xlsx' }) } : null);
  return (
    <ListScreen route={Route.internationalize} data-testid="i18n-list">
      <FilterBar label={t('common.filters')} filters={list.filters} testIdPrefix="filter-">
        <FilterTextField
          label={t('internationalize.filter.chinese')}
          value={list.filters.draft.chinese}
          placeholder={t('internationalize.filter.chinesePlaceholder')}
          onChange={(chinese) => list.filters.change({ chinese })}
          data-testid="filter-chinese"
        />
        <FilterField label={t('common.status')}>
          <Dropdown
            value={status === null ? t('common.all') : t(statusKey(status))}
            selectedOptions={[status === null ? ALL_STATUSES : String(status)]}
            onOptionSelect={(_event, data) =>
              list.filters.change({ status: data.optionValue === undefined || data.optionValue === ALL_STATUSES ? null : (Number(data.optionValue) as I18nStatusValue) })
            }
            data-testid="filter-status"
          >
            <Option value={ALL_STATUSES}>{t('common.all')}</Option>
            {I18N_STATUSES.map((value) => (
              <Option key={value} value={String(value)}>
                {t(statusKey(value))}
              </Option>
            ))}
          </Dropdown>
        </FilterField>
      </FilterBar>

      <Toolbar className={styles.bar} aria-label={t('internationalize.actions')}>
        <PermissionGate perm={Perm.i18nSave}>
          <Button appearance="primary" icon={<Add20Regular />} onClick={() => openDialog(null)} data-testid="i18n-add">
            {t('actions.add')}
          </Button>
        </PermissionGate>
        {running ? (
          <span className={styles.progress} data-testid="i18n-export-progress">
            <Text>{t('common.exportProgress', { size: formatBytes(running.bytes) })}</Text>
            <Button icon={<Dismiss20Regular />} onClick={() => void exporter.cancel()} data-testid="i18n-export-cancel">
              {t('common.exportCancel')}
            </Button>
          </span>
        ) : (
          <Button icon={<ArrowDownload20Regular />} onClick={() => void exporter.start({ endpointId: 'i18nText.export', input: {}, suggestedName: 'i18n.xlsx' })} data-testid="i18n-export">
            {t('common.export')}
          </Button>
        )}
        <PermissionGate perm={Perm.i18nSave}>
          <Button icon={<ArrowUpload20Regular />} onClick={() => setImporting(true)} data-testid="i18n-import">
            {t('common.import')}
          </Button>
        </PermissionGate>
        <Button icon={<ArrowClockwise20Regular />} onClick={list.reload} disabled={list.loading} data-testid="i18n-refresh">
          {t('list.refresh')}
        </Button>
      </Toolbar>

      <ListTable
        aria-label={t('internationalize.table')}
        // Rows are acted on by their own buttons: nothing to choose.
        list={{ ...list, selectionMode: 'none' }}
        columns={columns}
        pageSizeOptions={null}
        emptyText={t('internationalize.empty')}
        noMatchText={t('internationalize.noMatch')}
        data-testid="i18n-table"
      />
      {dialog.open ? <I18nTextDialog key={dialog.key} open record={dialog.record} onClose={() => setDialog({ open: false })} /> : null}
      <I18nImportDialog open={importing} onClose={() => setImporting(false)} />
    </ListScreen>
  );
}
