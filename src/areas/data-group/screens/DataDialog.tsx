import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isTransportFailure, sessionEndOf } from '../../../renderer/components/screen/session-errors';
import { fieldMessage } from '../../../renderer/components/form/RuleForm';
import { useOverlayWhile } from '../../../renderer/components/overlay';
import { errorMessage } from '../../../renderer/components/states';
import type { RuleMessageKey } from '../../../renderer/i18n/message-key';
import { issuesOf, payloadOf, type DialogRules } from './forms';

const useStyles = makeStyles({
  surface: { width: '520px', maxWidth: '95vw' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/**
 * The values of a dialog's form: each field's message once a save was tried, and the payload when the
 * contract's rules pass. A refusal of the server is kept as `failure` and shown in the dialog, which stays.
 */
export function useDialogForm<V extends Record<string, unknown>>(rules: DialogRules<V>, initial: V) {
  const { t } = useTranslation();
  const [values, setValues] = useState<V>(initial);
  const [attempted, setAttempted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const issues: Partial<Record<keyof V & string, RuleMessageKey>> = attempted ? issuesOf(rules, values) : {};
  return {
    values,
    failure,
    change: (patch: Partial<V>) => setValues((current) => ({ ...current, ...patch })),
    message: (field: keyof V & string, label: string) => {
      const key = issues[field];
      return key ? fieldMessage(t, key, label) : undefined;
    },
    /** The payload to send, or null (the fields then show their messages). */
    check: <P,>(): P | null => {
      setAttempted(true);
      setFailure(null);
      return Object.keys(issuesOf(rules, values)).length > 0 ? null : payloadOf<V, P>(rules, values);
    },
    refused: (error: Error) => {
      if (sessionEndOf(error) || isTransportFailure(error)) return;
      setFailure(errorMessage(error, t('message.operationFailed')));
    },
  };
}

export interface DataDialogProps {
  title: string;
  testId: string;
  saving: boolean;
  failure: string | null;
  onSave: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** The add / edit dialog of a group, an organ or a classification: its fields, the server's refusal, save and cancel. */
export function DataDialog({ title, testId, saving, failure, onSave, onClose, children }: DataDialogProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  useOverlayWhile(true);
  return (
    <Dialog open modalType="modal" onOpenChange={(_event, data) => !data.open && !saving && onClose()}>
      <DialogSurface className={styles.surface} data-testid={testId}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSave();
          }}
        >
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={styles.content}>
              {children}
              {failure ? (
                <MessageBar intent="error" layout="multiline" role="alert" data-testid={`${testId}-failure`}>
                  <MessageBarBody>{failure}</MessageBarBody>
                </MessageBar>
              ) : null}
            </DialogContent>
            <DialogActions>
              <Button type="submit" appearance="primary" disabled={saving} icon={saving ? <Spinner size="tiny" /> : undefined} data-testid={`${testId}-save`}>
                {t('form.save')}
              </Button>
              <Button onClick={onClose} disabled={saving} data-testid={`${testId}-cancel`}>
                {t('common.cancel')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
