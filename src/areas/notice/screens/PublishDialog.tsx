import { Dropdown, Field, Input, MessageBar, MessageBarBody, Option, Radio, RadioGroup, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DeptTreeType } from '../../../shared/constants';
import { NOTICE_AUDIENCES, NOTICE_FORMATS, NoticeAudience, NoticeFormat, NoticeLimits, type NoticeAudienceType, type NoticeFormatType } from '../contract';
import { useIdentity } from '../../../renderer/components/screen/identity';
import { OrgCascader } from '../../../renderer/components/OrgCascader';
import { DialogFailure, DialogFrame } from '../../../renderer/components/dialog/DialogFrame';
import { useDialogForm } from '../../../renderer/components/dialog/useDialogForm';
import { useNotify } from '../../../renderer/components/notify';
import { LoadingState } from '../../../renderer/components/states';
import { useBridgeMutation, useBridgeQuery } from '../../../renderer/hooks/bridge-query';
import type { MessageKey } from '../../../renderer/i18n/message-key';
import { orgNodesOf } from '../../../renderer/lib/org-nodes';
import { newNoticeValues, noticeIssues, noticePayload, type NoticeField, type NoticeFormValues } from './notice-form';
import { DateTimeInput } from '../../../renderer/components/date/DateFields';

// The editor (lexical) loads only when rich text is chosen: the screen's chunk stays small.
const RichTextEditor = lazy(() => import('../../../renderer/components/rich-text/RichTextEditor'));

const useStyles = makeStyles({
  surface: { width: '720px', maxWidth: '95vw' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalM },
  body: { minHeight: '160px' },
});

const FIELD_LABEL: Record<NoticeField, MessageKey> = {
  title: 'common.title',
  contentFormat: 'notice.field.format',
  content: 'common.body',
  audienceType: 'notice.field.audienceType',
  audienceDeptId: 'notice.field.audienceDept',
  audienceRoleId: 'notice.field.audienceRole',
  startTime: 'notice.field.startTime',
  endTime: 'notice.field.endTime',
};

/** Fields filled by choosing: their required message says "choose"; the window's times are picked too. */
const CHOSEN_FIELDS: ReadonlySet<NoticeField> = new Set(['audienceType', 'audienceDeptId', 'audienceRoleId', 'startTime', 'endTime']);

const AUDIENCE_LABEL: Record<NoticeAudienceType, MessageKey> = { all: 'notice.audience.all', org: 'notice.field.audienceDept', role: 'notice.field.audienceRole' };
const FORMAT_LABEL: Record<NoticeFormatType, MessageKey> = { text: 'notice.format.text', html: 'notice.format.html' };

/**
 * Publish a notice (issue 12): title, body as plain text or rich text, the audience (everyone, an organisation
 * and those below it, or a role: organisations and roles of the current role only, as the server checks too)
 * and the window. A published notice is never edited: it is withdrawn and published again.
 */
