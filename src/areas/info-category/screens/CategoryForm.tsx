import { Dropdown, Field, MessageBar, MessageBarBody, Option, Switch, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { CategoryRecord } from '../contract';
import { Perm } from '../../../shared/permissions';
import { InfoLimits } from '../../../shared/rules';
import { Route } from '../../../shared/routes';
import { splitFieldMessage } from '../../../renderer/components/form/record-form';
import { RecordFormActions, RecordFormFailure, RecordLoader, type LoadedRecord } from '../../../renderer/components/form/RecordForm';
import { RuleField, fieldMessage } from '../../../renderer/components/form/RuleForm';
import { useRecordForm } from '../../../renderer/components/form/useRecordForm';
import { categoryCheckedFields, categoryFieldLabelKey, categoryFormIssues, categoryPayload, categoryValuesOf } from './category-model';
import { invalidateCategoryQueries, useInfoSystems } from './queries';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL, maxWidth: '640px' },
});

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
  const styles = useStyles();
  const systems = useInfoSystems();

  const controller = useRecordForm({
    record,
    initial: categoryValuesOf(record),
    rules: categoryFormIssues,
    checkedFields: categoryCheckedFields,
    add: { endpoint: 'infoCategory.add', perm: Perm.infoTypeSave, payload: categoryPayload },
    update: { endpoint: 'infoCategory.update', perm: Perm.infoTypeUpdate, payload: (values, stored) => ({ ...categoryPayload(values), id: stored.id, version: stored.version }) },
    listPath: Route.inforTypeManage,
    refresh: invalidateCategoryQueries,
    conflict: () => ({ field: 'name', key: 'infoCategory.nameTaken' }),
    namePinnedField: (msg) => {
      const pinned = splitFieldMessage(msg);
      const labelKey = pinned ? categoryFieldLabelKey(pinned.field) : null;
      return pinned && labelKey ? `${t(labelKey)}: ${pinned.text}` : null;
    },
    reload,
  });
  const { form, locked } = controller;
  const { values } = form;
  const choices = systems.data ?? [];
  const chosen = choices.find((system) => system.systemCode === values.systemCode);
  const systemError = form.errors.systemCode ? fieldMessage(t, form.errors.systemCode, t('infoCategory.system')) : undefined;
  const title = record ? t('infoCategory.editTitle', { name: record.name }) : t('infoCategory.addTitle');

  return (
    <form ref={controller.formRef} className={styles.page} onSubmit={controller.submit} noValidate aria-label={title} data-testid="category-form">
      <Title3 as="h2">{title}</Title3>
      {controller.readOnly ? (
        <MessageBar intent="info" data-testid="category-form-read-only">
          <MessageBarBody>{t('infoCategory.readOnly')}</MessageBarBody>
        </MessageBar>
      ) : null}

      <Field label={t('infoCategory.system')} required validationState={systemError ? 'error' : 'none'} validationMessage={systemError}>
        <Dropdown
          placeholder={choices.length === 0 && systems.isSuccess ? t('infoCategory.noSystems') : t('infoCategory.systemPlaceholder')}
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

      <RecordFormFailure controller={controller} data-testid="category-form-error" />
      <RecordFormActions controller={controller} testIdPrefix="category" />
    </form>
  );
}
