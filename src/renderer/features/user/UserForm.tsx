import { Button, Field, MessageBar, MessageBarBody, Radio, RadioGroup, Spinner, Subtitle2, Switch, Text, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeft20Regular, Save20Regular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ResponseCode } from '../../../shared/codes';
import { Delay, UserStatus } from '../../../shared/constants';
import type { HeldRoleEntry, UserRecord } from '../../../shared/contract/user';
import { Perm } from '../../../shared/permissions';
import { NEW_RECORD_ID, Route } from '../../../shared/routes';
import { Limits, rules } from '../../../shared/rules';
import { useShellTab } from '../../app/home/shell-tab';
import { useIdentity } from '../../app/identity/IdentityBoundary';
import { isBridgeError } from '../../bridge';
import { RuleField, fieldMessage, useRuleForm } from '../../components/form/RuleForm';
import { requiredThen } from '../../components/form/rules';
import { useNotify } from '../../components/notify';
import { OrgCascader } from '../../components/OrgCascader';
import { PermissionGate } from '../../components/permissions';
import { EmptyState, ErrorState, LoadingState, errorMessage } from '../../components/states';
import { invalidateBridgeQueries, useBridgeMutation, useBridgeQuery } from '../../hooks/bridge-query';
import { DataAuthorityEditor } from './DataAuthorityEditor';
import { useUserOrgTree } from './queries';
import { RolePicker } from './RolePicker';
import { authorityDraftsOf, authorityProblems, userAddPayload, userUpdatePayload, type AuthorityDraft, type UserFormValues } from './user-model';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, padding: tokens.spacingHorizontalL, maxWidth: '1100px', minWidth: 0 },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))', columnGap: tokens.spacingHorizontalXL, rowGap: tokens.spacingVerticalM },
  hint: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  missing: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL },
});

let draftCounter = 0;
const newDraftKey = () => `authority-${++draftCounter}`;

const statusRule = (value: number) => (value === UserStatus.Enabled || value === UserStatus.Disabled ? null : 'user.statusRequired');

