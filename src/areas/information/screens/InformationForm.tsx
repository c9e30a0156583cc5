import { Dropdown, Field, Option, Switch, makeStyles, tokens } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { FilePurpose } from '../../../shared/constants';
import { InfoSwitch } from '../../info-category/contract';
import { ARTICLE_TYPES, type ArticleRecord, information } from '../contract';
import { InfoLimits } from '../../../shared/rules';
import { Route } from '../../../shared/routes';
import { namePinnedFieldBy } from '../../../renderer/components/form/record-form';
import { RecordFormPage, RecordLoader, type LoadedRecord } from '../../../renderer/components/form/RecordForm';
import { RuleField, fieldMessage, type FieldKind, type RuleForm } from '../../../renderer/components/form/RuleForm';
import { useRecordForm } from '../../../renderer/components/form/useRecordForm';
import { useNotify } from '../../../renderer/components/notify';
import { RichTextEditor } from '../../../renderer/components/rich-text/RichTextEditor';
import { ImageUpload } from '../../../renderer/components/upload/ImageUpload';
import { invalidateBridgeQueries, useBridgeQuery } from '../../../renderer/hooks/bridge-query';
import type { MessageKey } from '../../../renderer/i18n/message-key';
import { useInfoSystems } from '../../info-category/screens';
import { articleFieldLabelKey, articleFormIssues, articlePayload, articleTypeKey, articleValuesOf, isArticleType, systemChange, type ArticleFormValues } from './article-model';

const useStyles = makeStyles({
  page: { maxWidth: '900px' },
  row: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))', gap: tokens.spacingHorizontalL },
});

/** The information form (spec 001 §2 /addInforMation/{id}; 'null' adds): system, API key, category, type, title, sort, display, keywords, image and rich-text content. */
export default function InformationForm() {
  const { t } = useTranslation();
  const { id } = useParams();
  return (
    <RecordLoader
      idParam={id}
      endpoint="information.info"
      input={(recordId) => ({ id: recordId })}
      listPath={Route.information}
      text={{ badAddress: t('information.badAddress'), loadFailed: t('information.loadFailed'), loading: t('information.loading') }}
      testIdPrefix="article"
    >
      {(loaded) => <ArticleEditor {...loaded} />}
    </RecordLoader>
  );
}

function errorOf(t: TFunction, form: RuleForm<ArticleFormValues>, field: keyof ArticleFormValues, label: MessageKey, kind: FieldKind = 'typed'): string | undefined {
  const key = form.errors[field];
  return key ? fieldMessage(t, key, String(t(label)), kind) : undefined;
}

