import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleBridge } from '../../../shared/bridge';
import { NO_SCREEN_VIEWS, type SavedListView, type ScreenListViews, type UserListViews } from '../../../shared/list-views';
import { useShellTab } from '../screen/shell-tab';
import { unwrap, useBridge } from '../../bridge';
import type { MessageKey } from '../../i18n/message-key';
import { useConfirm } from '../ConfirmDialog';
import { useNotify } from '../notify';
import { layoutReducer, NO_LAYOUT, tidyLayout, type LayoutAction } from './column-layout';
import { sameFilters, type FilterValues } from './filters';
import { sameViewState, screenViewsOf, viewNameProblem } from './saved-views';
import type { ListSort } from './sorting';
import { readViewParam, viewUrl, type ColumnLayout, type ListViewState } from './view-link';

/** A layout change is kept once the user stops changing it for this long (a held arrow key on a resize handle). */
const LAYOUT_SAVE_DELAY_MS = 400;

function splitTabPath(path: string): { pathname: string; search: string } {
  const index = path.indexOf('?');
  return index < 0 ? { pathname: path, search: '' } : { pathname: path.slice(0, index), search: path.slice(index) };
}

/** The view a list's tab was opened with (a view link), read once when the list opens; null for none. */
export function useLinkedView(): ListViewState | null {
  const { path } = useShellTab();
  const [view] = useState(() => readViewParam(splitTabPath(path).search));
  return view;
}

const SAVED_VIEWS_KEY = ['bridge', 'listViews.all'] as const;

/**
 * The signed-in user's saved views of every screen, each checked against the rules: one read, which the shell starts as
 * it opens, so a list opening later asks for its rows without waiting for a read of its views.
 */
export function savedViewsQuery(bridge: ConsoleBridge) {
  return queryOptions({
    queryKey: SAVED_VIEWS_KEY,
    queryFn: async (): Promise<UserListViews> => {
      const all = await unwrap(bridge.listViews.all());
      return Object.fromEntries(Object.entries(all).map(([screen, views]) => [screen, screenViewsOf(views)]));
    },
    staleTime: Infinity,
    retry: false,
    meta: { silent: true },
  });
}

/** What ListTable's toolbar shows and changes: the saved views of the list's screen and its column layout. */
export interface ListViewsSource {
  /** Until the stored views are read, a list that opens with its default view does not ask for rows. */
  ready: boolean;
  views: readonly SavedListView[];
  defaultView: string | null;
  /** The view last applied or saved, while on view. */
  current: string | null;
  /** Whether filters, sort, columns or page size changed since `current` was applied. */
  modified: boolean;
  layout: ColumnLayout;
  changeLayout: (action: LayoutAction) => void;
  apply: (name: string) => void;
  /** Why `name` cannot name a new view, as an i18n key and its values; null when it can. */
  nameProblem: (name: string) => { key: MessageKey; values?: Record<string, string | number> } | null;
  /** Saves what is on view as a new view; false when the name is refused or the save failed (the reason is shown). */
  saveAs: (name: string) => Promise<boolean>;
  /** Replaces the current view's state by what is on view. */
  update: () => void;
  /** Makes the current view the one the screen opens with, or none. */
  setDefault: (isDefault: boolean) => void;
  /** Deletes the current view after confirmation. */
  remove: () => void;
  /** The full address of a link to what is on view. */
  link: () => string;
}

export interface ListViewsOptions<F extends FilterValues> {
  /** Tells lists of one screen apart (two tabs of statistics): the list call's id. */
  listId: string;
  linked: ListViewState | null;
  initial: F;
  initialSort: ListSort | null;
  applied: F;
  sort: ListSort | null;
  pageSize: number;
  /** Puts a view's filters, sort and page size on view (the list resets to page 1). */
  applyState: (state: ListViewState) => void;
}

/**
 * Saved views and the column layout of one list (issue 13), kept through the bridge in the desktop settings
 * per user and screen. The screen's default view is applied when it opens, unless a view link opened it.
 */
