import { Button, Card, Dropdown, Field, Input, MessageBar, MessageBarBody, Option, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { Route } from '../../../shared/routes';
import { PageFrame } from '../../../renderer/components/page/PageFrame';
import { Send16Regular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { finalText, parseRecipients, smsLength } from '../contract';
import { Perm } from '../../../shared/permissions';
import { SmsLimits } from '../../../shared/rules';
import { useNotify } from '../../../renderer/components/notify';
import { PermissionGate } from '../../../renderer/components/permissions';
import { useBridgeMutation, useBridgeQuery } from '../../../renderer/hooks/bridge-query';
import { invalidateSendQueries } from './queries';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '720px' },
  preview: { padding: tokens.spacingHorizontalM, whiteSpace: 'pre-wrap' },
});

/**
 * Sending SMS (/sendingSMS): an active template and a signature, the template's variables, up to 1000
 * numbers (duplicates removed and reported), and a preview of the final text with its length (70 at most).
 * The send is queued in the outbox; its records and batch show how delivery goes.
 */
export default function SendSms() {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const options = useBridgeQuery('sms.sendOptions', {});
  const send = useBridgeMutation('sms.send');
  const [templateId, setTemplateId] = useState<number | null>(null);
  const [signatureId, setSignatureId] = useState<number | null>(null);
  const [params, setParams] = useState<Record<string, string>>({});
  const [phones, setPhones] = useState('');
  const [attempted, setAttempted] = useState(false);

  const templates = options.data?.templates ?? [];
  const signatures = options.data?.signatures ?? [];
  const template = templates.find((item) => item.id === templateId) ?? null;
  const signature = signatures.find((item) => item.id === signatureId) ?? null;
  const parsed = parseRecipients(phones);
  const text = template && signature ? finalText(signature.name, template.content, params) : '';
  const length = smsLength(text);
  const missing = template ? template.variables.filter((name) => !(params[name] ?? '').trim()) : [];

  const phonesProblem =
    parsed.invalid.length > 0
      ? t('sms.phonesInvalid', { count: parsed.invalid.length, numbers: parsed.invalid.slice(0, SmsLimits.invalidNumbersShown).join(', ') })
      : parsed.numbers.length > SmsLimits.recipientsMax
        ? t('sms.phonesTooMany', { max: SmsLimits.recipientsMax, count: parsed.numbers.length })
        : parsed.numbers.length === 0 && attempted
          ? t('sms.phonesRequired')
          : undefined;
  const tooLong = length > SmsLimits.textMax;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!template || !signature || missing.length > 0 || tooLong || parsed.invalid.length > 0 || parsed.numbers.length === 0 || parsed.numbers.length > SmsLimits.recipientsMax) return;
    const values = Object.fromEntries(template.variables.map((name) => [name, (params[name] ?? '').trim()]));
    send.mutate(
      { templateId: template.id, signatureId: signature.id, params: values, phones },
      {
        onSuccess: (result) => {
          notify.success(t('sms.sent', { count: result.total, batchId: result.batchId }));
          setPhones('');
          setAttempted(false);
          void invalidateSendQueries(queryClient);
        },
      },
    );
  };

  return (
    <PageFrame route={Route.sendingSMS}>
      <form className={styles.page} onSubmit={submit} noValidate aria-label={t('sms.sendTitle')} data-testid="sms-send-form">
        <Field label={t('sms.templateName')} required validationState={attempted && !template ? 'error' : 'none'} validationMessage={attempted && !template ? t('sms.chooseTemplate') : undefined}>
          <Dropdown
            placeholder={templates.length === 0 && options.isSuccess ? t('sms.noTemplates') : t('sms.chooseTemplate')}
            value={template?.name ?? ''}
            selectedOptions={template ? [String(template.id)] : []}
            onOptionSelect={(_event, data) => {
              setTemplateId(data.optionValue === undefined ? null : Number(data.optionValue));
              setParams({});
            }}
            data-testid="field-template"
          >
            {templates.map((item) => (
              <Option key={item.id} value={String(item.id)}>
                {item.name}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label={t('sms.signatureName')} required validationState={attempted && !signature ? 'error' : 'none'} validationMessage={attempted && !signature ? t('sms.chooseSignature') : undefined}>
          <Dropdown
            placeholder={signatures.length === 0 && options.isSuccess ? t('sms.noSignatures') : t('sms.chooseSignature')}
            value={signature?.name ?? ''}
            selectedOptions={signature ? [String(signature.id)] : []}
            onOptionSelect={(_event, data) => setSignatureId(data.optionValue === undefined ? null : Number(data.optionValue))}
            data-testid="field-signature"
          >
            {signatures.map((item) => (
              <Option key={item.id} value={String(item.id)}>
                {item.name}
              </Option>
            ))}
          </Dropdown>
        </Field>
        {template?.variables.map((name) => {
          const error = attempted && missing.includes(name) ? t('sms.variableMissing', { name }) : undefined;
          return (
            <Field key={name} label={name} required validationState={error ? 'error' : 'none'} validationMessage={error}>
              <Input value={params[name] ?? ''} maxLength={SmsLimits.variableValueMax} onChange={(_event, data) => setParams({ ...params, [name]: data.value })} data-testid={`field-param-${name}`} />
            </Field>
          );
        })}
        <Field label={t('sms.phones')} required hint={t('sms.phonesHint', { max: SmsLimits.recipientsMax })} validationState={phonesProblem ? 'error' : 'none'} validationMessage={phonesProblem}>
          <Textarea value={phones} onChange={(_event, data) => setPhones(data.value)} resize="vertical" rows={5} data-testid="field-phones" />
        </Field>
        <Text data-testid="sms-phone-count">{t('sms.phonesCount', { count: parsed.numbers.length })}</Text>
        {parsed.duplicates.length > 0 ? (
          <MessageBar intent="warning" data-testid="sms-duplicates">
            <MessageBarBody>{t('sms.phonesDuplicates', { count: parsed.duplicates.length, numbers: parsed.duplicates.slice(0, SmsLimits.invalidNumbersShown).join(', ') })}</MessageBarBody>
          </MessageBar>
        ) : null}
        <Field label={t('sms.preview')} validationState={tooLong ? 'error' : 'none'} validationMessage={tooLong ? t('sms.previewTooLong', { max: SmsLimits.textMax }) : undefined}>
          <Card className={styles.preview} data-testid="sms-preview">
            <Text>{text}</Text>
            <Text size={200} data-testid="sms-preview-length">
              {t('common.characterCount', { length, max: SmsLimits.textMax })}
            </Text>
          </Card>
        </Field>
        <PermissionGate perm={Perm.smsSend}>
          <div>
            <Button type="submit" appearance="primary" icon={<Send16Regular />} disabled={send.isPending} data-testid="sms-send">
              {t('sms.send')}
            </Button>
          </div>
        </PermissionGate>
      </form>
    </PageFrame>
  );
}
