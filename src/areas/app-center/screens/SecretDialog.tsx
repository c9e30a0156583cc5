import { Button, Field, Input, MessageBar, MessageBarBody, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Copy20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { IssuedSecret } from '../contract';
import { useNotify } from '../../../renderer/components/notify';
import { DialogFrame } from '../../../renderer/components/dialog/DialogFrame';

const useStyles = makeStyles({
  surface: { width: '560px', maxWidth: '95vw' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  secret: { fontFamily: tokens.fontFamilyMonospace },
});

/**
 * Shows a secret the server just made (a new application, a regenerated secret): the only time anyone sees
 * it. It closes only by its button, so the warning is read before the secret is gone.
 */
export function SecretDialog({ issued, onClose }: { issued: IssuedSecret | null; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();

  const copy = () => {
    if (!issued) return;
    const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
    if (!clipboard) return notify.error(t('appCenter.secret.copyFailed'));
    clipboard.writeText(issued.appSecret).then(
      () => notify.success(t('appCenter.secret.copied')),
      () => notify.error(t('appCenter.secret.copyFailed')),
    );
  };

  return (
    <DialogFrame
      open={issued !== null}
      title={t('appCenter.secret.title')}
      data-testid="app-secret-dialog"
      className={styles.surface}
      contentClassName={styles.content}
      modalType="alert"
      close={{ 'data-testid': 'app-secret-close', label: t('appCenter.secret.done'), onClick: onClose }}
    >
      {issued ? <Text>{t('appCenter.secret.for', { clientId: issued.clientId })}</Text> : null}
      <Field label={t('appCenter.field.secret')}>
        <Input
          readOnly
          className={styles.secret}
          value={issued?.appSecret ?? ''}
          onFocus={(event) => event.currentTarget.select()}
          contentAfter={<Button appearance="transparent" size="small" icon={<Copy20Regular />} aria-label={t('appCenter.secret.copy')} onClick={copy} data-testid="app-secret-copy" />}
          data-testid="app-secret-value"
        />
      </Field>
      <MessageBar intent="warning" layout="multiline">
        <MessageBarBody>{t('appCenter.secret.warning')}</MessageBarBody>
      </MessageBar>
    </DialogFrame>
  );
}
