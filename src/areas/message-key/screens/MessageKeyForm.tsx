import { Button, Dropdown, Field, MessageBar, MessageBarBody, Option, Radio, RadioGroup, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { KeyReset20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { MessageKeyStatus, type IssuedMessageKey, type MessageKeyRecord, messageKey } from '../contract';
import { MessageKeyLimits } from '../../../shared/rules';
import { Route } from '../../../shared/routes';
import { namePinnedFieldBy } from '../../../renderer/components/form/record-form';
import { RecordFormPage, RecordLoader, type LoadedRecord } from '../../../renderer/components/form/RecordForm';
import { RuleField, fieldMessage } from '../../../renderer/components/form/RuleForm';
import { useRecordForm } from '../../../renderer/components/form/useRecordForm';
import { useConfirm } from '../../../renderer/components/ConfirmDialog';
import { useShellTab } from '../../../renderer/components/screen/shell-tab';
import { useBridgeMutation, useBridgeQuery } from '../../../renderer/hooks/bridge-query';
import { ShownOnceDialog } from '../../../renderer/components/dialog/ShownOnceDialog';
import { invalidateKeyQueries, keyFieldLabelKey, keyFormIssues, keyHintText, keyPayload, keyValuesOf, statusKey, KEY_FIELDS, type StatusValue } from './model';

const useStyles = makeStyles({
  keyRow: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  hint: { fontFamily: tokens.fontFamilyMonospace },
});

/**
 * The message API key form (/addApiKeyMessage/{id}; 'null' adds): its system, status, per-minute limit and
 * remark. The key itself is made by the server when the form adds it, and shown once; an existing key can be
 * replaced by a new one (shown once again).
 */
export default function MessageKeyForm() {
  const { t } = useTranslation();
  const { id } = useParams();
  return (
    <RecordLoader
      idParam={id}
      endpoint="messageKey.keyInfo"
      input={(recordId) => ({ id: recordId })}
      listPath={Route.apiKeyMessg}
      text={{ badAddress: t('common.badAddress'), loadFailed: t('app.loadFailed'), loading: t('app.loading') }}
      testIdPrefix="key"
    >
      {(loaded) => <KeyEditor {...loaded} />}
    </RecordLoader>
  );
}

function KeyEditor({ record, reload }: LoadedRecord<MessageKeyRecord>) {
  const { t } = useTranslation();
  const styles = useStyles();
  const confirm = useConfirm();
  const { closeSelf } = useShellTab();
  const [issued, setIssued] = useState<IssuedMessageKey | null>(null);
  const regenerate = useBridgeMutation('messageKey.keyRegenerate');
  const options = useBridgeQuery('messageKey.systemOptions', {});
  const controller = useRecordForm({
    record,
    initial: keyValuesOf(record),
    rules: keyFormIssues,
    checkedFields: () => KEY_FIELDS,
    endpoints: messageKey,
    add: { endpoint: 'messageKey.keyAdd', payload: keyPayload, onAdded: setIssued },
    update: { endpoint: 'messageKey.keyUpdate', payload: (values, stored) => ({ ...keyPayload(values), id: stored.id, version: stored.version }) },
    listPath: Route.apiKeyMessg,
    refresh: invalidateKeyQueries,
    namePinnedField: namePinnedFieldBy(t, keyFieldLabelKey),
    reload,
  });
  const { form, locked } = controller;
  const { values } = form;
  const systems = options.data ?? [];
  const chosen = systems.find((system) => system.id === values.messageSystemId) ?? null;
  const title = record ? t('msgKey.keyEditTitle', { system: record.systemName }) : t('msgKey.keyAddTitle');
  const systemError = form.errors.messageSystemId ? fieldMessage(t, form.errors.messageSystemId, t('msgKey.system'), 'chosen') : undefined;
  const regenerateKey = async () => {
    if (!record) return;
    const confirmed = await confirm({ title: t('msgKey.regenerateTitle'), message: t('msgKey.regenerateConfirm', { system: record.systemName }), confirmLabel: t('msgKey.regenerate') });
    if (confirmed) regenerate.mutate({ id: record.id }, { onSuccess: setIssued });
  };
  return (
    <RecordFormPage controller={controller} title={title} testIdPrefix="key" readOnlyText={t('common.readOnly')}>
      {options.data && systems.length === 0 ? (
        <MessageBar intent="warning" data-testid="key-no-systems">
          <MessageBarBody>{t('msgKey.noSystems')}</MessageBarBody>
        </MessageBar>
      ) : null}
      <Field label={t('msgKey.apiKey')} hint={record ? undefined : t('msgKey.apiKeyHint')}>
        {record ? (
          <div className={styles.keyRow}>
            <Text className={styles.hint} data-testid="key-hint">
              {keyHintText(record.keyHint, t('msgKey.keyHidden'))}
            </Text>
            <Button
              icon={regenerate.isPending ? <Spinner size="tiny" /> : <KeyReset20Regular />}
              onClick={() => void regenerateKey()}
              disabled={locked || regenerate.isPending}
              data-testid="key-regenerate"
            >
              {t('msgKey.regenerate')}
            </Button>
          </div>
        ) : (
          <Text data-testid="key-made-on-save">{t('msgKey.keyMadeOnSave')}</Text>
        )}
      </Field>
      <Field label={t('msgKey.system')} required validationState={systemError ? 'error' : 'none'} validationMessage={systemError}>
        <Dropdown
          value={chosen ? `${chosen.name} (${chosen.systemId})` : record && values.messageSystemId === record.messageSystemId ? `${record.systemName} (${record.systemId})` : ''}
          selectedOptions={values.messageSystemId === null ? [] : [String(values.messageSystemId)]}
          placeholder={t('msgKey.chooseSystem')}
          onOptionSelect={(_event, data) => {
            form.setValue('messageSystemId', data.optionValue === undefined ? null : Number(data.optionValue));
            form.validateField('messageSystemId');
          }}
          disabled={locked}
          data-testid="field-messageSystemId"
        >
          {systems.map((system) => (
            <Option key={system.id} value={String(system.id)} text={`${system.name} (${system.systemId})`}>
              {`${system.name} (${system.systemId})${system.status === MessageKeyStatus.Usable ? '' : ` · ${t('msgKey.systemStopped')}`}`}
            </Option>
          ))}
        </Dropdown>
      </Field>
      {chosen && chosen.status !== MessageKeyStatus.Usable ? (
        <MessageBar intent="warning">
          <MessageBarBody>{t('msgKey.systemStoppedHint')}</MessageBarBody>
        </MessageBar>
      ) : null}
      <Field label={t('common.status')} required>
        <RadioGroup
          layout="horizontal"
          value={String(values.status)}
          onChange={(_event, data) => form.setValue('status', Number(data.value) as StatusValue)}
          disabled={locked}
          data-testid="field-status"
        >
          <Radio value={String(MessageKeyStatus.Usable)} label={t(statusKey(MessageKeyStatus.Usable))} />
          <Radio value={String(MessageKeyStatus.Stopped)} label={t(statusKey(MessageKeyStatus.Stopped))} />
        </RadioGroup>
      </Field>
      <RuleField form={form} name="rateLimit" label={t('msgKey.rateLimit')} hint={t('msgKey.rateLimitHint')} type="number" maxLength={5} required disabled={locked} />
      <RuleField form={form} name="remark" label={t('common.remark')} maxLength={MessageKeyLimits.remarkMax} disabled={locked} />
      <ShownOnceDialog
        value={issued?.apiKey ?? null}
        title={t('msgKey.issuedTitle')}
        label={t('msgKey.apiKey')}
        copyLabel={t('common.copy')}
        notice={t('msgKey.issuedWarning')}
        closeLabel={t('msgKey.issuedDone')}
        testId="key-issued"
        onClose={() => (record ? setIssued(null) : closeSelf(Route.apiKeyMessg))}
      />
    </RecordFormPage>
  );
}
