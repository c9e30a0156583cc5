import { Badge, Button, Dropdown, Option, makeStyles } from '@fluentui/react-components';
import { BuildingMultiple20Regular, ChevronDown16Regular, ChevronUp16Regular, KeyReset20Regular } from '@fluentui/react-icons';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogWidth, UserStatus } from '../../../shared/constants';
import { user, USER_SORT_COLUMNS, type UserRow } from '../contract';
import { Perm } from '../../../shared/permissions';
import { NEW_RECORD_ID, Route, routeTo } from '../../../shared/routes';
import { useIdentity } from '../../../renderer/components/screen/identity';
import { useConfirm } from '../../../renderer/components/ConfirmDialog';
import { ListTable, type ListColumn } from '../../../renderer/components/list/ListTable';
import { FilterBar, FilterField, FilterTextField, ListActions, ListScreen, OrgFilter } from '../../../renderer/components/list/ListScreen';
import type { RowId } from '../../../renderer/components/list/selection';
import { sortParams } from '../../../renderer/components/list/sorting';
import { pageRows, useListController } from '../../../renderer/components/list/useListController';
import { useNotify } from '../../../renderer/components/notify';
import { PermissionGate, usePermissions } from '../../../renderer/components/permissions';
import { useBridgeMutation, useBridgeQuery } from '../../../renderer/hooks/bridge-query';
import type { MessageKey } from '../../../renderer/i18n/message-key';
import { ChangeOrgDialog } from './ChangeOrgDialog';
import { ShownOnceDialog } from '../../../renderer/components/dialog/ShownOnceDialog';
import { useUserOrgTree } from './queries';
import { singleUserProblem, statusLabelKey } from './user-model';
import { createTimeColumn, createdByColumn } from '../../../renderer/components/list/common-columns';

const useStyles = makeStyles({
  wrap: { whiteSpace: 'normal', wordBreak: 'break-word' },
  passwordDialog: { width: `${DialogWidth.password}px` },
});

/** A reset's new password, shown once with whose it is (spec 000 §6). */
interface ResetOutcome {
  username: string;
  name: string;
  password: string;
}

type StatusFilter = 'all' | typeof UserStatus.Enabled | typeof UserStatus.Disabled;

type UserFilters = {
  name: string;
  username: string;
  status: StatusFilter;
  deptId: number | null;
};

const NO_FILTERS: UserFilters = { name: '', username: '', status: 'all', deptId: null };
const STATUS_CHOICES: readonly StatusFilter[] = ['all', UserStatus.Enabled, UserStatus.Disabled];

function statusChoiceKey(choice: StatusFilter): MessageKey {
  return choice === 'all' ? 'common.all' : statusLabelKey(choice);
}

const userRowId = (row: UserRow) => row.userId;
const userName = (row: UserRow) => row.username;
/** A user as the delete question names them: name and login name. */
const userLabel = (row: UserRow) => `${row.name} (${row.username})`;
const userRoutes = {
  add: routeTo(Route.userManage, { userId: NEW_RECORD_ID }),
  edit: (userId: RowId) => routeTo(Route.userManage, { userId }),
  editRule: singleUserProblem,
  editPerm: Perm.userUpdate,
};

/**
 * User list (spec 000 §2 /user, kept): filters by name, login name, status and organisation (the first
 * organisation preselected), with a basic and an advanced view; add, edit, batch delete, reset password
 * and change of the top organisation, each shown only with its permission.
 */
