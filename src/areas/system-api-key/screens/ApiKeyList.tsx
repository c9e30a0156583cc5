import { Badge, Button, Toolbar, makeStyles, tokens } from '@fluentui/react-components';
import { Route } from '../../../shared/routes';
import { Add20Regular, ArrowClockwise20Regular, Edit20Regular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiKeyStatus, type ApiKeyRow } from '../contract';
import { Perm } from '../../../shared/permissions';
import { ListTable, type ListColumn } from '../../../renderer/components/list/ListTable';
import { FilterBar, FilterTextField, ListScreen } from '../../../renderer/components/list/ListScreen';
import { pageRows, useListController } from '../../../renderer/components/list/useListController';
import { PermissionGate, usePermissions } from '../../../renderer/components/permissions';
import { ApiKeyDialog } from './ApiKeyDialog';
import { createTimeColumn } from '../../../renderer/components/list/common-columns';

const useStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, padding: 0 },
  code: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-all' },
});

type KeyFilters = { apiKey: string; systemName: string };
const NO_FILTERS: KeyFilters = { apiKey: '', systemName: '' };
const keyRowId = (row: ApiKeyRow) => row.id;

/** The dialog on view: closed, building a new key, or editing a row. */
type Editing = { kind: 'closed' } | { kind: 'add' } | { kind: 'edit'; row: ApiKeyRow };

/**
 * System API keys (spec 001 §2 /appSystem, kept): the keys of the current role's systems by ApiKey and system
 * name, a page at a time; build and edit in a dialog.
 */
export default function ApiKeyList() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { has } = usePermissions();
  const [editing, setEditing] = useState<Editing>({ kind: 'closed' });
  const list = useListController({
    queryId: 'systemApiKey.list',
    filters: { initial: NO_FILTERS },
    toInput: (filters, { page, pageSize }) => ({ page, limit: pageSize, apiKey: filters.apiKey.trim() || undefined, systemName: filters.systemName.trim() || undefined }),
    rowsOf: pageRows,
    getRowId: keyRowId,
  });

  const mayEdit = has(Perm.apiKeySave);
  const columns = useMemo<ListColumn<ApiKeyRow>[]>(() => {
    const base: ListColumn<ApiKeyRow>[] = [
      { key: 'systemName', kind: 'name', header: t('apiKey.column.systemName'), render: (row) => row.systemName },
      {
        key: 'apiKey',
        kind: 'code',
        header: t('apiKey.column.apiKey'),
        render: (row) => (
          <span className={styles.code} data-testid="api-key-cell">
            {row.apiKey}
          </span>
        ),
        width: '30%',
      },
      { key: 'app', kind: 'name', header: t('apiKey.column.app'), render: (row) => (row.appName ? `${row.appName} (${row.apiCode})` : row.apiCode) },
      {
        key: 'status',
        kind: 'status',
        header: t('common.status'),
        render: (row) => (
          <Badge appearance="tint" color={row.status === ApiKeyStatus.Usable ? 'success' : 'danger'} data-testid="api-key-status-badge">
            {t(row.status === ApiKeyStatus.Usable ? 'common.usable' : 'apiKey.status.notInUse')}
          </Badge>
        ),
      },
      createTimeColumn(t('common.createTime')),
    ];
    if (!mayEdit) return base;
    return [
      ...base,
      {
        key: 'operations',
        kind: 'actions',
        header: '',
        render: (row) => (
          <Button size="small" appearance="subtle" icon={<Edit20Regular />} onClick={() => setEditing({ kind: 'edit', row })} data-testid="api-key-row-edit">
            {t('actions.edit')}
          </Button>
        ),
      },
    ];
  }, [t, styles, mayEdit]);

  const { draft } = list.filters;
  return (
    <ListScreen route={Route.appSystem} data-testid="api-key-list">
      <FilterBar label={t('common.filters')} filters={list.filters} testIdPrefix="filter-">
        <FilterTextField label={t('apiKey.filter.apiKey')} value={draft.apiKey} onChange={(apiKey) => list.filters.change({ apiKey })} data-testid="filter-apiKey" />
        <FilterTextField label={t('common.systemName')} value={draft.systemName} onChange={(systemName) => list.filters.change({ systemName })} data-testid="filter-systemName" />
      </FilterBar>
      <Toolbar className={styles.bar} aria-label={t('apiKey.actions')}>
        <PermissionGate perm={Perm.apiKeySave}>
          <Button appearance="primary" icon={<Add20Regular />} onClick={() => setEditing({ kind: 'add' })} data-testid="api-key-add">
            {t('apiKey.build')}
          </Button>
        </PermissionGate>
        <Button icon={<ArrowClockwise20Regular />} onClick={list.reload} disabled={list.loading} data-testid="api-key-refresh">
          {t('list.refresh')}
        </Button>
      </Toolbar>
      <ListTable
        aria-label={t('apiKey.listLabel')}
        list={{ ...list, selectionMode: 'none' }}
        columns={columns}
        getRowLabel={(row) => row.systemName}
        emptyText={t('apiKey.empty')}
        noMatchText={t('apiKey.noMatch')}
        data-testid="api-key-table"
      />
      {editing.kind !== 'closed' ? (
        <ApiKeyDialog
          row={editing.kind === 'edit' ? editing.row : null}
          onClose={() => setEditing({ kind: 'closed' })}
          onSaved={() => {
            setEditing({ kind: 'closed' });
            list.reload();
          }}
        />
      ) : null}
    </ListScreen>
  );
}
