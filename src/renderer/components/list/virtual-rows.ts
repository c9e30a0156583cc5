import { MAX_PAGE_SIZE } from '../../../shared/constants';

/**
 * Which rows of a long table are in the DOM (issue 16, big tables): the rows in view plus an overscan on each
 * side, the row that holds the keyboard focus, and empty gap rows standing for the rest, so that the scroll bar,
 * the sticky header and the table's column widths stay those of the whole table.
 */

/** More rows than this render virtually; a page of the largest page size still renders whole, as before. */
export const VIRTUAL_FROM_ROWS = MAX_PAGE_SIZE;

/** Rows rendered beyond each edge of the view, so that a short scroll or a Tab never meets a missing row. */
export const VIRTUAL_OVERSCAN = 10;

/** A row of a small Fluent table (34 px cell and its 1 px border), until the row itself is measured. */
export const ROW_HEIGHT_ESTIMATE = 35;

export function isVirtual(rowCount: number): boolean {
  return rowCount > VIRTUAL_FROM_ROWS;
}

/** What a table body renders: a row by its index, or an empty row standing for the rows not rendered. */
export type RowSlice = { kind: 'row'; index: number } | { kind: 'gap'; key: string; height: number };

interface PlacedRow {
  index: number;
  start: number;
  end: number;
}

/**
 * The body of a table whose `rows` (in index order, possibly with holes, e.g. a focused row far away) are placed
 * in a list of `totalSize` px that starts at `listStart`: the rows with gap rows before, between and after them.
 */
export function rowSlices(rows: readonly PlacedRow[], listStart: number, totalSize: number): RowSlice[] {
  const slices: RowSlice[] = [];
  let at = listStart;
  for (const row of rows) {
    if (row.start > at) slices.push({ kind: 'gap', key: `gap-${row.index}`, height: row.start - at });
    slices.push({ kind: 'row', index: row.index });
    at = row.end;
  }
  const end = listStart + totalSize;
  if (end > at) slices.push({ kind: 'gap', key: 'gap-end', height: end - at });
  return slices;
}

/** Every row of a table that renders whole. */
export function allRows(count: number): RowSlice[] {
  return Array.from({ length: count }, (_, index) => ({ kind: 'row', index }));
}

/** The indexes a range renders, with `keep` (the focused row) added in order when it lies outside. */
export function withKeptIndex(indexes: readonly number[], keep: number | null, count: number): number[] {
  if (keep === null || keep >= count || indexes.includes(keep)) return [...indexes];
  return [...indexes, keep].sort((a, b) => a - b);
}