export default function UserList() {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const confirm = useConfirm();
  const { role } = useIdentity();
  const { has } = usePermissions();
  const orgs = useUserOrgTree(role.roleId);
  const me = useBridgeQuery('session.currentUser', {});
  const firstOrgId = orgs.nodes?.[0]?.id ?? null;

  const list = useListController({
    queryId: 'user.list',
    filters: { initial: { ...NO_FILTERS, deptId: firstOrgId } },
    toInput: (filters, { page, pageSize, sort }) => ({
      page,
      limit: pageSize,
      roleId: role.roleId,
      name: filters.name.trim() || undefined,
      username: filters.username.trim() || undefined,
      status: filters.status === 'all' ? undefined : filters.status,
      deptId: filters.deptId ?? undefined,
      ...sortParams(sort, USER_SORT_COLUMNS),
    }),
    rowsOf: pageRows,
    getRowId: userRowId,
    prerequisites: [orgs.query],
    canLoad: (filters) => orgs.nodes?.length === 0 || filters.deptId !== null,
    routes: userRoutes,
    deleteSelected: {
      endpoint: 'user.delete',
      input: (ids) => ({ userIds: ids.join(',') }),
      refuse: (ids) => (me.data && ids.includes(me.data.userId) ? 'user.deleteSelf' : null),
      itemLabel: userLabel,
      question: { one: 'user.deleteOne', many: 'user.deleteMany' },
    },
  });

  const [advanced, setAdvanced] = useState(false);
  const [changeOrgOf, setChangeOrgOf] = useState<UserRow | null>(null);
  const [resetOutcome, setResetOutcome] = useState<ResetOutcome | null>(null);
  const { mutate: resetPasswordOfUser, isPending: resetting } = useBridgeMutation('user.resetPassword');

  // The basic view hides the login name and status: hidden filters must not keep filtering.
  const toggleAdvanced = () => {
    if (advanced) list.filters.applyNow({ username: '', status: 'all' });
    setAdvanced(!advanced);
  };

  const changeOrgOfSelected = () => {
    const userId = list.requireOne(singleUserProblem);
    const row = list.rows?.find((candidate) => candidate.userId === userId);
    if (row) setChangeOrgOf(row);
  };

  const resetPasswordOf = useCallback(
    async (row: UserRow) => {
      if (!(await confirm({ title: t('user.resetPassword'), message: t('user.resetConfirm', { name: row.name, username: row.username }) }))) return;
      resetPasswordOfUser(
        { userId: row.userId },
        {
          onSuccess: ({ password }) => {
            notify.success(t('message.resetSuccess'));
            setResetOutcome({ username: row.username, name: row.name, password });
          },
        },
      );
    },
    [confirm, notify, resetPasswordOfUser, t],
  );

  const mayResetPasswords = has(Perm.userResetPwd);
  const columns = useMemo<ListColumn<UserRow>[]>(() => {
    const base: ListColumn<UserRow>[] = [
      { key: 'username', kind: 'code', header: t('common.loginName'), render: (row) => row.username, sortKey: 'username' },
      { key: 'name', kind: 'name', header: t('common.personName'), render: (row) => row.name, sortKey: 'name' },
      { key: 'phone', kind: 'code', header: t('user.mobile'), render: (row) => row.phone, sortKey: 'phone' },
      { key: 'email', kind: 'email', header: t('user.email'), render: (row) => <span className={styles.wrap}>{row.email}</span>, sortKey: 'email' },
      { key: 'deptName', kind: 'name', header: t('common.organisation'), render: (row) => row.deptName, sortKey: 'deptName' },
      { key: 'roles', kind: 'text', header: t('identity.roles'), render: (row) => <span className={styles.wrap}>{row.roleIdName}</span> },
      {
        key: 'status',
        kind: 'status',
        header: t('common.status'),
        sortKey: 'status',
        render: (row) => (
          <Badge appearance="tint" color={row.status === UserStatus.Enabled ? 'success' : row.status === UserStatus.Disabled ? 'danger' : 'informative'} data-testid="user-status">
            {t(statusLabelKey(row.status))}
          </Badge>
        ),
      },
      createdByColumn(t('common.createdBy')),
      createTimeColumn(t('common.createTime'), 'createTime'),
    ];
    if (!mayResetPasswords) return base;
    return [
      ...base,
      {
        key: 'operations',
        kind: 'actions',
        header: t('user.operations'),
        // Only users whose flag allows it can have their password reset (spec 000 §6).
        render: (row) =>
          row.resetPwdAllowed ? (
            <Button size="small" appearance="subtle" icon={<KeyReset20Regular />} onClick={() => void resetPasswordOf(row)} disabled={resetting} data-testid="user-reset-password">
              {t('user.resetPassword')}
            </Button>
          ) : null,
      },
    ];
  }, [t, styles, mayResetPasswords, resetPasswordOf, resetting]);

  const { draft } = list.filters;
  return (
    <ListScreen route={Route.user} data-testid="user-list">
      <FilterBar
        label={t('user.filters')}
        filters={list.filters}
        testIdPrefix="filter-"
        after={
          <Button
            appearance="transparent"
            icon={advanced ? <ChevronUp16Regular /> : <ChevronDown16Regular />}
            iconPosition="after"
            aria-expanded={advanced}
            onClick={toggleAdvanced}
            data-testid="filter-toggle"
          >
            {t(advanced ? 'user.basicSearch' : 'user.advancedSearch')}
          </Button>
        }
      >
        <FilterTextField label={t('common.personName')} value={draft.name} placeholder={t('user.namePlaceholder')} onChange={(name) => list.filters.change({ name })} data-testid="filter-name" />
        {advanced ? (
          <>
            <FilterTextField
              label={t('common.loginName')}
              value={draft.username}
              placeholder={t('user.usernamePlaceholder')}
              onChange={(username) => list.filters.change({ username })}
              data-testid="filter-username"
            />
            <FilterField label={t('common.status')}>
              <Dropdown
                value={t(statusChoiceKey(draft.status))}
                selectedOptions={[String(draft.status)]}
                onOptionSelect={(_event, data) => {
                  const choice = STATUS_CHOICES.find((candidate) => String(candidate) === data.optionValue);
                  if (choice !== undefined) list.filters.change({ status: choice });
                }}
                data-testid="filter-status"
              >
                {STATUS_CHOICES.map((choice) => (
                  <Option key={String(choice)} value={String(choice)}>
                    {t(statusChoiceKey(choice))}
                  </Option>
                ))}
              </Dropdown>
            </FilterField>
          </>
        ) : null}
        <OrgFilter label={t('common.organisation')} nodes={orgs.nodes} filters={list.filters} />
      </FilterBar>
      <ListActions list={list} label={t('user.actions')} testIdPrefix="user" endpoints={{ add: user.add, edit: user.update, remove: user.delete }}>
        <PermissionGate perm={Perm.userChangeDept}>
          <Button icon={<BuildingMultiple20Regular />} onClick={changeOrgOfSelected} data-testid="user-change-org">
            {t('user.changeOrg')}
          </Button>
        </PermissionGate>
      </ListActions>
      <ListTable aria-label={t('user.listLabel')} list={list} columns={columns} getRowLabel={userName} emptyText={t('user.empty')} noMatchText={t('user.noMatch')} data-testid="user-table" />
      <ChangeOrgDialog key={changeOrgOf?.userId ?? 'closed'} user={changeOrgOf} roleId={role.roleId} onClose={() => setChangeOrgOf(null)} />
      <ShownOnceDialog
        value={resetOutcome?.password ?? null}
        title={t('password.new')}
        {...(resetOutcome && { intro: t('user.newPasswordFor', { name: resetOutcome.name, username: resetOutcome.username }) })}
        label={t('password.new')}
        copyLabel={t('user.copy')}
        notice={t('user.newPasswordHint')}
        closing="dismissible"
        className={styles.passwordDialog}
        testId="new-password"
        onClose={() => setResetOutcome(null)}
      />
    </ListScreen>
  );
}
