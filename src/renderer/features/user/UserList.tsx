import { Badge, Button, Dropdown, Field, Input, Option, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowReset20Regular, BuildingMultiple20Regular, ChevronDown16Regular, ChevronUp16Regular, KeyReset20Regular, Search20Regular } from '@fluentui/react-icons';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { UserStatus } from '../../../shared/constants';
import type { UserRow } from '../../../shared/contract/user';
import { Perm } from '../../../shared/permissions';
import { NEW_RECORD_ID, Route, routeTo } from '../../../shared/routes';
import { useShellTab } from '../../app/home/shell-tab';
import { useIdentity } from '../../app/identity/IdentityBoundary';
import { useConfirm } from '../../components/ConfirmDialog';
import { ListTable, type ListColumn } from '../../components/list/ListTable';
import { selectionProblem } from '../../components/list/selection';
import { useListState } from '../../components/list/useListState';
import { useNotify } from '../../components/notify';
import { OrgCascader } from '../../components/OrgCascader';
import { CrudActions } from '../../components/CrudActions';
import { PermissionGate, usePermissions } from '../../components/permissions';
import { invalidateBridgeQueries, useBridgeMutation, useBridgeQuery } from '../../hooks/bridge-query';
import { ChangeOrgDialog } from './ChangeOrgDialog';
import { NewPasswordDialog, type ResetOutcome } from './NewPasswordDialog';
import { FILTER_TEXT_MAX, formatDateTime, useUserOrgTree } from './queries';
import { singleUserProblem, statusLabelKey } from './user-model';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL, minWidth: 0 },
  filters: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  filter: { width: '180px' },
  orgFilter: { width: '220px' },
  // A Dropdown is 250px wide by default: here it takes its field's width.
  dropdown: { minWidth: 'auto', width: '100%' },
  wrap: { whiteSpace: 'normal', wordBreak: 'break-word' },
});

type StatusFilter = 'all' | typeof UserStatus.Enabled | typeof UserStatus.Disabled;

interface Filters {
  name: string;
  username: string;
  status: StatusFilter;
  deptId: number | null;
}

const NO_FILTERS: Filters = { name: '', username: '', status: 'all', deptId: null };
const STATUS_CHOICES: readonly StatusFilter[] = ['all', UserStatus.Enabled, UserStatus.Disabled];

function statusChoiceKey(choice: StatusFilter): string {
  return choice === 'all' ? 'user.statusAll' : statusLabelKey(choice);
}

function sameFilters(a: Filters, b: Filters): boolean {
  return a.name === b.name && a.username === b.username && a.status === b.status && a.deptId === b.deptId;
}

/**
 * User list (spec 000 §2 /user, kept): filters by name, login name, status and organisation (the first
 * organisation preselected), with a basic and an advanced view; add, edit, batch delete, reset password
 * and change of the top organisation, each shown only with its permission.
 */
