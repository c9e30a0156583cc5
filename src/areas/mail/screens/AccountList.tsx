import { Badge } from '@fluentui/react-components';
import { CheckmarkCircle16Regular, MailArrowUp16Regular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { mail, type MailAccountRecord } from '../contract';
import { Perm } from '../../../shared/permissions';
import { Route } from '../../../shared/routes';
import { ListTable, type ListColumn } from '../../../renderer/components/list/ListTable';
import { RowActions, useEditDeleteActions } from '../../../renderer/components/list/RowActions';
import { FilterBar, FilterTextField, ListActions, ListScreen } from '../../../renderer/components/list/ListScreen';
import { useConfirmedCall } from '../../../renderer/components/list/useConfirmedCall';
import { pageRows, recordFormRoutes, useListController } from '../../../renderer/components/list/useListController';
import { invalidateAccountQueries } from './queries';
import { TestMailDialog } from './TestMailDialog';
import { actionsColumn, createTimeColumn } from '../../../renderer/components/list/common-columns';

type AccountFilters = { account: string };
const NO_FILTERS: AccountFilters = { account: '' };
const rowId = (row: MailAccountRecord) => row.id;
const rowLabel = (row: MailAccountRecord) => row.account;
const routes = recordFormRoutes(Route.addMailAccount, 'id', Perm.mailAccountSave);

/**
 * The mail accounts (/accountManage): the SMTP servers mail goes out through, one active. Add, edit, delete
 * (confirmed), activate (confirmed: the active one changes) and send a test mail that shows the server's answer.
 */
export default function AccountList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [testing, setTesting] = useState<MailAccountRecord | null>(null);
  const list = useListController({
    queryId: 'mail.accountList',
    filters: { initial: NO_FILTERS },
    toInput: (filters, { page, pageSize }) => ({ pageNum: page, pageSize, account: filters.account.trim() || undefined }),
    rowsOf: pageRows,
    getRowId: rowId,
    routes,
    deleteSelected: {
      endpoint: 'mail.accountDelete',
      input: (ids) => ({ ids: ids.join(',') }),
      confirmTitle: t('mail.accountDeleteTitle'),
      itemLabel: rowLabel,
      question: { one: 'mail.accountDeleteOne', many: 'mail.accountDeleteMany' },
      invalidate: invalidateAccountQueries,
    },
  });
  const refresh = () => void invalidateAccountQueries(queryClient);
  const activation = useConfirmedCall('mail.accountActivate');
  const rowActions = useEditDeleteActions({
    edit: { endpoint: mail.accountUpdate, run: (row: MailAccountRecord) => navigate(routes.edit(row.id)) },
    remove: { endpoint: mail.accountDelete, run: list.deleteRow },
  });
  const activateRow = (row: MailAccountRecord) =>
    void activation.run({
      input: { id: row.id, version: row.version },
      question: { title: t('mail.activateTitle'), message: t('mail.activateQuestion', { account: row.account }), confirmLabel: t('common.activate') },
      done: t('mail.activated'),
      refresh,
      onRefused: list.reload,
    });
  const columns: ListColumn<MailAccountRecord>[] = [
    { key: 'account', kind: 'number', header: t('mail.account'), render: (row) => row.account },
    { key: 'host', kind: 'code', header: t('mail.host'), render: (row) => row.host },
    { key: 'port', kind: 'number', header: t('mail.port'), render: (row) => row.port },
    { key: 'ssl', kind: 'status', header: t('mail.ssl'), render: (row) => (row.ssl ? t('common.yes') : t('common.no')) },
    { key: 'protocol', kind: 'status', header: t('mail.protocol'), render: (row) => t(`mail.protocol_${row.protocol}`) },
    {
      key: 'active',
      kind: 'status',
      header: t('common.status'),
      render: (row) => (
        <Badge appearance="tint" color={row.active ? 'success' : 'informative'} data-testid={`account-row-${row.id}-status`}>
          {row.active ? t('common.active') : t('common.inactive')}
        </Badge>
      ),
      width: '8%',
    },
    createTimeColumn(t('common.createTime')),
    actionsColumn(t('common.actions'), (row) => (
      <RowActions
        rowLabel={row.account}
        testIdPrefix={`account-row-${row.id}`}
        actions={[
          rowActions.edit(row),
          {
            key: 'activate',
            label: t('common.activate'),
            icon: <CheckmarkCircle16Regular />,
            onClick: () => activateRow(row),
            perm: Perm.mailAccountActivate,
            hidden: row.active,
          },
          {
            key: 'test',
            label: t('mail.test'),
            icon: <MailArrowUp16Regular />,
            onClick: () => setTesting(row),
            perm: Perm.mailAccountSave,
          },
          rowActions.remove(row),
        ]}
      />
    )),
  ];
  return (
    <ListScreen route={Route.accountManage} data-testid="mail-account-list">
      <FilterBar label={t('mail.accountFilters')} filters={list.filters} testIdPrefix="filter-">
        <FilterTextField
          label={t('mail.account')}
          value={list.filters.draft.account}
          placeholder={t('mail.accountPlaceholder')}
          onChange={(account) => list.filters.change({ account })}
          data-testid="filter-account"
        />
      </FilterBar>
      <ListActions list={list} label={t('mail.accountActions')} testIdPrefix="account" endpoints={{ add: mail.accountAdd, edit: mail.accountUpdate, remove: mail.accountDelete }} />
      <ListTable aria-label={t('mail.accounts')} list={list} columns={columns} getRowLabel={rowLabel} emptyText={t('mail.empty')} noMatchText={t('common.noMatch')} data-testid="account-table" />
      {testing ? <TestMailDialog account={testing} onClose={() => setTesting(null)} /> : null}
    </ListScreen>
  );
}
