import { Card, Field, Input, MessageBar, MessageBarBody, Radio, RadioGroup, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { Send16Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { audienceMax, pushLength, PUSH_AUDIENCES, PushAudience, type PushProviderRecord } from '../contract';
import { PushLimits } from '../../../shared/rules';
import { DialogFailure, DialogFrame } from '../../../renderer/components/dialog/DialogFrame';
import { refusalMessage } from '../../../renderer/components/dialog/useDialogForm';
import { fieldMessage } from '../../../renderer/components/form/RuleForm';
import { useNotify } from '../../../renderer/components/notify';
import { useBridgeMutation } from '../../../renderer/hooks/bridge-query';
import type { MessageKey } from '../../../renderer/i18n/message-key';
import { checkCompose, composePayload, NEW_COMPOSE, type ComposeField, type ComposeValues } from './push-model';

const useStyles = makeStyles({
  surface: { width: '760px', maxWidth: '95vw' },
  content: { display: 'grid', gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)', gap: tokens.spacingHorizontalXL },
  fields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  aside: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  notification: { padding: tokens.spacingHorizontalM, gap: tokens.spacingVerticalXS, backgroundColor: tokens.colorNeutralBackground3 },
  app: { color: tokens.colorNeutralForeground3 },
  body: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  count: { color: tokens.colorNeutralForeground3 },
  over: { color: tokens.colorPaletteRedForeground1 },
});

const AUDIENCE_LABEL: Record<PushAudience, MessageKey> = { all: 'push.audience.all', alias: 'push.audience.alias', tag: 'push.audience.tag' };
const FIELD_LABEL: Record<ComposeField, MessageKey> = { audienceType: 'push.audienceType', audience: 'push.audienceValues', title: 'common.title', alert: 'push.alert' };

/**
 * Compose a push through one provider (issue 12): to everyone, to aliases or to tags (comma-separated,
 * checked and de-duplicated as JPush takes them, the problem named), an optional title and the alert text
 * with a live count, and a preview of the notification as a phone shows it. The push is queued in the outbox;
 * the records tab shows how delivery goes.
 */
export function PushDialog({ provider, onClose, onSent }: { provider: PushProviderRecord; onClose: () => void; onSent: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const [values, setValues] = useState<ComposeValues>(NEW_COMPOSE);
  const [attempted, setAttempted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const send = useBridgeMutation('push.send', { meta: { silent: true } });
  const { parsed, issues } = checkCompose(values, provider.id);
  const change = (patch: Partial<ComposeValues>) => setValues((current) => ({ ...current, ...patch }));

  // The audience is checked as it is typed (its problems name the values); the other fields once a push was tried.
  const message = (field: ComposeField): string | undefined => {
    const issue = issues[field];
    if (!issue || (field !== 'audience' && !attempted)) return undefined;
    if (field === 'audience' && !attempted && parsed.values.length === 0 && parsed.badCharacters.length === 0 && parsed.tooLong.length === 0) return undefined;
    return issue.params ? t(issue.key, issue.params) : fieldMessage(t, issue.key, t(FIELD_LABEL[field]), field === 'audienceType' ? 'chosen' : 'typed');
  };
  const state = (field: ComposeField) => (message(field) ? 'error' : 'none');

  const submit = () => {
    setAttempted(true);
    setFailure(null);
    if (Object.keys(issues).length > 0) return;
    send.mutate(composePayload(values, provider.id), {
      onSuccess: (result) => {
        notify.success(t('push.sent', { id: result.recordId }));
        onSent();
      },
      onError: (error) => setFailure(refusalMessage(t, error)),
    });
  };

  const sending = send.isPending;
  const toEveryone = values.audienceType === PushAudience.All;
  const alertLength = pushLength(values.alert.trim());
  const titleLength = pushLength(values.title.trim());
  const kind = values.audienceType === PushAudience.Tag ? 'tag' : 'alias';
  const audienceSummary = toEveryone ? t('push.previewEveryone') : t(`push.previewTo.${kind}`, { count: parsed.values.length, values: parsed.values.slice(0, 5).join(', ') });
  return (
    <DialogFrame
      title={t('push.dialogTitle', { alias: provider.alias })}
      data-testid="push-dialog"
      className={styles.surface}
      contentClassName={styles.content}
      busy={sending}
      onDismiss={onClose}
      submit={{ label: t('push.send'), 'data-testid': 'push-send', onClick: submit, icon: <Send16Regular /> }}
      cancel={{ 'data-testid': 'push-cancel' }}
    >
      <div className={styles.fields}>
        <Field label={t('push.audienceType')} required validationState={state('audienceType')} validationMessage={message('audienceType')}>
          <RadioGroup
            layout="horizontal"
            value={values.audienceType}
            onChange={(_event, data) => change({ audienceType: data.value as PushAudience })}
            disabled={sending}
            data-testid="push-audience-type"
          >
            {PUSH_AUDIENCES.map((audience) => (
              <Radio key={audience} value={audience} label={t(AUDIENCE_LABEL[audience])} data-testid={`push-audience-${audience}`} />
            ))}
          </RadioGroup>
        </Field>
        {toEveryone ? (
          <MessageBar intent="warning" data-testid="push-everyone-note">
            <MessageBarBody>{t('push.everyoneNote')}</MessageBarBody>
          </MessageBar>
        ) : (
          <Field
            label={t(kind === 'tag' ? 'push.tagsLabel' : 'push.aliasesLabel')}
            required
            hint={t(kind === 'tag' ? 'push.tagsHint' : 'push.aliasesHint', { max: audienceMax(values.audienceType), bytes: PushLimits.audienceValueBytesMax })}
            validationState={state('audience')}
            validationMessage={message('audience')}
          >
            <Textarea value={values.audience} onChange={(_event, data) => change({ audience: data.value })} resize="vertical" rows={3} disabled={sending} data-testid="push-audience" />
          </Field>
        )}
        {!toEveryone ? (
          <Text size={200} data-testid="push-audience-count">
            {t(`push.valuesCount.${kind}`, { count: parsed.values.length, max: audienceMax(values.audienceType) })}
          </Text>
        ) : null}
        {!toEveryone && parsed.duplicates.length > 0 ? (
          <MessageBar intent="info" data-testid="push-duplicates">
            <MessageBarBody>{t('push.duplicatesRemoved', { count: parsed.duplicates.length, values: parsed.duplicates.slice(0, PushLimits.invalidValuesShown).join(', ') })}</MessageBarBody>
          </MessageBar>
        ) : null}
        <Field label={t('common.title')} hint={t('push.titleHint', { length: titleLength, max: PushLimits.titleMax })} validationState={state('title')} validationMessage={message('title')}>
          <Input value={values.title} onChange={(_event, data) => change({ title: data.value })} disabled={sending} data-testid="push-title" />
        </Field>
        <Field label={t('push.alert')} required validationState={state('alert')} validationMessage={message('alert')}>
          <Textarea value={values.alert} onChange={(_event, data) => change({ alert: data.value })} resize="vertical" rows={4} disabled={sending} data-testid="push-alert" />
        </Field>
        <Text size={200} className={alertLength > PushLimits.alertMax ? styles.over : styles.count} aria-live="polite" data-testid="push-alert-count">
          {t('common.characterCount', { length: alertLength, max: PushLimits.alertMax })}
        </Text>
      </div>
      <aside className={styles.aside} aria-label={t('push.preview')}>
        <Text weight="semibold">{t('push.preview')}</Text>
        <Card className={styles.notification} data-testid="push-preview">
          <Text size={200} className={styles.app}>
            {provider.alias}
          </Text>
          {values.title.trim() ? <Text weight="semibold">{values.title.trim()}</Text> : null}
          <Text className={styles.body}>{values.alert.trim() || t('push.previewEmpty')}</Text>
        </Card>
        <Text size={200} data-testid="push-preview-audience">
          {audienceSummary}
        </Text>
        <DialogFailure text={failure} data-testid="push-failure" />
      </aside>
    </DialogFrame>
  );
}