export function useListViews<F extends FilterValues>(options: ListViewsOptions<F>): ListViewsSource {
  const { listId, linked, initial, initialSort, applied, sort, pageSize, applyState } = options;
  const { t } = useTranslation();
  const bridge = useBridge();
  const notify = useNotify();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const { path } = useShellTab();
  const pathname = splitTabPath(path).pathname;
  const screen = `${pathname}@${listId}`;

  const select = useCallback((all: UserListViews) => all[screen] ?? NO_SCREEN_VIEWS, [screen]);
  const stored = useQuery({ ...savedViewsQuery(bridge), select });
  const data: ScreenListViews = stored.data ?? NO_SCREEN_VIEWS;
  const settled = stored.isSuccess || stored.isError;

  const [layout, setLayout] = useState<ColumnLayout>(linked?.columns ? tidyLayout(linked.columns) : NO_LAYOUT);
  const [current, setCurrent] = useState<string | null>(null);

  // Once the stored views are read: the default view (not when a link opened the list), else the kept layout.
  // Rows are asked for only after that, with the view's filters. Applied in the render that reads them, not in an
  // effect after it: with the shell's read done, the list's first commit asks for its rows.
  const [opened, setOpened] = useState(linked !== null);
  if (settled && !opened) {
    setOpened(true);
    const chosen = data.defaultView === null ? undefined : data.views.find((view) => view.name === data.defaultView);
    if (chosen) {
      applyState(chosen.state);
      setLayout(tidyLayout(chosen.state.columns ?? data.layout ?? NO_LAYOUT));
      setCurrent(chosen.name);
    } else if (data.layout) setLayout(tidyLayout(data.layout));
  }

  // Saves run one after another, each with the whole screen as it is then; the cache is what every tab shows.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const persist = useCallback(
    (next: ScreenListViews, done?: string): Promise<boolean> => {
      queryClient.setQueryData<UserListViews>(SAVED_VIEWS_KEY, (all) => ({ ...all, [screen]: next }));
      const run = queue.current.then(async () => {
        const result = await bridge.listViews.save({ screen, state: next });
        if (result.ok) {
          if (done) notify.success(done);
          return true;
        }
        notify.error(result.msg);
        void queryClient.invalidateQueries({ queryKey: SAVED_VIEWS_KEY });
        return false;
      });
      queue.current = run;
      return run;
    },
    [bridge, notify, queryClient, screen],
  );
  const latest = () => queryClient.getQueryData<UserListViews>(SAVED_VIEWS_KEY)?.[screen] ?? NO_SCREEN_VIEWS;

  // The layout on view is kept (after a pause), so the screen opens with it next time.
  const layoutTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const changeLayout = (action: LayoutAction) => {
    const next = layoutReducer(layout, action);
    if (next === layout) return;
    setLayout(next);
    clearTimeout(layoutTimer.current);
    layoutTimer.current = setTimeout(() => {
      const tidy = tidyLayout(next);
      void persist({ ...latest(), layout: Object.keys(tidy).length === 0 ? null : tidy });
    }, LAYOUT_SAVE_DELAY_MS);
  };
  useEffect(() => () => clearTimeout(layoutTimer.current), []);

  /** What is on view, as a view: filters that differ from the list's own, the sort, the columns and the page size. */
  const onView = (onlyChanged: boolean): ListViewState => {
    const filters: Record<string, string | number | boolean | null> = {};
    for (const [key, value] of Object.entries(applied)) {
      if (!onlyChanged || !sameFilters({ [key]: value }, { [key]: initial[key] ?? null })) filters[key] = value;
    }
    const columns = tidyLayout(layout);
    return { filters, sort, ...(Object.keys(columns).length > 0 && { columns }), pageSize };
  };

  const currentView = current === null ? undefined : data.views.find((view) => view.name === current);
  const modified = currentView !== undefined && !sameViewState(currentView.state, { filters: applied, sort, columns: layout, pageSize }, { initial, initialSort });

  return {
    ready: opened,
    views: data.views,
    defaultView: data.defaultView,
    current: currentView?.name ?? null,
    modified,
    layout,
    changeLayout,
    apply: (name) => {
      const view = data.views.find((candidate) => candidate.name === name);
      if (!view) return;
      applyState(view.state);
      setLayout(tidyLayout(view.state.columns ?? NO_LAYOUT));
      setCurrent(view.name);
    },
    nameProblem: (name) => viewNameProblem(name, data.views),
    saveAs: async (name) => {
      const base = latest();
      const problem = viewNameProblem(name, base.views);
      if (problem) {
        notify.warning(t(problem.key, problem.values));
        return false;
      }
      const view: SavedListView = { name: name.trim(), state: onView(false) };
      const saved = await persist({ ...base, views: [...base.views, view] }, t('listViews.saved', { name: view.name }));
      if (saved) setCurrent(view.name);
      return saved;
    },
    update: () => {
      if (!currentView) return;
      const base = latest();
      const views = base.views.map((view) => (view.name === currentView.name ? { name: view.name, state: onView(false) } : view));
      void persist({ ...base, views }, t('listViews.updated', { name: currentView.name }));
    },
    setDefault: (isDefault) => {
      if (!currentView) return;
      const base = latest();
      void persist({ ...base, defaultView: isDefault ? currentView.name : null }, isDefault ? t('listViews.defaultSet', { name: currentView.name }) : t('listViews.defaultCleared'));
    },
    remove: () => {
      if (!currentView) return;
      const name = currentView.name;
      void (async () => {
        if (!(await confirm({ title: t('listViews.delete'), message: t('listViews.deleteQuestion', { name }), confirmLabel: t('actions.delete'), destructive: true }))) return;
        const base = latest();
        const saved = await persist(
          { ...base, views: base.views.filter((view) => view.name !== name), defaultView: base.defaultView === name ? null : base.defaultView },
          t('listViews.deleted', { name }),
        );
        if (saved) setCurrent(null);
      })();
    },
    link: () => viewUrl(window.location, pathname, onView(true)),
  };
}
