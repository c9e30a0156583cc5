import { Dropdown, Field, Option, Switch } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { infoCategory, type CategoryRecord } from '../contract';
import { InfoLimits } from '../../../shared/rules';
import { Route } from '../../../shared/routes';
import { namePinnedFieldBy } from '../../../renderer/components/form/record-form';
import { RecordFormPage, RecordLoader, type LoadedRecord } from '../../../renderer/components/form/RecordForm';
import { RuleField, fieldMessage } from '../../../renderer/components/form/RuleForm';
import { useRecordForm } from '../../../renderer/components/form/useRecordForm';
import { categoryCheckedFields, categoryFieldLabelKey, categoryFormIssues, categoryPayload, categoryValuesOf } from './category-model';
import { invalidateCategoryQueries, useInfoSystems } from './queries';

/** The information category form (spec 001 §2 /addManage/{id}; 'null' adds): system, name, image flag and description, enable. */
export default function CategoryForm() {
  const { t } = useTranslation();
  const { id } = useParams();
  return (
    <RecordLoader
      idParam={id}
      endpoint="infoCategory.info"
      input={(recordId) => ({ id: recordId })}
      listPath={Route.inforTypeManage}
      text={{ badAddress: t('infoCategory.badAddress'), loadFailed: t('infoCategory.loadFailed'), loading: t('infoCategory.loading') }}
      testIdPrefix="category"
    >
      {(loaded) => <CategoryEditor {...loaded} />}
    </RecordLoader>
  );
}

function CategoryEditor({ record, reload }: LoadedRecord<CategoryRecord>) {
  const { t } = useTranslation();
  const systems = useInfoSystems();

  const controller = useRecordForm({
    record,
    initial: categoryValuesOf(record),
    rules: categoryFormIssues,
    checkedFields: categoryCheckedFields,
    endpoints: infoCategory,
    add: { endpoint: 'infoCategory.add', payload: categoryPayload },
    update: { endpoint: 'infoCategory.update', payload: (values, stored) => ({ ...categoryPayload(values), id: stored.id, version: stored.version }) },
    listPath: Route.inforTypeManage,
    refresh: invalidateCategoryQueries,
    conflict: () => ({ field: 'name', key: 'infoCategory.nameTaken' }),
    namePinnedField: namePinnedFieldBy(t, categoryFieldLabelKey),
    reload,
  });
  const { form, locked } = controller;
  const { values } = form;
  const choices = systems.data ?? [];
  const chosen = choices.find((system) => system.systemCode === values.systemCode);
  const systemError = form.errors.systemCode ? fieldMessage(t, form.errors.systemCode, t('common.ownedBySystem'), 'chosen') : undefined;
  const title = record ? t('infoCategory.editTitle', { name: record.name }) : t('infoCategory.addTitle');

  return (
    <RecordFormPage controller={controller} title={title} testIdPrefix="category" readOnlyText={t('common.readOnly')}>
      <Field label={t('common.ownedBySystem')} required validationState={systemError ? 'error' : 'none'} validationMessage={systemError}>
        <Dropdown
          placeholder={choices.length === 0 && systems.isSuccess ? t('infoCategory.noSystems') : t('common.selectSystem')}
          value={chosen?.systemName ?? record?.systemName ?? ''}
          selectedOptions={values.systemCode === null ? [] : [String(values.systemCode)]}
          onOptionSelect={(_event, data) => form.setValue('systemCode', data.optionValue === undefined ? null : Number(data.optionValue))}
          disabled={locked}
          aria-invalid={systemError ? true : undefined}
          data-testid="field-systemCode"
        >
          {choices.map((system) => (
            <Option key={system.systemCode} value={String(system.systemCode)}>
              {system.systemName}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <RuleField form={form} name="name" label={t('infoCategory.name')} hint={t('infoCategory.nameHint')} maxLength={InfoLimits.categoryNameMax} required disabled={locked} />
      <Field label={t('infoCategory.haveImage')}>
        <Switch checked={values.haveImage} onChange={(_event, data) => form.setValue('haveImage', data.checked)} disabled={locked} data-testid="field-haveImage" />
      </Field>
      {values.haveImage ? (
        <RuleField form={form} name="imageDesc" label={t('infoCategory.imageDesc')} hint={t('infoCategory.imageDescHint')} maxLength={InfoLimits.imageDescMax} required disabled={locked} />
      ) : null}
      <Field label={t('infoCategory.enable')}>
        <Switch checked={values.enable} onChange={(_event, data) => form.setValue('enable', data.checked)} disabled={locked} data-testid="field-enable" />
      </Field>
    </RecordFormPage>
  );
}
