import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mailRules, type MailAccountRecord } from '../contract';
import { MailLimits } from '../../../shared/rules';
import { isTransportFailure, sessionEndOf } from '../../../renderer/components/screen/session-errors';
import { fieldMessage } from '../../../renderer/components/form/RuleForm';
import { useOverlayWhile } from '../../../renderer/components/overlay';
import { errorMessage } from '../../../renderer/components/states';
import { useBridgeMutation } from '../../../renderer/hooks/bridge-query';
import { isRuleMessageKey } from '../../../renderer/i18n/message-key';

const useStyles = makeStyles({
  surface: { width: '520px', maxWidth: '95vw' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/**
 * "Send a test mail" of one account: the server sends it at once through the account and answers its mail
 * server's acceptance line, or the server's refusal, shown here word for word (a wrong password, a port, TLS).
 */
export function TestMailDialog({ account, onClose }: { account: MailAccountRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  useOverlayWhile(true);
  const [to, setTo] = useState(account.account);
  const [attempted, setAttempted] = useState(false);
  const [answer, setAnswer] = useState<{ intent: 'success' | 'error'; text: string } | null>(null);
  const test = useBridgeMutation('mail.accountTest', { meta: { silent: true } });
  const checked = mailRules.account.safeParse(to);
  const issue = attempted && !checked.success ? checked.error.issues[0]?.message : undefined;
  const problem = issue ? fieldMessage(t, isRuleMessageKey(issue) ? issue : 'validation.email', t('mail.testTo')) : undefined;

  const send = () => {
    setAttempted(true);
    setAnswer(null);
    if (!checked.success) return;
    test.mutate(
      { id: account.id, to: checked.data },
      {
        onSuccess: (result) => setAnswer({ intent: 'success', text: t('mail.testSent', { answer: result.serverAnswer }) }),
        onError: (error) => {
          if (sessionEndOf(error) || isTransportFailure(error)) return;
          setAnswer({ intent: 'error', text: errorMessage(error, t('message.operationFailed')) });
        },
      },
    );
  };

  return (
    <Dialog open modalType="modal" onOpenChange={(_event, data) => !data.open && !test.isPending && onClose()}>
      <DialogSurface className={styles.surface} data-testid="mail-test-dialog">
        <DialogBody>
          <DialogTitle>{t('mail.testTitle', { account: account.account })}</DialogTitle>
          <DialogContent className={styles.content}>
            <Field label={t('mail.testTo')} required hint={problem ? undefined : t('mail.testToHint')} validationState={problem ? 'error' : 'none'} validationMessage={problem}>
              <Input value={to} maxLength={MailLimits.accountMax} onChange={(_event, data) => setTo(data.value)} disabled={test.isPending} data-testid="mail-test-to" />
            </Field>
            {test.isPending ? <Spinner size="tiny" labelPosition="after" label={t('mail.testSending')} /> : null}
            {answer ? (
              <MessageBar intent={answer.intent} layout="multiline" data-testid={`mail-test-${answer.intent}`}>
                <MessageBarBody>{answer.text}</MessageBarBody>
              </MessageBar>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={send} disabled={test.isPending} data-testid="mail-test-send">
              {t('mail.testSend')}
            </Button>
            <Button onClick={onClose} disabled={test.isPending} data-testid="mail-test-close">
              {t('mail.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