function ArticleEditor({ record, reload }: LoadedRecord<ArticleRecord>) {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const systems = useInfoSystems();

  const controller = useRecordForm({
    record,
    initial: articleValuesOf(record),
    rules: articleFormIssues,
    endpoints: information,
    add: { endpoint: 'information.add', payload: articlePayload },
    update: { endpoint: 'information.update', payload: (values, stored) => ({ ...articlePayload(values), id: stored.id, version: stored.version }) },
    listPath: Route.information,
    refresh: async (queryClient) => {
      await Promise.all([invalidateBridgeQueries(queryClient, 'information.list'), invalidateBridgeQueries(queryClient, 'information.info')]);
    },
    namePinnedField: namePinnedFieldBy(t, articleFieldLabelKey),
    reload,
  });
  const { form, locked } = controller;
  const { values } = form;

  const systemChoices = systems.data ?? [];
  const system = systemChoices.find((s) => s.systemCode === values.systemCode);
  const categories = useBridgeQuery('information.categories', { systemCode: values.systemCode ?? 0 }, { enabled: values.systemCode !== null, meta: { silent: true } });
  const categoryChoices = categories.data ?? [];
  const category = categoryChoices.find((c) => c.id === values.classificationId);
  const takesImage = category?.haveImage === InfoSwitch.On;

  const chooseSystem = (systemCode: number | null) => {
    for (const [field, value] of Object.entries(systemChange(systemCode))) form.setValue(field as keyof ArticleFormValues, value as never);
  };
  const chooseCategory = (classificationId: number | null) => {
    form.setValue('classificationId', classificationId);
    // A category without an image keeps none.
    if (categoryChoices.find((c) => c.id === classificationId)?.haveImage !== InfoSwitch.On) form.setValue('imageId', null);
  };

  // Besides the field's own message, an empty content is said out loud (spec 001 §5).
  const submit = (event?: FormEvent) => {
    if (!controller.readOnly && values.content === '') notify.warning(t('information.contentEmpty'));
    controller.submit(event);
  };

  const systemError = errorOf(t, form, 'systemCode', 'common.ownedBySystem', 'chosen');
  const apiKeyError = errorOf(t, form, 'apiKey', 'information.apiKey', 'chosen');
  const categoryError = errorOf(t, form, 'classificationId', 'information.category', 'chosen');
  const typeError = errorOf(t, form, 'typeCode', 'common.type', 'chosen');
  const contentError = errorOf(t, form, 'content', 'common.content');
  const imageError = errorOf(t, form, 'imageId', 'information.image');
  const apiKeys = system?.apiKeys ?? [];
  const title = record ? t('information.editTitle', { name: record.title }) : t('information.addTitle');

  return (
    <RecordFormPage controller={controller} title={title} testIdPrefix="article" readOnlyText={t('common.readOnly')} className={styles.page} onSubmit={submit}>
      <div className={styles.row}>
        <Field label={t('common.ownedBySystem')} required validationState={systemError ? 'error' : 'none'} validationMessage={systemError}>
          <Dropdown
            placeholder={t('common.selectSystem')}
            value={system?.systemName ?? record?.systemName ?? ''}
            selectedOptions={values.systemCode === null ? [] : [String(values.systemCode)]}
            onOptionSelect={(_event, data) => chooseSystem(data.optionValue === undefined ? null : Number(data.optionValue))}
            disabled={locked}
            aria-invalid={systemError ? true : undefined}
            data-testid="field-systemCode"
          >
            {systemChoices.map((s) => (
              <Option key={s.systemCode} value={String(s.systemCode)}>
                {s.systemName}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field
          label={t('information.apiKey')}
          required
          hint={system && apiKeys.length === 0 ? t('information.noApiKeys') : undefined}
          validationState={apiKeyError ? 'error' : 'none'}
          validationMessage={apiKeyError}
        >
          <Dropdown
            placeholder={values.systemCode === null ? t('information.chooseSystemFirst') : t('information.apiKeyPlaceholder')}
            value={values.apiKey}
            selectedOptions={values.apiKey === '' ? [] : [values.apiKey]}
            onOptionSelect={(_event, data) => form.setValue('apiKey', data.optionValue ?? '')}
            disabled={locked || values.systemCode === null}
            aria-invalid={apiKeyError ? true : undefined}
            data-testid="field-apiKey"
          >
            {apiKeys.map((key) => (
              <Option key={key.apiKey} value={key.apiKey} text={key.apiKey}>
                {key.apiCode ? `${key.apiKey} (${key.apiCode})` : key.apiKey}
              </Option>
            ))}
          </Dropdown>
        </Field>
      </div>

      <div className={styles.row}>
        <Field
          label={t('information.category')}
          required
          hint={values.systemCode !== null && categories.isSuccess && categoryChoices.length === 0 ? t('information.noCategories') : undefined}
          validationState={categoryError ? 'error' : 'none'}
          validationMessage={categoryError}
        >
          <Dropdown
            placeholder={values.systemCode === null ? t('information.chooseSystemFirst') : t('information.categoryPlaceholder')}
            value={category?.name ?? (values.classificationId !== null && values.classificationId === record?.classificationId ? record.classificationName : '')}
            selectedOptions={values.classificationId === null ? [] : [String(values.classificationId)]}
            onOptionSelect={(_event, data) => chooseCategory(data.optionValue === undefined ? null : Number(data.optionValue))}
            disabled={locked || values.systemCode === null}
            aria-invalid={categoryError ? true : undefined}
            data-testid="field-classificationId"
          >
            {categoryChoices.map((c) => (
              <Option key={c.id} value={String(c.id)}>
                {c.name}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label={t('common.type')} required validationState={typeError ? 'error' : 'none'} validationMessage={typeError}>
          <Dropdown
            placeholder={t('information.typePlaceholder')}
            value={isArticleType(values.typeCode) ? t(articleTypeKey(values.typeCode)) : ''}
            selectedOptions={values.typeCode === '' ? [] : [values.typeCode]}
            onOptionSelect={(_event, data) => form.setValue('typeCode', data.optionValue ?? '')}
            disabled={locked}
            aria-invalid={typeError ? true : undefined}
            data-testid="field-typeCode"
          >
            {ARTICLE_TYPES.map((code) => (
              <Option key={code} value={code}>
                {t(articleTypeKey(code))}
              </Option>
            ))}
          </Dropdown>
        </Field>
      </div>

      <RuleField
        form={form}
        name="title"
        label={t('common.title')}
        hint={t('information.titleHint')}
        placeholder={t('information.titlePlaceholder')}
        maxLength={InfoLimits.titleMax}
        required
        disabled={locked}
      />
      <div className={styles.row}>
        <RuleField form={form} name="sort" label={t('information.sort')} hint={t('information.sortHint')} type="number" required disabled={locked} />
        <Field label={t('information.display')}>
          <Switch checked={values.display} onChange={(_event, data) => form.setValue('display', data.checked)} disabled={locked} data-testid="field-display" />
        </Field>
      </div>
      <RuleField form={form} name="keywords" label={t('information.keywords')} hint={t('information.keywordsHint')} maxLength={InfoLimits.keywordsMax} disabled={locked} />

      {takesImage ? (
        <Field label={t('information.image')} hint={`${category.imageDesc} · ${t('information.imageHint')}`} validationState={imageError ? 'error' : 'none'} validationMessage={imageError}>
          <ImageUpload
            purpose={FilePurpose.ArticleImage}
            fileId={values.imageId}
            onChange={(id) => form.setValue('imageId', id)}
            label={t('information.image')}
            disabled={locked}
            data-testid="field-imageId"
          />
        </Field>
      ) : null}

      <Field label={t('common.content')} required validationState={contentError ? 'error' : 'none'} validationMessage={contentError}>
        <RichTextEditor
          initialHtml={record?.content ?? ''}
          onChange={(html) => form.setValue('content', html)}
          label={t('common.content')}
          invalid={contentError !== undefined}
          disabled={locked}
          uploadPurpose={FilePurpose.ArticleImage}
          data-testid="field-content"
        />
      </Field>
    </RecordFormPage>
  );
}
