import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFailure, DialogFrame } from '../../../renderer/components/dialog/DialogFrame';

const useStyles = makeStyles({
  surface: { width: '520px', maxWidth: '95vw' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

export interface DataDialogProps {
  title: string;
  testId: string;
  /** The dialog's record form (`useDialogRecordForm`). */
  form: { save: () => void; saving: boolean; failure: string | null };
  onClose: () => void;
  children: ReactNode;
}

/** The add / edit dialog of a group, an organ or a classification: its fields, the server's refusal, save and cancel. */
export function DataDialog({ title, testId, form, onClose, children }: DataDialogProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <DialogFrame
      title={title}
      data-testid={testId}
      className={styles.surface}
      contentClassName={styles.content}
      busy={form.saving}
      onDismiss={onClose}
      onSubmit={form.save}
      submit={{ label: t('form.save'), 'data-testid': `${testId}-save` }}
      cancel={{ 'data-testid': `${testId}-cancel` }}
    >
      {children}
      <DialogFailure text={form.failure} data-testid={`${testId}-failure`} />
    </DialogFrame>
  );
}
