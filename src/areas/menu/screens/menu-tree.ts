import { MenuType } from '../../../shared/constants';
import type { MenuNode } from '../contract';
import type { RuleMessageKey } from '../../../renderer/i18n/message-key';

/** Every menu of a tree, depth-first. */
export function* walkMenus(nodes: readonly MenuNode[]): Generator<MenuNode> {
  for (const node of nodes) {
    yield node;
    yield* walkMenus(node.children);
  }
}

export function menuIdsOf(nodes: readonly MenuNode[]): Set<number> {
  return new Set([...walkMenus(nodes)].map((node) => node.menuId));
}

export function findMenu(nodes: readonly MenuNode[], menuId: number): MenuNode | null {
  for (const node of walkMenus(nodes)) if (node.menuId === menuId) return node;
  return null;
}

/** A menu and everything below it: where a moved menu may not go. */
export function subtreeIdsOf(nodes: readonly MenuNode[], menuId: number): Set<number> {
  const root = findMenu(nodes, menuId);
  return root ? menuIdsOf([root]) : new Set();
}

/** Whether a menu of `parentType` may hold a child of `childType` (the server's placement rule). */
export function canHold(parentType: number, childType: number): boolean {
  if (childType === MenuType.System) return false;
  if (childType === MenuType.Button) return parentType === MenuType.Menu;
  return parentType === MenuType.System || parentType === MenuType.Menu;
}

export interface ParentOption {
  menuId: number;
  name: string;
  type: number;
  depth: number;
  /** Names from the system down to the menu, for the filter and the option's text. */
  path: string;
  /** False for a menu shown only to keep the tree readable (a system above a button's candidates). */
  selectable: boolean;
}

/**
 * The menus a menu or button may hang under, in tree order: systems and menus for a menu, menus for a
 * button. Buttons never hold anything, and a menu being edited cannot move under itself or below itself,
 * so those subtrees are left out.
 */
export function parentOptions(nodes: readonly MenuNode[], childType: number, editedMenuId: number | null): ParentOption[] {
  const excluded = editedMenuId === null ? new Set<number>() : subtreeIdsOf(nodes, editedMenuId);
  const options: ParentOption[] = [];
  const visit = (node: MenuNode, depth: number, parents: string) => {
    if (node.type === MenuType.Button || excluded.has(node.menuId)) return;
    const path = parents ? `${parents} / ${node.name}` : node.name;
    options.push({ menuId: node.menuId, name: node.name, type: node.type, depth, path, selectable: canHold(node.type, childType) });
    for (const child of node.children) visit(child, depth + 1, path);
  };
  for (const node of nodes) visit(node, 0, '');
  return options;
}

/**
 * Why a chosen parent cannot hold the menu, as a `validation.*` key, or null when it can (or when
 * nothing is chosen: 'required' is the contract's to say).
 */
export function parentProblem(nodes: readonly MenuNode[] | undefined, childType: number, parentId: number | null, editedMenuId: number | null): RuleMessageKey | null {
  if (parentId === null || nodes === undefined || childType === MenuType.System) return null;
  if (editedMenuId !== null && subtreeIdsOf(nodes, editedMenuId).has(parentId)) return 'validation.menuCycle';
  const parent = findMenu(nodes, parentId);
  if (parent && canHold(parent.type, childType)) return null;
  return childType === MenuType.Button ? 'validation.buttonParent' : 'validation.menuParent';
}
