import { Button, Spinner, Subtitle1, Subtitle2, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeft20Regular, ArrowReset20Regular, Save20Regular, Search20Regular } from '@fluentui/react-icons';
import { keepPreviousData, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { Delay } from '../../../shared/constants';
import type { CallOutput } from '../../../shared/bridge';
import { Perm } from '../../../shared/permissions';
import { Route } from '../../../shared/routes';
import { useShellTab } from '../../app/home/shell-tab';
import { ListTable, type ListColumn } from '../../components/list/ListTable';
import { useListState } from '../../components/list/useListState';
import { MenuCheckTree, menuCheckedFromSaved } from '../../components/MenuCheckTree';
import { useNotify } from '../../components/notify';
import { PermissionGate } from '../../components/permissions';
import { EmptyState, ErrorState } from '../../components/states';
import { useBridgeMutation, useBridgeQuery } from '../../hooks/bridge-query';
import { assignProblem, centreCheckNodes, checkedLeafIds, parseAssignAddress } from './binding';
import { AccountNameFields } from './AccountNameFields';
import { invalidateBindingQueries } from './queries';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL, minWidth: 0 },
  header: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  title: { marginRight: 'auto' },
  panels: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))', gap: tokens.spacingHorizontalL, alignItems: 'start' },
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    minWidth: 0,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  panelHead: { display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  chosen: { color: tokens.colorNeutralForeground3 },
  filters: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalS },
  // Fluent's inputs bring their own minimum widths: the field decides.
  filter: { width: '160px', '& .fui-Input': { width: '100%', minWidth: 0, boxSizing: 'border-box' } },
  tree: { maxHeight: '500px', overflowY: 'auto' },
});

interface UserEntry {
  userId: number;
  account: string;
  name: string;
}

const NO_CHECKS: ReadonlySet<number> = new Set();
const STAY_ON_PAGE = () => undefined;

function useUserColumns(): ListColumn<UserEntry>[] {
  const { t } = useTranslation();
  return useMemo(
    () => [
      { key: 'account', header: t('serviceCenter.account'), render: (row: UserEntry) => row.account },
      { key: 'name', header: t('serviceCenter.name'), render: (row: UserEntry) => row.name },
    ],
    [t],
  );
}

/**
 * After a save: the success message, the list and the other binding queries refreshed, and back to the
 * list after `Delay.formRedirectMs` (spec 000 §4, §9).
 */
function useReturnToList() {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { closeSelf } = useShellTab();
  const [returning, setReturning] = useState(false);
  useEffect(() => {
    if (!returning) return;
    const timer = setTimeout(() => closeSelf(Route.serviceCenter), Delay.formRedirectMs);
    return () => clearTimeout(timer);
  }, [returning, closeSelf]);
  const finish = (messageKey: 'message.addSuccess' | 'message.updateSuccess') => {
    notify.success(t(messageKey));
    void invalidateBindingQueries(queryClient);
    setReturning(true);
  };
  return { returning, finish };
}

