import { Button, Field, Input, MessageBar, MessageBarBody, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Copy20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { DialogWidth } from '../../../shared/constants';
import { useNotify } from '../../../renderer/components/notify';
import { DialogFrame } from '../../../renderer/components/dialog/DialogFrame';

const useStyles = makeStyles({
  surface: { width: `${DialogWidth.password}px`, maxWidth: '95vw' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  password: { fontFamily: tokens.fontFamilyMonospace },
});

export interface ResetOutcome {
  username: string;
  name: string;
  password: string;
}

/** Shows the password a reset produced (spec 000 §6): the only time anyone sees it. */
export function NewPasswordDialog({ outcome, onClose }: { outcome: ResetOutcome | null; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();

  const copy = () => {
    if (!outcome) return;
    const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
    if (!clipboard) return notify.error(t('user.copyFailed'));
    clipboard.writeText(outcome.password).then(
      () => notify.success(t('user.copied')),
      () => notify.error(t('user.copyFailed')),
    );
  };

  return (
    <DialogFrame
      open={outcome !== null}
      title={t('password.new')}
      data-testid="new-password-dialog"
      className={styles.surface}
      contentClassName={styles.content}
      modalType="alert"
      onDismiss={onClose}
      close={{ 'data-testid': 'new-password-close' }}
    >
      {outcome ? <Text>{t('user.newPasswordFor', { name: outcome.name, username: outcome.username })}</Text> : null}
      <Field label={t('password.new')}>
        <Input
          readOnly
          className={styles.password}
          value={outcome?.password ?? ''}
          contentAfter={<Button appearance="transparent" size="small" icon={<Copy20Regular />} aria-label={t('user.copy')} onClick={copy} data-testid="new-password-copy" />}
          data-testid="new-password-value"
        />
      </Field>
      <MessageBar intent="info" layout="multiline">
        <MessageBarBody>{t('user.newPasswordHint')}</MessageBarBody>
      </MessageBar>
    </DialogFrame>
  );
}
