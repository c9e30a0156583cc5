import { describe, expect, it } from 'vitest';
import { checkStates, checkedFromLeaves, grantedInTree, setChecked, type CheckNode } from './check-tree';
import { flattenTree } from './flatten';
import { labelMatches, searchTree } from './search';

// 1 ─┬─ 2 ─┬─ 4
//    │     └─ 5
//    └─ 3
// 6
const tree: CheckNode[] = [
  {
    id: 1,
    children: [
      {
        id: 2,
        children: [
          { id: 4, children: [] },
          { id: 5, children: [] },
        ],
      },
      { id: 3, children: [] },
    ],
  },
  { id: 6, children: [] },
];
const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

describe('check tree over a granted set', () => {
  it('ticking a node grants it, its subtree and its ancestors', () => {
    expect(sorted(setChecked(tree, new Set(), 2, true))).toEqual([1, 2, 4, 5]);
    expect(sorted(setChecked(tree, new Set(), 4, true))).toEqual([1, 2, 4]);
  });

  it('unticking takes the subtree, then the ancestors left with nothing below them unless they stand alone', () => {
    const all = setChecked(tree, new Set(), 1, true);
    expect(sorted(setChecked(tree, all, 2, false))).toEqual([1, 3]);
    expect(sorted(setChecked(tree, new Set([1, 2, 4]), 4, false))).toEqual([]);
    expect(sorted(setChecked(tree, new Set([1, 2, 4]), 4, false, (id) => id === 2))).toEqual([1, 2]);
  });

  it('shows checked a node whose whole subtree is granted, half-checked one granted in part, and nothing else', () => {
    // 2 is granted without 5 (a page without one of its buttons): half-checked, as is 1.
    expect(checkStates(tree, new Set([1, 2, 4]))).toEqual(
      new Map<number, true | 'mixed'>([
        [1, 'mixed'],
        [2, 'mixed'],
        [4, true],
      ]),
    );
    // A page granted with none of its buttons still shows, half-checked.
    expect(checkStates(tree, new Set([1, 2]))).toEqual(
      new Map<number, true | 'mixed'>([
        [1, 'mixed'],
        [2, 'mixed'],
      ]),
    );
    expect(checkStates(tree, new Set([1, 2, 3, 4, 5])).get(1)).toBe(true);
  });

  it('saves exactly the granted set of the tree, in tree order, whatever it holds', () => {
    expect(grantedInTree(tree, new Set([2, 1, 99]))).toEqual([1, 2]);
    expect(grantedInTree(tree, new Set([6, 3, 1]))).toEqual([1, 3, 6]);
  });

  it('a list of leaves (business centres) grants them with the way down to them', () => {
    expect(sorted(checkedFromLeaves(tree, [4, 6]))).toEqual([1, 2, 4, 6]);
    expect(sorted(checkedFromLeaves(tree, [2]))).toEqual([]);
  });
});

describe('tree table rows', () => {
  interface Org {
    id: number;
    children?: Org[];
  }
  const orgs: Org[] = [{ id: 1, children: [{ id: 2, children: [{ id: 3 }] }] }, { id: 4 }];
  const rows = (open: number[]) =>
    flattenTree(
      orgs,
      (o) => o.id,
      (o) => o.children,
      new Set(open),
    ).map((r) => `${r.id}@${r.depth}${r.hasChildren ? (r.expanded ? '-' : '+') : ''}`);

  it('shows children only under expanded rows, with their depth', () => {
    expect(rows([])).toEqual(['1@0+', '4@0']);
    expect(rows([1])).toEqual(['1@0-', '2@1+', '4@0']);
    expect(rows([1, 2])).toEqual(['1@0-', '2@1-', '3@2', '4@0']);
    expect(rows([2])).toEqual(['1@0+', '4@0']);
  });

  it('gives each row its parent and its place among its siblings', () => {
    const flat = flattenTree(
      orgs,
      (o) => o.id,
      (o) => o.children,
      new Set([1, 2]),
    );
    expect(flat.map((r) => [r.id, r.parentId, r.posInSet, r.setSize])).toEqual([
      [1, null, 1, 2],
      [2, 1, 1, 1],
      [3, 2, 1, 1],
      [4, null, 2, 2],
    ]);
  });
});

describe('searching a tree', () => {
  // Group ─┬─ East ─┬─ Shanghai hub
  //        │        └─ Hangzhou hub
  //        └─ South ── Guangzhou hub
  interface Org {
    id: number;
    name: string;
    children: Org[];
  }
  const org = (id: number, name: string, children: Org[] = []): Org => ({ id, name, children });
  const orgs = [org(1, 'Group', [org(2, 'East', [org(4, 'Shanghai hub'), org(5, 'Hangzhou hub')]), org(3, 'South', [org(6, 'Guangzhou hub')])])];
  const search = (text: string) =>
    searchTree(
      orgs,
      (node) => node.id,
      (node) => node.children,
      (node) => labelMatches(node.name, text),
      text,
    );

  it('shows the matches with the way down to them, and all of a matching branch', () => {
    expect(search('shanghai')).toEqual(new Set([1, 2, 4]));
    expect(search(' HUB ')).toEqual(new Set([1, 2, 4, 5, 3, 6]));
    expect(search('east')).toEqual(new Set([1, 2, 4, 5]));
    expect(search('nowhere')).toEqual(new Set());
  });

  it('shows the whole tree for a blank search', () => {
    expect(search('')).toBeNull();
    expect(search('   ')).toBeNull();
  });
});
