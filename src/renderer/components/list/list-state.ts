import { DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import { pageCountOf } from './paging';
import type { RowId } from './selection';

/**
 * A list screen's paging and selection. Another page or page size starts a fresh selection (the rows
 * selected are the rows in view); a new page size starts at page 1.
 */
export interface ListState {
  page: number;
  pageSize: number;
  selected: ReadonlySet<RowId>;
}

export type ListAction = { type: 'page'; page: number; pageSize: number } | { type: 'select'; selected: ReadonlySet<RowId> } | { type: 'reset' };

export const INITIAL_LIST_STATE: ListState = { page: 1, pageSize: DEFAULT_PAGE_SIZE, selected: new Set() };

export function listReducer(state: ListState, action: ListAction): ListState {
  switch (action.type) {
    case 'page': {
      const page = action.pageSize !== state.pageSize ? 1 : Math.max(1, action.page);
      if (page === state.page && action.pageSize === state.pageSize) return state;
      return { page, pageSize: action.pageSize, selected: new Set() };
    }
    case 'select':
      return { ...state, selected: action.selected };
    case 'reset':
      return { ...state, page: 1, selected: new Set() };
  }
}

/** After rows were deleted the page may lie beyond the last one: the last page that exists. */
export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.min(page, pageCountOf(total, pageSize));
}
