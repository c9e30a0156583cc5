import { Button, Field, Input, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { Copy20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { IssuedMessageKey } from '../contract';
import { useNotify } from '../../../renderer/components/notify';
import { DialogFrame } from '../../../renderer/components/dialog/DialogFrame';

const useStyles = makeStyles({
  surface: { width: '560px', maxWidth: '95vw' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  key: { fontFamily: tokens.fontFamilyMonospace },
});

/**
 * Shows a message key the server just made (a new key, a replaced one): the only time anyone sees it. It
 * closes only by its button, so the warning is read before the key is gone.
 */
export function IssuedKeyDialog({ issued, onClose }: { issued: IssuedMessageKey | null; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();

  const copy = () => {
    if (!issued) return;
    const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
    if (!clipboard) return notify.error(t('msgKey.copyFailed'));
    clipboard.writeText(issued.apiKey).then(
      () => notify.success(t('msgKey.copied')),
      () => notify.error(t('msgKey.copyFailed')),
    );
  };

  return (
    <DialogFrame
      open={issued !== null}
      title={t('msgKey.issuedTitle')}
      data-testid="key-issued-dialog"
      className={styles.surface}
      contentClassName={styles.content}
      modalType="alert"
      close={{ 'data-testid': 'key-issued-close', label: t('msgKey.issuedDone'), onClick: onClose }}
    >
      <Field label={t('msgKey.apiKey')}>
        <Input
          readOnly
          className={styles.key}
          value={issued?.apiKey ?? ''}
          onFocus={(event) => event.currentTarget.select()}
          contentAfter={<Button appearance="transparent" size="small" icon={<Copy20Regular />} aria-label={t('common.copy')} onClick={copy} data-testid="key-issued-copy" />}
          data-testid="key-issued-value"
        />
      </Field>
      <MessageBar intent="warning" layout="multiline">
        <MessageBarBody>{t('msgKey.issuedWarning')}</MessageBarBody>
      </MessageBar>
    </DialogFrame>
  );
}
