import { Badge, Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownload20Regular, ArrowUpload20Regular, Dismiss20Regular, LockClosed16Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DictStatus, DictUpdatable } from '../../../shared/constants';
import { dictionary, type DictionaryNode } from '../contract';
import { Perm } from '../../../shared/permissions';
import { Route } from '../../../shared/routes';
import type { ListColumn } from '../../../renderer/components/list/ListTable';
import { FilterBar, FilterTextField, ListActions, ListScreen, SelectedCount } from '../../../renderer/components/list/ListScreen';
import { Pager } from '../../../renderer/components/list/Pager';
import type { RowId } from '../../../renderer/components/list/selection';
import { pageRows, recordFormRoutes, useListController } from '../../../renderer/components/list/useListController';
import { useNotify } from '../../../renderer/components/notify';
import { PermissionGate } from '../../../renderer/components/permissions';
import { useScreenAction } from '../../../renderer/components/screen/screen-actions';
import { TreeTable } from '../../../renderer/components/tree/TreeTable';
import { dictionaryIdsOf, walkDictionaries } from './dictionary-form';
import { invalidateDictionaryQueries } from './dictionary-queries';
import { ImportDialog } from './ImportDialog';
import { formatBytes, useExport } from '../../../renderer/hooks/use-export';
import { createTimeColumn } from '../../../renderer/components/list/common-columns';

