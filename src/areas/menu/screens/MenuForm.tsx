import { Field, Radio, RadioGroup, makeStyles } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { menu, type MenuRecord } from '../contract';
import { MenuType } from '../../../shared/constants';
import { Limits } from '../../../shared/rules';
import { Route } from '../../../shared/routes';
import { namePinnedFieldBy } from '../../../renderer/components/form/record-form';
import { FormSection, RecordFormSheet, RecordLoader, type LoadedRecord } from '../../../renderer/components/form/RecordForm';
import { RuleField, fieldMessage, useFieldMessage } from '../../../renderer/components/form/RuleForm';
import { useRecordForm } from '../../../renderer/components/form/useRecordForm';
import { ErrorState } from '../../../renderer/components/states';
import { useBridgeQuery } from '../../../renderer/hooks/bridge-query';
import { LINK_TARGETS, MENU_STATUSES, MENU_TYPES, fieldLabelKey, linkTargetKey, menuStatusKey, menuTypeKey } from './labels';
import { NEW_MENU_VALUES, contractIssues, fieldOfServerMessage, fieldsOfType, isMenuType, menuPayload, valuesOfRecord, type LinkTargetValue, type MenuField, type MenuStatusValue } from './menu-form';
import { invalidateMenuQueries } from './menu-queries';
import { parentProblem } from './menu-tree';
import { ParentMenuPicker } from './ParentMenuPicker';

const useStyles = makeStyles({
  page: { maxWidth: '720px' },
});

const TYPE_HINT = { [MenuType.System]: 'menu.hint.type.system', [MenuType.Menu]: 'menu.hint.type.menu', [MenuType.Button]: 'menu.hint.type.button' } as const;

/**
 * The menu form (spec 000 §2 /menuManage/{menuId}; 'null' adds). The type decides the fields: a system
 * has a system id, a menu an address and how it opens, a button only its key value. After saving it
 * returns to the list, which shows the change.
 */
export default function MenuFormScreen() {
  const { t } = useTranslation();
  const { menuId } = useParams();
  return (
    <RecordLoader
      idParam={menuId}
      endpoint="menu.info"
      input={(id) => ({ menuId: id })}
      listPath={Route.menu}
      text={{ badAddress: t('menu.form.badAddress'), loadFailed: t('menu.form.loadFailed') }}
      testIdPrefix="menu"
    >
      {(loaded) => <MenuEditor {...loaded} />}
    </RecordLoader>
  );
}

