import { createContext, startTransition, useContext, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Router, type Location, type NavigationType, type UNSAFE_createHashHistory } from 'react-router-dom';

/** The window's history (hash addresses in the app, in memory in tests). */
export type ConsoleHistory = ReturnType<typeof UNSAFE_createHashHistory>;

interface LocationUpdate {
  action: NavigationType;
  location: Location;
}

/** One change of the address, numbered in the order the history made them (the first address is 0). */
export interface LiveNavigation {
  seq: number;
  location: Location;
}

/** How many of the latest navigations the source keeps for readers that were not drawn in between. */
const NAVIGATION_TRAIL = 64;

/** Where the live address is read by subscription: a history takes one listener, the router's. */
interface LiveLocationSource {
  current: () => LiveNavigation;
  /** The navigations after `after` up to `upTo`, oldest first (at most the latest NAVIGATION_TRAIL). */
  between: (after: number, upTo: number) => LiveNavigation[];
  subscribe: (listener: () => void) => () => void;
}

const LiveLocationContext = createContext<LiveLocationSource | null>(null);

/**
 * The app's router over `history`, like react-router's `HashRouter` (each address change in a transition), with one
 * difference: while `keepLocation(from, to)` holds, the router's own location stays as it was. The Home shell keeps every
 * open screen mounted below the router, and React looks for the readers of a changed context through everything below it:
 * with a new location on each tab switch it walked all the kept screens and rendered each one's routes and list again. The
 * shell reads the address with `useLiveLocation` instead, which renders only its reader.
 */
export function ConsoleRouter({ history, keepLocation, children }: { history: ConsoleHistory; keepLocation?: (from: Location, to: Location) => boolean; children: ReactNode }) {
  const [source] = useState(() => liveLocationSource(history));
  const [shown, setShown] = useState<LocationUpdate>(() => ({ action: history.action, location: history.location }));
  const keep = useRef(keepLocation);
  useLayoutEffect(() => {
    keep.current = keepLocation;
  });
  useLayoutEffect(
    () =>
      history.listen((update) => {
        source.changed();
        startTransition(() => setShown((previous) => (keep.current?.(previous.location, update.location) ? previous : update)));
      }),
    [history, source],
  );
  return (
    <LiveLocationContext.Provider value={source}>
      <Router location={shown.location} navigationType={shown.action} navigator={history}>
        {children}
      </Router>
    </LiveLocationContext.Provider>
  );
}

function liveLocationSource(history: ConsoleHistory): LiveLocationSource & { changed: () => void } {
  const listeners = new Set<() => void>();
  const trail: LiveNavigation[] = [{ seq: 0, location: history.location }];
  return {
    current: () => trail[trail.length - 1]!,
    between: (after, upTo) => trail.filter(({ seq }) => seq > after && seq <= upTo),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    changed: () => {
      trail.push({ seq: trail[trail.length - 1]!.seq + 1, location: history.location });
      if (trail.length > NAVIGATION_TRAIL) trail.shift();
      listeners.forEach((listener) => listener());
    },
  };
}

function useNavigationState(hook: string): [LiveNavigation, LiveLocationSource] {
  const source = useContext(LiveLocationContext);
  if (!source) throw new Error(`${hook} is for components inside a ConsoleRouter`);
  const [navigation, setNavigation] = useState(source.current);
  useLayoutEffect(() => source.subscribe(() => startTransition(() => setNavigation(source.current()))), [source]);
  return [navigation, source];
}

/**
 * The latest navigation, each change in a transition as the router's (so the router's location may lag), with the way
 * to read those made since one drawn before: navigations quick enough to render together are drawn once, as the last.
 */
export function useLiveNavigation(): LiveNavigation & { between: LiveLocationSource['between'] } {
  const [navigation, source] = useNavigationState('useLiveNavigation');
  return { ...navigation, between: source.between };
}

/** The address as it is now, each change in a transition as the router's; for readers the router's location may lag. */
export function useLiveLocation(): Location {
  return useNavigationState('useLiveLocation')[0].location;
}
