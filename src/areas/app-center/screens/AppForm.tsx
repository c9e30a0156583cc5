import { Button, Dropdown, Field, MessageBar, MessageBarBody, Option, Radio, RadioGroup, Spinner, Text, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeft20Regular, ArrowReset20Regular, KeyReset20Regular, Save20Regular } from '@fluentui/react-icons';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { AppStatus } from '../../../shared/constants';
import { FirstChangePwd, appTypeKind, type AppRecord, type IssuedSecret, appCenter } from '../contract';
import { Perm } from '../../../shared/permissions';
import { AppLimits } from '../../../shared/rules';
import { Route } from '../../../shared/routes';
import { useShellTab } from '../../../renderer/components/screen/shell-tab';
import { isTransportFailure, sessionEndOf } from '../../../renderer/components/screen/session-errors';
import { useConfirm } from '../../../renderer/components/ConfirmDialog';
import { RecordFormActions, RecordFormFailure, RecordLoader, type LoadedRecord, FormActionBar, FormSection } from '../../../renderer/components/form/RecordForm';
import { RuleField, fieldMessage, useRuleForm, type FieldSpecs, type RuleForm } from '../../../renderer/components/form/RuleForm';
import { namePinnedFieldBy, sameContent } from '../../../renderer/components/form/record-form';
import { useUnsavedGuard } from '../../../renderer/components/form/unsaved-changes';
import { useRecordForm } from '../../../renderer/components/form/useRecordForm';
import { useNotify } from '../../../renderer/components/notify';
import { PermissionGate, usePermissions } from '../../../renderer/components/permissions';
import { errorMessage } from '../../../renderer/components/states';
import { invalidateBridgeQueries, useBridgeMutation } from '../../../renderer/hooks/bridge-query';
import type { MessageKey } from '../../../renderer/i18n/message-key';
import {
  APP_FIELDS,
  APP_TYPES,
  NEW_APP_VALUES,
  appPayload,
  contractIssues,
  fieldOfServerMessage,
  valuesOfRecord,
  type AppField,
  type AppFormValues,
  type AppStatusValue,
  type AppTypeValue,
  type FirstChangePwdValue,
} from './app-form';
import { SecretDialog } from './SecretDialog';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL} 0`, maxWidth: '760px' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  secretRow: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  hint: { color: tokens.colorNeutralForeground3 },
});

const FIELD_LABEL: Record<AppField, MessageKey> = {
  clientId: 'appCenter.field.clientId',
  appName: 'appCenter.field.appName',
  appType: 'appCenter.field.appType',
  status: 'common.status',
  accessTokenValiditySeconds: 'appCenter.field.accessTokenValiditySeconds',
  refreshTokenValiditySeconds: 'appCenter.field.refreshTokenValiditySeconds',
  passwordDay: 'appCenter.field.passwordDay',
  ignoreCodeTimes: 'appCenter.field.ignoreCodeTimes',
  firstChangePwd: 'appCenter.field.firstChangePwd',
};

const refreshApps = (client: QueryClient) => invalidateBridgeQueries(client, 'appCenter.list');

/**
 * The application form (spec 001 §2 /centerMessage/{appId}; 'null' adds): every field of the save call, the
 * rules of the contract. A new application's secret is made by the server and shown once, in a dialog, before
 * the form returns to the list; an application's secret can be regenerated (shown once again), except the
 * console's own.
 */
export default function AppFormScreen() {
  const { t } = useTranslation();
  const { appId } = useParams();
  return (
    <RecordLoader
      idParam={appId}
      endpoint="appCenter.info"
      input={(id) => ({ id })}
      listPath={Route.appCenter}
      text={{ badAddress: t('appCenter.form.badAddress'), loadFailed: t('appCenter.form.loadFailed') }}
      testIdPrefix="app"
    >
      {(loaded) => (loaded.record ? <EditAppEditor record={loaded.record} reload={loaded.reload} /> : <NewAppEditor />)}
    </RecordLoader>
  );
}

/** The fields of the form, bound to `form`. */
function AppFields({ form, locked, builtIn }: { form: RuleForm<AppFormValues>; locked: boolean; builtIn: boolean }) {
  const { t } = useTranslation();
  const { values, errors } = form;
  const label = (field: AppField) => t(FIELD_LABEL[field]);
  const message = (field: AppField) => {
    const key = errors[field];
    return key ? fieldMessage(t, key, label(field), field === 'appType' ? 'chosen' : 'typed') : undefined;
  };
  const typeLabel = (value: AppTypeValue) => t(`appCenter.type.${appTypeKind(value)}`);
  return (
    <>
      <FormSection title={t('form.section.basic')} layout="grid">
        <RuleField
          form={form}
          name="clientId"
          label={label('clientId')}
          hint={t('appCenter.hint.clientId')}
          maxLength={AppLimits.clientIdMax}
          autoComplete="off"
          required
          disabled={locked || builtIn}
        />
        <RuleField form={form} name="appName" label={label('appName')} maxLength={AppLimits.appNameMax} required disabled={locked} />
        <Field label={label('appType')} required validationState={message('appType') ? 'error' : 'none'} validationMessage={message('appType')}>
          <Dropdown
            value={values.appType === '' ? '' : typeLabel(values.appType)}
            selectedOptions={values.appType === '' ? [] : [values.appType]}
            onOptionSelect={(_event, data) => data.optionValue && form.setValue('appType', data.optionValue as AppTypeValue)}
            disabled={locked}
            data-testid="field-appType"
          >
            {APP_TYPES.map((value) => (
              <Option key={value} value={value}>
                {typeLabel(value)}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label={label('status')} required hint={builtIn ? t('appCenter.builtInHint') : undefined}>
          <RadioGroup
            layout="horizontal"
            value={values.status}
            onChange={(_event, data) => form.setValue('status', data.value as AppStatusValue)}
            disabled={locked || builtIn}
            data-testid="field-status"
          >
            <Radio value={AppStatus.Usable} label={t('appCenter.status.usable')} />
            <Radio value={AppStatus.Stopped} label={t('common.stopped')} />
          </RadioGroup>
        </Field>
      </FormSection>
      <FormSection title={t('form.section.access')} layout="grid">
        <RuleField form={form} name="accessTokenValiditySeconds" label={label('accessTokenValiditySeconds')} type="number" required disabled={locked} />
        <RuleField form={form} name="refreshTokenValiditySeconds" label={label('refreshTokenValiditySeconds')} type="number" required disabled={locked} />
        <RuleField form={form} name="passwordDay" label={label('passwordDay')} hint={t('appCenter.hint.passwordDay')} type="number" required disabled={locked} />
        <RuleField form={form} name="ignoreCodeTimes" label={label('ignoreCodeTimes')} hint={t('appCenter.hint.ignoreCodeTimes')} disabled={locked} />
        <Field label={label('firstChangePwd')}>
          <RadioGroup
            layout="horizontal"
            value={values.firstChangePwd}
            onChange={(_event, data) => form.setValue('firstChangePwd', data.value as FirstChangePwdValue)}
            disabled={locked}
            data-testid="field-firstChangePwd"
          >
            <Radio value={FirstChangePwd.Usable} label={t('appCenter.firstChangePwd.usable')} />
            <Radio value={FirstChangePwd.Stopped} label={t('appCenter.firstChangePwd.stopped')} />
          </RadioGroup>
        </Field>
      </FormSection>
    </>
  );
}

/** A server refusal pinned on a field, named in the screen's words. */
function useNamePinnedField() {
  const { t } = useTranslation();
  return namePinnedFieldBy(t, (field: AppField) => FIELD_LABEL[field], fieldOfServerMessage);
}

/**
 * Adding: the answer carries the new secret, which is shown before anything else happens; closing its
 * dialog returns to the list.
 */
function NewAppEditor() {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { has } = usePermissions();
  const { closeSelf } = useShellTab();
  const namePinnedField = useNamePinnedField();
  const specs = Object.fromEntries(
    APP_FIELDS.map((field) => [field, { initial: NEW_APP_VALUES[field], rule: (_value: unknown, all: Readonly<Record<string, unknown>>) => contractIssues(all as AppFormValues)[field] ?? null }]),
  ) as FieldSpecs<AppFormValues>;
  const form = useRuleForm<AppFormValues>(specs);
  const add = useBridgeMutation('appCenter.add', { meta: { silent: true } });
  const [issued, setIssued] = useState<IssuedSecret | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const readOnly = !has(Perm.appCenterSave);
  const busy = add.isPending || issued !== null;
  const unsaved = issued === null && !sameContent(form.values, NEW_APP_VALUES);
  const back = useUnsavedGuard(unsaved, Route.appCenter);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || readOnly) return;
    setFailure(null);
    if (!form.validate()) {
      notify.warning(t('form.fixErrors'));
      return;
    }
    add.mutate(appPayload(form.values), {
      onSuccess: (secret) => {
        notify.success(t('message.addSuccess'));
        void refreshApps(queryClient);
        setIssued(secret);
      },
      onError: (error) => {
        if (sessionEndOf(error) || isTransportFailure(error)) return;
        const text = errorMessage(error, t('message.operationFailed'));
        setFailure(namePinnedField(text, form.values) ?? text);
      },
    });
  };

  return (
    <div className={styles.page} data-testid="app-form">
      <Title3 as="h2">{t('appCenter.form.titleAdd')}</Title3>
      <form className={styles.form} onSubmit={submit} noValidate aria-label={t('appCenter.form.titleAdd')}>
        <AppFields form={form} locked={busy || readOnly} builtIn={false} />
        <Text className={styles.hint}>{t('appCenter.hint.secretAdd')}</Text>
        {failure ? (
          <MessageBar intent="error" layout="multiline" role="alert" data-testid="app-form-failure">
            <MessageBarBody>{failure}</MessageBarBody>
          </MessageBar>
        ) : null}
        <FormActionBar data-testid="app-form-actions">
          <PermissionGate perm={Perm.appCenterSave}>
            <Button appearance="primary" type="submit" disabled={busy} icon={add.isPending ? <Spinner size="tiny" /> : <Save20Regular />} data-testid="app-save">
              {t('form.save')}
            </Button>
          </PermissionGate>
          <Button icon={<ArrowReset20Regular />} onClick={() => form.reset(NEW_APP_VALUES)} disabled={busy || readOnly} data-testid="app-reset">
            {t('form.reset')}
          </Button>
          <Button icon={<ArrowLeft20Regular />} onClick={back} disabled={busy} data-testid="app-back">
            {t('form.backToList')}
          </Button>
        </FormActionBar>
      </form>
      <SecretDialog issued={issued} onClose={() => closeSelf(Route.appCenter)} />
    </div>
  );
}

/** Editing: the record's version guards the save; the secret can be regenerated (not the console's own). */
function EditAppEditor({ record, reload }: { record: AppRecord } & Pick<LoadedRecord<AppRecord>, 'reload'>) {
  const { t } = useTranslation();
  const styles = useStyles();
  const confirm = useConfirm();
  const namePinnedField = useNamePinnedField();
  const [issued, setIssued] = useState<IssuedSecret | null>(null);
  const regenerate = useBridgeMutation('appCenter.regenerateSecret');

  const controller = useRecordForm({
    record,
    initial: valuesOfRecord(record),
    rules: contractIssues,
    endpoints: appCenter,
    add: { endpoint: 'appCenter.add', payload: appPayload },
    // The version the form was filled from: saving over a newer one is refused, never silently overwritten.
    update: { endpoint: 'appCenter.update', payload: (values, stored) => ({ ...appPayload(values), id: stored.id, version: stored.version }) },
    listPath: Route.appCenter,
    refresh: refreshApps,
    namePinnedField,
    reload,
  });

  const regenerateSecret = async () => {
    const agreed = await confirm({
      title: t('appCenter.regenerateTitle'),
      message: t('appCenter.regenerateConfirm', { name: record.appName, clientId: record.clientId }),
      confirmLabel: t('appCenter.regenerate'),
      destructive: true,
    });
    if (!agreed) return;
    regenerate.mutate({ id: record.id }, { onSuccess: (secret) => setIssued(secret) });
  };

  return (
    <div className={styles.page} data-testid="app-form">
      <Title3 as="h2">{t('appCenter.form.titleEdit')}</Title3>
      <form ref={controller.formRef} className={styles.form} onSubmit={controller.submit} noValidate aria-label={t('appCenter.form.titleEdit')}>
        <AppFields form={controller.form} locked={controller.locked} builtIn={record.builtIn} />
        <Field label={t('appCenter.field.secret')} hint={record.builtIn ? t('appCenter.builtInHint') : t('appCenter.hint.secretEdit')}>
          <div className={styles.secretRow}>
            <PermissionGate perm={Perm.appCenterSave}>
              <Button
                icon={regenerate.isPending ? <Spinner size="tiny" /> : <KeyReset20Regular />}
                onClick={() => void regenerateSecret()}
                disabled={record.builtIn || regenerate.isPending || controller.busy}
                data-testid="app-regenerate-secret"
              >
                {t('appCenter.regenerate')}
              </Button>
            </PermissionGate>
          </div>
        </Field>
        <RecordFormFailure controller={controller} data-testid="app-form-failure" />
        <RecordFormActions controller={controller} testIdPrefix="app" />
      </form>
      <SecretDialog issued={issued} onClose={() => setIssued(null)} />
    </div>
  );
}
