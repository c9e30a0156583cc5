import { Dropdown, Field, Option, Switch } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { mail, type MailAccountRecord } from '../contract';
import { MailLimits } from '../../../shared/rules';
import { Route } from '../../../shared/routes';
import { namePinnedFieldBy } from '../../../renderer/components/form/record-form';
import { RecordFormPage, RecordLoader, type LoadedRecord } from '../../../renderer/components/form/RecordForm';
import { fieldMessage, RuleField } from '../../../renderer/components/form/RuleForm';
import { useRecordForm } from '../../../renderer/components/form/useRecordForm';
import { accountFieldLabelKey, accountFormIssues, accountPayload, accountValuesOf, ACCOUNT_FIELDS, MAIL_PROTOCOLS } from './mail-model';
import { invalidateAccountQueries } from './queries';

/**
 * The mail account form (/addMailAccount/{id}; 'null' adds): server, port, SSL, protocol, the account and its
 * password or authorization code. The password goes to the server sealed and is never shown again; on edit an
 * empty password keeps the stored one, unless the edit changes the server, port, SSL, protocol or account.
 */
export default function AccountForm() {
  const { t } = useTranslation();
  const { id } = useParams();
  return (
    <RecordLoader
      idParam={id}
      endpoint="mail.accountInfo"
      input={(recordId) => ({ id: recordId })}
      listPath={Route.accountManage}
      text={{ badAddress: t('mail.badAddress'), loadFailed: t('mail.loadFailed'), loading: t('app.loading') }}
      testIdPrefix="account"
    >
      {(loaded) => <AccountEditor {...loaded} />}
    </RecordLoader>
  );
}

function AccountEditor({ record, reload }: LoadedRecord<MailAccountRecord>) {
  const { t } = useTranslation();
  const isNew = record === null;
  const controller = useRecordForm({
    record,
    initial: accountValuesOf(record),
    rules: (values) => accountFormIssues(values, record),
    checkedFields: () => ACCOUNT_FIELDS,
    endpoints: mail,
    add: { endpoint: 'mail.accountAdd', payload: accountPayload },
    update: {
      endpoint: 'mail.accountUpdate',
      payload: (values, stored) => ({ ...accountPayload(values), secret: values.secret || undefined, id: stored.id, version: stored.version }),
    },
    listPath: Route.accountManage,
    refresh: invalidateAccountQueries,
    conflict: () => ({ field: 'account', key: 'mail.accountTaken' }),
    namePinnedField: namePinnedFieldBy(t, accountFieldLabelKey),
    reload,
  });
  const { form, locked } = controller;
  const { values } = form;
  const title = record ? t('mail.accountEditTitle', { account: record.account }) : t('mail.accountAddTitle');
  const protocolError = form.errors.protocol ? fieldMessage(t, form.errors.protocol, t('mail.protocol'), 'chosen') : undefined;
  return (
    <RecordFormPage controller={controller} title={title} testIdPrefix="account" readOnlyText={t('mail.readOnly')}>
      <RuleField form={form} name="host" label={t('mail.host')} hint={t('mail.hostHint')} maxLength={MailLimits.hostMax} required disabled={locked} />
      <RuleField form={form} name="port" label={t('mail.port')} hint={t('mail.portHint')} maxLength={MailLimits.portLengthMax} required disabled={locked} />
      <Field label={t('mail.ssl')} hint={t('mail.sslHint')}>
        <Switch checked={values.ssl} onChange={(_event, data) => form.setValue('ssl', data.checked)} disabled={locked} label={values.ssl ? t('common.yes') : t('common.no')} data-testid="field-ssl" />
      </Field>
      <Field label={t('mail.protocol')} required validationState={protocolError ? 'error' : 'none'} validationMessage={protocolError}>
        <Dropdown
          value={t(`mail.protocol_${values.protocol}`)}
          selectedOptions={[values.protocol]}
          onOptionSelect={(_event, data) => data.optionValue && form.setValue('protocol', data.optionValue as (typeof MAIL_PROTOCOLS)[number])}
          disabled={locked}
          data-testid="field-protocol"
        >
          {MAIL_PROTOCOLS.map((protocol) => (
            <Option key={protocol} value={protocol}>
              {t(`mail.protocol_${protocol}`)}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <RuleField form={form} name="account" label={t('mail.account')} hint={t('mail.accountHint')} maxLength={MailLimits.accountMax} required disabled={locked} />
      <RuleField
        form={form}
        name="secret"
        type="password"
        autoComplete="new-password"
        label={t('mail.secret')}
        hint={isNew ? t('mail.secretHint') : `${t('mail.secretSet')} · ${t('mail.secretKeepHint')}`}
        maxLength={MailLimits.secretMax}
        required={isNew}
        disabled={locked}
      />
    </RecordFormPage>
  );
}
