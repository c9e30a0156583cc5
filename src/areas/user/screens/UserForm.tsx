import { Field, Radio, RadioGroup, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { user, type HeldRoleEntry, type UserRecord } from '../contract';
import { UserStatus } from '../../../shared/constants';
import { Route } from '../../../shared/routes';
import { Limits } from '../../../shared/rules';
import { useIdentity } from '../../../renderer/components/screen/identity';
import { namePinnedFieldBy } from '../../../renderer/components/form/record-form';
import { FormSection, RecordFormPage, RecordLoader, type LoadedRecord } from '../../../renderer/components/form/RecordForm';
import { RuleField, useFieldMessage } from '../../../renderer/components/form/RuleForm';
import { useRecordForm } from '../../../renderer/components/form/useRecordForm';
import { OrgCascader } from '../../../renderer/components/OrgCascader';
import { invalidateBridgeQueries, useBridgeQuery } from '../../../renderer/hooks/bridge-query';
import { DataAuthorityEditor } from './DataAuthorityEditor';
import { useUserOrgTree } from './queries';
import { RolePicker } from './RolePicker';
import { authorityDraftsOf, authorityProblems, userAddPayload, userFieldLabelKey, userFormIssues, userUpdatePayload, type AuthorityDraft, type UserFormValues } from './user-model';

const useStyles = makeStyles({
  page: { gap: tokens.spacingVerticalL, maxWidth: '1100px', minWidth: 0 },
});

let draftCounter = 0;
const newDraftKey = () => `authority-${++draftCounter}`;

function valuesOf(record: UserRecord | null): UserFormValues {
  return {
    username: record?.username ?? '',
    name: record?.name ?? '',
    password: '',
    email: record?.email ?? '',
    mobile: record?.mobile ?? '',
    deptId: record?.deptId ?? null,
    status: record?.status ?? UserStatus.Enabled,
    resetPwdAllowed: record?.resetPwdAllowed ?? true,
  };
}

/** User form (spec 000 §2 /userManage/{userId}): 'null' adds a user, an id edits one; after saving it returns to the list. */
export default function UserForm() {
  const { t } = useTranslation();
  const { userId } = useParams<{ userId: string }>();
  return (
    <RecordLoader
      idParam={userId}
      endpoint="user.info"
      input={(id) => ({ userId: id })}
      listPath={Route.user}
      text={{ badAddress: t('user.badAddress'), loadFailed: t('user.loadFailed'), loading: t('user.loading') }}
      testIdPrefix="user"
    >
      {(loaded) => <UserEditor {...loaded} />}
    </RecordLoader>
  );
}

/** The user form body, for a new user (record null) or a loaded one. */
function UserEditor({ record, reload }: LoadedRecord<UserRecord>) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { role } = useIdentity();
  const orgs = useUserOrgTree(role.roleId);
  const me = useBridgeQuery('session.currentUser', {});
  const isNew = record === null;
  const isSelf = record !== null && me.data?.userId === record.userId;

  const [initialRoles] = useState<HeldRoleEntry[]>(() => record?.roleList ?? []);
  const [initialAuthorities] = useState<AuthorityDraft[]>(() => authorityDraftsOf(record?.userDataAuthorityList ?? [], newDraftKey));
  const [roles, setRoles] = useState(initialRoles);
  const [authorities, setAuthorities] = useState(initialAuthorities);
  const controller = useRecordForm({
    record,
    initial: valuesOf(record),
    rules: (values) => userFormIssues(values, isNew),
    // Asked on save, once the rows' problems below are known.
    otherProblems: (): boolean => Object.keys(problems).length > 0,
    otherState: { roles, authorities },
    onReset: () => {
      setRoles(initialRoles);
      setAuthorities(initialAuthorities);
    },
    endpoints: user,
    add: { endpoint: 'user.add', payload: (values) => userAddPayload(values, roles, authorities) },
    update: { endpoint: 'user.update', payload: (values, stored) => userUpdatePayload(stored, values, roles, authorities) },
    listPath: Route.user,
    refresh: (queryClient) => invalidateBridgeQueries(queryClient, 'user.list'),
    conflict: () => ({ field: 'username', key: 'user.usernameTaken' }),
    namePinnedField: namePinnedFieldBy(t, userFieldLabelKey),
    reload,
  });
  const { form } = controller;
  const deptId = form.values.deptId;
  const classifications = useBridgeQuery('user.classificationsByDept', { deptId: deptId ?? 0 }, { enabled: deptId !== null });
  const available = useMemo(() => (classifications.data ? new Set(classifications.data.map((entry) => entry.classificationId)) : null), [classifications.data]);
  const problems = useMemo(() => authorityProblems(authorities, available), [authorities, available]);

  const orgMessage = useFieldMessage(form, 'deptId', t('common.organisation'), 'chosen');
  const statusMessage = form.errors.status ? t(form.errors.status) : undefined;

  const title = record === null ? t('user.addTitle') : t('user.editTitle', { username: record.username });
  return (
    <RecordFormPage controller={controller} title={title} testIdPrefix="user" readOnlyText={t('user.readOnly')} className={styles.page}>
      <FormSection title={t('user.basicSection')} layout="grid">
        <RuleField form={form} name="username" label={t('common.loginName')} required maxLength={Limits.usernameMax} autoComplete="off" hint={t('user.usernameHint')} />
        <RuleField form={form} name="name" label={t('common.personName')} required maxLength={Limits.personNameMax} autoComplete="off" />
        {isNew ? (
          <RuleField form={form} name="password" label={t('user.password')} type="password" required maxLength={Limits.newPasswordMax} autoComplete="new-password" hint={t('password.ruleHint')} />
        ) : null}
        <Field label={t('common.organisation')} required validationState={orgMessage ? 'error' : 'none'} validationMessage={orgMessage}>
          <OrgCascader nodes={orgs.nodes} value={deptId} onChange={(id) => form.setValue('deptId', id)} preselectFirst={false} data-testid="field-deptId" />
        </Field>
        <RuleField form={form} name="email" label={t('user.email')} type="email" maxLength={Limits.emailMax} autoComplete="off" />
        <RuleField form={form} name="mobile" label={t('user.mobile')} maxLength={Limits.mobileMax} autoComplete="off" />
        <Field label={t('common.status')} required validationState={statusMessage ? 'error' : 'none'} validationMessage={statusMessage} hint={isSelf ? t('user.cannotDisableSelf') : undefined}>
          <RadioGroup layout="horizontal" value={String(form.values.status)} onChange={(_event, data) => form.setValue('status', Number(data.value))} data-testid="field-status">
            <Radio value={String(UserStatus.Enabled)} label={t('user.statusEnabled')} />
            <Radio value={String(UserStatus.Disabled)} label={t('common.disabled')} disabled={isSelf} />
          </RadioGroup>
        </Field>
        <Field label={t('user.resetPwdAllowed')} hint={t('user.resetPwdAllowedHint')}>
          <Switch checked={form.values.resetPwdAllowed} onChange={(_event, data) => form.setValue('resetPwdAllowed', data.checked)} data-testid="field-resetPwdAllowed" />
        </Field>
      </FormSection>

      <FormSection title={t('identity.roles')} hint={t('user.rolesHint')}>
        <RolePicker orgNodes={orgs.nodes} defaultOrgId={deptId} chosen={roles} onChange={setRoles} />
      </FormSection>

      <FormSection title={t('user.authoritySection')} hint={t('user.authorityHint')}>
        <DataAuthorityEditor deptId={deptId} classifications={classifications} drafts={authorities} onChange={setAuthorities} problems={controller.attempted ? problems : {}} newKey={newDraftKey} />
      </FormSection>
    </RecordFormPage>
  );
}
