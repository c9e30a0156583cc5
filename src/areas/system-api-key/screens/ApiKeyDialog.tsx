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
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiKeyStatus, type ApiKeyRow } from '../contract';
import { isTransportFailure, sessionEndOf } from '../../../renderer/components/screen/session-errors';
import { useIdentity } from '../../../renderer/components/screen/identity';
import { fieldMessage } from '../../../renderer/components/form/RuleForm';
import { useNotify } from '../../../renderer/components/notify';
import { useOverlayWhile } from '../../../renderer/components/overlay';
import { errorMessage } from '../../../renderer/components/states';
import { useBridgeMutation, useBridgeQuery } from '../../../renderer/hooks/bridge-query';
import type { MessageKey } from '../../../renderer/i18n/message-key';
import { NEW_KEY_VALUES, keyIssues, keyPayload, valuesOfRow, type ApiKeyStatusValue, type KeyField, type KeyFormValues } from './key-form';

const useStyles = makeStyles({
  surface: { width: '520px', maxWidth: '95vw' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  code: { fontFamily: tokens.fontFamilyMonospace },
});

const FIELD_LABEL: Record<KeyField, MessageKey> = { systemCode: 'apiKey.field.systemCode', apiCode: 'apiKey.field.apiCode', status: 'apiKey.field.status' };

/**
 * The build / edit dialog (spec 001 §2 /appSystem): a system of the current role (the systems call), the
 * application the key is for (the ApiKey select) and usable / not in use. `row` null builds a new key.
 */
export function ApiKeyDialog({ row, onClose, onSaved }: { row: ApiKeyRow | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const { role } = useIdentity();
  useOverlayWhile(true);
  const systems = useBridgeQuery('menu.appsByRole', { roleId: role.roleId });
  const apps = useBridgeQuery('systemApiKey.apps', {});
  const [values, setValues] = useState<KeyFormValues>(() => (row ? valuesOfRow(row) : NEW_KEY_VALUES));
  const [attempted, setAttempted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const add = useBridgeMutation('systemApiKey.add', { meta: { silent: true } });
  const update = useBridgeMutation('systemApiKey.update', { meta: { silent: true } });
  const saving = add.isPending || update.isPending;
  const issues = attempted ? keyIssues(values) : {};
  const message = (field: KeyField) => {
    const key = issues[field];
    return key ? fieldMessage(t, key, t(FIELD_LABEL[field])) : undefined;
  };
  const change = (patch: Partial<KeyFormValues>) => setValues((current) => ({ ...current, ...patch }));

  const systemName = systems.data?.find((s) => s.menuId === values.systemCode)?.appName ?? (row && row.systemCode === values.systemCode ? row.systemName : '');
  const app = apps.data?.find((a) => a.clientId === values.apiCode);
  const appLabel = values.apiCode === '' ? '' : app ? `${app.appName} (${app.clientId})` : `${values.apiCode} ${t('apiKey.unknownApp')}`;

  const save = () => {
    setAttempted(true);
    setFailure(null);
    if (Object.keys(keyIssues(values)).length > 0) return;
    const handlers = {
      onSuccess: (saved: ApiKeyRow) => {
        notify.success(t(row ? 'message.updateSuccess' : 'message.addSuccess'));
        if (!row) notify.info(t('apiKey.saved', { apiKey: saved.apiKey }));
        onSaved();
      },
      onError: (error: Error) => {
        if (sessionEndOf(error) || isTransportFailure(error)) return;
        setFailure(errorMessage(error, t('message.operationFailed')));
      },
    };
    const payload = keyPayload(values);
    if (row) update.mutate({ ...payload, id: row.id, stamp: row.stamp }, handlers);
    else add.mutate(payload, handlers);
  };

  const title = t(row ? 'apiKey.dialog.titleEdit' : 'apiKey.dialog.titleAdd');
  return (
    <Dialog open modalType="modal" onOpenChange={(_event, data) => !data.open && !saving && onClose()}>
      <DialogSurface className={styles.surface} data-testid="api-key-dialog">
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent className={styles.content}>
            <MessageBar intent="info" layout="multiline">
              <MessageBarBody>{t('apiKey.dialog.hint')}</MessageBarBody>
            </MessageBar>
            {row ? (
              <Field label={t('apiKey.field.apiKey')}>
                <Input readOnly className={styles.code} value={row.apiKey} data-testid="api-key-value" />
              </Field>
            ) : null}
            <Field label={t('apiKey.field.systemCode')} required validationState={message('systemCode') ? 'error' : 'none'} validationMessage={message('systemCode')}>
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
            <Field label={t('apiKey.field.status')} required validationState={message('status') ? 'error' : 'none'} validationMessage={message('status')}>
              <RadioGroup
                layout="horizontal"
                value={values.status === null ? '' : String(values.status)}
                onChange={(_event, data) => change({ status: Number(data.value) as ApiKeyStatusValue })}
                disabled={saving}
                data-testid="api-key-status"
              >
                <Radio value={String(ApiKeyStatus.Usable)} label={t('apiKey.status.usable')} />
                <Radio value={String(ApiKeyStatus.NotInUse)} label={t('apiKey.status.notInUse')} />
              </RadioGroup>
            </Field>
            {failure ? (
              <MessageBar intent="error" layout="multiline" role="alert" data-testid="api-key-failure">
                <MessageBarBody>{failure}</MessageBarBody>
              </MessageBar>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={save} disabled={saving} icon={saving ? <Spinner size="tiny" /> : undefined} data-testid="api-key-save">
              {t('form.save')}
            </Button>
            <Button onClick={onClose} disabled={saving} data-testid="api-key-cancel">
              {t('common.cancel')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
