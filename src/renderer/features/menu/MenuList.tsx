import { Badge, Button, Checkbox, Dropdown, Field, Option, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowClockwise20Regular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { MenuStatus, MenuType } from '../../../shared/constants';
import type { MenuNode } from '../../../shared/contract/menu';
import { Perm } from '../../../shared/permissions';
import { NEW_RECORD_ID, Route, routeTo } from '../../../shared/routes';
import { useShellTab } from '../../app/home/shell-tab';
import { useConfirm } from '../../components/ConfirmDialog';
import { selectionProblem } from '../../components/list/selection';
import type { ListColumn } from '../../components/list/ListTable';
import { useNotify } from '../../components/notify';
import { CrudActions } from '../../components/CrudActions';
import { TreeTable } from '../../components/tree/TreeTable';
import { useBridgeMutation, useBridgeQuery } from '../../hooks/bridge-query';
import { MENU_STATUSES, linkTargetKey, menuStatusKey, menuTypeKey } from './labels';
import type { MenuStatusValue } from './menu-form';
import { invalidateMenuQueries } from './menu-queries';
import { menuIdsOf } from './menu-tree';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL, minWidth: 0 },
  filters: { display: 'flex', alignItems: 'flex-end', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  statusFilter: { minWidth: '160px' },
  selectedCount: { marginLeft: 'auto', color: tokens.colorNeutralForeground2 },
  name: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  code: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, wordBreak: 'break-all' },
});

const ALL_STATUSES = 'all';
/** Systems, their groups and pages show at first; buttons stay folded under their pages. */
const OPEN_DEPTH = 2;
const TYPE_BADGE = { [MenuType.System]: 'brand', [MenuType.Menu]: 'informative', [MenuType.Button]: 'subtle' } as const;

const menuRowId = (node: MenuNode) => node.menuId;
const menuChildren = (node: MenuNode) => node.children;
const menuName = (node: MenuNode) => node.name;

/**
 * Menu management (spec 000 §2 /menu, kept): the tree of systems, menus and buttons the role manages, a
 * status filter, and add, edit and delete, each behind its permission key. Rows are chosen with their
 * checkboxes: edit takes exactly one, delete any number, sent comma-joined.
 */
