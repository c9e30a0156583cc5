import { useCallback, useMemo, useReducer } from 'react';
import { INITIAL_LIST_STATE, listReducer } from './list-state';
import type { RowId } from './selection';

/** Paging and selection for a ListTable: spread `table` into it; `reset()` when the filters change. */
export function useListState(initialPageSize = INITIAL_LIST_STATE.pageSize) {
  const [state, dispatch] = useReducer(listReducer, { ...INITIAL_LIST_STATE, pageSize: initialPageSize });
  const onPageChange = useCallback((page: number, pageSize: number) => dispatch({ type: 'page', page, pageSize }), []);
  const onSelectionChange = useCallback((selected: ReadonlySet<RowId>) => dispatch({ type: 'select', selected }), []);
  const reset = useCallback(() => dispatch({ type: 'reset' }), []);
  const table = useMemo(
    () => ({ page: state.page, pageSize: state.pageSize, selected: state.selected, onPageChange, onSelectionChange }),
    [state.page, state.pageSize, state.selected, onPageChange, onSelectionChange],
  );
  return { ...state, table, reset };
}
