import { MessageBar, MessageBarBody, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { SmsSignatureRecord } from '../contract';
import { Perm } from '../../../shared/permissions';
import { SmsLimits } from '../../../shared/rules';
import { Route } from '../../../shared/routes';
import { splitFieldMessage } from '../../../renderer/components/form/record-form';
import { RecordFormActions, RecordFormFailure, RecordLoader, type LoadedRecord } from '../../../renderer/components/form/RecordForm';
import { RuleField } from '../../../renderer/components/form/RuleForm';
import { useRecordForm } from '../../../renderer/components/form/useRecordForm';
import { invalidateSignatureQueries } from './queries';
import { signatureFieldLabelKey, signatureFormIssues, signaturePayload, signatureValuesOf, SIGNATURE_FIELDS } from './sms-model';

const useStyles = makeStyles({ page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL, maxWidth: '640px' } });

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
      text={{ badAddress: t('sms.badAddress'), loadFailed: t('sms.loadFailed'), loading: t('sms.loading') }}
      testIdPrefix="signature"
    >
      {(loaded) => <SignatureEditor {...loaded} />}
    </RecordLoader>
  );
}

function SignatureEditor({ record, reload }: LoadedRecord<SmsSignatureRecord>) {
  const { t } = useTranslation();
  const styles = useStyles();
  const controller = useRecordForm({
    record,
    initial: signatureValuesOf(record),
    rules: signatureFormIssues,
    checkedFields: () => SIGNATURE_FIELDS,
    add: { endpoint: 'sms.signatureAdd', perm: Perm.signatureSave, payload: signaturePayload },
    update: { endpoint: 'sms.signatureUpdate', perm: Perm.signatureSave, payload: (values, stored) => ({ ...signaturePayload(values), id: stored.id, version: stored.version }) },
    listPath: Route.signatureManage,
    refresh: invalidateSignatureQueries,
    conflict: () => ({ field: 'name', key: 'sms.signatureNameTaken' }),
    namePinnedField: (msg) => {
      const pinned = splitFieldMessage(msg);
      const labelKey = pinned ? signatureFieldLabelKey(pinned.field) : null;
      return pinned && labelKey ? `${t(labelKey)}: ${pinned.text}` : null;
    },
    reload,
  });
  const { form, locked } = controller;
  const title = record ? t('sms.signatureEditTitle', { name: record.name }) : t('sms.signatureAddTitle');
  return (
    <form ref={controller.formRef} className={styles.page} onSubmit={controller.submit} noValidate aria-label={title} data-testid="signature-form">
      <Title3 as="h2">{title}</Title3>
      {controller.readOnly ? (
        <MessageBar intent="info">
          <MessageBarBody>{t('sms.readOnly')}</MessageBarBody>
        </MessageBar>
      ) : null}
      <RuleField form={form} name="name" label={t('sms.signatureName')} hint={t('sms.signatureNameHint')} maxLength={SmsLimits.signatureNameMax} required disabled={locked} />
      <RuleField form={form} name="remark" label={t('sms.remark')} maxLength={SmsLimits.signatureRemarkMax} disabled={locked} />
      <RecordFormFailure controller={controller} data-testid="signature-form-error" />
      <RecordFormActions controller={controller} testIdPrefix="signature" />
    </form>
  );
}
