/**
 * Checkbox cascade of a tree (the role and resource menu trees): checking a node checks its whole subtree,
 * a parent is checked when all its children are, and half-checked when only some are. The saved list is
 * checked plus half-checked ids (spec 001: menuIdList), so a parent whose children are partly granted
 * still reaches the server.
 */

export interface CheckNode {
  id: number;
  children: readonly CheckNode[];
}

export type CheckState = true | 'mixed';

function* subtree(node: CheckNode): Generator<CheckNode> {
  yield node;
  for (const child of node.children) yield* subtree(child);
}

/** Recomputes every parent from its children: a parent is checked exactly when all its children are. */
function normalize(nodes: readonly CheckNode[], checked: Set<number>): Set<number> {
  const visit = (node: CheckNode): boolean => {
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

function findNode(nodes: readonly CheckNode[], id: number): CheckNode | null {
  for (const root of nodes) {
    for (const node of subtree(root)) if (node.id === id) return node;
  }
  return null;
}

export function setChecked(nodes: readonly CheckNode[], checked: ReadonlySet<number>, id: number, value: boolean): Set<number> {
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
export function checkStates(nodes: readonly CheckNode[], checked: ReadonlySet<number>): Map<number, CheckState> {
  const states = new Map<number, CheckState>();
  const visit = (node: CheckNode): 'all' | 'some' | 'none' => {
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
export function checkedAndHalfChecked(nodes: readonly CheckNode[], checked: ReadonlySet<number>): { checked: number[]; halfChecked: number[] } {
  const states = checkStates(nodes, checked);
  const result = { checked: [] as number[], halfChecked: [] as number[] };
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
export function checkedFromSaved(nodes: readonly CheckNode[], savedIds: Iterable<number>): Set<number> {
  const saved = new Set(savedIds);
  const checked = new Set<number>();
  for (const root of nodes) {
    for (const node of subtree(root)) if (node.children.length === 0 && saved.has(node.id)) checked.add(node.id);
  }
  return normalize(nodes, checked);
}
