import { Dropdown, Field, Option, Radio, RadioGroup, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { dept, type DeptRecord } from '../contract';
import { DeptTreeType, DeptType, FilePurpose, RoleType } from '../../../shared/constants';
import { DeptLimits } from '../../../shared/rules';
import { Route } from '../../../shared/routes';
import { useIdentity } from '../../../renderer/components/screen/identity';
import { namePinnedFieldBy } from '../../../renderer/components/form/record-form';
import { FormSection, RecordFormSheet, RecordLoader, type LoadedRecord } from '../../../renderer/components/form/RecordForm';
import { RuleDateField } from '../../../renderer/components/form/RuleDateField';
import { RuleField, fieldMessage } from '../../../renderer/components/form/RuleForm';
import { useRecordForm } from '../../../renderer/components/form/useRecordForm';
import type { OrgNode } from '../../../renderer/components/OrgCascader';
import { OrgCascader } from '../../../renderer/components/OrgCascader';
import { ErrorState, LoadingState } from '../../../renderer/components/states';
import { ImageUpload } from '../../../renderer/components/upload/ImageUpload';
import { useBridgeQuery } from '../../../renderer/hooks/bridge-query';
import type { MessageKey } from '../../../renderer/i18n/message-key';
import { contractIssues, deptPayload, fieldOfServerMessage, initialParent, isCompany, newDeptValues, shownFields, valuesOfRecord, type DeptField, type DeptTypeValue } from './dept-form';
import { invalidateDeptQueries, useDeptOrgTree } from './queries';

const useStyles = makeStyles({
  images: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXL, gridColumn: '1 / -1' },
});

const DEPT_TYPES: readonly DeptTypeValue[] = [DeptType.Company, DeptType.Department];

const FIELD_LABEL: Record<DeptField, MessageKey> = {
  name: 'dept.field.name',
  deptType: 'dept.field.deptType',
  parentId: 'dept.field.parentId',
  orderNum: 'dept.field.orderNum',
  businessCentre: 'dept.field.businessCentre',
  deptPerson: 'dept.field.deptPerson',
  telephone: 'dept.field.telephone',
  companyAddress: 'dept.field.companyAddress',
  remake: 'dept.field.remake',
  companyType: 'dept.field.companyType',
  companyCode: 'dept.field.companyCode',
  establishTime: 'dept.field.establishTime',
  legalPerson: 'dept.field.legalPerson',
  registeredCapital: 'dept.field.registeredCapital',
  registeredAddress: 'dept.field.registeredAddress',
  idCardFront: 'dept.field.idCardFront',
  idCardBack: 'dept.field.idCardBack',
};
const NO_COMPANY = 'none';

/** The user's calendar day, YYYY-MM-DD: an establish date after it is refused at once (the server allows for every time zone). */
/** Fields filled by choosing (radio, tree, list): their required message says "choose". */
const CHOSEN_FIELDS: ReadonlySet<DeptField> = new Set(['deptType', 'parentId', 'companyType']);

function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The tree without one organisation and what lies below it: nowhere to move it to. */
function withoutSubtree(nodes: readonly OrgNode[] | undefined, deptId: number | null): OrgNode[] | undefined {
  if (!nodes || deptId === null) return nodes ? [...nodes] : undefined;
  return nodes.filter((node) => node.id !== deptId).map((node) => ({ ...node, children: withoutSubtree(node.children, deptId) }));
}

/**
 * The organisation form (spec 001 §2 /depManage/{deptId}/{pardId}; deptId 'null' adds, pardId 'new', 'update'
 * or the parent's id). A company has its registration details and the legal person's ID card, front and back,
 * uploaded as the user picks them. After saving it returns to the list.
 */
export default function DepartmentFormScreen() {
  const { t } = useTranslation();
  const { deptId, pardId } = useParams();
  return (
    <RecordLoader
      idParam={deptId}
      endpoint="dept.info"
      input={(id) => ({ deptId: id })}
      listPath={Route.department}
      text={{ badAddress: t('dept.form.badAddress'), loadFailed: t('dept.form.loadFailed') }}
      testIdPrefix="dept"
    >
      {(loaded) => (loaded.record ? <DeptEditor {...loaded} /> : <NewDept pardId={pardId} />)}
    </RecordLoader>
  );
}

