import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useMutation } from '@tanstack/react-query';
import { useEffect, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeResult } from '../../shared/bridge';
import { DialogWidth } from '../../shared/constants';
import { unwrap } from '../bridge';
import { RuleField, useRuleForm } from '../components/form/RuleForm';
import { useOverlayWhile } from '../components/overlay';
import { errorMessage } from '../components/states';
import { passwordChangeRules } from './login/sign-in-form';

const useStyles = makeStyles({
  surface: { width: `${DialogWidth.password}px`, maxWidth: '95vw' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

export interface PasswordChangeDialogProps {
  open: boolean;
  title: string;
  /** Shown above the fields: the server's msg when sign-in demands the change (code 70001). */
  notice?: string | null;
  /** Sends the change; the bridge encrypts both passwords before they leave the main process. */
  submit: (change: { password: string; newPassword: string }) => Promise<BridgeResult<unknown>>;
  onChanged: () => void;
  onCancel: () => void;
}

/** Old, new and confirmed password with the spec's rules (430px); used by sign-in and by the shell. */
export function PasswordChangeDialog({ open, title, notice, submit, onChanged, onCancel }: PasswordChangeDialogProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  useOverlayWhile(open);
  const form = useRuleForm({
    oldPassword: { initial: '', rule: passwordChangeRules.oldPassword },
    newPassword: { initial: '', rule: passwordChangeRules.newPassword },
    confirmPassword: { initial: '', rule: passwordChangeRules.confirmPassword },
  });
  const change = useMutation({
    mutationFn: (values: { password: string; newPassword: string }) => unwrap(submit(values)),
    meta: { silent: true },
    onSuccess: onChanged,
  });

  const { reset: resetForm } = form;
  const { reset: resetChange } = change;
  useEffect(() => {
    if (open) {
      resetForm({ oldPassword: '', newPassword: '', confirmPassword: '' });
      resetChange();
    }
  }, [open, resetForm, resetChange]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    change.mutate({ password: form.values.oldPassword, newPassword: form.values.newPassword });
  };

  return (
    <Dialog open={open} modalType="modal" onOpenChange={(_event, data) => !data.open && !change.isPending && onCancel()}>
      <DialogSurface className={styles.surface} data-testid="password-dialog">
        <form onSubmit={onSubmit} noValidate>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={styles.form}>
              {notice ? (
                <MessageBar intent="warning">
                  <MessageBarBody>{notice}</MessageBarBody>
                </MessageBar>
              ) : null}
              <RuleField form={form} name="oldPassword" label={t('password.old')} type="password" autoComplete="current-password" required />
              <RuleField form={form} name="newPassword" label={t('password.new')} type="password" autoComplete="new-password" hint={t('password.ruleHint')} required />
              <RuleField form={form} name="confirmPassword" label={t('password.confirm')} type="password" autoComplete="new-password" required />
              {change.isError ? (
                <MessageBar intent="error" role="alert">
                  <MessageBarBody>{errorMessage(change.error, t('message.operationFailed'))}</MessageBarBody>
                </MessageBar>
              ) : null}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onCancel} disabled={change.isPending}>
                {t('common.cancel')}
              </Button>
              <Button appearance="primary" type="submit" disabled={change.isPending} icon={change.isPending ? <Spinner size="tiny" /> : undefined} data-testid="password-submit">
                {t('common.confirm')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
