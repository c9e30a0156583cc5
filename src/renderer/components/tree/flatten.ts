/** The visible rows of a tree table: depth-first, children only under expanded rows. */
export interface FlatRow<T> {
  node: T;
  id: string | number;
  depth: number;
  hasChildren: boolean;
  expanded: boolean;
}

export function flattenTree<T>(nodes: readonly T[], getId: (node: T) => string | number, getChildren: (node: T) => readonly T[] | undefined, expanded: ReadonlySet<string | number>): FlatRow<T>[] {
  const rows: FlatRow<T>[] = [];
  const visit = (node: T, depth: number): void => {
    const id = getId(node);
    const children = getChildren(node) ?? [];
    const isExpanded = expanded.has(id);
    rows.push({ node, id, depth, hasChildren: children.length > 0, expanded: isExpanded });
    if (isExpanded) for (const child of children) visit(child, depth + 1);
  };
  for (const node of nodes) visit(node, 0);
  return rows;
}
