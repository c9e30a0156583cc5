import { createContext, useContext, useEffect, useRef } from 'react';

/** A tab's returns into view, for a screen to follow without rendering when its tab is left or shown. */
export interface TabReturns {
  subscribe: (listener: () => void) => () => void;
}

/** What a screen knows about the tab it is shown in. */
export interface ShellTabValue {
  /** The tab's path (pathname + search). */
  path: string;
  /** The tab's title as the tab bar shows it (the menu's name in the reader's language): the page header's too. */
  title?: string;
  /** The tab's returns into view; a kept list may refresh then (`useTabReturn`). */
  returns: TabReturns;
  /**
   * Closes this tab: a form calls it after saving, with the list's path, to return to the list (spec 000 §4,
   * 1.5 s after the save). Without a path the neighbouring tab becomes active.
   */
  closeSelf: (then?: string) => void;
}

export const ShellTabContext = createContext<ShellTabValue | null>(null);

export function useShellTab(): ShellTabValue {
  const tab = useContext(ShellTabContext);
  if (!tab) throw new Error('useShellTab is for screens inside a Home tab');
  return tab;
}

/** The returns of one tab: the shell calls `returned` when the tab comes back into view. */
export function createTabReturns(): TabReturns & { returned: () => void } {
  const listeners = new Set<() => void>();
  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    returned: () => listeners.forEach((listener) => listener()),
  };
}

/**
 * Calls `onReturn` each time the screen's tab comes back into view after another tab was shown. A subscription, not a
 * flag in the tab's context: a flag would render the whole screen each time its tab is left or shown.
 */
export function useTabReturn(onReturn: () => void): void {
  const { returns } = useShellTab();
  const latest = useRef(onReturn);
  useEffect(() => {
    latest.current = onReturn;
  });
  useEffect(() => returns.subscribe(() => latest.current()), [returns]);
}
