import { Field, Input, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mailRules, type MailAccountRecord } from '../contract';
import { MailLimits } from '../../../shared/rules';
import { DialogFrame } from '../../../renderer/components/dialog/DialogFrame';
import { refusalMessage } from '../../../renderer/components/dialog/useDialogForm';
import { fieldMessage } from '../../../renderer/components/form/RuleForm';
import { useBridgeMutation } from '../../../renderer/hooks/bridge-query';
import { isRuleMessageKey } from '../../../renderer/i18n/message-key';

const useStyles = makeStyles({
  surface: { width: '520px', maxWidth: '95vw' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/**
 * "Send a test mail" of one account: the server sends it at once through the account and answers that its mail
 * server took it, or why not as a short class (a wrong password, a refused port, TLS), never the peer's own words.
 */
export function TestMailDialog({ account, onClose }: { account: MailAccountRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
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
        onSuccess: () => setAnswer({ intent: 'success', text: t('mail.testSent') }),
        onError: (error) => {
          const text = refusalMessage(t, error);
          if (text !== null) setAnswer({ intent: 'error', text });
        },
      },
    );
  };

  return (
    <DialogFrame
      title={t('mail.testTitle', { account: account.account })}
      data-testid="mail-test-dialog"
      className={styles.surface}
      contentClassName={styles.content}
      busy={test.isPending}
      onDismiss={onClose}
      submit={{ label: t('mail.testSend'), 'data-testid': 'mail-test-send', onClick: send, quiet: true }}
      cancel={{ label: t('common.close'), 'data-testid': 'mail-test-close' }}
    >
      <Field label={t('mail.testTo')} required hint={t('mail.testToHint')} validationState={problem ? 'error' : 'none'} validationMessage={problem}>
        <Input value={to} maxLength={MailLimits.accountMax} onChange={(_event, data) => setTo(data.value)} disabled={test.isPending} data-testid="mail-test-to" />
      </Field>
      {test.isPending ? <Spinner size="tiny" labelPosition="after" label={t('mail.testSending')} /> : null}
      {answer ? (
        <MessageBar intent={answer.intent} layout="multiline" data-testid={`mail-test-${answer.intent}`}>
          <MessageBarBody>{answer.text}</MessageBarBody>
        </MessageBar>
      ) : null}
    </DialogFrame>
  );
}
