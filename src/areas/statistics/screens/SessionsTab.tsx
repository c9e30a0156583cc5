import { Badge, Button, Toolbar, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowClockwise20Regular, SignOut20Regular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCAL_NETWORK_LOCATION } from '../../../shared/constants';
import type { OnlineSession } from '../contract';
import { Perm } from '../../../shared/permissions';
import { useConfirm } from '../../../renderer/components/ConfirmDialog';
import { ListTable, type ListColumn } from '../../../renderer/components/list/ListTable';
import { pageRows, useListController } from '../../../renderer/components/list/useListController';
import { useNotify } from '../../../renderer/components/notify';
import { PermissionGate } from '../../../renderer/components/permissions';
import { invalidateBridgeQueries, useBridgeMutation } from '../../../renderer/hooks/bridge-query';
import { formatDateTime } from '../../../renderer/lib/format';

const useStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, padding: 0 },
  user: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

const sessionId = (row: OnlineSession) => row.familyId;

/** A session's location as the screen shows it: the local-network marker and "unknown" are translated. */
export function locationText(location: string, t: (key: 'common.localNetwork' | 'common.unknown') => string): string {
  if (location === LOCAL_NETWORK_LOCATION) return t('common.localNetwork');
  return location || t('common.unknown');
}

/** Who is signed in now, from where and since when; with the key, an administrator ends a session. */
export function SessionsTab() {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const list = useListController({
    queryId: 'statistics.sessions',
    filters: { initial: {} },
    toInput: (_filters, { page, pageSize }) => ({ page, limit: pageSize }),
    rowsOf: pageRows,
    getRowId: sessionId,
    selectionMode: 'single',
  });
  const end = useBridgeMutation('statistics.endSession', {
    onSuccess: async () => {
      notify.success(t('stats.endDone'));
      list.onSelectionChange(new Set());
      await Promise.all([invalidateBridgeQueries(queryClient, 'statistics.sessions'), invalidateBridgeQueries(queryClient, 'statistics.profile')]);
    },
  });

  const endSelected = async () => {
    const id = list.requireOne();
    const row = list.rows?.find((r) => r.familyId === id);
    if (!row) return;
    if (row.current) {
      notify.warning(t('stats.ownSessionHint'));
      return;
    }
    const question = t('stats.endQuestion', { name: row.name, username: row.username });
    if (!(await confirm({ title: t('stats.endTitle'), message: question, confirmLabel: t('stats.endSession'), destructive: true }))) return;
    end.mutate({ familyId: row.familyId });
  };

  const columns = useMemo<ListColumn<OnlineSession>[]>(
    () => [
      {
        key: 'user',
        kind: 'name',
        header: t('common.user'),
        render: (row) => (
          <span className={styles.user}>
            {row.name} ({row.username})
            {row.current ? (
              <Badge appearance="tint" color="brand" data-testid="stats-current-session">
                {t('stats.currentSession')}
              </Badge>
            ) : null}
          </span>
        ),
        width: '26%',
      },
      { key: 'ip', kind: 'code', header: t('stats.column.ip'), render: (row) => row.ip },
      { key: 'location', kind: 'text', header: t('stats.column.location'), render: (row) => locationText(row.location, t) },
      { key: 'client', kind: 'name', header: t('stats.column.client'), render: (row) => row.clientId },
      { key: 'since', kind: 'time', header: t('stats.column.since'), render: (row) => (row.since ? formatDateTime(row.since) : '') },
    ],
    [t, styles.user],
  );

  return (
    <>
      <Toolbar className={styles.bar} aria-label={t('stats.sessionsLabel')}>
        <PermissionGate perm={Perm.sessionEnd}>
          <Button icon={<SignOut20Regular />} onClick={() => void endSelected()} disabled={end.isPending} data-testid="stats-end-session">
            {t('stats.endSession')}
          </Button>
        </PermissionGate>
        <Button icon={<ArrowClockwise20Regular />} onClick={list.reload} disabled={list.loading} data-testid="stats-sessions-refresh">
          {t('list.refresh')}
        </Button>
      </Toolbar>
      <ListTable aria-label={t('stats.sessionsLabel')} list={list} columns={columns} getRowLabel={(row) => row.username} emptyText={t('stats.sessionsEmpty')} data-testid="stats-sessions-table" />
    </>
  );
}
