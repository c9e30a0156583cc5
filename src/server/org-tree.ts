import { asc } from 'drizzle-orm';
import type { DeptNode } from '../areas/user/contract';
import type { Tx } from './db/client';
import { dept } from './db/schema';

export interface OrgRow {
  deptId: number;
  parentId: number | null;
  name: string;
  deptType: string;
  businessCentre: boolean;
}

/** The organisation table in memory (it is small): subtrees, ancestors and trees of a chosen part. */
export class OrgTree {
  private readonly byId = new Map<number, OrgRow>();
  private readonly childrenOf = new Map<number | null, OrgRow[]>();

  /** `rows` in display order (orderNum, then id): children keep that order. */
  constructor(readonly rows: readonly OrgRow[]) {
    for (const row of rows) {
      this.byId.set(row.deptId, row);
      const siblings = this.childrenOf.get(row.parentId) ?? [];
      siblings.push(row);
      this.childrenOf.set(row.parentId, siblings);
    }
  }

  /** The organisation and everything below it. */
  subtree(deptId: number): number[] {
    const out: number[] = [];
    const stack = this.byId.has(deptId) ? [deptId] : [];
    while (stack.length > 0) {
      const id = stack.pop()!;
      out.push(id);
      for (const child of this.childrenOf.get(id) ?? []) stack.push(child.deptId);
    }
    return out;
  }

  /** The organisations above, nearest first. */
  ancestors(deptId: number): number[] {
    const out: number[] = [];
    let parent = this.byId.get(deptId)?.parentId ?? null;
    while (parent !== null && !out.includes(parent)) {
      out.push(parent);
      parent = this.byId.get(parent)?.parentId ?? null;
    }
    return out;
  }

  /** Rows in tree order (parents before children, siblings in display order). */
  preorder(include: ReadonlySet<number> = new Set(this.byId.keys())): OrgRow[] {
    const out: OrgRow[] = [];
    const visit = (row: OrgRow) => {
      if (include.has(row.deptId)) out.push(row);
      for (const child of this.childrenOf.get(row.deptId) ?? []) visit(child);
    };
    for (const root of this.childrenOf.get(null) ?? []) visit(root);
    return out;
  }

  /** The included organisations as a tree: one whose parent is not included becomes a root. */
  tree(include: ReadonlySet<number>): DeptNode[] {
    const nodes = new Map<number, DeptNode>();
    const roots: DeptNode[] = [];
    for (const row of this.preorder(include)) {
      const node: DeptNode = { deptId: row.deptId, parentId: row.parentId, name: row.name, deptType: row.deptType, businessCentre: row.businessCentre, children: [] };
      nodes.set(row.deptId, node);
      const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
      if (parent) parent.children.push(node);
      else roots.push(node);
    }
    return roots;
  }

  /** The included organisations without an included child. */
  leaves(include: ReadonlySet<number>): Set<number> {
    const out = new Set<number>();
    for (const id of include) {
      if (!(this.childrenOf.get(id) ?? []).some((child) => include.has(child.deptId))) out.add(id);
    }
    return out;
  }
}

export async function loadOrgTree(db: Tx): Promise<OrgTree> {
  const rows = await db
    .select({ deptId: dept.deptId, parentId: dept.parentId, name: dept.name, deptType: dept.deptType, businessCentre: dept.businessCentre })
    .from(dept)
    .orderBy(asc(dept.orderNum), asc(dept.deptId));
  return new OrgTree(rows);
}
