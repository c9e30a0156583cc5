import { useEffect, useSyncExternalStore } from 'react';

/**
 * Whether a dialog or a menu is open. In Electron an external page is a native view laid over the tab's
 * content area, above every DOM element, so it steps aside while anything overlays that area.
 */
let openOverlays = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Counts the caller as an open overlay while `open` is true. */
export function useOverlayWhile(open: boolean): void {
  useEffect(() => {
    if (!open) return;
    openOverlays += 1;
    emit();
    return () => {
      openOverlays -= 1;
      emit();
    };
  }, [open]);
}

/** Whether a dialog or a menu is open now, for a key handler that must leave its keys to it. */
export function anyOverlayOpen(): boolean {
  return openOverlays > 0;
}

export function useAnyOverlayOpen(): boolean {
  return useSyncExternalStore(subscribe, () => openOverlays > 0);
}
