import { CheckTree, type CheckTreeChange, type CheckTreeProps } from './tree/CheckTree';
import { checkedAndHalfChecked, checkedFromSaved, toCheckNodes, type CheckNode, type TreeAccessors } from './tree/check-tree';

export interface MenuTreeNode {
  menuId: number;
  name: string;
  children: readonly MenuTreeNode[];
}

export type MenuCheckChange = CheckTreeChange<number>;

const MENU_TREE: TreeAccessors<MenuTreeNode, number> = {
  getId: (node) => node.menuId,
  getLabel: (node) => node.name,
  getChildren: (node) => node.children,
};

/** The checked set of a saved menuIdList (it holds half-checked parents, which must not check all children). */
export function menuCheckedFromSaved(nodes: readonly MenuTreeNode[], savedIds: Iterable<number>): Set<number> {
  return checkedFromSaved(toCheckNodes(nodes, MENU_TREE), savedIds);
}

export type MenuCheckTreeProps = Omit<CheckTreeProps<MenuTreeNode, number>, keyof TreeAccessors<MenuTreeNode, number>>;

/** The checkbox tree of menus (role form, resource assignment): the generic check tree over menu ids and names. */
export function MenuCheckTree(props: MenuCheckTreeProps) {
  return <CheckTree {...props} {...MENU_TREE} />;
}

export interface MenuNodeLike {
  menuId: number;
  children: readonly MenuNodeLike[];
}

export function menuCheckNodes(tree: readonly MenuNodeLike[]): CheckNode<number>[] {
  return toCheckNodes(tree, { getId: (node) => node.menuId, getChildren: (node) => node.children });
}

/** What the form sends: the checked and the half-checked menus of the tree on view (spec 001 §4). */
export function menuIdsToSend(tree: readonly MenuNodeLike[], checked: ReadonlySet<number>): number[] {
  const saved = checkedAndHalfChecked(menuCheckNodes(tree), checked);
  return [...saved.checked, ...saved.halfChecked];
}
