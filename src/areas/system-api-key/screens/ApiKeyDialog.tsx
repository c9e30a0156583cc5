import { Dropdown, Field, Input, MessageBar, MessageBarBody, Option, Radio, RadioGroup, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { ApiKeyStatus, type ApiKeyRow } from '../contract';
import { useIdentity } from '../../../renderer/components/screen/identity';
import { DialogFailure, DialogFrame } from '../../../renderer/components/dialog/DialogFrame';
import { useDialogRecordForm } from '../../../renderer/components/dialog/useDialogForm';
import { useNotify } from '../../../renderer/components/notify';
import { useBridgeQuery } from '../../../renderer/hooks/bridge-query';
import type { MessageKey } from '../../../renderer/i18n/message-key';
import { NEW_KEY_VALUES, keyIssues, keyPayload, valuesOfRow, type ApiKeyStatusValue, type KeyField } from './key-form';

const useStyles = makeStyles({
  surface: { width: '520px', maxWidth: '95vw' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  code: { fontFamily: tokens.fontFamilyMonospace },
});

const FIELD_LABEL: Record<KeyField, MessageKey> = { systemCode: 'common.system', apiCode: 'apiKey.field.apiCode', status: 'common.status' };

/**
 * The build / edit dialog (spec 001 §2 /appSystem): a system of the current role (the systems call), the
 * application the key is for (the ApiKey select) and usable / not in use. `row` null builds a new key.
 */
export function ApiKeyDialog({ row, onClose, onSaved }: { row: ApiKeyRow | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const { role } = useIdentity();
  const systems = useBridgeQuery('menu.appsByRole', { roleId: role.roleId });
  const apps = useBridgeQuery('systemApiKey.apps', {});
  const form = useDialogRecordForm({
    record: row,
    initial: row ? valuesOfRow(row) : NEW_KEY_VALUES,
    issues: keyIssues,
    add: { endpoint: 'systemApiKey.add', payload: keyPayload },
    update: { endpoint: 'systemApiKey.update', payload: (values, stored) => ({ ...keyPayload(values), id: stored.id, stamp: stored.stamp }) },
    onSaved: (saved) => {
      if (!row) notify.info(t('apiKey.saved', { apiKey: saved.apiKey }));
      onSaved();
    },
  });
  const { values, change, saving } = form;
  const message = (field: KeyField) => form.message(field, t(FIELD_LABEL[field]), 'chosen');

  const systemName = systems.data?.find((s) => s.menuId === values.systemCode)?.appName ?? (row && row.systemCode === values.systemCode ? row.systemName : '');
  const app = apps.data?.find((a) => a.clientId === values.apiCode);
  const appLabel = values.apiCode === '' ? '' : app ? `${app.appName} (${app.clientId})` : `${values.apiCode} ${t('apiKey.unknownApp')}`;

  const title = t(row ? 'apiKey.dialog.titleEdit' : 'apiKey.dialog.titleAdd');
  return (
    <DialogFrame
      title={title}
      data-testid="api-key-dialog"
      className={styles.surface}
      contentClassName={styles.content}
      busy={saving}
      onDismiss={onClose}
      submit={{ label: t('form.save'), 'data-testid': 'api-key-save', onClick: form.save }}
      cancel={{ 'data-testid': 'api-key-cancel' }}
    >
      <MessageBar intent="info" layout="multiline">
        <MessageBarBody>{t('apiKey.dialog.hint')}</MessageBarBody>
      </MessageBar>
      {row ? (
        <Field label={t('apiKey.field.apiKey')}>
          <Input readOnly className={styles.code} value={row.apiKey} data-testid="api-key-value" />
        </Field>
      ) : null}
      <Field label={t('common.system')} required validationState={message('systemCode') ? 'error' : 'none'} validationMessage={message('systemCode')}>
        <Dropdown
          value={systemName}
          selectedOptions={values.systemCode === null ? [] : [String(values.systemCode)]}
          onOptionSelect={(_event, data) => data.optionValue && change({ systemCode: Number(data.optionValue) })}
          disabled={saving}
          data-testid="api-key-system"
        >
          {(systems.data ?? []).map((system) => (
            <Option key={system.menuId} value={String(system.menuId)}>
              {system.appName}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field label={t('apiKey.field.apiCode')} required validationState={message('apiCode') ? 'error' : 'none'} validationMessage={message('apiCode')}>
        <Dropdown
          value={appLabel}
          selectedOptions={values.apiCode === '' ? [] : [values.apiCode]}
          onOptionSelect={(_event, data) => data.optionValue && change({ apiCode: data.optionValue })}
          disabled={saving}
          data-testid="api-key-app"
        >
          {(apps.data ?? []).map((candidate) => (
            <Option key={candidate.clientId} value={candidate.clientId} text={`${candidate.appName} (${candidate.clientId})`}>
              {`${candidate.appName} (${candidate.clientId})`}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field label={t('common.status')} required validationState={message('status') ? 'error' : 'none'} validationMessage={message('status')}>
        <RadioGroup
          layout="horizontal"
          value={values.status === null ? '' : String(values.status)}
          onChange={(_event, data) => change({ status: Number(data.value) as ApiKeyStatusValue })}
          disabled={saving}
          data-testid="api-key-status"
        >
          <Radio value={String(ApiKeyStatus.Usable)} label={t('common.usable')} />
          <Radio value={String(ApiKeyStatus.NotInUse)} label={t('apiKey.status.notInUse')} />
        </RadioGroup>
      </Field>
      <DialogFailure text={form.failure} data-testid="api-key-failure" />
    </DialogFrame>
  );
}
