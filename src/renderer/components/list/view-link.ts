import { listViewStateSchema, type ColumnLayout } from '../../../shared/list-views';
import type { ListSort } from './sorting';

export type { ColumnLayout } from '../../../shared/list-views';

/**
 * A list's view in a link (issue 13): the screen's path with the view as JSON in one query parameter. The
 * shell keys tabs by path and query, so a view link opens a tab of its own; the list reads the parameter when
 * it opens (see `useListController`). Home's figures link to filtered lists the same way.
 */
export interface ListViewState {
  filters?: Record<string, string | number | boolean | null>;
  sort?: ListSort | null;
  columns?: ColumnLayout;
  pageSize?: number;
}

export const VIEW_PARAM = 'view';

export function viewPath(pathname: string, view: ListViewState): string {
  return `${pathname}?${VIEW_PARAM}=${encodeURIComponent(JSON.stringify(view))}`;
}

/** The view a location's query carries; null when it has none or it is not a view (bad JSON, fields out of rule). */
export function readViewParam(search: string): ListViewState | null {
  const raw = new URLSearchParams(search).get(VIEW_PARAM);
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = listViewStateSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The full address of a view link, for the clipboard: the console page with the view's route in its hash. */
export function viewUrl(page: Pick<Location, 'origin' | 'pathname'>, pathname: string, view: ListViewState): string {
  return `${page.origin}${page.pathname}#${viewPath(pathname, view)}`;
}
