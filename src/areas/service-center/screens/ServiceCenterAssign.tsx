import { Button, Spinner, Subtitle1, Subtitle2, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowClockwise20Regular, ArrowLeft20Regular, Save20Regular } from '@fluentui/react-icons';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import type { CallOutput } from '../../../shared/bridge';
import { Perm } from '../../../shared/permissions';
import { Route } from '../../../shared/routes';
import { useUnsavedGuard } from '../../../renderer/components/form/unsaved-changes';
import { useReturnAfterSave } from '../../../renderer/components/form/useRecordForm';
import { ListTable, fixedRows, type ListColumn } from '../../../renderer/components/list/ListTable';
import { FilterBar, ListScreen } from '../../../renderer/components/list/ListScreen';
import { pageRows, useListController } from '../../../renderer/components/list/useListController';
import { useNotify } from '../../../renderer/components/notify';
import { PermissionGate } from '../../../renderer/components/permissions';
import { EmptyState, ErrorState } from '../../../renderer/components/states';
import { CheckTree } from '../../../renderer/components/tree/CheckTree';
import { checkedFromLeaves, toCheckNodes } from '../../../renderer/components/tree/check-tree';
import { ORG_TREE } from '../../../renderer/components/tree/tree-accessors';
import { useBridgeMutation, useBridgeQuery } from '../../../renderer/hooks/bridge-query';
import { accountPageInput, assignProblem, checkedLeafIds, parseAssignAddress } from './binding';
import { AccountNameFields, type AccountName } from './AccountNameFields';
import { invalidateBindingQueries } from './queries';

