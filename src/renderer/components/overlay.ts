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

/** What overlays the page: Fluent's dialogs, menus and popovers, each in a portal appended to the body as it opens. */
const OVERLAY_SURFACES = '.fui-DialogSurface, .fui-MenuPopover, .fui-PopoverSurface';

/**
 * Esc closes the top overlay wherever the focus is (issue 51). Fluent closes a dialog or a menu on an Esc pressed
 * inside it; with the focus on the page behind (a click on a dialog's plain text, a removed button) the key went
 * nowhere. An Esc from outside the top overlay is handed to it, as if pressed inside, before anything else sees it.
 */
export function useEscapeClosesTopOverlay(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const top = [...document.querySelectorAll<HTMLElement>(OVERLAY_SURFACES)].at(-1);
      if (!top || (event.target instanceof Node && top.contains(event.target))) return;
      event.preventDefault();
      event.stopPropagation();
      top.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', bubbles: true, cancelable: true }));
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, []);
}
