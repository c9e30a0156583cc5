import { Badge, Dropdown, Field, Option, SearchBox, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuStatus, MenuType } from '../../../shared/constants';
import { menu, type MenuNode } from '../contract';
import { Perm } from '../../../shared/permissions';
import { Route } from '../../../shared/routes';
import type { ListColumn } from '../../../renderer/components/list/ListTable';
import { ListActions, ListScreen, SelectedCount } from '../../../renderer/components/list/ListScreen';
import { recordFormRoutes, useListController } from '../../../renderer/components/list/useListController';
import { labelMatches } from '../../../renderer/components/tree/search';
import { TreeTable } from '../../../renderer/components/tree/TreeTable';
import { MENU_STATUSES, linkTargetKey, menuStatusKey, menuTypeKey } from './labels';
import type { MenuStatusValue } from './menu-form';
import { invalidateMenuQueries } from './menu-queries';
import { menuIdsOf, walkMenus } from './menu-tree';

const useStyles = makeStyles({
  filters: { display: 'flex', alignItems: 'flex-end', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  statusFilter: { minWidth: '160px' },
  search: { width: '240px' },
  name: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  code: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, wordBreak: 'break-all' },
});

const ALL_STATUSES = 'all';
/** Systems, their groups and pages show at first; buttons stay folded under their pages. */
const OPEN_DEPTH = 2;
const TYPE_BADGE = { [MenuType.System]: 'brand', [MenuType.Menu]: 'informative', [MenuType.Button]: 'subtle' } as const;

const menuRowId = (node: MenuNode) => node.menuId;
const menuChildren = (node: MenuNode) => node.children;
const menuName = (node: MenuNode) => node.shownName;
const menuRows = (nodes: MenuNode[]) => ({ rows: nodes, total: nodes.length });
const menuRoutes = recordFormRoutes(Route.menuManage, 'menuId', Perm.menuUpdate);
/** The search finds a menu by its name, its address or its system id / key value. */
const menuMatches = (node: MenuNode, text: string) => [node.shownName, node.name, node.url, node.perms].some((value) => labelMatches(value, text));

type MenuFilters = { status: MenuStatusValue | null };

const ALL_MENUS: MenuFilters = { status: null };

/**
 * Menu management (spec 000 §2 /menu, kept): the tree of systems, menus and buttons the role manages, a
 * status filter, and add, edit and delete, each behind its permission key. Rows are chosen with their
 * checkboxes: edit takes exactly one, delete any number, sent comma-joined.
 */
export default function MenuList() {
  const { t } = useTranslation();
  const styles = useStyles();
  const list = useListController({
    queryId: 'menu.list',
    filters: { initial: ALL_MENUS },
    toInput: ({ status }) => (status === null ? {} : { status }),
    rowsOf: menuRows,
    getRowId: menuRowId,
    rowIdsOf: menuIdsOf,
    allRowsOf: walkMenus,
    routes: menuRoutes,
    deleteSelected: {
      endpoint: 'menu.delete',
      input: (ids) => ({ menuIds: ids.join(',') }),
      confirmTitle: t('menu.deleteTitle'),
      itemLabel: menuName,
      question: { one: 'menu.deleteOne', many: 'menu.deleteMany' },
      invalidate: invalidateMenuQueries,
    },
  });
  const { status } = list.filters.applied;
  const [search, setSearch] = useState('');

  const columns: ListColumn<MenuNode>[] = [
    {
      key: 'name',
      kind: 'name',
      header: t('common.name'),
      // The name as the navigation shows it in the reader's language; the form edits the stored (Chinese) name.
      render: (node) => <span className={styles.name}>{node.shownName}</span>,
    },
    {
      key: 'type',
      kind: 'status',
      header: t('common.type'),
      render: (node) => (
        <Badge appearance="tint" color={TYPE_BADGE[node.type as MenuType] ?? 'subtle'}>
          {t(menuTypeKey(node.type))}
        </Badge>
      ),
    },
    { key: 'url', kind: 'text', header: t('menu.column.url'), render: (node) => <span className={styles.code}>{node.url}</span> },
    { key: 'perms', kind: 'text', header: t('menu.column.perms'), render: (node) => <span className={styles.code}>{node.perms}</span> },
    { key: 'linkTarget', kind: 'status', header: t('menu.column.linkTarget'), render: (node) => (node.type === MenuType.Menu && node.url ? t(linkTargetKey(node.linkTarget)) : null) },
    { key: 'orderNum', kind: 'number', header: t('common.order'), render: (node) => node.orderNum },
    {
      key: 'status',
      kind: 'status',
      header: t('common.status'),
      render: (node) => (
        <Badge appearance="tint" color={node.status === MenuStatus.Disabled ? 'danger' : 'success'}>
          {t(menuStatusKey(node.status))}
        </Badge>
      ),
    },
  ];

  return (
    <ListScreen route={Route.menu} data-testid="menu-list">
      <div className={styles.filters} role="search" aria-label={t('common.filters')}>
        <Field label={t('common.status')}>
          <Dropdown
            className={styles.statusFilter}
            value={status === null ? t('common.all') : t(menuStatusKey(status))}
            selectedOptions={[status === null ? ALL_STATUSES : String(status)]}
            onOptionSelect={(_event, data) =>
              list.filters.applyNow({ status: data.optionValue === undefined || data.optionValue === ALL_STATUSES ? null : (Number(data.optionValue) as MenuStatusValue) })
            }
            data-testid="menu-status-filter"
          >
            <Option value={ALL_STATUSES}>{t('common.all')}</Option>
            {MENU_STATUSES.map((value) => (
              <Option key={value} value={String(value)}>
                {t(menuStatusKey(value))}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label={t('tree.search')}>
          <SearchBox className={styles.search} value={search} onChange={(_event, data) => setSearch(data.value)} placeholder={t('menu.filter.searchPlaceholder')} data-testid="menu-search" />
        </Field>
      </div>

      <ListActions list={list} label={t('menu.actions')} testIdPrefix="menu" endpoints={{ add: menu.add, edit: menu.update, remove: menu.delete }}>
        <SelectedCount count={list.selected.size} data-testid="menu-selected-count" />
      </ListActions>

      <TreeTable
        key={status ?? ALL_STATUSES}
        aria-label={t('menu.tree')}
        columns={columns}
        list={list}
        getRowId={menuRowId}
        getChildren={menuChildren}
        getRowLabel={menuName}
        searchText={search}
        matches={menuMatches}
        // A filtered tree holds only the matches and their ancestors: show all of it.
        initialOpenDepth={status === null ? OPEN_DEPTH : Number.POSITIVE_INFINITY}
        emptyText={status === null ? t('menu.list.empty') : t('menu.list.emptyFiltered')}
        data-testid="menu-tree"
      />
    </ListScreen>
  );
}
