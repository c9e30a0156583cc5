import { createContext, useContext } from 'react';

/** What a screen knows about the tab it is shown in. */
export interface ShellTabValue {
  /** The tab's path (pathname + search). */
  path: string;
  /** The tab's title as the tab bar shows it (the menu's name in the reader's language): the page header's too. */
  title?: string;
  /** Whether the tab is the one on view; a kept list may refresh when it comes back. */
  active: boolean;
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