/** The user form body, for a new user (record null) or a loaded one. */
function UserFormBody({ record }: { record: UserRecord | null }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { closeSelf } = useShellTab();
  const { role } = useIdentity();
  const orgs = useUserOrgTree(role.roleId);
  const me = useBridgeQuery('session.currentUser', {});
  const isNew = record === null;
  const isSelf = record !== null && me.data?.userId === record.userId;

  const form = useRuleForm<UserFormValues>({
    username: { initial: record?.username ?? '', rule: requiredThen('user.usernameRequired', rules.loginUsername) },
    name: { initial: record?.name ?? '', rule: rules.personName },
    password: { initial: '', rule: isNew ? requiredThen('user.passwordRequired', rules.newPassword) : undefined },
    email: { initial: record?.email ?? '', rule: rules.optionalEmail },
    mobile: { initial: record?.mobile ?? '', rule: rules.mobile },
    deptId: { initial: record?.deptId ?? null, rule: rules.organisationId },
    status: { initial: record?.status ?? UserStatus.Enabled, rule: statusRule },
    resetPwdAllowed: { initial: record?.resetPwdAllowed ?? true },
  });
  const [roles, setRoles] = useState<HeldRoleEntry[]>(() => record?.roleList ?? []);
  const [authorities, setAuthorities] = useState<AuthorityDraft[]>(() => authorityDraftsOf(record?.userDataAuthorityList ?? [], newDraftKey));
  const [attempted, setAttempted] = useState(false);
  const [saved, setSaved] = useState(false);

  const deptId = form.values.deptId;
  const classifications = useBridgeQuery('user.classificationsByDept', { deptId: deptId ?? 0 }, { enabled: deptId !== null });
  const available = useMemo(() => (classifications.data ? new Set(classifications.data.map((entry) => entry.classificationId)) : null), [classifications.data]);
  const problems = useMemo(() => authorityProblems(authorities, available), [authorities, available]);

  const redirect = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (redirect.current) clearTimeout(redirect.current);
    },
    [],
  );
  const onSaved = () => {
    notify.success(t(isNew ? 'message.addSuccess' : 'message.updateSuccess'));
    void invalidateBridgeQueries(queryClient, 'user.list');
    setSaved(true);
    redirect.current = setTimeout(() => closeSelf(Route.user), Delay.formRedirectMs);
  };
  const onFailed = (error: Error) => {
    if (isBridgeError(error) && error.code === ResponseCode.Conflict) form.setError('username', 'user.usernameTaken');
  };
  const add = useBridgeMutation('user.add', { meta: { silent: true }, onSuccess: onSaved, onError: onFailed });
  const update = useBridgeMutation('user.update', { meta: { silent: true }, onSuccess: onSaved, onError: onFailed });
  const saving = add.isPending || update.isPending;
  const failure = add.error ?? update.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving || saved) return;
    setAttempted(true);
    const fieldsPass = form.validate();
    if (!fieldsPass || Object.keys(problems).length > 0) {
      notify.warning(t('user.fixErrors'));
      return;
    }
    if (record === null) add.mutate(userAddPayload(form.values, roles, authorities));
    else update.mutate(userUpdatePayload(record, form.values, roles, authorities));
  };

  const orgMessage = form.errors.deptId ? fieldMessage(t, form.errors.deptId, t('user.org')) : undefined;
  const statusMessage = form.errors.status ? t(form.errors.status) : undefined;

  return (
    <form className={styles.page} onSubmit={submit} noValidate aria-labelledby="user-form-title" data-testid="user-form">
      <Title3 as="h2" id="user-form-title">
        {record === null ? t('user.addTitle') : t('user.editTitle', { username: record.username })}
      </Title3>

      <section className={styles.section} aria-labelledby="user-form-basic">
        <Subtitle2 as="h3" id="user-form-basic">
          {t('user.basicSection')}
        </Subtitle2>
        <div className={styles.grid}>
          <RuleField form={form} name="username" label={t('user.username')} required maxLength={Limits.usernameMax} autoComplete="off" hint={t('user.usernameHint')} />
          <RuleField form={form} name="name" label={t('user.name')} required maxLength={Limits.personNameMax} autoComplete="off" />
          {isNew ? <RuleField form={form} name="password" label={t('user.password')} type="password" required maxLength={Limits.newPasswordMax} autoComplete="new-password" hint={t('password.ruleHint')} /> : null}
          <Field label={t('user.org')} required validationState={orgMessage ? 'error' : 'none'} validationMessage={orgMessage}>
            <OrgCascader nodes={orgs.nodes} value={deptId} onChange={(id) => form.setValue('deptId', id)} preselectFirst={false} data-testid="field-deptId" />
          </Field>
          <RuleField form={form} name="email" label={t('user.email')} type="email" maxLength={Limits.emailMax} autoComplete="off" />
          <RuleField form={form} name="mobile" label={t('user.mobile')} maxLength={Limits.mobileMax} autoComplete="off" />
          <Field
            label={t('user.status')}
            required
            validationState={statusMessage ? 'error' : 'none'}
            validationMessage={statusMessage}
            hint={isSelf && !statusMessage ? t('user.cannotDisableSelf') : undefined}
          >
            <RadioGroup layout="horizontal" value={String(form.values.status)} onChange={(_event, data) => form.setValue('status', Number(data.value))} data-testid="field-status">
              <Radio value={String(UserStatus.Enabled)} label={t('user.statusEnabled')} />
              <Radio value={String(UserStatus.Disabled)} label={t('user.statusDisabled')} disabled={isSelf} />
            </RadioGroup>
          </Field>
          <Field label={t('user.resetPwdAllowed')} hint={t('user.resetPwdAllowedHint')}>
            <Switch checked={form.values.resetPwdAllowed} onChange={(_event, data) => form.setValue('resetPwdAllowed', data.checked)} data-testid="field-resetPwdAllowed" />
          </Field>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="user-form-roles">
        <Subtitle2 as="h3" id="user-form-roles">
          {t('user.roles')}
        </Subtitle2>
        <Text className={styles.hint}>{t('user.rolesHint')}</Text>
        <RolePicker orgNodes={orgs.nodes} defaultOrgId={deptId} chosen={roles} onChange={setRoles} />
      </section>

      <section className={styles.section} aria-labelledby="user-form-authority">
        <Subtitle2 as="h3" id="user-form-authority">
          {t('user.authoritySection')}
        </Subtitle2>
        <Text className={styles.hint}>{t('user.authorityHint')}</Text>
        <DataAuthorityEditor deptId={deptId} classifications={classifications} drafts={authorities} onChange={setAuthorities} problems={attempted ? problems : {}} newKey={newDraftKey} />
      </section>

      {failure ? (
        <MessageBar intent="error" role="alert" data-testid="user-form-error">
          <MessageBarBody>{errorMessage(failure, t('message.operationFailed'))}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={styles.actions}>
        <PermissionGate
          perm={isNew ? Perm.userSave : Perm.userUpdate}
          fallback={
            <MessageBar intent="info">
              <MessageBarBody>{t('user.readOnly')}</MessageBarBody>
            </MessageBar>
          }
        >
          <Button appearance="primary" type="submit" icon={saving ? <Spinner size="tiny" /> : <Save20Regular />} disabled={saving || saved} data-testid="user-save">
            {t('user.save')}
          </Button>
        </PermissionGate>
        <Button icon={<ArrowLeft20Regular />} onClick={() => closeSelf(Route.user)} disabled={saving} data-testid="user-back">
          {t('user.back')}
        </Button>
      </div>
    </form>
  );
}

/** An existing user: loaded fresh each time the form opens (an old version would be refused on save). */
function UserFormLoader({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { closeSelf } = useShellTab();
  const info = useBridgeQuery('user.info', { userId }, { staleTime: 0, gcTime: 0, meta: { silent: true } });
  if (info.isPending) return <LoadingState label={t('user.loading')} />;
  if (info.isError) {
    return (
      <div className={styles.missing}>
        <ErrorState title={t('user.loadFailed')} error={info.error} onRetry={() => void info.refetch()} />
        <Button icon={<ArrowLeft20Regular />} onClick={() => closeSelf(Route.user)} data-testid="user-back">
          {t('user.back')}
        </Button>
      </div>
    );
  }
  return <UserFormBody record={info.data} />;
}

/** User form (spec 000 §2 /userManage/{userId}): 'null' adds a user, an id edits one; after saving it returns to the list. */
export default function UserForm() {
  const { userId } = useParams<{ userId: string }>();
  const { t } = useTranslation();
  const styles = useStyles();
  const { closeSelf } = useShellTab();
  if (userId === NEW_RECORD_ID) return <UserFormBody record={null} />;
  const id = Number(userId);
  if (!Number.isInteger(id) || id <= 0) {
    return (
      <div className={styles.missing}>
        <EmptyState text={t('user.badAddress')} />
        <Button icon={<ArrowLeft20Regular />} onClick={() => closeSelf(Route.user)} data-testid="user-back">
          {t('user.back')}
        </Button>
      </div>
    );
  }
  return <UserFormLoader key={id} userId={id} />;
}
