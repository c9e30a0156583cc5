import { Badge, Button, Toolbar, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { Add20Regular, ArrowClockwise20Regular, Delete20Regular, Edit20Regular } from '@fluentui/react-icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AppStatus } from '../../../shared/constants';
import { appTypeKind, type AppRow } from '../contract';
import { Perm } from '../../../shared/permissions';
import { NEW_RECORD_ID, Route, routeTo } from '../../../shared/routes';
import { useConfirm } from '../../../renderer/components/ConfirmDialog';
import { ListTable, type ListColumn } from '../../../renderer/components/list/ListTable';
import { FilterBar, FilterTextField, ListScreen } from '../../../renderer/components/list/ListScreen';
import type { RowId } from '../../../renderer/components/list/selection';
import { pageRows, useListController } from '../../../renderer/components/list/useListController';
import { useNotify } from '../../../renderer/components/notify';
import { PermissionGate, usePermissions } from '../../../renderer/components/permissions';
import { useBridgeMutation } from '../../../renderer/hooks/bridge-query';
import { formatDateTime } from '../../../renderer/lib/format';
import { useOfferUndo } from '../../../renderer/components/undo';

const useStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, padding: 0 },
  code: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-all' },
  name: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  rowActions: { display: 'flex', gap: tokens.spacingHorizontalXS },
});

type AppFilters = { appId: string; appName: string };
const NO_FILTERS: AppFilters = { appId: '', appName: '' };

const appRowId = (row: AppRow) => row.id;
const appRoutes = { add: routeTo(Route.centerMessage, { appId: NEW_RECORD_ID }), edit: (appId: RowId) => routeTo(Route.centerMessage, { appId }), editPerm: Perm.appCenterSave };

/**
 * The application centre (spec 001 §2 /appCenter, kept): the OAuth clients by AppId and Chinese name, a page
 * at a time; add, and edit or delete per row (delete asks, naming the application). The console's own client
 * is marked and cannot be deleted.
 */
export default function AppList() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const confirm = useConfirm();
  const { has } = usePermissions();
  const list = useListController({
    queryId: 'appCenter.list',
    filters: { initial: NO_FILTERS },
    toInput: (filters, { page, pageSize }) => ({ page, limit: pageSize, appId: filters.appId.trim() || undefined, appName: filters.appName.trim() || undefined }),
    rowsOf: pageRows,
    getRowId: appRowId,
    routes: appRoutes,
  });
  const offerUndo = useOfferUndo();
  const remove = useBridgeMutation('appCenter.delete');
  const { reload } = list;

  const columns = useMemo<ListColumn<AppRow>[]>(() => {
    const deleteRow = async (row: AppRow) => {
      const agreed = await confirm({
        title: t('appCenter.deleteTitle'),
        message: t('appCenter.deleteOne', { name: row.appName, clientId: row.clientId }),
        confirmLabel: t('actions.delete'),
        destructive: true,
      });
      if (!agreed) return;
      remove.mutate(
        { id: row.id },
        {
          onSuccess: (answer) => {
            offerUndo(answer, { count: 1, onRestored: () => reload() });
            reload();
          },
        },
      );
    };
    const base: ListColumn<AppRow>[] = [
      { key: 'clientId', header: t('appCenter.column.clientId'), render: (row) => <span className={styles.code}>{row.clientId}</span>, width: '18%' },
      {
        key: 'appName',
        header: t('appCenter.column.appName'),
        width: '20%',
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
                {t('appCenter.status.stopped')}
              </Badge>
            ) : null}
          </span>
        ),
      },
      { key: 'appType', header: t('appCenter.column.appType'), render: (row) => t(`appCenter.type.${appTypeKind(row.appType)}`), width: '14%' },
      { key: 'accessTokenValiditySeconds', header: t('appCenter.column.accessTokenValiditySeconds'), render: (row) => row.accessTokenValiditySeconds, width: '14%' },
      { key: 'createTime', header: t('appCenter.column.createTime'), render: (row) => formatDateTime(row.createTime), width: '16%' },
    ];
    const mayEdit = has(Perm.appCenterSave);
    const mayDelete = has(Perm.appCenterDelete);
    if (!mayEdit && !mayDelete) return base;
    return [
      ...base,
      {
        key: 'operations',
        header: t('appCenter.column.operations'),
        width: '18%',
        render: (row) => (
          <span className={styles.rowActions}>
            {mayEdit ? (
              <Button size="small" appearance="subtle" icon={<Edit20Regular />} onClick={() => navigate(appRoutes.edit(row.id))} data-testid="app-row-edit">
                {t('actions.edit')}
              </Button>
            ) : null}
            {mayDelete ? (
              <Button
                size="small"
                appearance="subtle"
                icon={<Delete20Regular />}
                onClick={() => void deleteRow(row)}
                disabled={row.builtIn || remove.isPending}
                title={row.builtIn ? t('appCenter.builtInHint') : undefined}
                data-testid="app-row-delete"
              >
                {t('actions.delete')}
              </Button>
            ) : null}
          </span>
        ),
      },
    ];
  }, [t, styles, has, navigate, confirm, notify, remove, reload]);

  const { draft } = list.filters;
  return (
    <ListScreen data-testid="app-list">
      <FilterBar label={t('appCenter.filters')} filters={list.filters} testIdPrefix="filter-">
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
