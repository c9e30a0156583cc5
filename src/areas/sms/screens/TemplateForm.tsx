import { Dropdown, Field, Option, Text, Textarea } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { SmsTemplateType, templateVariables, type SmsTemplateRecord, sms } from '../contract';
import { SmsLimits } from '../../../shared/rules';
import { Route } from '../../../shared/routes';
import { namePinnedFieldBy } from '../../../renderer/components/form/record-form';
import { RecordFormPage, RecordLoader, type LoadedRecord } from '../../../renderer/components/form/RecordForm';
import { RuleField, fieldMessage } from '../../../renderer/components/form/RuleForm';
import { useRecordForm } from '../../../renderer/components/form/useRecordForm';
import { invalidateTemplateQueries } from './queries';
import { templateFieldLabelKey, templateFormIssues, templatePayload, templateTypeKey, templateValuesOf, TEMPLATE_FIELDS } from './sms-model';

const TYPES = [SmsTemplateType.Code, SmsTemplateType.Notice, SmsTemplateType.Promotion];

/** The SMS template form (/addTemplete/{id}; 'null' adds): name, type, the provider's template code, content with ${variables}. */
export default function TemplateForm() {
  const { t } = useTranslation();
  const { id } = useParams();
  return (
    <RecordLoader
      idParam={id}
      endpoint="sms.templateInfo"
      input={(recordId) => ({ id: recordId })}
      listPath={Route.templateManage}
      text={{ badAddress: t('common.badAddress'), loadFailed: t('app.loadFailed'), loading: t('app.loading') }}
      testIdPrefix="template"
    >
      {(loaded) => <TemplateEditor {...loaded} />}
    </RecordLoader>
  );
}

function TemplateEditor({ record, reload }: LoadedRecord<SmsTemplateRecord>) {
  const { t } = useTranslation();
  const controller = useRecordForm({
    record,
    initial: templateValuesOf(record),
    rules: templateFormIssues,
    checkedFields: () => TEMPLATE_FIELDS,
    endpoints: sms,
    add: { endpoint: 'sms.templateAdd', payload: templatePayload },
    update: { endpoint: 'sms.templateUpdate', payload: (values, stored) => ({ ...templatePayload(values), id: stored.id, version: stored.version }) },
    listPath: Route.templateManage,
    refresh: invalidateTemplateQueries,
    conflict: () => ({ field: 'name', key: 'sms.templateNameTaken' }),
    namePinnedField: namePinnedFieldBy(t, templateFieldLabelKey),
    reload,
  });
  const { form, locked } = controller;
  const { values } = form;
  const title = record ? t('sms.templateEditTitle', { name: record.name }) : t('sms.templateAddTitle');
  const typeError = form.errors.type ? fieldMessage(t, form.errors.type, t('sms.templateType'), 'chosen') : undefined;
  const contentError = form.errors.content ? fieldMessage(t, form.errors.content, t('sms.templateContent')) : undefined;
  const variables = templateVariables(values.content);

  return (
    <RecordFormPage controller={controller} title={title} testIdPrefix="template" readOnlyText={t('common.readOnly')}>
      <RuleField form={form} name="name" label={t('sms.templateName')} hint={t('sms.templateNameHint')} maxLength={SmsLimits.templateNameMax} required disabled={locked} />
      <Field label={t('sms.templateType')} required validationState={typeError ? 'error' : 'none'} validationMessage={typeError}>
        <Dropdown
          value={values.type === null ? '' : t(templateTypeKey(values.type))}
          selectedOptions={values.type === null ? [] : [String(values.type)]}
          onOptionSelect={(_event, data) => form.setValue('type', data.optionValue === undefined ? null : Number(data.optionValue))}
          disabled={locked}
          data-testid="field-type"
        >
          {TYPES.map((type) => (
            <Option key={type} value={String(type)}>
              {t(templateTypeKey(type))}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <RuleField form={form} name="templateCode" label={t('sms.templateCode')} hint={t('sms.templateCodeHint')} maxLength={SmsLimits.templateCodeMax} required disabled={locked} />
      <Field label={t('sms.templateContent')} required hint={t('sms.templateContentHint')} validationState={contentError ? 'error' : 'none'} validationMessage={contentError}>
        <Textarea
          value={values.content}
          onChange={(_event, data) => form.setValue('content', data.value)}
          onBlur={() => form.validateField('content')}
          maxLength={SmsLimits.templateContentMax}
          resize="vertical"
          disabled={locked}
          data-testid="field-content"
        />
      </Field>
      <Text data-testid="template-variables">
        {t('sms.variables')}: {variables.length > 0 ? variables.join(', ') : t('sms.noVariables')}
      </Text>
    </RecordFormPage>
  );
}
