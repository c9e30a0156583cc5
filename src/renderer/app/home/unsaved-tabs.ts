import { createContext, useCallback, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/ConfirmDialog';
import { useShellTab } from './shell-tab';

/**
 * The tabs whose screen holds typed changes not saved yet. The shell asks before closing such a tab
 * (its cross, close all, close others); a form asks before its own way back.
 */
export interface UnsavedTabs {
  mark(path: string, unsaved: boolean): void;
  has(path: string): boolean;
}

export const UnsavedTabsContext = createContext<UnsavedTabs | null>(null);

export function createUnsavedTabs(): UnsavedTabs {
  const paths = new Set<string>();
  return {
    mark: (path, unsaved) => {
      if (unsaved) paths.add(path);
      else paths.delete(path);
    },
    has: (path) => paths.has(path),
  };
}

/** Tells the shell whether this screen's tab holds unsaved changes, until the screen goes away. */
export function useUnsavedTab(unsaved: boolean): void {
  const tabs = useContext(UnsavedTabsContext);
  const { path } = useShellTab();
  useEffect(() => {
    if (!tabs) return;
    tabs.mark(path, unsaved);
    return () => tabs.mark(path, false);
  }, [tabs, path, unsaved]);
}

/** Asks whether to leave and drop unsaved changes. */
export function useConfirmDiscard(): () => Promise<boolean> {
  const { t } = useTranslation();
  const confirm = useConfirm();
  return useCallback(() => confirm({ title: t('form.unsavedTitle'), message: t('form.unsavedMessage'), confirmLabel: t('form.discard') }), [confirm, t]);
}
