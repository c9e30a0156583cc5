import { Badge, Button, Dropdown, Option, Spinner, Text, makeStyles, tokens, type BadgeProps } from '@fluentui/react-components';
import { ArrowClockwise16Regular, Eye16Regular, MailAdd16Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { MailDeliveryStatus, type MailRecord } from '../contract';
import { Perm } from '../../../shared/permissions';
import { Route } from '../../../shared/routes';
import { ListTable, type ListColumn } from '../../../renderer/components/list/ListTable';
import { FilterBar, FilterField, FilterTextField, ListScreen } from '../../../renderer/components/list/ListScreen';
import { pageRows, useListController } from '../../../renderer/components/list/useListController';
import { PermissionGate } from '../../../renderer/components/permissions';
import { ErrorState } from '../../../renderer/components/states';
import { useBridgeQuery } from '../../../renderer/hooks/bridge-query';
import { DialogFrame } from '../../../renderer/components/dialog/DialogFrame';
import { formatDateTime } from '../../../renderer/lib/format';
import { actionsColumn } from '../../../renderer/components/list/common-columns';

const useStyles = makeStyles({
  toolbar: { display: 'flex', gap: tokens.spacingHorizontalS },
  answer: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', display: 'block' },
  surface: { width: '760px', maxWidth: '95vw' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  frame: { width: '100%', height: '360px', border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, backgroundColor: '#ffffff' },
});

const STATUSES = [MailDeliveryStatus.Pending, MailDeliveryStatus.Sending, MailDeliveryStatus.Sent, MailDeliveryStatus.Failed] as const;
const ANY = 'any';
const STATUS_COLOR: Record<MailRecord['status'], BadgeProps['color']> = { pending: 'informative', sending: 'brand', sent: 'success', failed: 'danger' };

type MailFilters = { subject: string; recipient: string; status: MailRecord['status'] | null };
const NO_FILTERS: MailFilters = { subject: '', recipient: '', status: null };
const rowId = (row: MailRecord) => row.id;
const rowLabel = (row: MailRecord) => row.subject;

/**
 * Sent mail (/mailManage): every mail with its delivery state, attempts and the mail server's answer, by
 * subject, recipient and state; "Compose" opens /addMail; a mail's body opens in a dialog.
 */
export default function MailList() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const [viewing, setViewing] = useState<MailRecord | null>(null);
  const list = useListController({
    queryId: 'mail.list',
    filters: { initial: NO_FILTERS },
    toInput: (filters, { page, pageSize }) => ({ pageNum: page, pageSize, subject: filters.subject.trim() || undefined, recipient: filters.recipient.trim() || undefined, status: filters.status }),
    rowsOf: pageRows,
    getRowId: rowId,
  });
  const recipients = (addresses: string[]) => (addresses.length <= 1 ? (addresses[0] ?? '') : `${addresses[0]} ${t('mail.moreRecipients', { count: addresses.length - 1 })}`);
  const status = list.filters.draft.status;
  const columns: ListColumn<MailRecord>[] = [
    { key: 'subject', kind: 'text', header: t('mail.subject'), render: (row) => row.subject },
    { key: 'to', kind: 'text', header: t('mail.to'), render: (row) => recipients(row.to) },
    { key: 'cc', kind: 'text', header: t('mail.cc'), render: (row) => recipients(row.cc) },
    { key: 'sender', kind: 'code', header: t('mail.sender'), render: (row) => row.sender },
    {
      key: 'status',
      kind: 'status',
      header: t('common.status'),
      render: (row) => (
        <Badge appearance="tint" color={STATUS_COLOR[row.status]} data-testid={`mail-row-${row.id}-status`}>
          {t(`mail.status_${row.status}`)}
        </Badge>
      ),
      width: '8%',
    },
    { key: 'attempts', kind: 'number', header: t('common.attempts'), render: (row) => row.attempts },
    {
      key: 'serverAnswer',
      kind: 'text',
      header: t('mail.serverAnswer'),
      render: (row) => (
        <Text size={200} className={styles.answer} title={row.serverAnswer} data-testid={`mail-row-${row.id}-answer`}>
          {row.serverAnswer}
        </Text>
      ),
      width: '13%',
    },
    { key: 'attachments', kind: 'text', header: t('mail.attachments'), render: (row) => row.attachments.map((a) => a.name).join(', ') },
    { key: 'createTime', kind: 'time', header: t('common.createTime'), render: (row) => `${formatDateTime(row.createTime)} ${row.createName}` },
    actionsColumn(t('common.actions'), (row) => (
      <Button size="small" appearance="subtle" icon={<Eye16Regular />} onClick={() => setViewing(row)} aria-label={`${t('common.view')} ${row.subject}`} data-testid={`mail-row-${row.id}-view`}>
        {t('common.view')}
      </Button>
    )),
  ];
  return (
    <ListScreen route={Route.mailManage} data-testid="mail-list">
      <FilterBar label={t('mail.mailFilters')} filters={list.filters} testIdPrefix="filter-">
        <FilterTextField
          label={t('mail.subject')}
          value={list.filters.draft.subject}
          placeholder={t('mail.subjectPlaceholder')}
          onChange={(subject) => list.filters.change({ subject })}
          data-testid="filter-subject"
        />
        <FilterTextField
          label={t('mail.recipient')}
          value={list.filters.draft.recipient}
          placeholder={t('mail.recipientPlaceholder')}
          onChange={(recipient) => list.filters.change({ recipient })}
          data-testid="filter-recipient"
        />
        <FilterField label={t('common.status')}>
          <Dropdown
            value={status === null ? t('common.all') : t(`mail.status_${status}`)}
            selectedOptions={[status ?? ANY]}
            onOptionSelect={(_event, data) => list.filters.change({ status: data.optionValue === undefined || data.optionValue === ANY ? null : (data.optionValue as MailRecord['status']) })}
            data-testid="filter-status"
          >
            <Option value={ANY}>{t('common.all')}</Option>
            {STATUSES.map((value) => (
              <Option key={value} value={value}>
                {t(`mail.status_${value}`)}
              </Option>
            ))}
          </Dropdown>
        </FilterField>
      </FilterBar>
      <div className={styles.toolbar} role="toolbar" aria-label={t('mail.mailActions')}>
        <PermissionGate perm={Perm.mailSend}>
          <Button appearance="primary" icon={<MailAdd16Regular />} onClick={() => navigate(Route.addMail)} data-testid="mail-compose">
            {t('mail.compose')}
          </Button>
        </PermissionGate>
        <Button icon={<ArrowClockwise16Regular />} onClick={list.reload} disabled={list.loading} data-testid="mail-refresh">
          {t('list.refresh')}
        </Button>
      </div>
      <ListTable aria-label={t('mail.mails')} list={list} columns={columns} getRowLabel={rowLabel} emptyText={t('mail.empty')} noMatchText={t('common.noMatch')} data-testid="mail-table" />
      {viewing ? <MailBodyDialog mail={viewing} onClose={() => setViewing(null)} /> : null}
    </ListScreen>
  );
}

/**
 * One mail's body as its recipients read it. The HTML was sanitised by the server when the mail was sent; it is
 * shown in a frame with every sandbox restriction on (no script, no form, no navigation of the console).
 */
function MailBodyDialog({ mail, onClose }: { mail: MailRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const body = useBridgeQuery('mail.body', { id: mail.id });
  return (
    <DialogFrame
      title={t('mail.viewTitle', { subject: mail.subject })}
      data-testid="mail-body-dialog"
      className={styles.surface}
      contentClassName={styles.content}
      onDismiss={onClose}
      actions={
        <Button onClick={onClose} data-testid="mail-body-close">
          {t('common.close')}
        </Button>
      }
    >
      <Text>{t('mail.fromAccount', { account: mail.sender })}</Text>
      <Text>
        {t('mail.to')}: {mail.to.join(', ')}
      </Text>
      {mail.cc.length > 0 ? (
        <Text>
          {t('mail.cc')}: {mail.cc.join(', ')}
        </Text>
      ) : null}
      {mail.attachments.length > 0 ? (
        <Text>
          {t('mail.attachments')}: {mail.attachments.map((a) => a.name).join(', ')}
        </Text>
      ) : null}
      {body.isPending ? (
        <Spinner size="small" label={t('app.loading')} />
      ) : body.isError ? (
        <ErrorState title={t('mail.loadFailed')} error={body.error} onRetry={() => void body.refetch()} />
      ) : (
        <iframe className={styles.frame} sandbox="" srcDoc={body.data.html} title={mail.subject} data-testid="mail-body-frame" />
      )}
    </DialogFrame>
  );
}
