import { z } from 'zod';

/**
 * Column sorting of paged lists, as the spec's list calls name it (`sidx`, `order`; spec 001 §7). Each
 * list names the columns its server can sort by; without `sidx` a list keeps its own default order.
 */

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** The `sidx` and `order` inputs of a list call that sorts by one of `columns`. */
export function sortInput<const Columns extends readonly [string, ...string[]]>(columns: Columns) {
  return {
    /** The column to sort by; the list's default order when absent. */
    sidx: z.enum(columns, { error: 'validation.oneOf' }).optional(),
    /** Ascending unless 'desc'. */
    order: z.enum(SORT_ORDERS, { error: 'validation.oneOf' }).optional(),
  };
}