/** A new organisation's parent needs the role's type and the user's top organisation (spec 001 §4) before the form starts. */
function NewDept({ pardId }: { pardId: string | undefined }) {
  const { t } = useTranslation();
  const { role } = useIdentity();
  const roleInfo = useBridgeQuery('session.roleInfo', { roleId: role.roleId }, { meta: { silent: true } });
  const me = useBridgeQuery('session.currentUser', {}, { meta: { silent: true } });
  const failed = roleInfo.error ?? me.error;
  if (failed) return <ErrorState title={t('dept.form.loadFailed')} error={failed} onRetry={() => void Promise.all([roleInfo.refetch(), me.refetch()])} />;
  if (!roleInfo.data || !me.data) return <LoadingState />;
  return <DeptEditor record={null} parentId={initialParent(pardId, roleInfo.data.roleType, me.data.deptId, RoleType.AllOrganisations)} />;
}

function DeptEditor({ record, reload, parentId = null }: LoadedRecord<DeptRecord> & { parentId?: number | null }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { role } = useIdentity();
  const parents = useDeptOrgTree(role.roleId, DeptTreeType.Users);
  const companies = useBridgeQuery('user.topCompanies', { roleId: role.roleId }, { meta: { silent: true } });
  const editedId = record?.deptId ?? null;
  const parentNodes = useMemo(() => withoutSubtree(parents.nodes, editedId), [parents.nodes, editedId]);

  const controller = useRecordForm({
    record,
    initial: record ? valuesOfRecord(record) : newDeptValues(parentId),
    rules: (values) => {
      const issues = contractIssues(values);
      return !issues.establishTime && isCompany(values) && values.establishTime > localToday() ? { ...issues, establishTime: 'validation.establishAfterToday' } : issues;
    },
    checkedFields: shownFields,
    endpoints: dept,
    add: { endpoint: 'dept.add', payload: deptPayload },
    // The version the form was filled from: saving over a newer one is refused, never silently overwritten.
    update: { endpoint: 'dept.update', payload: (values, stored) => ({ ...deptPayload(values), deptId: stored.deptId, version: stored.version }) },
    listPath: Route.department,
    refresh: invalidateDeptQueries,
    namePinnedField: namePinnedFieldBy(t, (field) => FIELD_LABEL[field], fieldOfServerMessage),
    reload,
  });
  const { form, locked } = controller;
  const { values } = form;
  const company = isCompany(values);

  const label = (field: DeptField) => t(FIELD_LABEL[field]);
  const messageOf = (field: DeptField) => {
    const key = form.errors[field];
    return key ? fieldMessage(t, key, label(field), CHOSEN_FIELDS.has(field) ? 'chosen' : 'typed') : undefined;
  };
  const companyChoices = companies.data?.filter((entry) => entry.deptId !== editedId) ?? [];
  const chosenCompany = companies.data?.find((entry) => entry.deptId === values.companyType);

  const title = record ? t('dept.form.editTitle', { name: record.name }) : t('dept.form.addTitle');
  return (
    <RecordFormSheet controller={controller} title={title} subtitle={t('dept.form.subtitle')} testIdPrefix="dept" readOnlyText={t(record ? 'dept.form.readOnlyUpdate' : 'dept.form.readOnlyAdd')}>
      <FormSection title={t('form.section.basic')} layout="grid">
        <RuleField form={form} name="name" label={label('name')} hint={t('dept.hint.name')} maxLength={DeptLimits.nameMax} required disabled={locked} />

        <Field label={label('deptType')} required validationState={form.errors.deptType ? 'error' : 'none'} validationMessage={messageOf('deptType')}>
          <RadioGroup layout="horizontal" value={values.deptType} onChange={(_event, data) => form.setValue('deptType', data.value as DeptTypeValue)} disabled={locked} data-testid="field-deptType">
            {DEPT_TYPES.map((type) => (
              <Radio key={type} value={type} label={t(type === DeptType.Company ? 'dept.type.company' : 'dept.type.department')} />
            ))}
          </RadioGroup>
        </Field>

        <Field label={label('parentId')} hint={t('dept.hint.parentTop')} validationState={form.errors.parentId ? 'error' : 'none'} validationMessage={messageOf('parentId')}>
          <OrgCascader nodes={parentNodes} value={values.parentId} onChange={(id) => form.setValue('parentId', id)} preselectFirst={false} clearable disabled={locked} data-testid="field-parentId" />
        </Field>
        {parents.query.isError ? <ErrorState title={t('dept.form.loadFailed')} error={parents.query.error} onRetry={() => void parents.query.refetch()} /> : null}

        <Field label={label('companyType')} validationState={form.errors.companyType ? 'error' : 'none'} validationMessage={messageOf('companyType')}>
          <Dropdown
            value={chosenCompany?.name ?? (values.companyType === null ? t('dept.companyType.none') : (record?.companyTypeName ?? ''))}
            selectedOptions={[values.companyType === null ? NO_COMPANY : String(values.companyType)]}
            onOptionSelect={(_event, data) => form.setValue('companyType', data.optionValue === undefined || data.optionValue === NO_COMPANY ? null : Number(data.optionValue))}
            disabled={locked}
            data-testid="field-companyType"
          >
            <Option value={NO_COMPANY}>{t('dept.companyType.none')}</Option>
            {companyChoices.map((entry) => (
              <Option key={entry.deptId} value={String(entry.deptId)}>
                {entry.name}
              </Option>
            ))}
          </Dropdown>
        </Field>
      </FormSection>

      <FormSection title={t('form.section.contact')} layout="grid">
        <RuleField form={form} name="deptPerson" label={label('deptPerson')} maxLength={DeptLimits.personMax} disabled={locked} />
        <RuleField form={form} name="telephone" label={label('telephone')} maxLength={DeptLimits.telephoneMax} disabled={locked} />
        <RuleField form={form} name="companyAddress" label={label('companyAddress')} maxLength={DeptLimits.addressMax} disabled={locked} />
      </FormSection>

      <FormSection title={t('form.section.settings')} layout="grid">
        <RuleField form={form} name="orderNum" label={label('orderNum')} type="number" disabled={locked} />
        <Field label={label('businessCentre')} hint={t('dept.hint.businessCentre')}>
          <Switch checked={values.businessCentre} onChange={(_event, data) => form.setValue('businessCentre', data.checked)} disabled={locked} data-testid="field-businessCentre" />
        </Field>
        <RuleField form={form} name="remake" label={label('remake')} maxLength={DeptLimits.remarkMax} disabled={locked} />
      </FormSection>

      {company ? (
        <FormSection title={t('dept.section.company')} layout="grid">
          <RuleField form={form} name="companyCode" label={label('companyCode')} maxLength={18} disabled={locked} />
          <RuleDateField form={form} name="establishTime" label={label('establishTime')} max={localToday()} disabled={locked} />
          <RuleField form={form} name="legalPerson" label={label('legalPerson')} maxLength={DeptLimits.legalPersonMax} disabled={locked} />
          <RuleField form={form} name="registeredCapital" label={label('registeredCapital')} maxLength={DeptLimits.registeredCapitalMax} disabled={locked} />
          <RuleField form={form} name="registeredAddress" label={label('registeredAddress')} maxLength={DeptLimits.addressMax} disabled={locked} />
          <div className={styles.images}>
            <Field label={label('idCardFront')} hint={t('dept.hint.idCard')} validationState={form.errors.idCardFront ? 'error' : 'none'} validationMessage={messageOf('idCardFront')}>
              <ImageUpload
                purpose={FilePurpose.IdCard}
                fileId={values.idCardFront}
                onChange={(id) => form.setValue('idCardFront', id)}
                label={label('idCardFront')}
                disabled={locked}
                data-testid="field-idCardFront"
              />
            </Field>
            <Field label={label('idCardBack')} hint={t('dept.hint.idCard')} validationState={form.errors.idCardBack ? 'error' : 'none'} validationMessage={messageOf('idCardBack')}>
              <ImageUpload
                purpose={FilePurpose.IdCard}
                fileId={values.idCardBack}
                onChange={(id) => form.setValue('idCardBack', id)}
                label={label('idCardBack')}
                disabled={locked}
                data-testid="field-idCardBack"
              />
            </Field>
          </div>
        </FormSection>
      ) : null}
    </RecordFormSheet>
  );
}