function Panel({ title, aside, children, testId }: { title: string; aside?: ReactNode; children: ReactNode; testId: string }) {
  const styles = useStyles();
  return (
    <section className={styles.panel} aria-label={title} data-testid={testId}>
      <div className={styles.panelHead}>
        <Subtitle2 as="h3">{title}</Subtitle2>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** The business-centre tree with checkboxes; `checked` is the fully checked set. */
function CentrePanel({ tree, checked, onCheckedChange, waiting, disabled }: {
  tree: UseQueryResult<CallOutput<'serviceCenter.tree'>>;
  checked: ReadonlySet<number>;
  onCheckedChange: (checked: ReadonlySet<number>) => void;
  /** Another load the checks depend on (the user's saved binding). */
  waiting: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const nodes = useMemo(() => (tree.data ? centreCheckNodes(tree.data) : undefined), [tree.data]);
  const leafCount = tree.data ? checkedLeafIds(tree.data, checked).length : 0;
  return (
    <Panel title={t('serviceCenter.centres')} aside={<Text className={styles.chosen} data-testid="chosen-centres">{t('serviceCenter.chosenCentres', { count: leafCount })}</Text>} testId="centre-panel">
      {nodes && nodes.length === 0 ? (
        <EmptyState text={t('serviceCenter.noCentres')} />
      ) : (
        <div className={styles.tree}>
          <MenuCheckTree
            aria-label={t('serviceCenter.centres')}
            nodes={nodes}
            checked={checked}
            onCheckedChange={(change) => onCheckedChange(change.checked)}
            loading={tree.isPending || waiting}
            error={tree.isError ? tree.error : undefined}
            onRetry={() => void tree.refetch()}
            disabled={disabled}
            data-testid="centre-tree"
          />
        </div>
      )}
    </Panel>
  );
}

function AssignLayout({ title, users, centres, onSave, saving, returning, savePerm }: {
  title: string;
  users: ReactNode;
  centres: ReactNode;
  onSave: () => void;
  saving: boolean;
  returning: boolean;
  savePerm: typeof Perm.serviceCenterSave | typeof Perm.serviceCenterUpdate;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { closeSelf } = useShellTab();
  return (
    <section className={styles.page} data-testid="service-center-assign">
      <div className={styles.header}>
        <Subtitle1 as="h2" className={styles.title}>
          {title}
        </Subtitle1>
        <Button icon={<ArrowLeft20Regular />} onClick={() => closeSelf(Route.serviceCenter)} data-testid="assign-back">
          {t('serviceCenter.back')}
        </Button>
        <PermissionGate perm={savePerm}>
          <Button appearance="primary" icon={saving ? <Spinner size="tiny" /> : <Save20Regular />} disabled={saving || returning} onClick={onSave} data-testid="assign-save">
            {t('serviceCenter.save')}
          </Button>
        </PermissionGate>
      </div>
      <div className={styles.panels}>
        {users}
        {centres}
      </div>
    </section>
  );
}

/** Add mode: unbound users (searched, paged, several may be ticked) bound to the checked centres. */
function AddBinding() {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const columns = useUserColumns();
  const picker = useListState();
  const [draft, setDraft] = useState({ account: '', name: '' });
  const [filters, setFilters] = useState(draft);
  const [checked, setChecked] = useState<ReadonlySet<number>>(NO_CHECKS);
  const tree = useBridgeQuery('serviceCenter.tree', {}, { meta: { silent: true } });
  const users = useBridgeQuery(
    'serviceCenter.unboundUsers',
    { pageNum: picker.page, pageSize: picker.pageSize, account: filters.account, name: filters.name },
    { placeholderData: keepPreviousData, meta: { silent: true } },
  );
  const save = useBridgeMutation('serviceCenter.save');
  const { returning, finish } = useReturnToList();

  const search = () => {
    setFilters(draft);
    picker.reset();
  };
  const resetFilters = () => {
    const cleared = { account: '', name: '' };
    setDraft(cleared);
    setFilters(cleared);
    picker.reset();
  };
  const filtered = filters.account.trim() !== '' || filters.name.trim() !== '';

  const onSave = () => {
    const leaves = tree.data ? checkedLeafIds(tree.data, checked) : [];
    const problem = assignProblem('add', picker.selected.size, leaves.length);
    if (problem) return notify.warning(t(problem));
    save.mutate({ userIds: [...picker.selected].join(','), deptIds: leaves.join(',') }, { onSuccess: () => finish('message.addSuccess') });
  };

  return (
    <AssignLayout
      title={t('serviceCenter.addTitle')}
      savePerm={Perm.serviceCenterSave}
      onSave={onSave}
      saving={save.isPending}
      returning={returning}
      users={
        <Panel title={t('serviceCenter.unboundUsers')} testId="user-panel">
          <div className={styles.filters} role="search" aria-label={t('serviceCenter.filters')}>
            <AccountNameFields value={draft} onChange={(patch) => setDraft((previous) => ({ ...previous, ...patch }))} onSearch={search} fieldClassName={styles.filter} testIdPrefix="user-filter-" />
            <Button appearance="primary" icon={<Search20Regular />} onClick={search} data-testid="user-search">
              {t('serviceCenter.search')}
            </Button>
            <Button icon={<ArrowReset20Regular />} onClick={resetFilters} data-testid="user-reset">
              {t('serviceCenter.reset')}
            </Button>
          </div>
          <ListTable
            aria-label={t('serviceCenter.unboundUsers')}
            columns={columns}
            rows={users.data?.records}
            getRowId={(row) => row.userId}
            getRowLabel={(row) => row.account}
            total={users.data?.total ?? 0}
            loading={users.isFetching}
            error={users.isError ? users.error : undefined}
            onRetry={() => void users.refetch()}
            emptyText={t(filtered ? 'serviceCenter.noMatchingUsers' : 'serviceCenter.noUnboundUsers')}
            data-testid="user-list"
            {...picker.table}
          />
        </Panel>
      }
      centres={<CentrePanel tree={tree} checked={checked} onCheckedChange={setChecked} waiting={false} disabled={returning} />}
    />
  );
}

/** Update mode: the one user, with the centres they are bound to checked. */
function UpdateBinding({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const columns = useUserColumns();
  const tree = useBridgeQuery('serviceCenter.tree', {}, { meta: { silent: true } });
  const binding = useBridgeQuery('serviceCenter.binding', { userId }, { meta: { silent: true } });
  const [edited, setEdited] = useState<ReadonlySet<number> | null>(null);
  const save = useBridgeMutation('serviceCenter.update');
  const { returning, finish } = useReturnToList();

  const saved = useMemo(() => (tree.data && binding.data ? menuCheckedFromSaved(centreCheckNodes(tree.data), binding.data.deptIds) : NO_CHECKS), [tree.data, binding.data]);
  const checked = edited ?? saved;
  const user: UserEntry | undefined = binding.data ? { userId: binding.data.userId, account: binding.data.account, name: binding.data.name } : undefined;

  const onSave = () => {
    if (!binding.data || !tree.data) return;
    const leaves = checkedLeafIds(tree.data, checked);
    const problem = assignProblem('update', 1, leaves.length);
    if (problem) return notify.warning(t(problem));
    save.mutate({ userIds: [userId], deptIds: leaves.join(',') }, { onSuccess: () => finish('message.updateSuccess') });
  };

  return (
    <AssignLayout
      title={t('serviceCenter.updateTitle')}
      savePerm={Perm.serviceCenterUpdate}
      onSave={onSave}
      saving={save.isPending}
      returning={returning || !binding.isSuccess}
      users={
        <Panel title={t('serviceCenter.operatingUser')} testId="user-panel">
          <ListTable
            aria-label={t('serviceCenter.operatingUser')}
            columns={columns}
            rows={user ? [user] : binding.isError ? [] : undefined}
            getRowId={(row) => row.userId}
            getRowLabel={(row) => row.account}
            total={user ? 1 : 0}
            page={1}
            pageSize={1}
            onPageChange={STAY_ON_PAGE}
            pageSizeOptions={null}
            selectionMode="none"
            loading={binding.isFetching}
            error={binding.isError ? binding.error : undefined}
            onRetry={() => void binding.refetch()}
            data-testid="user-list"
          />
        </Panel>
      }
      centres={<CentrePanel tree={tree} checked={checked} onCheckedChange={setEdited} waiting={binding.isPending} disabled={returning || !binding.isSuccess} />}
    />
  );
}

/**
 * Service-centre assignment (spec 000 §2 /serviceCenterManage/{userId}?type=add|update): users on the
 * left, the business-centre tree with checkboxes on the right.
 */
export default function ServiceCenterAssign() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { userId } = useParams();
  const [searchParams] = useSearchParams();
  const address = parseAssignAddress(userId, searchParams.get('type'));

  if (address.kind === 'invalid') {
    return (
      <section className={styles.page} data-testid="service-center-assign">
        <ErrorState title={t(address.messageKey, { value: address.value })} />
      </section>
    );
  }
  return address.kind === 'add' ? <AddBinding /> : <UpdateBinding key={address.userId} userId={address.userId} />;
}
