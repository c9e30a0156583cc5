import { Field, Switch } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { push, type PushProviderRecord } from '../contract';
import { PushLimits } from '../../../shared/rules';
import { Route } from '../../../shared/routes';
import { namePinnedFieldBy } from '../../../renderer/components/form/record-form';
import { RecordFormPage, RecordLoader, type LoadedRecord } from '../../../renderer/components/form/RecordForm';
import { RuleField } from '../../../renderer/components/form/RuleForm';
import { useRecordForm } from '../../../renderer/components/form/useRecordForm';
import { formatDateTime } from '../../../renderer/lib/format';
import { providerAddPayload, providerFieldLabelKey, providerFormIssues, providerUpdatePayload, providerValuesOf, PROVIDER_FIELDS } from './push-model';
import { invalidateProviderQueries } from './queries';

/** The JPush secrets are 24 hexadecimal characters: the fields take no more. */
const KEY_LENGTH = 24;

/**
 * The push provider form (/newPolar/{id}; 'null' adds): the provider's alias, its JPush AppKey and Master
 * Secret, and the APNs environment of iOS pushes. The Master Secret is never shown: in edit mode the field
 * starts empty, and left empty it keeps the stored one.
 */
export default function ProviderForm() {
  const { t } = useTranslation();
  const { id } = useParams();
  return (
    <RecordLoader
      idParam={id}
      endpoint="push.providerInfo"
      input={(recordId) => ({ id: recordId })}
      listPath={Route.polarLight}
      text={{ badAddress: t('push.badAddress'), loadFailed: t('push.loadFailed'), loading: t('app.loading') }}
      testIdPrefix="provider"
    >
      {(loaded) => <ProviderEditor {...loaded} />}
    </RecordLoader>
  );
}

function ProviderEditor({ record, reload }: LoadedRecord<PushProviderRecord>) {
  const { t } = useTranslation();
  const isNew = record === null;
  const controller = useRecordForm({
    record,
    initial: providerValuesOf(record),
    rules: (values) => providerFormIssues(values, isNew),
    checkedFields: () => PROVIDER_FIELDS,
    endpoints: push,
    add: { endpoint: 'push.providerAdd', payload: providerAddPayload },
    update: { endpoint: 'push.providerUpdate', payload: (values, stored) => providerUpdatePayload(values, stored) },
    listPath: Route.polarLight,
    refresh: invalidateProviderQueries,
    conflict: () => ({ field: 'alias', key: 'push.aliasTaken' }),
    namePinnedField: namePinnedFieldBy(t, providerFieldLabelKey),
    reload,
  });
  const { form, locked } = controller;
  const title = record ? t('push.editTitle', { alias: record.alias }) : t('push.addTitle');
  return (
    <RecordFormPage controller={controller} title={title} testIdPrefix="provider" readOnlyText={t('push.readOnly')}>
      <RuleField form={form} name="alias" label={t('push.alias')} hint={t('push.aliasHint')} maxLength={PushLimits.providerAliasMax} required disabled={locked} />
      <RuleField form={form} name="appKey" label={t('push.appKey')} hint={t('push.appKeyHint')} maxLength={KEY_LENGTH} required disabled={locked} autoComplete="off" />
      <RuleField
        form={form}
        name="secret"
        label={t('push.secret')}
        type="password"
        autoComplete="new-password"
        hint={record ? t('push.secretHintEdit', { time: formatDateTime(record.updateTime ?? record.createTime) }) : t('push.secretHintNew')}
        maxLength={KEY_LENGTH}
        required={isNew}
        disabled={locked}
      />
      <Field label={t('push.apnsProduction')} hint={t('push.apnsHint')}>
        <Switch
          checked={form.values.apnsProduction}
          onChange={(_event, data) => form.setValue('apnsProduction', data.checked)}
          label={form.values.apnsProduction ? t('push.apnsProductionOn') : t('push.apnsProductionOff')}
          disabled={locked}
          data-testid="field-apnsProduction"
        />
      </Field>
    </RecordFormPage>
  );
}
