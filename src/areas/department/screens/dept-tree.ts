import type { z } from 'zod';
import type { deptListEntry } from '../../user/contract';

export type DeptListEntry = z.infer<typeof deptListEntry>;
export type DeptRow = DeptListEntry & { children: DeptRow[] };

/**
 * The flat list the server answers (in tree order, with parentId) as a tree (spec 001 §7 "the screen turns
 * it into a tree"): a row whose parent is not in the list (filtered out, or outside the role) is a root.
 */
export function deptTreeOf(entries: readonly DeptListEntry[]): DeptRow[] {
  const rows = new Map<number, DeptRow>(entries.map((entry) => [entry.deptId, { ...entry, children: [] }]));
  const roots: DeptRow[] = [];
  for (const row of rows.values()) {
    const parent = row.parentId === null ? undefined : rows.get(row.parentId);
    if (parent) parent.children.push(row);
    else roots.push(row);
  }
  return roots;
}

export function deptIdsOf(rows: readonly DeptRow[]): Set<number> {
  const out = new Set<number>();
  const visit = (row: DeptRow) => {
    out.add(row.deptId);
    row.children.forEach(visit);
  };
  rows.forEach(visit);
  return out;
}

export function allDeptRows(rows: readonly DeptRow[]): DeptRow[] {
  return rows.flatMap((row) => [row, ...allDeptRows(row.children)]);
}