function MenuEditor({ record, reload }: LoadedRecord<MenuRecord>) {
  const { t } = useTranslation();
  const styles = useStyles();
  const menus = useBridgeQuery('menu.list', {}, { meta: { silent: true } });
  const editedMenuId = record?.menuId ?? null;

  const controller = useRecordForm({
    record,
    initial: record ? valuesOfRecord(record) : NEW_MENU_VALUES,
    rules: (values) => {
      const issues = contractIssues(values);
      const parent = issues.parentId ?? parentProblem(menus.data, values.type, values.parentId, editedMenuId);
      return parent ? { ...issues, parentId: parent } : issues;
    },
    checkedFields: (values) => fieldsOfType(values.type),
    endpoints: menu,
    add: { endpoint: 'menu.add', payload: menuPayload },
    // The version the form was filled from: saving over a newer one is refused, never silently overwritten.
    update: { endpoint: 'menu.update', payload: (values, stored) => ({ ...menuPayload(values), menuId: stored.menuId, version: stored.version }) },
    listPath: Route.menu,
    refresh: invalidateMenuQueries,
    conflict: (values) => ({ field: 'perms', key: values.type === MenuType.System ? 'menu.systemIdTaken' : 'menu.keyValueTaken' }),
    namePinnedField: namePinnedFieldBy(t, (field, values) => fieldLabelKey(field, values.type), fieldOfServerMessage),
    reload,
  });
  const { form, locked } = controller;
  const { values } = form;
  const shown = new Set(fieldsOfType(values.type));

  const label = (field: MenuField) => t(fieldLabelKey(field, values.type));
  const messageOf = (field: MenuField) => {
    const key = form.errors[field];
    if (!key) return undefined;
    return field === 'parentId' && key === 'validation.required'
      ? t('menu.parentRequired')
      : fieldMessage(t, key, label(field), field === 'type' || field === 'linkTarget' || field === 'status' ? 'chosen' : 'typed');
  };

  // A refusal the server pinned on the parent shows under the picker, as a rule's message does.
  const parentRefusal = useFieldMessage(form, 'parentId', label('parentId'), 'chosen');
  const parentMessage = messageOf('parentId') ?? parentRefusal;

  const changeType = (value: number) => {
    if (!isMenuType(value)) return;
    form.setValue('type', value);
    // Messages shown for the old type are checked again against the new one.
    const flagged = (Object.keys(form.errors) as MenuField[]).filter((field) => field !== 'type');
    if (flagged.length > 0) form.validate(flagged);
  };

  const title = record ? t('menu.form.editTitle', { name: record.name }) : t('menu.form.addTitle');
  return (
    <RecordFormSheet
      controller={controller}
      title={title}
      subtitle={t('menu.form.subtitle')}
      testIdPrefix="menu"
      readOnlyText={t(record ? 'menu.form.readOnlyUpdate' : 'menu.form.readOnlyAdd')}
      className={styles.page}
    >
      <FormSection title={t('form.section.basic')}>
        <Field label={label('type')} required hint={t(TYPE_HINT[values.type])} validationState={form.errors.type ? 'error' : 'none'} validationMessage={messageOf('type')}>
          <RadioGroup layout="horizontal" value={String(values.type)} onChange={(_event, data) => changeType(Number(data.value))} disabled={locked} data-testid="field-type">
            {MENU_TYPES.map((type) => (
              <Radio key={type} value={String(type)} label={t(menuTypeKey(type))} />
            ))}
          </RadioGroup>
        </Field>

        <RuleField form={form} name="name" label={label('name')} hint={t('menu.hint.name')} maxLength={Limits.menuNameMax} required disabled={locked} />

        {shown.has('parentId') ? (
          <Field label={label('parentId')} required validationState={parentMessage ? 'error' : 'none'} validationMessage={parentMessage}>
            <ParentMenuPicker
              nodes={menus.data}
              childType={values.type}
              editedMenuId={editedMenuId}
              value={values.parentId}
              onChange={(parentId) => form.setValue('parentId', parentId)}
              onBlur={() => form.validateField('parentId')}
              disabled={locked}
            />
          </Field>
        ) : null}
        {shown.has('parentId') && menus.isError ? <ErrorState title={t('menu.parent.loadFailed')} error={menus.error} onRetry={() => void menus.refetch()} /> : null}

        {shown.has('url') ? <RuleField form={form} name="url" label={label('url')} hint={t('menu.hint.url')} maxLength={Limits.urlMax} required disabled={locked} /> : null}

        {shown.has('linkTarget') ? (
          <Field label={label('linkTarget')} required validationState={form.errors.linkTarget ? 'error' : 'none'} validationMessage={messageOf('linkTarget')}>
            <RadioGroup
              layout="horizontal"
              value={String(values.linkTarget)}
              onChange={(_event, data) => form.setValue('linkTarget', Number(data.value) as LinkTargetValue)}
              disabled={locked}
              data-testid="field-linkTarget"
            >
              {LINK_TARGETS.map((target) => (
                <Radio key={target} value={String(target)} label={t(linkTargetKey(target))} />
              ))}
            </RadioGroup>
          </Field>
        ) : null}

        <RuleField
          form={form}
          name="perms"
          label={label('perms')}
          hint={t(values.type === MenuType.System ? 'menu.hint.systemId' : 'menu.hint.keyValue')}
          maxLength={Limits.keyValueMax}
          autoComplete="off"
          required
          disabled={locked}
        />
      </FormSection>

      <FormSection title={t('form.section.settings')} layout="grid">
        <RuleField form={form} name="orderNum" label={label('orderNum')} hint={t('common.orderHint')} type="number" disabled={locked} />

        <Field label={label('status')} validationState={form.errors.status ? 'error' : 'none'} validationMessage={messageOf('status')}>
          <RadioGroup
            layout="horizontal"
            value={String(values.status)}
            onChange={(_event, data) => form.setValue('status', Number(data.value) as MenuStatusValue)}
            disabled={locked}
            data-testid="field-status"
          >
            {MENU_STATUSES.map((status) => (
              <Radio key={status} value={String(status)} label={t(menuStatusKey(status))} />
            ))}
          </RadioGroup>
        </Field>

        {shown.has('icon') ? <RuleField form={form} name="icon" label={label('icon')} hint={t('menu.hint.icon')} maxLength={Limits.menuIconMax} disabled={locked} /> : null}
        {shown.has('appFlag') ? <RuleField form={form} name="appFlag" label={label('appFlag')} hint={t('menu.hint.appFlag')} maxLength={Limits.appFlagMax} disabled={locked} /> : null}
        {shown.has('sysVersion') ? <RuleField form={form} name="sysVersion" label={label('sysVersion')} maxLength={Limits.sysVersionMax} disabled={locked} /> : null}
      </FormSection>
    </RecordFormSheet>
  );
}