const useStyles = makeStyles({
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
  tree: { maxHeight: '500px', overflowY: 'auto' },
  // The save button sits below the tree (spec 001: business-centre assignment).
  saveRow: { display: 'flex', justifyContent: 'flex-end', paddingTop: tokens.spacingVerticalS, borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
});

interface UserEntry {
  userId: number;
  account: string;
  name: string;
}

const NO_CHECKS: ReadonlySet<number> = new Set();
const NO_FILTERS: AccountName = { account: '', name: '' };
const userRowId = (row: UserEntry) => row.userId;
const userAccount = (row: UserEntry) => row.account;

function useUserColumns(): ListColumn<UserEntry>[] {
  const { t } = useTranslation();
  return useMemo(
    () => [
      { key: 'account', kind: 'number', header: t('serviceCenter.account'), render: (row: UserEntry) => row.account, sortKey: 'account' },
      { key: 'name', kind: 'name', header: t('common.personName'), render: (row: UserEntry) => row.name, sortKey: 'name' },
    ],
    [t],
  );
}

/** After a save: the success message, the list and the other binding queries refreshed, then back to the list. */
function useReturnToList() {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { returning, startReturn } = useReturnAfterSave(Route.serviceCenter);
  const finish = (messageKey: 'message.addSuccess' | 'message.updateSuccess') => {
    notify.success(t(messageKey));
    void invalidateBindingQueries(queryClient);
    startReturn();
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

/** The business-centre tree with checkboxes and a search; `checked` is the fully checked set. The save button comes below it. */
function CentrePanel({
  tree,
  checked,
  onCheckedChange,
  waiting,
  disabled,
  save,
}: {
  tree: UseQueryResult<CallOutput<'serviceCenter.tree'>>;
  checked: ReadonlySet<number>;
  onCheckedChange: (checked: ReadonlySet<number>) => void;
  /** Another load the checks depend on (the user's saved binding). */
  waiting: boolean;
  disabled: boolean;
  save: ReactNode;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const leafCount = tree.data ? checkedLeafIds(tree.data, checked).length : 0;
  return (
    <Panel
      title={t('serviceCenter.centres')}
      aside={
        <Text className={styles.chosen} data-testid="chosen-centres">
          {t('serviceCenter.chosenCentres', { count: leafCount })}
        </Text>
      }
      testId="centre-panel"
    >
      {tree.data && tree.data.length === 0 ? (
        <EmptyState text={t('serviceCenter.noCentres')} />
      ) : (
        <div className={styles.tree}>
          <CheckTree
            aria-label={t('serviceCenter.centres')}
            nodes={tree.data}
            {...ORG_TREE}
            checked={checked}
            onCheckedChange={(change) => onCheckedChange(change.checked)}
            loading={tree.isPending || waiting}
            error={tree.isError ? tree.error : undefined}
            onRetry={() => void tree.refetch()}
            disabled={disabled}
            searchable
            data-testid="centre-tree"
          />
        </div>
      )}
      <div className={styles.saveRow}>{save}</div>
    </Panel>
  );
}

/** The save button of the assignment, for a role that may save. */
function SaveButton({ onSave, saving, returning, savePerm }: { onSave: () => void; saving: boolean; returning: boolean; savePerm: typeof Perm.serviceCenterSave | typeof Perm.serviceCenterUpdate }) {
  const { t } = useTranslation();
  return (
    <PermissionGate perm={savePerm}>
      <Button appearance="primary" icon={saving ? <Spinner size="tiny" /> : <Save20Regular />} disabled={saving || returning} onClick={onSave} data-testid="assign-save">
        {t('form.save')}
      </Button>
    </PermissionGate>
  );
}

/** The title with the way back (which asks before dropping what was chosen), the users on the left and the centres on the right. */
function AssignLayout({ title, users, centres, unsaved }: { title: string; users: ReactNode; centres: ReactNode; unsaved: boolean }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const back = useUnsavedGuard(unsaved, Route.serviceCenter);
  return (
    <ListScreen data-testid="service-center-assign">
      <div className={styles.header}>
        <Subtitle1 as="h2" className={styles.title}>
          {title}
        </Subtitle1>
        <Button icon={<ArrowLeft20Regular />} onClick={back} data-testid="assign-back">
          {t('form.backToList')}
        </Button>
      </div>
      <div className={styles.panels}>
        {users}
        {centres}
      </div>
    </ListScreen>
  );
}

/** Add mode: unbound users (searched, paged, several may be ticked) bound to the checked centres. */
function AddBinding() {
  const { t } = useTranslation();
  const notify = useNotify();
  const columns = useUserColumns();
  const picker = useListController({ queryId: 'serviceCenter.unboundUsers', filters: { initial: NO_FILTERS }, toInput: accountPageInput, rowsOf: pageRows, getRowId: userRowId });
  const [checked, setChecked] = useState<ReadonlySet<number>>(NO_CHECKS);
  const tree = useBridgeQuery('serviceCenter.tree', {}, { meta: { silent: true } });
  const save = useBridgeMutation('serviceCenter.save');
  const { returning, finish } = useReturnToList();

  const onSave = () => {
    const leaves = tree.data ? checkedLeafIds(tree.data, checked) : [];
    const problem = assignProblem('add', picker.selected.size, leaves.length);
    if (problem) return notify.warning(t(problem));
    save.mutate({ userIds: [...picker.selected].join(','), deptIds: leaves.join(',') }, { onSuccess: () => finish('message.addSuccess') });
  };

  return (
    <AssignLayout
      title={t('serviceCenter.addTitle')}
      unsaved={!returning && (picker.selected.size > 0 || checked.size > 0)}
      users={
        <Panel title={t('serviceCenter.unboundUsers')} testId="user-panel">
          <FilterBar
            label={t('serviceCenter.filters')}
            filters={picker.filters}
            testIdPrefix="user-"
            compact
            after={
              <Button icon={<ArrowClockwise20Regular />} onClick={picker.reload} disabled={picker.loading} data-testid="user-refresh">
                {t('list.refresh')}
              </Button>
            }
          >
            <AccountNameFields value={picker.filters.draft} onChange={picker.filters.change} testIdPrefix="user-filter-" />
          </FilterBar>
          <ListTable
            aria-label={t('serviceCenter.unboundUsers')}
            list={picker}
            columns={columns}
            getRowLabel={userAccount}
            emptyText={t('serviceCenter.noUnboundUsers')}
            noMatchText={t('serviceCenter.noMatchingUsers')}
            data-testid="user-list"
          />
        </Panel>
      }
      centres={
        <CentrePanel
          tree={tree}
          checked={checked}
          onCheckedChange={setChecked}
          waiting={false}
          disabled={returning}
          save={<SaveButton savePerm={Perm.serviceCenterSave} onSave={onSave} saving={save.isPending} returning={returning} />}
        />
      }
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

  const saved = useMemo(() => (tree.data && binding.data ? checkedFromLeaves(toCheckNodes(tree.data, ORG_TREE), binding.data.deptIds) : NO_CHECKS), [tree.data, binding.data]);
  const checked = edited ?? saved;
  const changed = edited !== null && (edited.size !== saved.size || [...edited].some((id) => !saved.has(id)));
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
      unsaved={!returning && changed}
      users={
        <Panel title={t('serviceCenter.operatingUser')} testId="user-panel">
          <ListTable
            aria-label={t('serviceCenter.operatingUser')}
            list={fixedRows({
              rows: user ? [user] : binding.isError ? [] : undefined,
              getRowId: userRowId,
              loading: binding.isFetching,
              error: binding.isError ? binding.error : undefined,
              reload: () => void binding.refetch(),
            })}
            columns={columns}
            getRowLabel={userAccount}
            pageSizeOptions={null}
            data-testid="user-list"
          />
        </Panel>
      }
      centres={
        <CentrePanel
          tree={tree}
          checked={checked}
          onCheckedChange={setEdited}
          waiting={binding.isPending}
          disabled={returning || !binding.isSuccess}
          save={<SaveButton savePerm={Perm.serviceCenterUpdate} onSave={onSave} saving={save.isPending} returning={returning || !binding.isSuccess} />}
        />
      }
    />
  );
}

/**
 * Service-centre assignment (spec 000 §2 /serviceCenterManage/{userId}?type=add|update): users on the
 * left, the business-centre tree with checkboxes on the right.
 */
export default function ServiceCenterAssign() {
  const { t } = useTranslation();
  const { userId } = useParams();
  const [searchParams] = useSearchParams();
  const address = parseAssignAddress(userId, searchParams.get('type'));

  if (address.kind === 'invalid') {
    return (
      <ListScreen data-testid="service-center-assign">
        <ErrorState title={t(address.messageKey, { value: address.value })} />
      </ListScreen>
    );
  }
  return address.kind === 'add' ? <AddBinding /> : <UpdateBinding key={address.userId} userId={address.userId} />;
}
