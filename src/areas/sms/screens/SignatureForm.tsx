import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { sms, type SmsSignatureRecord } from '../contract';
import { SmsLimits } from '../../../shared/rules';
import { Route } from '../../../shared/routes';
import { namePinnedFieldBy } from '../../../renderer/components/form/record-form';
import { RecordFormPage, RecordLoader, type LoadedRecord } from '../../../renderer/components/form/RecordForm';
import { RuleField } from '../../../renderer/components/form/RuleForm';
import { useRecordForm } from '../../../renderer/components/form/useRecordForm';
import { invalidateSignatureQueries } from './queries';
import { signatureFieldLabelKey, signatureFormIssues, signaturePayload, signatureValuesOf, SIGNATURE_FIELDS } from './sms-model';

/** The SMS signature form (/addSignMsg/{id}; 'null' adds): the sign name and a remark. */
export default function SignatureForm() {
  const { t } = useTranslation();
  const { id } = useParams();
  return (
    <RecordLoader
      idParam={id}
      endpoint="sms.signatureInfo"
      input={(recordId) => ({ id: recordId })}
      listPath={Route.signatureManage}
      text={{ badAddress: t('common.badAddress'), loadFailed: t('app.loadFailed'), loading: t('app.loading') }}
      testIdPrefix="signature"
    >
      {(loaded) => <SignatureEditor {...loaded} />}
    </RecordLoader>
  );
}

function SignatureEditor({ record, reload }: LoadedRecord<SmsSignatureRecord>) {
  const { t } = useTranslation();
  const controller = useRecordForm({
    record,
    initial: signatureValuesOf(record),
    rules: signatureFormIssues,
    checkedFields: () => SIGNATURE_FIELDS,
    endpoints: sms,
    add: { endpoint: 'sms.signatureAdd', payload: signaturePayload },
    update: { endpoint: 'sms.signatureUpdate', payload: (values, stored) => ({ ...signaturePayload(values), id: stored.id, version: stored.version }) },
    listPath: Route.signatureManage,
    refresh: invalidateSignatureQueries,
    conflict: () => ({ field: 'name', key: 'sms.signatureNameTaken' }),
    namePinnedField: namePinnedFieldBy(t, signatureFieldLabelKey),
    reload,
  });
  const { form, locked } = controller;
  const title = record ? t('sms.signatureEditTitle', { name: record.name }) : t('sms.signatureAddTitle');
  return (
    <RecordFormPage controller={controller} title={title} testIdPrefix="signature" readOnlyText={t('common.readOnly')}>
      <RuleField form={form} name="name" label={t('sms.signatureName')} hint={t('sms.signatureNameHint')} maxLength={SmsLimits.signatureNameMax} required disabled={locked} />
      <RuleField form={form} name="remark" label={t('common.remark')} maxLength={SmsLimits.signatureRemarkMax} disabled={locked} />
    </RecordFormPage>
  );
}
