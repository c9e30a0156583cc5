import fc from 'fast-check';
import { MenuType } from '../../shared/constants';
import type { MenuTreeNode } from '../components/MenuCheckTree';

/**
 * Generated menu trees and what a role or an organisation holds of them, for property tests of the
 * permission trees: systems holding directories and pages, pages holding buttons; the holding is closed
 * under parents (the server refuses a menu without its parent) and takes of each page none, some or all of
 * its buttons, so buttons added to a page after it was granted are among the cases.
 */

interface Shape {
  systems: Array<{ dirs: Array<{ pages: number[] }>; pages: number[] }>;
}

const pages = fc.array(fc.nat({ max: 4 }), { maxLength: 4 });
const shape: fc.Arbitrary<Shape> = fc.record({
  systems: fc.array(fc.record({ dirs: fc.array(fc.record({ pages }), { maxLength: 3 }), pages }), { minLength: 1, maxLength: 3 }),
});

/** Builds the tree of a shape, numbering menus in tree order from 1. */
function build(of: Shape): MenuTreeNode[] {
  let next = 1;
  const node = (type: number, children: MenuTreeNode[] = []): MenuTreeNode => {
    const menuId = next++;
    return { menuId, name: `menu ${menuId}`, type, children };
  };
  const page = (buttons: number) => {
    const made = node(MenuType.Menu);
    return { ...made, children: Array.from({ length: buttons }, () => node(MenuType.Button)) };
  };
  return of.systems.map((system) => {
    const root = node(MenuType.System);
    const dirs = system.dirs.map((dir) => {
      const made = node(MenuType.Menu);
      return { ...made, children: dir.pages.map(page) };
    });
    return { ...root, children: [...dirs, ...system.pages.map(page)] };
  });
}

function* walk(nodes: readonly MenuTreeNode[]): Generator<MenuTreeNode> {
  for (const node of nodes) {
    yield node;
    yield* walk(node.children);
  }
}

export function allMenuIds(tree: readonly MenuTreeNode[]): number[] {
  return [...walk(tree)].map((node) => node.menuId);
}

/** What is held of a tree: each node kept with its parent by a draw, so pages hold none, some or all buttons. */
function holding(tree: readonly MenuTreeNode[], draws: readonly boolean[]): Set<number> {
  const held = new Set<number>();
  let index = 0;
  const visit = (nodes: readonly MenuTreeNode[]): void => {
    for (const node of nodes) {
      if (!(draws[index++ % Math.max(draws.length, 1)] ?? false)) continue;
      held.add(node.menuId);
      visit(node.children);
    }
  };
  visit(tree);
  return held;
}

export interface HeldTree {
  tree: MenuTreeNode[];
  /** What the server says is held, parents and all. */
  held: Set<number>;
  /** Held menus the tree does not show (menus the caller cannot see). */
  hidden: number[];
}

export const heldTrees: fc.Arbitrary<HeldTree> = fc
  .record({ shape, draws: fc.array(fc.boolean(), { minLength: 1, maxLength: 40 }), hidden: fc.uniqueArray(fc.integer({ min: 10_000, max: 10_100 }), { maxLength: 3 }) })
  .map(({ shape: of, draws, hidden }) => {
    const tree = build(of);
    const held = holding(tree, draws);
    for (const id of hidden) held.add(id);
    return { tree, held, hidden };
  });
