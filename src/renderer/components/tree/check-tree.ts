/**
 * Checkbox cascade of a tree (role menus, organisations, business centres): checking a node checks its
 * whole subtree, a parent is checked when all its children are, and half-checked when only some are. The
 * saved list is checked plus half-checked ids (spec 001: menuIdList), so a parent whose children are partly
 * granted still reaches the server.
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

export function toCheckNodes<N, Id extends CheckId>(nodes: readonly N[], tree: Pick<TreeAccessors<N, Id>, 'getId' | 'getChildren'>): CheckNode<Id>[] {
  return nodes.map((node) => ({ id: tree.getId(node), children: toCheckNodes(tree.getChildren(node), tree) }));
}

function* subtree<Id extends CheckId>(node: CheckNode<Id>): Generator<CheckNode<Id>> {
  yield node;
  for (const child of node.children) yield* subtree(child);
}

/** Recomputes every parent from its children: a parent is checked exactly when all its children are. */
function normalize<Id extends CheckId>(nodes: readonly CheckNode<Id>[], checked: Set<Id>): Set<Id> {
  const visit = (node: CheckNode<Id>): boolean => {
    if (node.children.length === 0) return checked.has(node.id);
    const results = node.children.map(visit);
    const all = results.every(Boolean);
    if (all) checked.add(node.id);
    else checked.delete(node.id);
    return all;
  };
  nodes.forEach(visit);
  return checked;
}

function findNode<Id extends CheckId>(nodes: readonly CheckNode<Id>[], id: Id): CheckNode<Id> | null {
  for (const root of nodes) {
    for (const node of subtree(root)) if (node.id === id) return node;
  }
  return null;
}

export function setChecked<Id extends CheckId>(nodes: readonly CheckNode<Id>[], checked: ReadonlySet<Id>, id: Id, value: boolean): Set<Id> {
  const next = new Set(checked);
  const target = findNode(nodes, id);
  if (!target) return next;
  for (const node of subtree(target)) {
    if (value) next.add(node.id);
    else next.delete(node.id);
  }
  return normalize(nodes, next);
}

/** Every node that shows a check: true for checked, 'mixed' for half-checked. */
export function checkStates<Id extends CheckId>(nodes: readonly CheckNode<Id>[], checked: ReadonlySet<Id>): Map<Id, CheckState> {
  const states = new Map<Id, CheckState>();
  const visit = (node: CheckNode<Id>): 'all' | 'some' | 'none' => {
    if (node.children.length === 0) {
      if (!checked.has(node.id)) return 'none';
      states.set(node.id, true);
      return 'all';
    }
    const results = node.children.map(visit);
    if (results.every((r) => r === 'all')) {
      states.set(node.id, true);
      return 'all';
    }
    if (results.some((r) => r !== 'none')) {
      states.set(node.id, 'mixed');
      return 'some';
    }
    return 'none';
  };
  nodes.forEach(visit);
  return states;
}

/** The ids to save: checked and half-checked, in tree order. */
export function checkedAndHalfChecked<Id extends CheckId>(nodes: readonly CheckNode<Id>[], checked: ReadonlySet<Id>): { checked: Id[]; halfChecked: Id[] } {
  const states = checkStates(nodes, checked);
  const result = { checked: [] as Id[], halfChecked: [] as Id[] };
  for (const root of nodes) {
    for (const node of subtree(root)) {
      const state = states.get(node.id);
      if (state === true) result.checked.push(node.id);
      else if (state === 'mixed') result.halfChecked.push(node.id);
    }
  }
  return result;
}

/**
 * The checked set from a saved id list. Saved lists hold half-checked parents too, so only leaves are
 * taken from it and the parents follow from them; a parent in the list would otherwise check all its children.
 */
export function checkedFromSaved<Id extends CheckId>(nodes: readonly CheckNode<Id>[], savedIds: Iterable<Id>): Set<Id> {
  const saved = new Set(savedIds);
  const checked = new Set<Id>();
  for (const root of nodes) {
    for (const node of subtree(root)) if (node.children.length === 0 && saved.has(node.id)) checked.add(node.id);
  }
  return normalize(nodes, checked);
}
