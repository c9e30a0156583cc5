import { createContext, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import { ShellTabContext } from './shell-tab';

/** What the command palette offers for the screen on view (spec-independent: issue 13). */
export type ScreenActionId = 'add' | 'refresh' | 'export';
export interface ScreenAction {
  id: ScreenActionId;
  label: string;
  run: () => void;
}

/**
 * The actions the open screens make available, by tab path. The shared list components register theirs (add
 * and refresh in the list toolbar, export where a screen exports), each only when the role may use it, so every
 * list screen has them without a line of its own.
 */
export class ScreenActionRegistry {
  private readonly byPath = new Map<string, Map<ScreenActionId, ScreenAction>>();
  private readonly listeners = new Set<() => void>();
  /** Changes with every registration, so an open palette shows the actions of a screen that is still loading. */
  version = 0;

  set(path: string, action: ScreenAction): void {
    const actions = this.byPath.get(path) ?? new Map<ScreenActionId, ScreenAction>();
    actions.set(action.id, action);
    this.byPath.set(path, actions);
    this.changed();
  }

  remove(path: string, id: ScreenActionId): void {
    const actions = this.byPath.get(path);
    actions?.delete(id);
    if (actions?.size === 0) this.byPath.delete(path);
    this.changed();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private changed(): void {
    this.version++;
    for (const listener of this.listeners) listener();
  }

  /** The actions of a tab, in the order add, refresh, export. */
  actionsOf(path: string | null): ScreenAction[] {
    const actions = path ? this.byPath.get(path) : undefined;
    const order: ScreenActionId[] = ['add', 'refresh', 'export'];
    return actions ? order.flatMap((id) => (actions.has(id) ? [actions.get(id)!] : [])) : [];
  }
}

export const ScreenActionsContext = createContext<ScreenActionRegistry | null>(null);

/** Offers an action of the screen this component sits in while it is mounted; null offers nothing. Outside the shell it does nothing. */
export function useScreenAction(action: ScreenAction | null): void {
  const registry = useContext(ScreenActionsContext);
  const tab = useContext(ShellTabContext);
  const latest = useRef(action);
  latest.current = action;
  const id = action?.id;
  const label = action?.label;
  const path = tab?.path;
  useEffect(() => {
    if (!registry || path === undefined || id === undefined || label === undefined) return;
    registry.set(path, { id, label, run: () => latest.current?.run() });
    return () => registry.remove(path, id);
  }, [registry, path, id, label]);
}

/** The actions of a tab, kept current while the caller is mounted. */
export function useScreenActions(registry: ScreenActionRegistry, path: string | null): ScreenAction[] {
  useSyncExternalStore(registry.subscribe, () => registry.version);
  return registry.actionsOf(path);
}

const NO_SUBSCRIPTION = () => () => undefined;

/**
 * The action `id` the screen this component sits in offers (its list's add, for an empty list's invitation); null when it
 * offers none. Its snapshot is that action alone: a screen opening in another tab registers its own, and the kept lists
 * of every other tab must not render again for it.
 */
export function useOfferedAction(id: ScreenActionId): ScreenAction | null {
  const registry = useContext(ScreenActionsContext);
  const path = useContext(ShellTabContext)?.path ?? null;
  return useSyncExternalStore(registry?.subscribe ?? NO_SUBSCRIPTION, () => registry?.actionsOf(path).find((action) => action.id === id) ?? null);
}
