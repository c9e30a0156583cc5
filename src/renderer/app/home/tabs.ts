/**
 * The tab bar's rules (spec 000 §4) as a pure reducer: opening adds a tab or reuses an open one, closing
 * the active tab activates the previous one (the next one when the first was closed), closing the last
 * one leaves no active tab, and 'close all' / 'close others' exist.
 */

/** A tab is the screen path it shows (pathname + search): opening the same path again reuses it. */
export interface TabsState {
  paths: string[];
  /** null: the home view, with no tab active. */
  activePath: string | null;
}

export type TabsAction = { type: 'open'; path: string } | { type: 'showHome' } | { type: 'close'; path: string } | { type: 'closeAll' } | { type: 'closeOthers'; path: string };

export const EMPTY_TABS: TabsState = { paths: [], activePath: null };

export function tabsReducer(state: TabsState, action: TabsAction): TabsState {
  switch (action.type) {
    case 'open':
      return { paths: state.paths.includes(action.path) ? state.paths : [...state.paths, action.path], activePath: action.path };
    case 'showHome':
      return { paths: state.paths, activePath: null };
    case 'close': {
      const index = state.paths.indexOf(action.path);
      if (index < 0) return state;
      const paths = state.paths.filter((path) => path !== action.path);
      if (state.activePath !== action.path) return { paths, activePath: state.activePath };
      return { paths, activePath: paths[index - 1] ?? paths[index] ?? null };
    }
    case 'closeAll':
      return EMPTY_TABS;
    case 'closeOthers':
      return state.paths.includes(action.path) ? { paths: [action.path], activePath: action.path } : state;
  }
}
