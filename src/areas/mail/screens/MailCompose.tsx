import { Button, Field, Input, MessageBar, MessageBarBody, Spinner, Text, Textarea, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { Attach16Regular, Dismiss16Regular, Send16Regular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { FilePurpose } from '../../../shared/constants';
import { mailRecipientProblem, parseMailRecipients, type MailAttachmentRecord } from '../contract';
import { Perm } from '../../../shared/permissions';
import { MailLimits } from '../../../shared/rules';
import { Route } from '../../../shared/routes';
import { unwrap, useBridge } from '../../../renderer/bridge';
import { useNotify } from '../../../renderer/components/notify';
import { PermissionGate } from '../../../renderer/components/permissions';
import { RichTextEditor } from '../../../renderer/components/rich-text/RichTextEditor';
import { acceptOf, uploadProblem } from '../../../renderer/components/upload/upload-check';
import { useBridgeMutation } from '../../../renderer/hooks/bridge-query';
import { formatBytes } from '../../../renderer/hooks/use-export';
import { invalidateMailQueries } from './queries';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL, maxWidth: '900px' },
  attachments: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, alignItems: 'flex-start' },
  attachment: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  hidden: { display: 'none' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

const TOTAL_MB = MailLimits.attachmentsTotalBytes / 1024 / 1024;

/**
 * Composing a mail (/addMail): To and Cc (comma-, semicolon- or line-separated, at most 500 together, each
 * address checked and repeats reported), a subject, a rich-text body and attachments. The mail is queued and
 * goes out through the active account; the sent list shows how delivery went.
 */
export default function MailCompose() {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const navigate = useNavigate();
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const picker = useRef<HTMLInputElement>(null);
  const send = useBridgeMutation('mail.send');
  const [to, setTo] = useState('');
  const [cc, setCc] = useState('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [attachments, setAttachments] = useState<MailAttachmentRecord[]>([]);
  const [uploading, setUploading] = useState<string | null>(null);
  const [attempted, setAttempted] = useState(false);

  const parsed = parseMailRecipients(to, cc);
  const problem = mailRecipientProblem(parsed);
  const count = parsed.to.addresses.length + parsed.cc.addresses.length;
  const duplicates = [...parsed.to.duplicates, ...parsed.cc.duplicates];
  const recipientText = (field: 'to' | 'cc') => {
    if (!problem || problem.field !== field) return undefined;
    if (problem.key === 'validation.addressesInvalid') return t('mail.addressesInvalid', problem.params);
    if (problem.key === 'validation.addressesTooMany') return t('mail.addressesTooMany', problem.params);
    return attempted ? t('mail.addressesRequired') : undefined;
  };
  const toProblem = recipientText('to');
  const ccProblem = recipientText('cc');
  const subjectProblem = attempted && subject.trim() === '' ? t('mail.subjectPlaceholder') : undefined;
  const bodyProblem = attempted && body === '' ? t('mail.bodyRequired') : undefined;
  const totalBytes = attachments.reduce((sum, a) => sum + a.size, 0);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    for (const file of files) {
      if (attachments.length >= MailLimits.attachmentsMax) {
        notify.warning(t('mail.attachmentsTooMany', { count: MailLimits.attachmentsMax }));
        return;
      }
      const refused = uploadProblem(FilePurpose.MailAttachment, file.name, file.size);
      if (refused) {
        notify.warning(`${file.name}: ${t(refused)}`);
        continue;
      }
      if (totalBytes + file.size > MailLimits.attachmentsTotalBytes) {
        notify.warning(t('mail.attachmentsTooLarge', { total: TOTAL_MB }));
        return;
      }
      setUploading(file.name);
      try {
        const answer = await unwrap(bridge.files.upload({ purpose: FilePurpose.MailAttachment, name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }));
        setAttachments((current) => [...current, { fileId: answer.id, name: file.name, size: file.size, mime: file.type }]);
      } catch (error) {
        notify.error(`${file.name}: ${(error as Error).message}`);
      } finally {
        setUploading(null);
      }
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (problem || subject.trim() === '' || body === '' || uploading) return;
    send.mutate(
      { to, cc, subject, body, attachmentIds: attachments.map((a) => a.fileId) },
      {
        onSuccess: (result) => {
          notify.success(t('mail.sent', { count: result.recipients }));
          void invalidateMailQueries(queryClient);
          navigate(Route.mailManage);
        },
      },
    );
  };

  return (
    <form className={styles.page} onSubmit={submit} noValidate aria-label={t('mail.composeTitle')} data-testid="mail-compose-form">
      <Title3 as="h2">{t('mail.composeTitle')}</Title3>
      <Field label={t('mail.to')} required hint={t('mail.toHint', { max: MailLimits.recipientsMax })} validationState={toProblem ? 'error' : 'none'} validationMessage={toProblem}>
        <Textarea value={to} onChange={(_event, data) => setTo(data.value)} rows={2} resize="vertical" data-testid="field-to" />
      </Field>
      <Field label={t('mail.cc')} validationState={ccProblem ? 'error' : 'none'} validationMessage={ccProblem}>
        <Textarea value={cc} onChange={(_event, data) => setCc(data.value)} rows={2} resize="vertical" data-testid="field-cc" />
      </Field>
      <Text data-testid="mail-recipient-count">{t('mail.recipientsCount', { count })}</Text>
      {duplicates.length > 0 ? (
        <MessageBar intent="warning" data-testid="mail-duplicates">
          <MessageBarBody>{t('mail.duplicates', { count: duplicates.length, addresses: duplicates.slice(0, MailLimits.invalidAddressesShown).join(', ') })}</MessageBarBody>
        </MessageBar>
      ) : null}
      <Field label={t('mail.subject')} required validationState={subjectProblem ? 'error' : 'none'} validationMessage={subjectProblem}>
        <Input value={subject} maxLength={MailLimits.subjectMax} onChange={(_event, data) => setSubject(data.value)} data-testid="field-subject" />
      </Field>
      <Field label={t('common.body')} required validationState={bodyProblem ? 'error' : 'none'} validationMessage={bodyProblem}>
        <RichTextEditor initialHtml="" onChange={setBody} label={t('common.body')} invalid={bodyProblem !== undefined} data-testid="field-body" />
      </Field>
      <Field label={t('mail.attachments')} hint={t('mail.attachHint', { count: MailLimits.attachmentsMax, total: TOTAL_MB })}>
        <div className={styles.attachments} data-testid="mail-attachments">
          {attachments.map((attachment) => (
            <span key={attachment.fileId} className={styles.attachment}>
              <Text>
                {attachment.name} ({formatBytes(attachment.size)})
              </Text>
              <Button
                size="small"
                appearance="subtle"
                icon={<Dismiss16Regular />}
                onClick={() => setAttachments((current) => current.filter((a) => a.fileId !== attachment.fileId))}
                aria-label={t('mail.attachmentRemove', { name: attachment.name })}
                data-testid={`mail-attachment-remove-${attachment.fileId}`}
              />
            </span>
          ))}
          {uploading ? <Spinner size="extra-tiny" labelPosition="after" label={t('mail.uploading', { name: uploading })} /> : null}
          <input
            ref={picker}
            className={styles.hidden}
            type="file"
            multiple
            accept={acceptOf(FilePurpose.MailAttachment)}
            onChange={(event) => void pick(event)}
            aria-label={t('mail.attach')}
            data-testid="mail-attach-input"
          />
          <Button icon={<Attach16Regular />} onClick={() => picker.current?.click()} disabled={uploading !== null || attachments.length >= MailLimits.attachmentsMax} data-testid="mail-attach">
            {t('mail.attach')}
          </Button>
        </div>
      </Field>
      <PermissionGate perm={Perm.mailSend}>
        <div className={styles.actions}>
          <Button type="submit" appearance="primary" icon={<Send16Regular />} disabled={send.isPending || uploading !== null} data-testid="mail-send">
            {t('mail.send')}
          </Button>
        </div>
      </PermissionGate>
    </form>
  );
}
