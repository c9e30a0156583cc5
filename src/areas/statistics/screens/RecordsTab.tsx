import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginRecordRow } from '../contract';
import { ListTable, type ListColumn } from '../../../renderer/components/list/ListTable';
import { pageRows, useListController } from '../../../renderer/components/list/useListController';
import { formatDateTime } from '../../../renderer/lib/format';

const recordId = (row: LoginRecordRow) => row.userId;

/** The users who signed in, most recent first, paged (spec 001 §2 tab 4). */
export function RecordsTab() {
  const { t } = useTranslation();
  const list = useListController({
    queryId: 'statistics.accessLog',
    filters: { initial: {} },
    toInput: (_filters, { page, pageSize }) => ({ page, limit: pageSize }),
    rowsOf: pageRows,
    getRowId: recordId,
  });
  const columns = useMemo<ListColumn<LoginRecordRow>[]>(
    () => [
      { key: 'username', kind: 'code', header: t('login.username'), render: (row) => row.username },
      { key: 'name', kind: 'name', header: t('common.personName'), render: (row) => row.name },
      { key: 'loginCount', kind: 'number', header: t('stats.column.loginCount'), render: (row) => row.loginCount },
      { key: 'mobile', kind: 'code', header: t('stats.column.mobile'), render: (row) => row.mobile },
      { key: 'lastLoginTime', kind: 'time', header: t('stats.column.lastLoginTime'), render: (row) => formatDateTime(row.lastLoginTime) },
    ],
    [t],
  );
  return <ListTable aria-label={t('stats.recordsLabel')} list={{ ...list, selectionMode: 'none' }} columns={columns} emptyText={t('stats.recordsEmpty')} data-testid="stats-records-table" />;
}
