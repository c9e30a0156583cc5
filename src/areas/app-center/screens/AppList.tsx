import { Badge, Button, Toolbar, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { Add20Regular, ArrowClockwise20Regular, Delete20Regular, Edit20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AppStatus } from '../../../shared/constants';
import { appCenter, appTypeKind, type AppRow } from '../contract';
import { Perm } from '../../../shared/permissions';
import { Route } from '../../../shared/routes';
import { ListTable, type ListColumn } from '../../../renderer/components/list/ListTable';
import { RowActions, useEditDeleteActions } from '../../../renderer/components/list/RowActions';
import { useConfirmedDelete } from '../../../renderer/components/list/useConfirmedDelete';
import { FilterBar, FilterTextField, ListScreen } from '../../../renderer/components/list/ListScreen';
import { pageRows, recordFormRoutes, useListController } from '../../../renderer/components/list/useListController';
import { PermissionGate, usePermissions } from '../../../renderer/components/permissions';
import { createTimeColumn } from '../../../renderer/components/list/common-columns';

const useStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, padding: 0 },
  code: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-all' },
  name: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
});

type AppFilters = { appId: string; appName: string };
const NO_FILTERS: AppFilters = { appId: '', appName: '' };

const appRowId = (row: AppRow) => row.id;
const appRoutes = recordFormRoutes(Route.centerMessage, 'appId', Perm.appCenterSave);

/**
 * The application centre (spec 001 §2 /appCenter, kept): the OAuth clients by AppId and Chinese name, a page
 * at a time; add, and edit or delete per row (delete asks, naming the application). The console's own client
 * is marked and cannot be deleted.
 */
export default function AppList() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const { has } = usePermissions();
  const list = useListController({
    queryId: 'appCenter.list',
    filters: { initial: NO_FILTERS },
    toInput: (filters, { page, pageSize }) => ({ page, limit: pageSize, appId: filters.appId.trim() || undefined, appName: filters.appName.trim() || undefined }),
    rowsOf: pageRows,
    getRowId: appRowId,
    routes: appRoutes,
  });
  const removal = useConfirmedDelete('appCenter.delete');
  const deleteRow = (row: AppRow) =>
    void removal.remove({
      input: { id: row.id },
      count: 1,
      title: t('appCenter.deleteTitle'),
      question: t('appCenter.deleteOne', { name: row.appName, clientId: row.clientId }),
      refresh: list.reload,
    });
  const rowActions = useEditDeleteActions({ edit: { endpoint: appCenter.update, run: (row: AppRow) => navigate(appRoutes.edit(row.id)) }, remove: { endpoint: appCenter.delete, run: deleteRow } });

  const base: ListColumn<AppRow>[] = [
    { key: 'clientId', kind: 'code', header: t('appCenter.column.clientId'), render: (row) => <span className={styles.code}>{row.clientId}</span> },
    {
      key: 'appName',
      kind: 'name',
      header: t('appCenter.column.appName'),
      render: (row) => (
        <span className={styles.name}>
          {row.appName}
          {row.builtIn ? (
            <Tooltip content={t('appCenter.builtInHint')} relationship="description">
              <Badge appearance="tint" color="brand" data-testid="app-built-in">
                {t('appCenter.builtIn')}
              </Badge>
            </Tooltip>
          ) : null}
          {row.status === AppStatus.Stopped ? (
            <Badge appearance="tint" color="danger">
              {t('common.stopped')}
            </Badge>
          ) : null}
        </span>
      ),
    },
    { key: 'appType', kind: 'status', header: t('appCenter.column.appType'), render: (row) => t(`appCenter.type.${appTypeKind(row.appType)}`) },
    { key: 'accessTokenValiditySeconds', kind: 'number', header: t('appCenter.column.accessTokenValiditySeconds'), render: (row) => row.accessTokenValiditySeconds },
    createTimeColumn(t('common.createTime')),
  ];
  // The operations column shows only for a role that may edit or delete.
  const columns: ListColumn<AppRow>[] =
    has(Perm.appCenterSave) || has(Perm.appCenterDelete)
      ? [
          ...base,
          {
            key: 'operations',
            kind: 'actions',
            header: t('common.actions'),
            render: (row) => (
              <RowActions
                testIdPrefix="app-row"
                wrap={false}
                actions={[
                  { ...rowActions.edit(row), icon: <Edit20Regular /> },
                  { ...rowActions.remove(row), icon: <Delete20Regular />, disabled: row.builtIn || removal.deleting, title: row.builtIn ? t('appCenter.builtInHint') : undefined },
                ]}
              />
            ),
          },
        ]
      : base;

  const { draft } = list.filters;
  return (
    <ListScreen route={Route.appCenter} data-testid="app-list">
      <FilterBar label={t('common.filters')} filters={list.filters} testIdPrefix="filter-">
        <FilterTextField label={t('appCenter.filter.appId')} value={draft.appId} onChange={(appId) => list.filters.change({ appId })} data-testid="filter-appId" />
        <FilterTextField label={t('appCenter.filter.appName')} value={draft.appName} onChange={(appName) => list.filters.change({ appName })} data-testid="filter-appName" />
      </FilterBar>
      <Toolbar className={styles.bar} aria-label={t('appCenter.actions')}>
        <PermissionGate perm={Perm.appCenterSave}>
          <Button appearance="primary" icon={<Add20Regular />} onClick={list.add} data-testid="app-add">
            {t('actions.add')}
          </Button>
        </PermissionGate>
        <Button icon={<ArrowClockwise20Regular />} onClick={list.reload} disabled={list.loading} data-testid="app-refresh">
          {t('list.refresh')}
        </Button>
      </Toolbar>
      <ListTable
        aria-label={t('appCenter.listLabel')}
        list={{ ...list, selectionMode: 'none' }}
        columns={columns}
        getRowLabel={(row) => row.clientId}
        emptyText={t('appCenter.empty')}
        noMatchText={t('appCenter.noMatch')}
        data-testid="app-table"
      />
    </ListScreen>
  );
}
