import { Button, Field, Input, MessageBar, MessageBarBody, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Copy20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../notify';
import { DialogFrame } from './DialogFrame';

const useStyles = makeStyles({
  surface: { width: '560px', maxWidth: '95vw' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  value: { fontFamily: tokens.fontFamilyMonospace },
});

export interface ShownOnceDialogProps {
  /** The value the server just made (a secret, a key, a password); null while the dialog is closed. */
  value: string | null;
  title: string;
  /** What the value belongs to, above it. */
  intro?: string;
  /** The value's field label. */
  label: string;
  /** The copy button's accessible name. */
  copyLabel: string;
  /** That the value is never shown again, and what to do if it is lost. */
  notice: string;
  /** 'alert' (the default): only the close button closes it, so the notice is read before the value is gone. */
  closing?: 'alert' | 'dismissible';
  closeLabel?: string;
  /** The surface's class, for another width than 560 px. */
  className?: string;
  /** The test ids are `<testId>-dialog`, `-value`, `-copy` and `-close`. */
  testId: string;
  onClose: () => void;
}

/**
 * A value the server shows only this once (an application secret, a message key, a reset password): read-only,
 * selected on focus, with a copy button and the notice that it cannot be shown again.
 */
export function ShownOnceDialog({ value, title, intro, label, copyLabel, notice, closing = 'alert', closeLabel, className, testId, onClose }: ShownOnceDialogProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();

  const copy = () => {
    if (value === null) return;
    const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
    if (!clipboard) return notify.error(t('common.copyFailed'));
    clipboard.writeText(value).then(
      () => notify.success(t('common.copied')),
      () => notify.error(t('common.copyFailed')),
    );
  };

  return (
    <DialogFrame
      open={value !== null}
      title={title}
      data-testid={`${testId}-dialog`}
      className={mergeClasses(styles.surface, className)}
      contentClassName={styles.content}
      modalType="alert"
      {...(closing === 'dismissible' && { onDismiss: onClose })}
      close={{ 'data-testid': `${testId}-close`, ...(closeLabel !== undefined && { label: closeLabel }), onClick: onClose }}
    >
      {intro ? <Text>{intro}</Text> : null}
      <Field label={label}>
        <Input
          readOnly
          className={styles.value}
          value={value ?? ''}
          onFocus={(event) => event.currentTarget.select()}
          contentAfter={<Button appearance="transparent" size="small" icon={<Copy20Regular />} aria-label={copyLabel} onClick={copy} data-testid={`${testId}-copy`} />}
          data-testid={`${testId}-value`}
        />
      </Field>
      <MessageBar intent={closing === 'alert' ? 'warning' : 'info'} layout="multiline">
        <MessageBarBody>{notice}</MessageBarBody>
      </MessageBar>
    </DialogFrame>
  );
}
