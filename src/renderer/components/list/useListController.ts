import { useQueryClient, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { CallableEndpointId, CallInput, CallOutput } from '../../../shared/bridge';
import { Delay } from '../../../shared/constants';
import type { PermissionKey } from '../../../shared/permissions';
import { NEW_RECORD_ID, routeTo, type RoutePath } from '../../../shared/routes';
import { useTabReturn } from '../screen/shell-tab';
import { useBridge } from '../../bridge';
import { bridgeQueryOptions, useBridgeQuery } from '../../hooks/bridge-query';
import type { MessageKey } from '../../i18n/message-key';
import { useNotify } from '../notify';
import { usePermissions } from '../permissions';
import { deleteQuestion, type DeleteQuestionWords } from './delete-question';
import { sameFilters, type FilterValues } from './filters';
import { INITIAL_LIST_STATE, listReducer } from './list-state';
import { selectionProblem, toggleRow, type RowId, type SelectionMode } from './selection';
import type { ListSort } from './sorting';
import { mergeViewFilters, viewSort } from './saved-views';
import { useConfirmedDelete } from './useConfirmedDelete';
import { useLinkedView, useListViews } from './useListViews';

export interface Paging {
  page: number;
  pageSize: number;
  /** The column the user sorted by (a header click), or null for the list's own order; see `sortParams`. */
  sort?: ListSort | null;
}

export interface ListRows<Row> {
  rows: readonly Row[];
  total: number;
}

/** The rows of a page envelope (`records, total`), what the paged list calls answer. */
export function pageRows<Row>(page: { records: readonly Row[]; total: number }): ListRows<Row> {
  return { rows: page.records, total: page.total };
}

/**
 * The form a list opens: add, and edit of the one chosen row. A double click on a row opens its form too,
 * when the role holds `editPerm` (always, without one).
 */
export interface ListRoutes {
  add: string;
  edit: (id: RowId) => string;
  editRule?: SelectionRule;
  editPerm?: PermissionKey;
}

/** A list's routes to its record form at `route`, whose `:param` is the record's id ('null' adds, spec 000 §2). */
export function recordFormRoutes(route: RoutePath, param: string, editPerm?: PermissionKey): ListRoutes {
  return { add: routeTo(route, { [param]: NEW_RECORD_ID }), edit: (id) => routeTo(route, { [param]: id }), editPerm };
}

/** A selection rule: the i18n key of the warning when `count` chosen rows do not allow an action, else null. */
export type SelectionRule = (count: number) => MessageKey | null;

const exactlyOneRow: SelectionRule = (count) => selectionProblem(count, 'exactlyOne');
const atLeastOneRow: SelectionRule = (count) => selectionProblem(count, 'atLeastOne');

export interface DeleteSelectedOptions<D extends CallableEndpointId, Row = never> {
  endpoint: D;
  /** The call's input for the chosen rows' ids, e.g. `{ userIds: ids.join(',') }`. */
  input: (ids: RowId[]) => CallInput<D>;
  /** A further reason not to delete these rows (the signed-in user among them), checked before asking. */
  refuse?: (ids: RowId[]) => MessageKey | null;
  /** The confirmation's title; 'Notice' by default. */
  confirmTitle?: string;
  /** Names a chosen row in the question ('Delete 3 users: zhang, li, wang?'), e.g. by its login name. */
  itemLabel?: (row: Row) => string;
  /**
   * The question for `count` rows and their `names` (joined, the first few only), in the screen's words:
   * the keys of its texts for one row and for many, `{ one: 'user.deleteOne', many: 'user.deleteMany' }`, or
   * a function of the two. The shared 'Delete these N entries: …?' by default.
   */
  question?: DeleteQuestionWords;
  /** Everything a delete makes out of date; the list itself by default. */
  invalidate?: (client: QueryClient) => Promise<void>;
}

export interface ListControllerOptions<Q extends CallableEndpointId, F extends FilterValues, Row, D extends CallableEndpointId> {
  queryId: Q;
  /** `initial` is what reset goes back to and what counts as unfiltered; it may change (a preselected organisation). */
  filters: { initial: F };
  /** The list call's input for the applied filters and the page on view. */
  toInput: (filters: F, paging: Paging) => CallInput<Q>;
  /** The rows and total of an answer; `pageRows` for a page envelope. */
  rowsOf: (data: CallOutput<Q>) => ListRows<Row>;
  getRowId: (row: Row) => RowId;
  /** Every row id the rows hold, where rows nest (a tree); the rows' own ids otherwise. */
  rowIdsOf?: (rows: readonly Row[]) => ReadonlySet<RowId>;
  /** Every row the rows hold, where rows nest (a tree), to name chosen rows in the delete question; the rows themselves otherwise. */
  allRowsOf?: (rows: readonly Row[]) => Iterable<Row>;
  /** Loads the list waits for (the organisations of a filter): their loading, error and retry are the list's. */
  prerequisites?: readonly UseQueryResult<unknown>[];
  /** Whether the applied filters are complete enough to ask (a preselected organisation is known); always by default. */
  canLoad?: (filters: F) => boolean;
  selectionMode?: SelectionMode;
  routes?: ListRoutes;
  deleteSelected?: DeleteSelectedOptions<D, Row>;
  /** The order before the user sorts by a column header; the list's own (null) by default. */
  initialSort?: ListSort | null;
}

const NO_ROWS_SELECTED: ReadonlySet<RowId> = new Set();
const NO_PREREQUISITES: readonly UseQueryResult<unknown>[] = [];

/**
 * Everything a list screen does besides its columns and filter fields (spec 000 §5, §9; 001 "kept" lists):
 * draft and applied filters, paging (10 a page; new filters or a new page size start at page 1), the
 * selection and its rules, add / edit / delete with confirmation, and a reload when the list's tab comes
 * back into view with rows older than `Delay.listStaleMs`. The screen stays mounted while other tabs are open, so all of it is kept meanwhile.
 * `ListTable` takes the result as its `list`.
 */
export function useListController<Q extends CallableEndpointId, F extends FilterValues, Row, D extends CallableEndpointId = never>(options: ListControllerOptions<Q, F, Row, D>) {
  const { queryId, toInput, rowsOf, getRowId, rowIdsOf, allRowsOf, prerequisites = NO_PREREQUISITES, canLoad, selectionMode = 'multiple', routes, deleteSelected: deletion } = options;
  const { t } = useTranslation();
  const { has } = usePermissions();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const bridge = useBridge();

  const initial = options.filters.initial;
  const initialSort = options.initialSort ?? null;
  // A view link opens the list with its filters, sort and page size (issue 13).
  const linked = useLinkedView();
  const [draft, setDraft] = useState<F>(() => mergeViewFilters(initial, linked?.filters));
  const [applied, setApplied] = useState<F>(() => mergeViewFilters(initial, linked?.filters));
  const [state, dispatch] = useReducer(listReducer, linked?.pageSize, (size) => (size === undefined ? INITIAL_LIST_STATE : { ...INITIAL_LIST_STATE, pageSize: size }));
  const { page, pageSize } = state;
  const [sort, setSort] = useState<ListSort | null>(() => (linked ? viewSort(linked, initialSort) : initialSort));
  // Saved views and the column layout; the default view is applied once the stored views are read.
  const views = useListViews({
    listId: queryId,
    linked,
    initial,
    initialSort,
    applied,
    sort,
    pageSize,
    applyState: (view) => {
      const filters = mergeViewFilters(initial, view.filters);
      setDraft(filters);
      setApplied(filters);
      setSort(viewSort(view, initialSort));
      dispatch({ type: 'page', page: 1, pageSize: view.pageSize ?? pageSize });
      dispatch({ type: 'reset' });
    },
  });

  const ready = views.ready && prerequisites.every((prerequisite) => prerequisite.isSuccess) && (canLoad?.(applied) ?? true);
  // New filters show the loading state; another page keeps the rows on view until it arrives.
  const filtersOnView = useRef(applied);
  const input = toInput(applied, { page, pageSize, sort });
  // The first rows are asked for as the list first renders, as React Query's usePrefetchQuery does (which cannot wait for
  // `ready`), not once the list has committed as a query's mount would: the call runs beside the screen's first render.
  // Rows read since the list opened count as fresh at its mount, so they are not asked for twice.
  const [openedAt] = useState(Date.now);
  const fetchedSinceOpen = (state: { dataUpdatedAt: number }) => state.dataUpdatedAt >= openedAt;
  const committed = useRef(false);
  useEffect(() => {
    committed.current = true;
  }, []);
  if (ready && !committed.current) {
    void queryClient.prefetchQuery({ ...bridgeQueryOptions(bridge, queryId, input), staleTime: (cached) => (fetchedSinceOpen(cached.state) ? Infinity : 0), meta: { silent: true } });
  }
  const query = useBridgeQuery(queryId, input, {
    enabled: ready,
    // Every search and page asks the server again; a return to the tab does once the rows are `Delay.listStaleMs` old.
    staleTime: 0,
    refetchOnMount: (cached) => !fetchedSinceOpen(cached.state),
    placeholderData: (previous) => (filtersOnView.current === applied ? previous : undefined),
    meta: { silent: true },
  });
  useEffect(() => {
    if (query.isSuccess && !query.isPlaceholderData) filtersOnView.current = applied;
  }, [query.isSuccess, query.isPlaceholderData, applied]);

  const listed = useMemo(() => (ready && query.data !== undefined ? rowsOf(query.data) : undefined), [ready, query.data, rowsOf]);
  const rows = listed?.rows;

  // Only rows still on view count as chosen (a reload may have dropped some).
  const rowIds = useMemo(() => (rows === undefined ? undefined : (rowIdsOf?.(rows) ?? new Set(rows.map(getRowId)))), [rows, rowIdsOf, getRowId]);
  const selected = useMemo(() => (rowIds === undefined ? state.selected : new Set([...state.selected].filter((id) => rowIds.has(id)))), [state.selected, rowIds]);

  const failedPrerequisite = prerequisites.find((prerequisite) => prerequisite.isError);
  const { refetch, isFetching } = query;
  // A load under way is not restarted: it brings the rows as they are now.
  const reload = useCallback(() => {
    if (failedPrerequisite) void failedPrerequisite.refetch();
    else if (ready) void refetch({ cancelRefetch: false });
  }, [failedPrerequisite, ready, refetch]);

  // A return reloads rows older than the stale time only: a save of the list's own form, or a delete, reloads it
  // at once through its query, even while the tab is away.
  const updatedAt = useRef(query.dataUpdatedAt);
  updatedAt.current = query.dataUpdatedAt;
  useTabReturn(() => {
    if (Date.now() - updatedAt.current >= Delay.listStaleMs) reload();
  });

  const onPageChange = useCallback((nextPage: number, nextPageSize: number) => dispatch({ type: 'page', page: nextPage, pageSize: nextPageSize }), []);
  const onSelectionChange = useCallback((next: ReadonlySet<RowId>) => dispatch({ type: 'select', selected: next }), []);
  const toggle = (id: RowId) => onSelectionChange(toggleRow(selected, id, selectionMode));
  /** Another order starts again at page 1, with nothing chosen. */
  const onSortChange = useCallback((next: ListSort | null) => {
    setSort(next);
    dispatch({ type: 'reset' });
  }, []);

  const applyFilters = (next: F) => {
    // The same filters on page 1 make no new call by themselves: a search still asks the server again.
    if (sameFilters(next, applied) && page === 1) reload();
    setApplied(next);
    dispatch({ type: 'reset' });
  };

  const filters = {
    draft,
    applied,
    /** Edits the draft; the list follows on search. */
    change: (patch: Partial<F>) => setDraft((previous) => ({ ...previous, ...patch })),
    search: () => applyFilters(draft),
    reset: () => {
      setDraft(initial);
      applyFilters(initial);
    },
    /** Filters that act at once (a status choice, a filter the basic view hides): draft and list both. */
    applyNow: (patch: Partial<F>) => {
      setDraft((previous) => ({ ...previous, ...patch }));
      const next = { ...applied, ...patch };
      if (sameFilters(next, applied)) return;
      setApplied(next);
      dispatch({ type: 'reset' });
    },
  };

  /** The one chosen row's id, or null after warning that the selection breaks `rule`. */
  const requireOne = (rule: SelectionRule = exactlyOneRow): RowId | null => {
    const problem = rule(selected.size);
    if (problem) {
      notify.warning(t(problem));
      return null;
    }
    const [id] = selected;
    return id ?? null;
  };

  const removal = useConfirmedDelete(deletion?.endpoint);
  const rowRemoval = useConfirmedDelete(deletion?.endpoint);
  const refreshAfterDelete = () => {
    if (deletion?.invalidate) void deletion.invalidate(queryClient);
    else reload();
  };

  /** Deletes the chosen rows after confirmation; a refusal shows the server's msg (the app's error toasts). */
  const deleteSelected = () => {
    if (!deletion) return;
    const ids = [...selected];
    const problem = atLeastOneRow(ids.length) ?? deletion.refuse?.(ids) ?? null;
    if (problem) {
      notify.warning(t(problem));
      return;
    }
    const question = deleteQuestion(t, { ids, rows: rows === undefined ? [] : (allRowsOf?.(rows) ?? rows), getRowId, itemLabel: deletion.itemLabel, question: deletion.question });
    void removal.remove({
      input: deletion.input(ids),
      count: ids.length,
      title: deletion.confirmTitle,
      question,
      refresh: refreshAfterDelete,
      onDeleted: () => onSelectionChange(NO_ROWS_SELECTED),
    });
  };

  /** Deletes one row from its own delete button, asked and refreshed as `deleteSelected`; the chosen rows stay chosen. */
  const deleteRow = (row: Row) => {
    if (!deletion) return;
    const ids = [getRowId(row)];
    const problem = deletion.refuse?.(ids) ?? null;
    if (problem) {
      notify.warning(t(problem));
      return;
    }
    const question = deleteQuestion(t, { ids, rows: [row], getRowId, itemLabel: deletion.itemLabel, question: deletion.question });
    void rowRemoval.remove({ input: deletion.input(ids), count: 1, title: deletion.confirmTitle, question, refresh: refreshAfterDelete });
  };

  return {
    filters,
    /** Whether the applied filters narrow the list (the empty state then says 'no match'). */
    filtered: !sameFilters(applied, initial),
    rows,
    total: listed?.total ?? 0,
    loading: isFetching || prerequisites.some((prerequisite) => prerequisite.isPending),
    error: failedPrerequisite?.error ?? (query.isError ? query.error : undefined),
    reload,
    page,
    pageSize,
    onPageChange,
    getRowId,
    selectionMode,
    selected,
    onSelectionChange,
    toggle,
    requireOne,
    add: () => {
      if (routes) navigate(routes.add);
    },
    editSelected: () => {
      if (!routes) return;
      const id = requireOne(routes.editRule);
      if (id !== null) navigate(routes.edit(id));
    },
    /** Opens a row's form (a double click): absent when the list has no form or the role may not edit. */
    openRow:
      routes && (routes.editPerm === undefined || has(routes.editPerm))
        ? (id: RowId) => {
            // Back on the list, the row just edited is the one chosen.
            onSelectionChange(new Set([id]));
            navigate(routes.edit(id));
          }
        : undefined,
    sort,
    onSortChange,
    views,
    deleteSelected,
    deleting: removal.deleting,
    deleteRow,
  };
}
