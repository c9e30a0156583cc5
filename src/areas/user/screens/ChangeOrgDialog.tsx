import { Button, Field, MessageBar, MessageBarBody, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserRow } from '../contract';
import { DialogFrame } from '../../../renderer/components/dialog/DialogFrame';
import { useNotify } from '../../../renderer/components/notify';
import { OrgCascader } from '../../../renderer/components/OrgCascader';
import { ErrorState, errorMessage } from '../../../renderer/components/states';
import { invalidateBridgeQueries, useBridgeMutation, useBridgeQuery } from '../../../renderer/hooks/bridge-query';
import { companyTreeOf } from './user-model';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

export interface ChangeOrgDialogProps {
  /** The user whose top organisation changes; null keeps the dialog closed. */
  user: UserRow | null;
  roleId: number;
  onClose: () => void;
}

/**
 * Changes one user's top organisation (spec 000 §5: the organisation is required). Render it with
 * `key={user?.userId}` so that each user starts from their own organisation.
 */
export function ChangeOrgDialog({ user, roleId, onClose }: ChangeOrgDialogProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const open = user !== null;

  const companies = useBridgeQuery('user.topCompanies', { roleId }, { enabled: open });
  const nodes = useMemo(() => (companies.data ? companyTreeOf(companies.data) : undefined), [companies.data]);
  // undefined: not touched yet, so the user's own organisation shows when it is one of the companies.
  const [picked, setPicked] = useState<number | null | undefined>(undefined);
  const [missing, setMissing] = useState(false);
  const current = user?.deptId !== null && user?.deptId !== undefined && companies.data?.some((company) => company.deptId === user.deptId) ? user.deptId : null;
  const chosen = picked === undefined ? current : picked;

  const change = useBridgeMutation('user.changeTopDept', {
    meta: { silent: true },
    onSuccess: () => {
      notify.success(t('message.updateSuccess'));
      void invalidateBridgeQueries(queryClient, 'user.list');
      onClose();
    },
  });

  const submit = () => {
    if (!user) return;
    if (chosen === null) {
      setMissing(true);
      return;
    }
    change.mutate({ topDeptId: chosen, username: user.username });
  };

  return (
    <DialogFrame
      open={open}
      title={t('user.changeOrgTitle')}
      data-testid="change-org-dialog"
      contentClassName={styles.content}
      busy={change.isPending}
      onDismiss={onClose}
      onSubmit={submit}
      actions={
        <>
          <Button appearance="secondary" onClick={onClose} disabled={change.isPending}>
            {t('common.cancel')}
          </Button>
          <Button appearance="primary" type="submit" disabled={change.isPending || !companies.isSuccess} icon={change.isPending ? <Spinner size="tiny" /> : undefined} data-testid="change-org-submit">
            {t('common.confirm')}
          </Button>
        </>
      }
    >
      {user ? <Text>{t('user.changeOrgFor', { name: user.name, username: user.username })}</Text> : null}
      {companies.isError ? (
        <ErrorState title={t('user.orgsFailed')} error={companies.error} onRetry={() => void companies.refetch()} />
      ) : (
        <Field label={t('user.topOrg')} required validationState={missing && chosen === null ? 'error' : 'none'} validationMessage={missing && chosen === null ? t('message.orgRequired') : undefined}>
          <OrgCascader
            nodes={nodes}
            value={chosen}
            onChange={(deptId) => {
              setPicked(deptId);
              setMissing(false);
            }}
            preselectFirst={false}
            clearable
            data-testid="change-org-select"
          />
        </Field>
      )}
      {change.isError ? (
        <MessageBar intent="error" role="alert" data-testid="change-org-error">
          <MessageBarBody>{errorMessage(change.error, t('message.operationFailed'))}</MessageBarBody>
        </MessageBar>
      ) : null}
    </DialogFrame>
  );
}
