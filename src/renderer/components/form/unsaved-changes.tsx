import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useShellTab } from '../screen/shell-tab';
import { useConfirm } from '../ConfirmDialog';

/**
 * The tabs whose screen holds typed changes not saved yet. Everything that would drop them asks first:
 * a form's way back, the shell's tab cross, close all and close others, a switch of system or role, and a
 * change of language (which closes every tab).
 */
export interface UnsavedTabs {
  mark(path: string, unsaved: boolean): void;
  has(path: string): boolean;
  /** Whether any tab holds unsaved changes. */
  any(): boolean;
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
    any: () => paths.size > 0,
  };
}

/** One registry for the whole app: the shell, the identity switch and the language menu all consult it. */
export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const [tabs] = useState(createUnsavedTabs);
  return <UnsavedTabsContext.Provider value={tabs}>{children}</UnsavedTabsContext.Provider>;
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
  return useCallback(() => confirm({ title: t('form.unsavedTitle'), message: t('form.unsavedMessage'), confirmLabel: t('form.discard'), destructive: true }), [confirm, t]);
}

/**
 * Before something drops tabs: `proceed` runs at once when none of `paths` (every tab when null) holds
 * unsaved changes, and otherwise only once the user agrees to discard them; `declined` runs when they do not.
 */
export function useDiscardGuard(): (paths: readonly string[] | null, proceed: () => void, declined?: () => void) => void {
  const tabs = useContext(UnsavedTabsContext);
  const confirmDiscard = useConfirmDiscard();
  return useCallback(
    (paths: readonly string[] | null, proceed: () => void, declined?: () => void) => {
      const unsaved = tabs !== null && (paths === null ? tabs.any() : paths.some((path) => tabs.has(path)));
      if (!unsaved) return proceed();
      void confirmDiscard().then((agreed) => (agreed ? proceed() : declined?.()));
    },
    [tabs, confirmDiscard],
  );
}

/**
 * A screen with typed changes (a form, an assignment): registers them with the shell and gives the way back
 * to `listPath`, which asks before dropping them.
 */
export function useUnsavedGuard(unsaved: boolean, listPath: string): () => void {
  useUnsavedTab(unsaved);
  const { closeSelf } = useShellTab();
  const confirmDiscard = useConfirmDiscard();
  return useCallback(() => {
    if (!unsaved) return closeSelf(listPath);
    void confirmDiscard().then((agreed) => agreed && closeSelf(listPath));
  }, [unsaved, closeSelf, listPath, confirmDiscard]);
}