export default function UserList() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const { active } = useShellTab();
  const { role } = useIdentity();
  const { has } = usePermissions();
  const list = useListState();
  const orgs = useUserOrgTree(role.roleId);
  const me = useBridgeQuery('session.currentUser', {});

  const [advanced, setAdvanced] = useState(false);
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [changeOrgOf, setChangeOrgOf] = useState<UserRow | null>(null);
  const [resetOutcome, setResetOutcome] = useState<ResetOutcome | null>(null);

  // The cascader preselects the first organisation; that first choice also applies at once.
  const firstOrgApplied = useRef(false);
  const onOrgChange = useCallback((deptId: number | null) => {
    setDraft((previous) => ({ ...previous, deptId }));
    if (!firstOrgApplied.current && deptId !== null) {
      firstOrgApplied.current = true;
      setFilters((previous) => ({ ...previous, deptId }));
    }
  }, []);
  const firstOrgId = orgs.nodes?.[0]?.id ?? null;
  const ready = orgs.nodes !== undefined && (orgs.nodes.length === 0 || filters.deptId !== null);

  const users = useBridgeQuery(
    'user.list',
    {
      page: list.page,
      limit: list.pageSize,
      roleId: role.roleId,
      name: filters.name.trim() || undefined,
      username: filters.username.trim() || undefined,
      status: filters.status === 'all' ? undefined : filters.status,
      deptId: filters.deptId ?? undefined,
    },
    // staleTime 0: a search, a reset or another page always asks the server again.
    { enabled: ready, staleTime: 0, placeholderData: keepPreviousData, meta: { silent: true } },
  );
  const rows = ready ? users.data?.records : undefined;
  const remove = useBridgeMutation('user.delete');
  const { mutate: resetPasswordOfUser, isPending: resetting } = useBridgeMutation('user.resetPassword');

  // The list reloads when the user comes back to it (from its form or another tab).
  const wasActive = useRef(active);
  useEffect(() => {
    if (active && !wasActive.current) void invalidateBridgeQueries(queryClient, 'user.list');
    wasActive.current = active;
  }, [active, queryClient]);

  const search = (event?: FormEvent) => {
    event?.preventDefault();
    if (sameFilters(draft, filters) && list.page === 1) void users.refetch();
    setFilters(draft);
    list.reset();
  };

  const resetFilters = () => {
    const cleared = { ...NO_FILTERS, deptId: firstOrgId };
    setDraft(cleared);
    setFilters(cleared);
    list.reset();
  };

  // The basic view hides the login name and status: hidden filters must not keep filtering.
  const toggleAdvanced = () => {
    if (advanced) {
      setDraft((previous) => ({ ...previous, username: '', status: 'all' }));
      if (filters.username !== '' || filters.status !== 'all') {
        setFilters((previous) => ({ ...previous, username: '', status: 'all' }));
        list.reset();
      }
    }
    setAdvanced(!advanced);
  };

  const selectedRows = (rows ?? []).filter((row) => list.selected.has(row.userId));

  const editSelected = () => {
    const problem = singleUserProblem(list.selected.size);
    if (problem) return notify.warning(t(problem));
    const [userId] = list.selected;
    navigate(routeTo(Route.userManage, { userId: String(userId) }));
  };

  const deleteSelected = async () => {
    const problem = selectionProblem(list.selected.size, 'atLeastOne');
    if (problem) return notify.warning(t(problem));
    if (me.data && list.selected.has(me.data.userId)) return notify.warning(t('user.deleteSelf'));
    if (!(await confirm({ message: t('message.confirmDelete'), destructive: true }))) return;
    remove.mutate(
      { userIds: [...list.selected].join(',') },
      {
        onSuccess: () => {
          notify.success(t('message.deleteSuccess'));
          list.table.onSelectionChange(new Set());
          void invalidateBridgeQueries(queryClient, 'user.list');
        },
      },
    );
  };

  const changeOrgOfSelected = () => {
    const problem = singleUserProblem(list.selected.size);
    if (problem) return notify.warning(t(problem));
    const [row] = selectedRows;
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
      { key: 'username', header: t('user.username'), render: (row) => row.username, width: '10%' },
      { key: 'name', header: t('user.name'), render: (row) => row.name, width: '10%' },
      { key: 'phone', header: t('user.mobile'), render: (row) => row.phone, width: '10%' },
      { key: 'email', header: t('user.email'), render: (row) => <span className={styles.wrap}>{row.email}</span>, width: '14%' },
      { key: 'deptName', header: t('user.org'), render: (row) => row.deptName, width: '10%' },
      { key: 'roles', header: t('user.roles'), render: (row) => <span className={styles.wrap}>{row.roleIdName}</span>, width: '11%' },
      {
        key: 'status',
        header: t('user.status'),
        width: '7%',
        render: (row) => (
          <Badge appearance="tint" color={row.status === UserStatus.Enabled ? 'success' : row.status === UserStatus.Disabled ? 'danger' : 'informative'} data-testid="user-status">
            {t(statusLabelKey(row.status))}
          </Badge>
        ),
      },
      { key: 'createName', header: t('user.createName'), render: (row) => row.createName, width: '8%' },
      { key: 'createTime', header: t('user.createTime'), render: (row) => formatDateTime(row.createTime), width: '12%' },
    ];
    if (!mayResetPasswords) return base;
    return [
      ...base,
      {
        key: 'operations',
        header: t('user.operations'),
        width: '10%',
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

  const filtered = filters.name.trim() !== '' || filters.username.trim() !== '' || filters.status !== 'all' || filters.deptId !== firstOrgId;

  return (
    <section className={styles.page} data-testid="user-list">
      <form className={styles.filters} role="search" aria-label={t('user.filters')} onSubmit={search} noValidate>
        <Field label={t('user.name')} className={styles.filter}>
          <Input value={draft.name} maxLength={FILTER_TEXT_MAX} placeholder={t('user.namePlaceholder')} onChange={(_event, data) => setDraft((previous) => ({ ...previous, name: data.value }))} data-testid="filter-name" />
        </Field>
        {advanced ? (
          <>
            <Field label={t('user.username')} className={styles.filter}>
              <Input
                value={draft.username}
                maxLength={FILTER_TEXT_MAX}
                placeholder={t('user.usernamePlaceholder')}
                onChange={(_event, data) => setDraft((previous) => ({ ...previous, username: data.value }))}
                data-testid="filter-username"
              />
            </Field>
            <Field label={t('user.status')} className={styles.filter}>
              <Dropdown
                className={styles.dropdown}
                value={t(statusChoiceKey(draft.status))}
                selectedOptions={[String(draft.status)]}
                onOptionSelect={(_event, data) => {
                  const choice = STATUS_CHOICES.find((candidate) => String(candidate) === data.optionValue);
                  if (choice !== undefined) setDraft((previous) => ({ ...previous, status: choice }));
                }}
                data-testid="filter-status"
              >
                {STATUS_CHOICES.map((choice) => (
                  <Option key={String(choice)} value={String(choice)}>
                    {t(statusChoiceKey(choice))}
                  </Option>
                ))}
              </Dropdown>
            </Field>
          </>
        ) : null}
        <Field label={t('user.org')} className={styles.orgFilter}>
          <OrgCascader nodes={orgs.nodes} value={draft.deptId} onChange={onOrgChange} data-testid="filter-org" />
        </Field>
        <Button appearance="primary" type="submit" icon={<Search20Regular />} data-testid="filter-search">
          {t('user.search')}
        </Button>
        <Button icon={<ArrowReset20Regular />} onClick={resetFilters} data-testid="filter-reset">
          {t('user.resetFilters')}
        </Button>
        <Button appearance="transparent" icon={advanced ? <ChevronUp16Regular /> : <ChevronDown16Regular />} iconPosition="after" aria-expanded={advanced} onClick={toggleAdvanced} data-testid="filter-toggle">
          {t(advanced ? 'user.basicSearch' : 'user.advancedSearch')}
        </Button>
      </form>
      <CrudActions
        label={t('user.actions')}
        testIdPrefix="user"
        perms={{ add: Perm.userSave, edit: Perm.userUpdate, remove: Perm.userDelete }}
        onAdd={() => navigate(routeTo(Route.userManage, { userId: NEW_RECORD_ID }))}
        onEdit={editSelected}
        onDelete={() => void deleteSelected()}
        deleting={remove.isPending}
      >
        <PermissionGate perm={Perm.userChangeDept}>
          <Button icon={<BuildingMultiple20Regular />} onClick={changeOrgOfSelected} data-testid="user-change-org">
            {t('user.changeOrg')}
          </Button>
        </PermissionGate>
      </CrudActions>
      <ListTable
        aria-label={t('user.listLabel')}
        columns={columns}
        rows={rows}
        getRowId={(row) => row.userId}
        getRowLabel={(row) => row.username}
        total={users.data?.total ?? 0}
        loading={users.isFetching || orgs.query.isPending}
        error={orgs.query.isError ? orgs.query.error : users.isError ? users.error : undefined}
        onRetry={() => void (orgs.query.isError ? orgs.query.refetch() : users.refetch())}
        emptyText={t(filtered ? 'user.noMatch' : 'user.empty')}
        data-testid="user-table"
        {...list.table}
      />
      <ChangeOrgDialog key={changeOrgOf?.userId ?? 'closed'} user={changeOrgOf} roleId={role.roleId} onClose={() => setChangeOrgOf(null)} />
      <NewPasswordDialog outcome={resetOutcome} onClose={() => setResetOutcome(null)} />
    </section>
  );
}
