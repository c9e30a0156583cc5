import type { SortOrder } from '../../../shared/list-sort';

/** The column a list is sorted by (a column's `sortKey`, the server's `sidx`) and which way. */
export interface ListSort {
  column: string;
  order: SortOrder;
}

/** A click on a sortable header: unsorted, then ascending, then descending, then the list's own order again. */
export function nextSort(current: ListSort | null | undefined, column: string): ListSort | null {
  if (current?.column !== column) return { column, order: 'asc' };
  return current.order === 'asc' ? { column, order: 'desc' } : null;
}

/**
 * The `sidx` / `order` inputs of a list call for the sort on view, when the endpoint sorts by that column
 * (`columns`: the contract's list, e.g. `USER_SORT_COLUMNS`); nothing otherwise.
 */
export function sortParams<K extends string>(sort: ListSort | null | undefined, columns: readonly K[]): { sidx?: K; order?: SortOrder } {
  if (!sort || !(columns as readonly string[]).includes(sort.column)) return {};
  return { sidx: sort.column as K, order: sort.order };
}
