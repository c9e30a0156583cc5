import { Badge } from '@fluentui/react-components';
import { CheckmarkCircle16Regular, Delete16Regular, Edit16Regular, MailArrowUp16Regular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { MailAccountRecord } from '../contract';
import { Perm } from '../../../shared/permissions';
import { NEW_RECORD_ID, Route, routeTo } from '../../../shared/routes';
import { useConfirm } from '../../../renderer/components/ConfirmDialog';
import { ListTable, type ListColumn } from '../../../renderer/components/list/ListTable';
import { RowActions } from '../../../renderer/components/list/RowActions';
import { FilterBar, FilterTextField, ListActions, ListScreen } from '../../../renderer/components/list/ListScreen';
import type { RowId } from '../../../renderer/components/list/selection';
import { pageRows, useListController } from '../../../renderer/components/list/useListController';
import { useNotify } from '../../../renderer/components/notify';
import { useBridgeMutation } from '../../../renderer/hooks/bridge-query';
import { formatDateTime } from '../../../renderer/lib/format';
import { invalidateAccountQueries } from './queries';
import { TestMailDialog } from './TestMailDialog';
import { useOfferUndo } from '../../../renderer/components/undo';

type AccountFilters = { account: string };
const NO_FILTERS: AccountFilters = { account: '' };
const rowId = (row: MailAccountRecord) => row.id;
const rowLabel = (row: MailAccountRecord) => row.account;
const routes = { add: routeTo(Route.addMailAccount, { id: NEW_RECORD_ID }), edit: (id: RowId) => routeTo(Route.addMailAccount, { id }), editPerm: Perm.mailAccountSave };

/**
 * The mail accounts (/accountManage): the SMTP servers mail goes out through, one active. Add, edit, delete
 * (confirmed), activate (confirmed: the active one changes) and send a test mail that shows the server's answer.
 */
export default function AccountList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [testing, setTesting] = useState<MailAccountRecord | null>(null);
  const deleteQuestion = (count: number, names: string) => (count === 1 ? t('mail.accountDeleteOne', { names }) : t('mail.accountDeleteMany', { count, names }));
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
      question: deleteQuestion,
      invalidate: invalidateAccountQueries,
    },
  });
  const refresh = () => void invalidateAccountQueries(queryClient);
  const offerUndo = useOfferUndo();
  const remove = useBridgeMutation('mail.accountDelete');
  const activate = useBridgeMutation('mail.accountActivate');
  const deleteRow = async (row: MailAccountRecord) => {
    if (!(await confirm({ title: t('mail.accountDeleteTitle'), message: deleteQuestion(1, row.account), confirmLabel: t('actions.delete'), destructive: true }))) return;
    remove.mutate({ ids: String(row.id) }, { onSuccess: (answer) => (offerUndo(answer, { count: 1, onRestored: () => refresh() }), refresh()) });
  };
  const activateRow = async (row: MailAccountRecord) => {
    if (!(await confirm({ title: t('mail.activateTitle'), message: t('mail.activateQuestion', { account: row.account }), confirmLabel: t('mail.activate') }))) return;
    activate.mutate({ id: row.id, version: row.version }, { onSuccess: () => (notify.success(t('mail.activated')), refresh()), onError: () => list.reload() });
  };
  const columns: ListColumn<MailAccountRecord>[] = [
    { key: 'account', header: t('mail.account'), render: (row) => row.account, width: '20%' },
    { key: 'host', header: t('mail.host'), render: (row) => row.host, width: '16%' },
    { key: 'port', header: t('mail.port'), render: (row) => row.port, width: '6%' },
    { key: 'ssl', header: t('mail.ssl'), render: (row) => (row.ssl ? t('mail.sslOn') : t('mail.sslOff')), width: '5%' },
    { key: 'protocol', header: t('mail.protocol'), render: (row) => t(`mail.protocol_${row.protocol}`), width: '7%' },
    {
      key: 'active',
      header: t('mail.active'),
      render: (row) => (
        <Badge appearance="tint" color={row.active ? 'success' : 'informative'} data-testid={`account-row-${row.id}-status`}>
          {row.active ? t('mail.activeYes') : t('mail.activeNo')}
        </Badge>
      ),
      width: '8%',
    },
    { key: 'createTime', header: t('mail.createTime'), render: (row) => formatDateTime(row.createTime), width: '12%' },
    {
      key: 'actions',
      header: t('mail.rowActions'),
      render: (row) => (
        <RowActions
          rowLabel={row.account}
          testIdPrefix={`account-row-${row.id}`}
          actions={[
            {
              key: 'edit',
              label: t('actions.edit'),
              icon: <Edit16Regular />,
              onClick: () => navigate(routes.edit(row.id)),
              perm: Perm.mailAccountSave,
            },
            {
              key: 'activate',
              label: t('mail.activate'),
              icon: <CheckmarkCircle16Regular />,
              onClick: () => void activateRow(row),
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
            {
              key: 'delete',
              label: t('actions.delete'),
              icon: <Delete16Regular />,
              onClick: () => void deleteRow(row),
              perm: Perm.mailAccountDelete,
            },
          ]}
        />
      ),
    },
  ];
  return (
    <ListScreen data-testid="mail-account-list">
      <FilterBar label={t('mail.accountFilters')} filters={list.filters} testIdPrefix="filter-">
        <FilterTextField
          label={t('mail.account')}
          value={list.filters.draft.account}
          placeholder={t('mail.accountPlaceholder')}
          onChange={(account) => list.filters.change({ account })}
          data-testid="filter-account"
        />
      </FilterBar>
      <ListActions list={list} label={t('mail.accountActions')} testIdPrefix="account" perms={{ add: Perm.mailAccountSave, edit: Perm.mailAccountSave, remove: Perm.mailAccountDelete }} />
      <ListTable aria-label={t('mail.accounts')} list={list} columns={columns} getRowLabel={rowLabel} emptyText={t('mail.empty')} noMatchText={t('mail.noMatch')} data-testid="account-table" />
      {testing ? <TestMailDialog account={testing} onClose={() => setTesting(null)} /> : null}
    </ListScreen>
  );
}
