import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Option,
  Radio,
  RadioGroup,
  Spinner,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeptTreeType } from '../../../shared/constants';
import { NOTICE_AUDIENCES, NOTICE_FORMATS, NoticeAudience, NoticeFormat, NoticeLimits, type NoticeAudienceType, type NoticeFormatType } from '../contract';
import { useIdentity } from '../../../renderer/components/screen/identity';
import { isTransportFailure, sessionEndOf } from '../../../renderer/components/screen/session-errors';
import { OrgCascader } from '../../../renderer/components/OrgCascader';
import { fieldMessage } from '../../../renderer/components/form/RuleForm';
import { useNotify } from '../../../renderer/components/notify';
import { useOverlayWhile } from '../../../renderer/components/overlay';
import { errorMessage, LoadingState } from '../../../renderer/components/states';
import { useBridgeMutation, useBridgeQuery } from '../../../renderer/hooks/bridge-query';
import type { MessageKey } from '../../../renderer/i18n/message-key';
import { orgNodesOf } from '../../../renderer/lib/org-nodes';
import { newNoticeValues, noticeIssues, noticePayload, type NoticeField, type NoticeFormValues } from './notice-form';

// The editor (lexical) loads only when rich text is chosen: the screen's chunk stays small.
const RichTextEditor = lazy(() => import('../../../renderer/components/rich-text/RichTextEditor'));

const useStyles = makeStyles({
  surface: { width: '720px', maxWidth: '95vw' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalM },
  body: { minHeight: '160px' },
});

const FIELD_LABEL: Record<NoticeField, MessageKey> = {
  title: 'notice.field.title',
  contentFormat: 'notice.field.format',
  content: 'notice.field.content',
  audienceType: 'notice.field.audienceType',
  audienceDeptId: 'notice.field.audienceDept',
  audienceRoleId: 'notice.field.audienceRole',
  startTime: 'notice.field.startTime',
  endTime: 'notice.field.endTime',
};

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
  useOverlayWhile(true);
  const orgTree = useBridgeQuery('user.deptTree', { roleId: role.roleId, type: DeptTreeType.Users });
  const orgNodes = useMemo(() => (orgTree.data ? orgNodesOf(orgTree.data) : undefined), [orgTree.data]);
  const [values, setValues] = useState<NoticeFormValues>(() => newNoticeValues(new Date()));
  const roles = useBridgeQuery('user.rolesByDept', { deptId: values.roleDeptId ?? 0 }, { enabled: values.roleDeptId !== null });
  const [attempted, setAttempted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const send = useBridgeMutation('notice.send', { meta: { silent: true } });
  const issues = attempted ? noticeIssues(values) : {};
  const message = (field: NoticeField) => {
    const key = issues[field];
    return key ? fieldMessage(t, key, t(FIELD_LABEL[field])) : undefined;
  };
  const state = (field: NoticeField) => (message(field) ? 'error' : 'none');
  const change = (patch: Partial<NoticeFormValues>) => setValues((current) => ({ ...current, ...patch }));

  const save = () => {
    setAttempted(true);
    setFailure(null);
    if (Object.keys(noticeIssues(values)).length > 0) return;
    send.mutate(noticePayload(values), {
      onSuccess: () => {
        notify.success(t('notice.sent'));
        onSent();
      },
      onError: (error: Error) => {
        if (sessionEndOf(error) || isTransportFailure(error)) return;
        setFailure(errorMessage(error, t('message.operationFailed')));
      },
    });
  };

  const saving = send.isPending;
  const roleName = roles.data?.find((entry) => entry.roleId === values.audienceRoleId)?.roleName ?? '';
  return (
    <Dialog open modalType="modal" onOpenChange={(_event, data) => !data.open && !saving && onClose()}>
      <DialogSurface className={styles.surface} data-testid="notice-dialog">
        <DialogBody>
          <DialogTitle>{t('notice.dialog.title')}</DialogTitle>
          <DialogContent className={styles.content}>
            <MessageBar intent="info" layout="multiline">
              <MessageBarBody>{t('notice.dialog.hint')}</MessageBarBody>
            </MessageBar>
            <Field label={t('notice.field.title')} required hint={t('notice.field.titleHint')} validationState={state('title')} validationMessage={message('title')}>
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
              label={t('notice.field.content')}
              required
              hint={values.contentFormat === NoticeFormat.Text ? t('notice.field.contentHint') : undefined}
              validationState={state('content')}
              validationMessage={message('content')}
            >
              {values.contentFormat === NoticeFormat.Text ? (
                <Textarea
                  className={styles.body}
                  resize="vertical"
                  value={values.content}
                  onChange={(_event, data) => change({ content: data.value })}
                  disabled={saving}
                  data-testid="notice-content"
                />
              ) : (
                <Suspense fallback={<LoadingState />}>
                  <RichTextEditor
                    initialHtml=""
                    onChange={(html) => change({ content: html })}
                    label={t('notice.field.content')}
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
                  validationMessage={message('audienceRoleId') ?? (values.roleDeptId !== null && roles.data?.length === 0 ? t('notice.noRoles') : undefined)}
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
                <Input type="datetime-local" value={values.startTime} onChange={(_event, data) => change({ startTime: data.value })} disabled={saving} data-testid="notice-start" />
              </Field>
              <Field label={t('notice.field.endTime')} required hint={t('notice.field.endHint')} validationState={state('endTime')} validationMessage={message('endTime')}>
                <Input type="datetime-local" value={values.endTime} onChange={(_event, data) => change({ endTime: data.value })} disabled={saving} data-testid="notice-end" />
              </Field>
            </div>
            {failure ? (
              <MessageBar intent="error" layout="multiline" role="alert" data-testid="notice-failure">
                <MessageBarBody>{failure}</MessageBarBody>
              </MessageBar>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={save} disabled={saving} icon={saving ? <Spinner size="tiny" /> : undefined} data-testid="notice-send">
              {t('notice.publish')}
            </Button>
            <Button onClick={onClose} disabled={saving} data-testid="notice-cancel">
              {t('common.cancel')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