export default function MenuList() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const { active } = useShellTab();

  const [status, setStatus] = useState<MenuStatusValue | null>(null);
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const menus = useBridgeQuery('menu.list', status === null ? {} : { status }, { meta: { silent: true } });
  const remove = useBridgeMutation('menu.delete');

  // The list is kept while other tabs are open: coming back to it (from its form, say) reloads it.
  const wasActive = useRef(active);
  const { refetch, isFetching } = menus;
  useEffect(() => {
    if (active && !wasActive.current && !isFetching) void refetch();
    wasActive.current = active;
  }, [active, isFetching, refetch]);

  // Only rows that still exist count as chosen (another tab may have deleted some).
  const present = useMemo(() => menuIdsOf(menus.data ?? []), [menus.data]);
  const selected = useMemo(() => [...checked].filter((id) => present.has(id)), [checked, present]);

  const toggle = (menuId: number) => {
    const next = new Set(checked);
    if (next.has(menuId)) next.delete(menuId);
    else next.add(menuId);
    setChecked(next);
  };

  const changeStatus = (value: string | undefined) => {
    setStatus(value === undefined || value === ALL_STATUSES ? null : (Number(value) as MenuStatusValue));
    setChecked(new Set());
  };

  const add = () => navigate(routeTo(Route.menuManage, { menuId: NEW_RECORD_ID }));

  const edit = () => {
    const problem = selectionProblem(selected.length, 'exactlyOne');
    if (problem) return notify.warning(t(problem));
    navigate(routeTo(Route.menuManage, { menuId: selected[0]! }));
  };

  const deleteSelected = async () => {
    const problem = selectionProblem(selected.length, 'atLeastOne');
    if (problem) return notify.warning(t(problem));
    const confirmed = await confirm({ title: t('menu.deleteTitle'), message: t('message.confirmDelete'), confirmLabel: t('actions.delete'), destructive: true });
    if (!confirmed) return;
    remove.mutate(
      { menuIds: selected.join(',') },
      {
        onSuccess: () => {
          notify.success(t('message.deleteSuccess'));
          setChecked(new Set());
          void invalidateMenuQueries(queryClient);
        },
      },
    );
  };

  const columns: ListColumn<MenuNode>[] = [
    {
      key: 'name',
      header: t('menu.column.name'),
      render: (node) => (
        <span className={styles.name}>
          <Checkbox
            checked={checked.has(node.menuId)}
            onChange={() => toggle(node.menuId)}
            // The tree row takes Space and Enter for itself (and cancels them): the checkbox keeps its own.
            onKeyDown={(event) => (event.key === ' ' || event.key === 'Enter') && event.stopPropagation()}
            aria-label={`${t('list.selectRow')} ${node.name}`}
          />
          {node.name}
        </span>
      ),
    },
    { key: 'type', header: t('menu.column.type'), width: '96px', render: (node) => <Badge appearance="tint" color={TYPE_BADGE[node.type as MenuType] ?? 'subtle'}>{t(menuTypeKey(node.type))}</Badge> },
    { key: 'url', header: t('menu.column.url'), render: (node) => <span className={styles.code}>{node.url}</span> },
    { key: 'perms', header: t('menu.column.perms'), render: (node) => <span className={styles.code}>{node.perms}</span> },
    { key: 'linkTarget', header: t('menu.column.linkTarget'), width: '120px', render: (node) => (node.type === MenuType.Menu && node.url ? t(linkTargetKey(node.linkTarget)) : null) },
    { key: 'orderNum', header: t('menu.column.orderNum'), width: '80px', render: (node) => node.orderNum },
    {
      key: 'status',
      header: t('menu.column.status'),
      width: '96px',
      render: (node) => (
        <Badge appearance="tint" color={node.status === MenuStatus.Disabled ? 'danger' : 'success'}>
          {t(menuStatusKey(node.status))}
        </Badge>
      ),
    },
  ];

  return (
    <div className={styles.page} data-testid="menu-list">
      <div className={styles.filters} role="search" aria-label={t('menu.filters')}>
        <Field label={t('menu.filter.status')}>
          <Dropdown
            className={styles.statusFilter}
            value={status === null ? t('menu.filter.all') : t(menuStatusKey(status))}
            selectedOptions={[status === null ? ALL_STATUSES : String(status)]}
            onOptionSelect={(_event, data) => changeStatus(data.optionValue)}
            data-testid="menu-status-filter"
          >
            <Option value={ALL_STATUSES}>{t('menu.filter.all')}</Option>
            {MENU_STATUSES.map((value) => (
              <Option key={value} value={String(value)}>
                {t(menuStatusKey(value))}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Button icon={<ArrowClockwise20Regular />} onClick={() => void refetch()} disabled={isFetching} data-testid="menu-refresh">
          {t('menu.refresh')}
        </Button>
      </div>

      <CrudActions
        label={t('menu.actions')}
        testIdPrefix="menu"
        perms={{ add: Perm.menuSave, edit: Perm.menuUpdate, remove: Perm.menuDelete }}
        onAdd={add}
        onEdit={edit}
        onDelete={() => void deleteSelected()}
        deleting={remove.isPending}
      >
        <Text className={styles.selectedCount} aria-live="polite" data-testid="menu-selected-count">
          {t('list.selected', { count: selected.length })}
        </Text>
      </CrudActions>

      <TreeTable
        key={status ?? ALL_STATUSES}
        aria-label={t('menu.tree')}
        columns={columns}
        nodes={menus.data}
        getRowId={menuRowId}
        getChildren={menuChildren}
        getRowLabel={menuName}
        // A filtered tree holds only the matches and their ancestors: show all of it.
        initialOpenDepth={status === null ? OPEN_DEPTH : Number.POSITIVE_INFINITY}
        loading={menus.isFetching}
        error={menus.error}
        onRetry={() => void refetch()}
        emptyText={status === null ? t('menu.list.empty') : t('menu.list.emptyFiltered')}
        data-testid="menu-tree"
      />
    </div>
  );
}
