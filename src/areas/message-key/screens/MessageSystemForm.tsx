import { Checkbox, Field, Radio, RadioGroup, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { DeptTreeType } from '../../../shared/constants';
import { MESSAGE_CHANNELS, MessageKeyStatus, type MessageSystemRecord, messageKey } from '../contract';
import { Limits, MessageKeyLimits } from '../../../shared/rules';
import { NEW_RECORD_ID, Route } from '../../../shared/routes';
import { useIdentity } from '../../../renderer/components/screen/identity';
import { OrgCascader } from '../../../renderer/components/OrgCascader';
import { namePinnedFieldBy } from '../../../renderer/components/form/record-form';
import { RecordFormPage, RecordLoader, type LoadedRecord } from '../../../renderer/components/form/RecordForm';
import { RuleField, fieldMessage } from '../../../renderer/components/form/RuleForm';
import { useRecordForm } from '../../../renderer/components/form/useRecordForm';
import { useBridgeQuery } from '../../../renderer/hooks/bridge-query';
import type { MessageKey } from '../../../renderer/i18n/message-key';
import { orgNodesOf } from '../../../renderer/lib/org-nodes';
import { channelKey, invalidateSystemQueries, systemFieldLabelKey, systemFormIssues, systemPayload, systemValuesOf, SYSTEM_FIELDS, type StatusValue } from './model';

const useStyles = makeStyles({
  channels: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
});

/** The message system form (/addApiKeySystem adds; /addApiKeySystem?id=N edits): id, name, organisation, status, channels, remark. */
export default function MessageSystemForm() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  return (
    <RecordLoader
      idParam={search.get('id') ?? NEW_RECORD_ID}
      endpoint="messageKey.systemInfo"
      input={(recordId) => ({ id: recordId })}
      listPath={Route.apiKeySystem}
      text={{ badAddress: t('common.badAddress'), loadFailed: t('app.loadFailed'), loading: t('app.loading') }}
      testIdPrefix="system"
    >
      {(loaded) => <SystemEditor {...loaded} />}
    </RecordLoader>
  );
}

function SystemEditor({ record, reload }: LoadedRecord<MessageSystemRecord>) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { role } = useIdentity();
  const tree = useBridgeQuery('user.deptTree', { roleId: role.roleId, type: DeptTreeType.Users });
  const orgs = useMemo(() => (tree.data ? orgNodesOf(tree.data) : undefined), [tree.data]);
  const controller = useRecordForm({
    record,
    initial: systemValuesOf(record),
    rules: systemFormIssues,
    checkedFields: () => SYSTEM_FIELDS,
    endpoints: messageKey,
    add: { endpoint: 'messageKey.systemAdd', payload: systemPayload },
    update: { endpoint: 'messageKey.systemUpdate', payload: (values, stored) => ({ ...systemPayload(values), id: stored.id, version: stored.version }) },
    listPath: Route.apiKeySystem,
    refresh: invalidateSystemQueries,
    conflict: () => ({ field: 'systemId', key: 'msgKey.systemIdTaken' }),
    namePinnedField: namePinnedFieldBy(t, systemFieldLabelKey),
    reload,
  });
  const { form, locked } = controller;
  const { values } = form;
  const title = record ? t('msgKey.systemEditTitle', { name: record.name }) : t('msgKey.systemAddTitle');
  const message = (field: 'deptId' | 'channels', labelKey: MessageKey) => {
    const key = form.errors[field];
    return key ? fieldMessage(t, key, t(labelKey), 'chosen') : undefined;
  };
  const deptError = message('deptId', 'common.organisation');
  const channelsError = message('channels', 'msgKey.channels');
  const toggleChannel = (channel: string, on: boolean) => {
    const next = on ? [...values.channels, channel] : values.channels.filter((c) => c !== channel);
    form.setValue('channels', next);
    form.validateField('channels');
  };
  return (
    <RecordFormPage controller={controller} title={title} testIdPrefix="system" readOnlyText={t('common.readOnly')}>
      <RuleField form={form} name="systemId" label={t('msgKey.systemId')} hint={t('msgKey.systemIdHint')} maxLength={Limits.keyValueMax} required disabled={locked} />
      <RuleField form={form} name="name" label={t('common.systemName')} hint={t('msgKey.systemNameHint')} maxLength={MessageKeyLimits.systemNameMax} required disabled={locked} />
      <Field label={t('common.organisation')} required hint={t('msgKey.deptHint')} validationState={deptError ? 'error' : 'none'} validationMessage={deptError}>
        <OrgCascader
          nodes={orgs}
          value={values.deptId}
          onChange={(deptId) => {
            form.setValue('deptId', deptId);
            form.validateField('deptId');
          }}
          preselectFirst={false}
          disabled={locked}
          data-testid="field-deptId"
        />
      </Field>
      <Field label={t('common.status')} required>
        <RadioGroup
          layout="horizontal"
          value={String(values.status)}
          onChange={(_event, data) => form.setValue('status', Number(data.value) as StatusValue)}
          disabled={locked}
          data-testid="field-status"
        >
          <Radio value={String(MessageKeyStatus.Usable)} label={t('msgKey.status1')} />
          <Radio value={String(MessageKeyStatus.Stopped)} label={t('common.stopped')} />
        </RadioGroup>
      </Field>
      <Field label={t('msgKey.channels')} required hint={t('msgKey.channelsHint')} validationState={channelsError ? 'error' : 'none'} validationMessage={channelsError}>
        <div className={styles.channels} role="group" aria-label={t('msgKey.channels')}>
          {MESSAGE_CHANNELS.map((channel) => (
            <Checkbox
              key={channel}
              label={t(channelKey(channel))}
              checked={values.channels.includes(channel)}
              onChange={(_event, data) => toggleChannel(channel, data.checked === true)}
              disabled={locked}
              data-testid={`field-channel-${channel}`}
            />
          ))}
        </div>
      </Field>
      <RuleField form={form} name="remark" label={t('common.remark')} maxLength={MessageKeyLimits.remarkMax} disabled={locked} />
    </RecordFormPage>
  );
}
