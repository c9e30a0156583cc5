import { menuIdsToSend, type MenuNodeLike } from '../../../renderer/components/MenuCheckTree';

/**
 * What a resource save sends for the system on view: the granted menus of its tree. The server keeps the
 * menus the tree does not show (the caller does not hold them), so an untouched tree sends exactly the saved
 * menus the tree shows and changes nothing.
 */
export function resourceMenusToSend(tree: readonly MenuNodeLike[], granted: Iterable<number>): number[] {
  return menuIdsToSend(tree, new Set(granted));
}
