import { listViewNameSchema, sameViewName, screenListViewsSchema, NO_SCREEN_VIEWS, type SavedListView, type ScreenListViews } from '../../../shared/list-views';
import { ListViewLimits } from '../../../shared/rules';
import type { MessageKey } from '../../i18n/message-key';
import { sameLayout } from './column-layout';
import { sameFilters, type FilterValues } from './filters';
import type { ListSort } from './sorting';
import type { ListViewState } from './view-link';

/**
 * A view's filters over a list's own (`filters.initial`): only filters the list has, and only values of the
 * filter's type (any value where the list's own is null, e.g. no organisation chosen); the rest are ignored,
 * so an old or hand-written link cannot hand a list a value it does not take.
 */
export function mergeViewFilters<F extends FilterValues>(initial: F, filters: ListViewState['filters']): F {
  if (!filters) return initial;
  const merged: FilterValues = { ...initial };
  for (const key of Object.keys(initial)) {
    if (!Object.hasOwn(filters, key)) continue;
    const value = filters[key];
    const own = initial[key];
    if (value === undefined) continue;
    if (own === null || (value !== null && typeof value === typeof own)) merged[key] = value;
  }
  return merged as F;
}

/** The stored views of a screen as the bridge answered; anything else (an older console's shape) reads as none. */
export function screenViewsOf(data: unknown): ScreenListViews {
  const parsed = screenListViewsSchema.safeParse(data);
  return parsed.success ? parsed.data : NO_SCREEN_VIEWS;
}

/** Why `name` cannot be a new view's name on this screen (`except`: the view being renamed), or null. */
export function viewNameProblem(name: string, views: readonly SavedListView[]): { key: MessageKey; values?: Record<string, string | number> } | null {
  const parsed = listViewNameSchema.safeParse(name);
  if (!parsed.success) return name.trim() === '' ? { key: 'listViews.nameEmpty' } : { key: 'listViews.nameTooLong', values: { max: ListViewLimits.nameMax } };
  if (views.some((view) => sameViewName(view.name, parsed.data))) return { key: 'listViews.nameTaken', values: { name: parsed.data } };
  if (views.length >= ListViewLimits.viewsPerScreen) return { key: 'listViews.tooMany', values: { max: ListViewLimits.viewsPerScreen } };
  return null;
}

/** Whether what is on view still is the view: the same filters, sort, columns and page size. */
export function sameViewState<F extends FilterValues>(
  view: ListViewState,
  current: { filters: F; sort: ListSort | null; columns: ListViewState['columns']; pageSize: number },
  list: { initial: F; initialSort: ListSort | null },
): boolean {
  const filters = mergeViewFilters(list.initial, view.filters);
  const sort = viewSort(view, list.initialSort);
  return (
    sameFilters(filters, current.filters) &&
    (sort?.column ?? null) === (current.sort?.column ?? null) &&
    (sort?.order ?? null) === (current.sort?.order ?? null) &&
    sameLayout(view.columns, current.columns) &&
    (view.pageSize === undefined || view.pageSize === current.pageSize)
  );
}

/** The sort a view puts on view: its own, or the list's own order where the view names none. */
export function viewSort(view: ListViewState, initialSort: ListSort | null): ListSort | null {
  return view.sort === undefined ? initialSort : view.sort;
}
