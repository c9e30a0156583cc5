/**
 * Checkbox state of a tree (role menus, organisation resources, business centres) kept as the *granted set*:
 * exactly the ids the server holds, parents and all, so that what was loaded is what is saved when nothing is
 * touched. What a node shows follows from the set: checked when it and its whole subtree are granted,
 * half-checked when it or something below it is granted but not all, unchecked otherwise. A page granted
 * without some (or any) of its buttons therefore shows half-checked and stays granted.
 */

/** Anything a tree item may be told apart by (Fluent's TreeItemValue). */
export type CheckId = string | number;

export interface CheckNode<Id extends CheckId = number> {
  id: Id;
  children: readonly CheckNode<Id>[];
}

export type CheckState = true | 'mixed';

/** How to read a tree of any record: its id, its label and its children. */
export interface TreeAccessors<N, Id extends CheckId> {
  getId: (node: N) => Id;
  getLabel: (node: N) => string;
  getChildren: (node: N) => readonly N[];
}

/** Whether a node stays granted when nothing below it is (a page without its buttons); otherwise it goes with its last granted child. */
export type StandsAlone<Id extends CheckId> = (id: Id) => boolean;

const NOTHING_STANDS_ALONE = (): boolean => false;

export function toCheckNodes<N, Id extends CheckId>(nodes: readonly N[], tree: Pick<TreeAccessors<N, Id>, 'getId' | 'getChildren'>): CheckNode<Id>[] {
  return nodes.map((node) => ({ id: tree.getId(node), children: toCheckNodes(tree.getChildren(node), tree) }));
}

function* subtree<Id extends CheckId>(node: CheckNode<Id>): Generator<CheckNode<Id>> {
  yield node;
  for (const child of node.children) yield* subtree(child);
}

/** The way down to a node: its ancestors from the root, then the node; null when the tree has no such node. */
function pathTo<Id extends CheckId>(nodes: readonly CheckNode<Id>[], id: Id): CheckNode<Id>[] | null {
  for (const node of nodes) {
    if (node.id === id) return [node];
    const below = pathTo(node.children, id);
    if (below) return [node, ...below];
  }
  return null;
}

/**
 * Ticking a node grants it, its subtree and its ancestors. Unticking takes its subtree, then each ancestor
 * left with nothing granted below it, unless it stands alone.
 */
export function setChecked<Id extends CheckId>(nodes: readonly CheckNode<Id>[], granted: ReadonlySet<Id>, id: Id, value: boolean, standsAlone: StandsAlone<Id> = NOTHING_STANDS_ALONE): Set<Id> {
  const next = new Set(granted);
  const path = pathTo(nodes, id);
  if (!path) return next;
  const target = path[path.length - 1]!;
  const ancestors = path.slice(0, -1);
  if (value) {
    for (const node of subtree(target)) next.add(node.id);
    for (const node of ancestors) next.add(node.id);
    return next;
  }
  for (const node of subtree(target)) next.delete(node.id);
  for (const node of ancestors.reverse()) {
    const holdsBelow = node.children.some((child) => [...subtree(child)].some((below) => next.has(below.id)));
    if (holdsBelow || standsAlone(node.id)) break;
    next.delete(node.id);
  }
  return next;
}

/** Every node that shows a check: true when it and its whole subtree are granted, 'mixed' when only some of it is. */
export function checkStates<Id extends CheckId>(nodes: readonly CheckNode<Id>[], granted: ReadonlySet<Id>): Map<Id, CheckState> {
  const states = new Map<Id, CheckState>();
  const visit = (node: CheckNode<Id>): 'all' | 'some' | 'none' => {
    const results = node.children.map(visit);
    const own = granted.has(node.id);
    if (own && results.every((r) => r === 'all')) {
      states.set(node.id, true);
      return 'all';
    }
    if (own || results.some((r) => r !== 'none')) {
      states.set(node.id, 'mixed');
      return 'some';
    }
    return 'none';
  };
  nodes.forEach(visit);
  return states;
}

/** The granted ids that are nodes of the tree, in tree order. */
export function grantedInTree<Id extends CheckId>(nodes: readonly CheckNode<Id>[], granted: ReadonlySet<Id>): Id[] {
  const out: Id[] = [];
  for (const root of nodes) for (const node of subtree(root)) if (granted.has(node.id)) out.push(node.id);
  return out;
}

/** The ids of every node of the tree. */
export function treeIds<Id extends CheckId>(nodes: readonly CheckNode<Id>[]): Set<Id> {
  const out = new Set<Id>();
  for (const root of nodes) for (const node of subtree(root)) out.add(node.id);
  return out;
}

/**
 * The granted set of a list that names leaves only (a user's business centres): the leaves of the tree in
 * the list, with the way down to each of them.
 */
export function checkedFromLeaves<Id extends CheckId>(nodes: readonly CheckNode<Id>[], leafIds: Iterable<Id>): Set<Id> {
  const leaves = new Set(leafIds);
  const granted = new Set<Id>();
  const visit = (node: CheckNode<Id>, above: readonly Id[]): void => {
    if (node.children.length === 0) {
      if (!leaves.has(node.id)) return;
      granted.add(node.id);
      for (const id of above) granted.add(id);
      return;
    }
    for (const child of node.children) visit(child, [...above, node.id]);
  };
  for (const root of nodes) visit(root, []);
  return granted;
}
