import { ListViewLimits } from '../../../shared/rules';
import type { ColumnLayout } from './view-link';

/**
 * A list's column layout (issue 13): the order, the hidden columns and the widths the user chose, by column key.
 * Keys the list no longer has are ignored; columns the layout does not name keep their own order after those it
 * does, so a column added to a screen later still shows.
 */

export const COLUMN_WIDTH_MIN: number = ListViewLimits.columnWidthMin;
export const COLUMN_WIDTH_MAX: number = ListViewLimits.columnWidthMax;
/** A press of an arrow key on a resize handle; with Shift, five times as much. */
export const COLUMN_WIDTH_STEP = 10;

export const NO_LAYOUT: ColumnLayout = {};

export type LayoutAction =
  | { type: 'toggle'; key: string; keys: readonly string[] }
  | { type: 'move'; key: string; by: -1 | 1; keys: readonly string[] }
  | { type: 'resize'; key: string; width: number }
  | { type: 'reset' }
  | { type: 'set'; layout: ColumnLayout };

/** The list's column keys in the order shown, hidden ones included. */
export function orderedKeys(keys: readonly string[], layout: ColumnLayout): string[] {
  const known = new Set(keys);
  const named = [...new Set(layout.order ?? [])].filter((key) => known.has(key));
  const placed = new Set(named);
  return [...named, ...keys.filter((key) => !placed.has(key))];
}

export function isHidden(layout: ColumnLayout, key: string): boolean {
  return layout.hidden?.includes(key) ?? false;
}

/** The columns shown, in order: never none (a layout hiding them all shows them all). */
export function visibleKeys(keys: readonly string[], layout: ColumnLayout): string[] {
  const ordered = orderedKeys(keys, layout);
  const shown = ordered.filter((key) => !isHidden(layout, key));
  return shown.length > 0 ? shown : ordered;
}

export function clampWidth(width: number): number {
  return Math.min(COLUMN_WIDTH_MAX, Math.max(COLUMN_WIDTH_MIN, Math.round(width)));
}

/** Drops what says nothing (empty lists), so that an untouched layout compares equal to none. */
export function tidyLayout(layout: ColumnLayout): ColumnLayout {
  const tidy: ColumnLayout = {};
  if (layout.order && layout.order.length > 0) tidy.order = layout.order;
  if (layout.hidden && layout.hidden.length > 0) tidy.hidden = layout.hidden;
  if (layout.widths && Object.keys(layout.widths).length > 0) tidy.widths = layout.widths;
  return tidy;
}

export function sameLayout(a: ColumnLayout | undefined, b: ColumnLayout | undefined): boolean {
  const left = tidyLayout(a ?? NO_LAYOUT);
  const right = tidyLayout(b ?? NO_LAYOUT);
  const sorted = (list: readonly string[] | undefined) => [...(list ?? [])].sort().join('\n');
  const widths = (layout: ColumnLayout) =>
    Object.entries(layout.widths ?? {})
      .sort(([x], [y]) => (x < y ? -1 : 1))
      .join('\n');
  return (left.order ?? []).join('\n') === (right.order ?? []).join('\n') && sorted(left.hidden) === sorted(right.hidden) && widths(left) === widths(right);
}

export function layoutReducer(layout: ColumnLayout, action: LayoutAction): ColumnLayout {
  switch (action.type) {
    case 'toggle': {
      if (isHidden(layout, action.key)) return tidyLayout({ ...layout, hidden: (layout.hidden ?? []).filter((key) => key !== action.key) });
      // At least one column stays visible.
      const shown = visibleKeys(action.keys, layout);
      if (!shown.includes(action.key) || shown.length <= 1) return layout;
      return tidyLayout({ ...layout, hidden: [...(layout.hidden ?? []), action.key] });
    }
    case 'move': {
      const order = orderedKeys(action.keys, layout);
      const from = order.indexOf(action.key);
      const to = from + action.by;
      if (from < 0 || to < 0 || to >= order.length) return layout;
      [order[from], order[to]] = [order[to]!, order[from]!];
      return tidyLayout({ ...layout, order });
    }
    case 'resize': {
      const width = clampWidth(action.width);
      if (layout.widths?.[action.key] === width) return layout;
      return tidyLayout({ ...layout, widths: { ...layout.widths, [action.key]: width } });
    }
    case 'reset':
      return NO_LAYOUT;
    case 'set':
      return tidyLayout(action.layout);
  }
}

/** The columns a layout shows, in its order, with the widths it sets (a table's own columns when it sets none). */
export function arrangeColumns<C extends { key: string; width?: string }>(columns: readonly C[], layout: ColumnLayout): readonly C[] {
  const byKey = new Map(columns.map((column) => [column.key, column]));
  return visibleKeys(
    columns.map((column) => column.key),
    layout,
  ).map((key) => {
    const column = byKey.get(key)!;
    const width = layout.widths?.[key];
    return width === undefined ? column : { ...column, width: `${width}px` };
  });
}