export function PublishDialog({ onClose, onSent }: { onClose: () => void; onSent: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const { role } = useIdentity();
  const orgTree = useBridgeQuery('user.deptTree', { roleId: role.roleId, type: DeptTreeType.Users });
  const orgNodes = useMemo(() => (orgTree.data ? orgNodesOf(orgTree.data) : undefined), [orgTree.data]);
  const form = useDialogForm<NoticeFormValues>(() => newNoticeValues(new Date()), noticeIssues);
  const { values, change } = form;
  const roles = useBridgeQuery('user.rolesByDept', { deptId: values.roleDeptId ?? 0 }, { enabled: values.roleDeptId !== null });
  const send = useBridgeMutation('notice.send', { meta: { silent: true } });
  const message = (field: NoticeField) => form.message(field, t(FIELD_LABEL[field]), CHOSEN_FIELDS.has(field) ? 'chosen' : 'typed');
  const state = (field: NoticeField) => (message(field) ? 'error' : 'none');

  const save = () => {
    if (!form.check()) return;
    send.mutate(noticePayload(values), {
      onSuccess: () => {
        notify.success(t('notice.sent'));
        onSent();
      },
      onError: form.refused,
    });
  };

  const saving = send.isPending;
  const roleName = roles.data?.find((entry) => entry.roleId === values.audienceRoleId)?.roleName ?? '';
  return (
    <DialogFrame
      title={t('notice.dialog.title')}
      data-testid="notice-dialog"
      className={styles.surface}
      contentClassName={styles.content}
      busy={saving}
      onDismiss={onClose}
      submit={{ label: t('notice.publish'), 'data-testid': 'notice-send', onClick: save }}
      cancel={{ 'data-testid': 'notice-cancel' }}
    >
      <MessageBar intent="info" layout="multiline">
        <MessageBarBody>{t('notice.dialog.hint')}</MessageBarBody>
      </MessageBar>
      <Field label={t('common.title')} required hint={t('notice.field.titleHint')} validationState={state('title')} validationMessage={message('title')}>
        <Input value={values.title} maxLength={NoticeLimits.titleMax} onChange={(_event, data) => change({ title: data.value })} disabled={saving} data-testid="notice-title" />
      </Field>
      <Field label={t('notice.field.format')} validationState={state('contentFormat')} validationMessage={message('contentFormat')}>
        <RadioGroup
          layout="horizontal"
          value={values.contentFormat}
          onChange={(_event, data) => change({ contentFormat: data.value as NoticeFormatType, content: '' })}
          disabled={saving}
          data-testid="notice-format"
        >
          {NOTICE_FORMATS.map((format) => (
            <Radio key={format} value={format} label={t(FORMAT_LABEL[format])} />
          ))}
        </RadioGroup>
      </Field>
      <Field
        label={t('common.body')}
        required
        hint={values.contentFormat === NoticeFormat.Text ? t('notice.field.contentHint') : undefined}
        validationState={state('content')}
        validationMessage={message('content')}
      >
        {values.contentFormat === NoticeFormat.Text ? (
          <Textarea className={styles.body} resize="vertical" value={values.content} onChange={(_event, data) => change({ content: data.value })} disabled={saving} data-testid="notice-content" />
        ) : (
          <Suspense fallback={<LoadingState />}>
            <RichTextEditor
              initialHtml=""
              onChange={(html) => change({ content: html })}
              label={t('common.body')}
              invalid={Boolean(message('content'))}
              disabled={saving}
              data-testid="notice-rich-content"
            />
          </Suspense>
        )}
      </Field>
      <Field label={t('notice.field.audienceType')} required validationState={state('audienceType')} validationMessage={message('audienceType')}>
        <RadioGroup
          layout="horizontal"
          value={values.audienceType ?? ''}
          onChange={(_event, data) => change({ audienceType: data.value as NoticeAudienceType })}
          disabled={saving}
          data-testid="notice-audience"
        >
          {NOTICE_AUDIENCES.map((audience) => (
            <Radio key={audience} value={audience} label={t(AUDIENCE_LABEL[audience])} data-testid={`notice-audience-${audience}`} />
          ))}
        </RadioGroup>
      </Field>
      {values.audienceType === NoticeAudience.Org ? (
        <Field label={t('notice.field.audienceDept')} required validationState={state('audienceDeptId')} validationMessage={message('audienceDeptId')}>
          <OrgCascader nodes={orgNodes} value={values.audienceDeptId} preselectFirst={false} onChange={(id) => change({ audienceDeptId: id })} disabled={saving} data-testid="notice-org" />
        </Field>
      ) : null}
      {values.audienceType === NoticeAudience.Role ? (
        <div className={styles.row}>
          <Field label={t('notice.field.roleOrg')}>
            <OrgCascader
              nodes={orgNodes}
              value={values.roleDeptId}
              preselectFirst={false}
              onChange={(id) => change({ roleDeptId: id, audienceRoleId: null })}
              disabled={saving}
              data-testid="notice-role-org"
            />
          </Field>
          <Field
            label={t('notice.field.audienceRole')}
            required
            validationState={state('audienceRoleId')}
            validationMessage={message('audienceRoleId') ?? (values.roleDeptId !== null && roles.data?.length === 0 ? t('common.orgHasNoRoles') : undefined)}
          >
            <Dropdown
              value={roleName}
              placeholder={t('notice.field.rolePlaceholder')}
              selectedOptions={values.audienceRoleId === null ? [] : [String(values.audienceRoleId)]}
              onOptionSelect={(_event, data) => data.optionValue && change({ audienceRoleId: Number(data.optionValue) })}
              disabled={saving || values.roleDeptId === null}
              data-testid="notice-role"
            >
              {(roles.data ?? []).map((entry) => (
                <Option key={entry.roleId} value={String(entry.roleId)}>
                  {entry.roleName}
                </Option>
              ))}
            </Dropdown>
          </Field>
        </div>
      ) : null}
      <div className={styles.row}>
        <Field label={t('notice.field.startTime')} hint={t('notice.field.startHint')} validationState={state('startTime')} validationMessage={message('startTime')}>
          <DateTimeInput value={values.startTime} onChange={(startTime) => change({ startTime })} disabled={saving} data-testid="notice-start" />
        </Field>
        <Field label={t('notice.field.endTime')} required hint={t('notice.field.endHint')} validationState={state('endTime')} validationMessage={message('endTime')}>
          <DateTimeInput value={values.endTime} onChange={(endTime) => change({ endTime })} defaultTime="23:59:59" disabled={saving} data-testid="notice-end" />
        </Field>
      </div>
      <DialogFailure text={form.failure} data-testid="notice-failure" />
    </DialogFrame>
  );
}
