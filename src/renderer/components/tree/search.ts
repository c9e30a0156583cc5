/**
 * Searching a tree by text (the menu tree, the business-centre tree): a node shows when it matches, when
 * something below it matches (the way down to a match), or when something above it matches (a match
 * keeps its whole branch).
 */

/** Whether a label holds the search text, ignoring case and the spaces around it. */
export function labelMatches(label: string, text: string): boolean {
  return label.toLocaleLowerCase().includes(text.trim().toLocaleLowerCase());
}

/** The ids of the nodes a search shows; null when the text is blank (the whole tree shows). */
export function searchTree<T, Id extends string | number>(
  nodes: readonly T[],
  getId: (node: T) => Id,
  getChildren: (node: T) => readonly T[] | undefined,
  matches: (node: T) => boolean,
  text: string,
): Set<Id> | null {
  if (text.trim() === '') return null;
  const shown = new Set<Id>();
  const showAll = (node: T): void => {
    shown.add(getId(node));
    for (const child of getChildren(node) ?? []) showAll(child);
  };
  const visit = (node: T): boolean => {
    if (matches(node)) {
      showAll(node);
      return true;
    }
    let below = false;
    for (const child of getChildren(node) ?? []) below = visit(child) || below;
    if (below) shown.add(getId(node));
    return below;
  };
  for (const node of nodes) visit(node);
  return shown;
}
