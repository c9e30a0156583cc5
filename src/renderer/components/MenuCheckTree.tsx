import { useMemo } from 'react';
import { MenuType } from '../../shared/constants';
import { CheckTree, type CheckTreeChange, type CheckTreeProps } from './tree/CheckTree';
import { grantedInTree, toCheckNodes, treeIds, type CheckNode, type StandsAlone, type TreeAccessors } from './tree/check-tree';

export interface MenuTreeNode {
  menuId: number;
  name: string;
  /** MenuType: a page (MenuType.Menu) stays granted without its buttons. */
  type: number;
  children: readonly MenuTreeNode[];
}

export type MenuCheckChange = CheckTreeChange<number>;

const MENU_TREE: TreeAccessors<MenuTreeNode, number> = {
  getId: (node) => node.menuId,
  getLabel: (node) => node.name,
  getChildren: (node) => node.children,
};

/**
 * A page granted without its buttons is a real grant: unticking its last button leaves the page. A directory
 * (a menu holding menus) goes with its last page.
 */
export function menuPagesStandAlone(nodes: readonly MenuTreeNode[]): StandsAlone<number> {
  const pages = new Set<number>();
  const visit = (node: MenuTreeNode): void => {
    if (node.type === MenuType.Menu && !node.children.some((child) => child.type === MenuType.Menu)) pages.add(node.menuId);
    node.children.forEach(visit);
  };
  nodes.forEach(visit);
  return (id) => pages.has(id);
}

export type MenuCheckTreeProps = Omit<CheckTreeProps<MenuTreeNode, number>, keyof TreeAccessors<MenuTreeNode, number> | 'standsAlone'>;

/** The checkbox tree of menus (role form, resource assignment): the generic check tree over menu ids and names, pages standing alone. */
export function MenuCheckTree(props: MenuCheckTreeProps) {
  const standsAlone = useMemo(() => menuPagesStandAlone(props.nodes ?? []), [props.nodes]);
  return <CheckTree {...props} {...MENU_TREE} standsAlone={standsAlone} />;
}

export interface MenuNodeLike {
  menuId: number;
  children: readonly MenuNodeLike[];
}

export function menuCheckNodes(tree: readonly MenuNodeLike[]): CheckNode<number>[] {
  return toCheckNodes(tree, { getId: (node) => node.menuId, getChildren: (node) => node.children });
}

/** The granted menus of the tree on view, in tree order: what a form sends (spec 001 §4 menuIdList). */
export function menuIdsToSend(tree: readonly MenuNodeLike[], granted: ReadonlySet<number>): number[] {
  return grantedInTree(menuCheckNodes(tree), granted);
}

/** The granted menus the tree on view does not show (the form cannot send them). */
export function menusOutsideTree(tree: readonly MenuNodeLike[], granted: Iterable<number>): number[] {
  const shown = treeIds(menuCheckNodes(tree));
  return [...granted].filter((id) => !shown.has(id));
}

/** What a save changes in a granted set: how many menus it adds and how many it takes away. */
export function grantChanges(before: Iterable<number>, after: Iterable<number>): { added: number; removed: number } {
  const was = new Set(before);
  const now = new Set(after);
  return { added: [...now].filter((id) => !was.has(id)).length, removed: [...was].filter((id) => !now.has(id)).length };
}