const useStyles = makeStyles({
  name: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  code: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, wordBreak: 'break-all' },
  hint: { color: tokens.colorNeutralForeground3 },
  progress: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

const dictionaryRowId = (node: DictionaryNode) => node.id;
const dictionaryChildren = (node: DictionaryNode) => node.children;
const dictionaryLabel = (node: DictionaryNode) => node.label;
const dictionaryCode = (node: DictionaryNode) => node.dictNo;
const dictionaryRoutes = recordFormRoutes(Route.dicManage, 'dicId', Perm.dictUpdate);

type DictionaryFilters = { name: string };
const NO_FILTERS: DictionaryFilters = { name: '' };

/** The form adding a node under `parentId`. */
export function addUnderRoute(parentId: RowId): string {
  return `${dictionaryRoutes.add}?parentId=${parentId}`;
}

/**
 * The dictionary list (spec 001 §2 /dictionary, kept): a page of dictionaries by name, each with its items
 * as a tree below it; add (a dictionary, or an item under the one chosen row), edit, delete with everything
 * below, each behind its key; export to an .xlsx file and import one back after a preview.
 */
export default function DictionaryList() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const exporter = useExport();
  const [importing, setImporting] = useState(false);
  const list = useListController({
    queryId: 'dictionary.list',
    filters: { initial: NO_FILTERS },
    toInput: (filters, { page, pageSize }) => ({ pageNum: page, pageSize, name: filters.name.trim() || undefined }),
    rowsOf: pageRows,
    getRowId: dictionaryRowId,
    rowIdsOf: dictionaryIdsOf,
    allRowsOf: walkDictionaries,
    routes: dictionaryRoutes,
    deleteSelected: {
      endpoint: 'dictionary.delete',
      input: (ids) => ({ ids: ids.join(',') }),
      confirmTitle: t('dictionary.deleteTitle'),
      itemLabel: (node: DictionaryNode) => `${node.label} (${node.dictNo})`,
      question: { one: 'dictionary.deleteOne', many: 'dictionary.deleteMany' },
      invalidate: invalidateDictionaryQueries,
    },
  });

  /** Nothing chosen adds a dictionary; one chosen row adds an item under it (spec 001: the selected row becomes the parent). */
  const add = () => {
    if (list.selected.size > 1) return notify.warning(t('message.selectOnlyOne'));
    const [parentId] = list.selected;
    navigate(parentId === undefined ? dictionaryRoutes.add : addUnderRoute(parentId));
  };

  const columns: ListColumn<DictionaryNode>[] = [
    {
      key: 'dictNo',
      kind: 'code',
      header: t('dictionary.column.dictNo'),
      render: (node) => (
        <span className={styles.name}>
          <span className={styles.code}>{node.dictNo}</span>
          {node.updated === DictUpdatable.No ? <LockClosed16Regular aria-label={t('dictionary.updated.no')} data-testid="dictionary-locked" /> : null}
        </span>
      ),
    },
    { key: 'dictName', kind: 'name', header: t('common.name'), render: (node) => node.label },
    { key: 'children', kind: 'number', header: t('dictionary.column.children'), render: (node) => (node.children.length > 0 ? t('dictionary.childCount', { count: node.children.length }) : null) },
    { key: 'dictOrder', kind: 'number', header: t('common.order'), render: (node) => node.dictOrder },
    {
      key: 'status',
      kind: 'status',
      header: t('common.status'),
      render: (node) => (
        <Badge appearance="tint" color={node.status === DictStatus.Use ? 'success' : 'danger'}>
          {t(node.status === DictStatus.Use ? 'dictionary.status.use' : 'dictionary.status.stop')}
        </Badge>
      ),
    },
    { key: 'createByName', kind: 'name', header: t('common.createdBy'), render: (node) => node.createByName },
    createTimeColumn(t('common.createTime')),
  ];

  const running = exporter.running;
  useScreenAction(
    !exporter.running
      ? {
          id: 'export',
          label: t('common.export'),
          run: () => void exporter.start({ endpointId: 'dictionary.export', input: { name: list.filters.applied.name.trim() || undefined }, suggestedName: 'dictionaries.xlsx' }),
        }
      : null,
  );
  return (
    <ListScreen route={Route.dictionary} data-testid="dictionary-list">
      <FilterBar label={t('common.filters')} filters={list.filters} testIdPrefix="filter-">
        <FilterTextField
          label={t('dictionary.filter.name')}
          value={list.filters.draft.name}
          placeholder={t('dictionary.filter.namePlaceholder')}
          onChange={(name) => list.filters.change({ name })}
          data-testid="filter-name"
        />
      </FilterBar>

      <ListActions list={{ ...list, add }} label={t('dictionary.actions')} testIdPrefix="dictionary" endpoints={{ add: dictionary.add, edit: dictionary.update, remove: dictionary.delete }}>
        {running ? (
          <span className={styles.progress} data-testid="dictionary-export-progress">
            <Text>{t('common.exportProgress', { size: formatBytes(running.bytes) })}</Text>
            <Button icon={<Dismiss20Regular />} onClick={() => void exporter.cancel()} data-testid="dictionary-export-cancel">
              {t('common.exportCancel')}
            </Button>
          </span>
        ) : (
          <Button
            icon={<ArrowDownload20Regular />}
            onClick={() => void exporter.start({ endpointId: 'dictionary.export', input: { name: list.filters.applied.name.trim() || undefined }, suggestedName: 'dictionaries.xlsx' })}
            data-testid="dictionary-export"
          >
            {t('common.export')}
          </Button>
        )}
        <PermissionGate perm={Perm.dictSave}>
          <Button icon={<ArrowUpload20Regular />} onClick={() => setImporting(true)} data-testid="dictionary-import">
            {t('common.import')}
          </Button>
        </PermissionGate>
        <SelectedCount count={list.selected.size} data-testid="dictionary-selected-count" />
      </ListActions>
      <PermissionGate perm={Perm.dictSave}>
        <Text size={200} className={styles.hint}>
          {t('dictionary.addHint')}
        </Text>
      </PermissionGate>

      <TreeTable
        aria-label={t('dictionary.tree')}
        columns={columns}
        list={list}
        getRowId={dictionaryRowId}
        getChildren={dictionaryChildren}
        getRowLabel={dictionaryLabel}
        getCheckLabel={dictionaryCode}
        initialOpenDepth={1}
        emptyText={list.filtered ? t('dictionary.noMatch') : t('dictionary.empty')}
        data-testid="dictionary-tree"
      />
      <Pager total={list.total} page={list.page} pageSize={list.pageSize} onPageChange={list.onPageChange} selectedCount={list.selected.size} />
      <ImportDialog open={importing} onClose={() => setImporting(false)} onImported={() => list.reload()} />
    </ListScreen>
  );
}
