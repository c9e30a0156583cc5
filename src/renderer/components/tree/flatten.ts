/** The visible rows of a tree table or tree: depth-first, children only under expanded rows. */
export interface FlatRow<T> {
  node: T;
  id: string | number;
  /** The id of the row it sits under; null for a root. */
  parentId: string | number | null;
  depth: number;
  /** Its place among its siblings (from 1) and their number: what a screen reader says of a row not all of whose siblings are rendered. */
  posInSet: number;
  setSize: number;
  hasChildren: boolean;
  expanded: boolean;
}

export function flattenTree<T>(nodes: readonly T[], getId: (node: T) => string | number, getChildren: (node: T) => readonly T[] | undefined, expanded: ReadonlySet<string | number>): FlatRow<T>[] {
  const rows: FlatRow<T>[] = [];
  const visit = (siblings: readonly T[], parentId: string | number | null, depth: number): void => {
    siblings.forEach((node, position) => {
      const id = getId(node);
      const children = getChildren(node) ?? [];
      const isExpanded = expanded.has(id);
      rows.push({ node, id, parentId, depth, posInSet: position + 1, setSize: siblings.length, hasChildren: children.length > 0, expanded: isExpanded });
      if (isExpanded) visit(children, id, depth + 1);
    });
  };
  visit(nodes, null, 0);
  return rows;
}
