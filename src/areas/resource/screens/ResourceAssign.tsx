import { Button, Spinner, Subtitle2, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Route } from '../../../shared/routes';
import { PageFrame } from '../../../renderer/components/page/PageFrame';
import { ArrowClockwise20Regular, Save20Regular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceLoss, ResourceSaveForm } from '../contract';
import { Perm } from '../../../shared/permissions';
import { useIdentity } from '../../../renderer/components/screen/identity';
import { useTabReturn } from '../../../renderer/components/screen/shell-tab';
import { useConfirm } from '../../../renderer/components/ConfirmDialog';
import { MenuCheckTree, grantChanges } from '../../../renderer/components/MenuCheckTree';
import { useNotify } from '../../../renderer/components/notify';
import { PermissionGate } from '../../../renderer/components/permissions';
import { EmptyState, ErrorState, LoadingState } from '../../../renderer/components/states';
import { resourceMenusToSend } from './resource-model';
import { invalidateBridgeQueries, useBridgeMutation, useBridgeQuery } from '../../../renderer/hooks/bridge-query';

const useStyles = makeStyles({
  screen: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL, minWidth: 0 },
  hint: { color: tokens.colorNeutralForeground3 },
  columns: { display: 'grid', gridTemplateColumns: 'minmax(200px, 1fr) minmax(180px, 1fr) minmax(280px, 2fr)', gap: tokens.spacingHorizontalL, minHeight: 0 },
  column: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    maxHeight: '500px',
    overflowY: 'auto',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingHorizontalS,
  },
  choice: { justifyContent: 'flex-start', textAlign: 'left' },
  chosen: { backgroundColor: tokens.colorBrandBackground2 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

/** The confirmation's list of what each role loses. */
function lossText(loss: ResourceLoss, line: (entry: ResourceLoss['roles'][number]) => string): string {
  return loss.roles.map(line).join('; ');
}

/**
 * Resource assignment (spec 001 §2 /resource, kept; §4): organisations, the current role's systems and the
 * chosen system's menu tree, and a save button. Choosing an organisation clears the system and menus and
 * loads its saved resources; choosing a system loads its tree with the saved menus checked; saving resets
 * the choices. Menus taken from roles are listed for confirmation before anything is saved.
 */
export default function ResourceAssign() {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const { role } = useIdentity();
  const [deptId, setDeptId] = useState<number | null>(null);
  const [sysId, setSysId] = useState<number | null>(null);
  // The granted menus once the tree was touched; null while untouched (exactly the saved ones then).
  const [touched, setTouched] = useState<number[] | null>(null);

  const depts = useBridgeQuery('resource.depts', { roleId: role.roleId }, { staleTime: 0 });
  // The tab is kept open: coming back to it lists organisations added meanwhile (what is ticked stays).
  useTabReturn(() => void depts.refetch());
  const systems = useBridgeQuery('menu.appsByRole', { roleId: role.roleId });
  const saved = useBridgeQuery('resource.byDept', { deptId: deptId ?? 0 }, { enabled: deptId !== null, staleTime: 0 });
  const tree = useBridgeQuery('resource.tree', { deptId: deptId ?? 0, sysId: sysId ?? 0 }, { enabled: deptId !== null && sysId !== null, staleTime: 0 });
  const savedOfSystem = useMemo(() => saved.data?.sysIdList.find((entry) => entry.sysId === sysId)?.menuIdList ?? [], [saved.data, sysId]);
  const checked = useMemo(() => new Set(touched ?? savedOfSystem), [touched, savedOfSystem]);

  const preview = useBridgeMutation('resource.preview');
  const save = useBridgeMutation('resource.save');
  const busy = preview.isPending || save.isPending;

  const chooseDept = (id: number) => {
    setDeptId(id);
    setSysId(null);
    setTouched(null);
  };
  const chooseSystem = (id: number) => {
    setSysId(id);
    setTouched(null);
  };

  const afterSave = (before: readonly number[], sent: readonly number[]) => {
    const change = grantChanges(before, sent);
    const detail = change.added + change.removed > 0 ? t('tree.grantChanges', change) : t('tree.grantsUnchanged');
    notify.success(t('message.savedWithDetail', { text: t('message.saveSuccess'), detail }));
    setDeptId(null);
    setSysId(null);
    setTouched(null);
    void Promise.all([invalidateBridgeQueries(queryClient, 'resource.byDept'), invalidateBridgeQueries(queryClient, 'resource.tree'), invalidateBridgeQueries(queryClient, 'role.grantableMenus')]);
  };

  const submit = async () => {
    if (deptId === null || sysId === null || !saved.data || !tree.data) {
      notify.warning(t('resource.selectResources'));
      return;
    }
    const sent = resourceMenusToSend(tree.data, checked);
    const form: ResourceSaveForm = { deptId, stamp: saved.data.stamp, sysIdList: [{ sysId, menuIdList: sent }] };
    // Menus of the system the tree does not show stay on the server; the change is of those shown.
    const before = resourceMenusToSend(tree.data, savedOfSystem);
    const loss = await preview.mutateAsync(form).catch(() => null);
    if (!loss) return;
    if (loss.roles.length > 0) {
      const roles = lossText(loss, (entry) => t('resource.confirmRole', { role: entry.roleName, dept: entry.deptName, menus: entry.menus.map((menu) => menu.name).join(', ') }));
      const agreed = await confirm({ title: t('resource.confirmTitle'), message: t('resource.confirmMessage', { roles }), confirmLabel: t('resource.confirm'), destructive: true });
      if (!agreed) return;
    }
    save.mutate({ ...form, confirmRemovals: loss.roles.length > 0 }, { onSuccess: () => afterSave(before, sent), onError: () => void saved.refetch() });
  };

  const refresh = () => {
    setTouched(null);
    void Promise.all([depts.refetch(), systems.refetch(), ...(deptId !== null ? [saved.refetch()] : []), ...(deptId !== null && sysId !== null ? [tree.refetch()] : [])]);
  };

  const column = (title: string, testId: string, content: ReactNode) => (
    <section className={styles.column} aria-label={title} data-testid={testId}>
      <Subtitle2 as="h3">{title}</Subtitle2>
      {content}
    </section>
  );

  let deptList;
  if (depts.isError) deptList = <ErrorState title={t('resource.loadFailed')} error={depts.error} onRetry={() => void depts.refetch()} />;
  else if (!depts.data) deptList = <LoadingState />;
  else if (depts.data.length === 0) deptList = <EmptyState text={t('resource.noOrgs')} />;
  else
    deptList = depts.data.map((dept) => (
      <Button
        key={dept.deptId}
        appearance="subtle"
        className={mergeClasses(styles.choice, dept.deptId === deptId && styles.chosen)}
        style={{ paddingLeft: `${8 + dept.depth * 16}px` }}
        aria-pressed={dept.deptId === deptId}
        onClick={() => chooseDept(dept.deptId)}
        data-testid="resource-org"
      >
        {dept.name}
      </Button>
    ));

  let systemList;
  if (deptId === null) systemList = <Text className={styles.hint}>{t('resource.chooseOrg')}</Text>;
  else if (systems.isError) systemList = <ErrorState title={t('resource.loadFailed')} error={systems.error} onRetry={() => void systems.refetch()} />;
  else if (!systems.data || !saved.data) systemList = <LoadingState />;
  else if (systems.data.length === 0) systemList = <EmptyState text={t('resource.noSystems')} />;
  else
    systemList = systems.data.map((system) => (
      <Button
        key={system.menuId}
        appearance="subtle"
        className={mergeClasses(styles.choice, system.menuId === sysId && styles.chosen)}
        aria-pressed={system.menuId === sysId}
        onClick={() => chooseSystem(system.menuId)}
        data-testid="resource-system"
      >
        {system.appName}
      </Button>
    ));

  const menuTree =
    deptId === null || sysId === null ? (
      <Text className={styles.hint}>{t(deptId === null ? 'resource.chooseOrg' : 'resource.chooseSystem')}</Text>
    ) : (
      <MenuCheckTree
        aria-label={t('resource.menus')}
        nodes={tree.data}
        checked={checked}
        onCheckedChange={(change) => setTouched([...change.checked])}
        loading={tree.isPending || saved.isPending}
        error={tree.isError ? tree.error : undefined}
        onRetry={() => void tree.refetch()}
        emptyText={t('resource.noMenus')}
        disabled={busy}
        data-testid="resource-menu-tree"
      />
    );

  return (
    <PageFrame route={Route.resource} className={styles.screen} data-testid="resource-screen">
      <Text className={styles.hint}>{t('resource.hint')}</Text>
      <div className={styles.columns}>
        {column(t('resource.orgs'), 'resource-orgs', deptList)}
        {column(t('identity.systems'), 'resource-systems', systemList)}
        {column(t('resource.menus'), 'resource-menus', menuTree)}
      </div>
      <div className={styles.actions}>
        <PermissionGate perm={Perm.resourceSave}>
          <Button appearance="primary" icon={busy ? <Spinner size="tiny" /> : <Save20Regular />} disabled={busy} onClick={() => void submit()} data-testid="resource-save">
            {t('form.save')}
          </Button>
        </PermissionGate>
        <Button icon={<ArrowClockwise20Regular />} disabled={busy || depts.isFetching} onClick={refresh} data-testid="resource-refresh">
          {t('list.refresh')}
        </Button>
      </div>
    </PageFrame>
  );
}
