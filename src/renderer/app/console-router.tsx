import { createContext, startTransition, useContext, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Router, type Location, type NavigationType, type UNSAFE_createHashHistory } from 'react-router-dom';

/** The window's history (hash addresses in the app, in memory in tests). */
export type ConsoleHistory = ReturnType<typeof UNSAFE_createHashHistory>;

interface LocationUpdate {
  action: NavigationType;
  location: Location;
}

/** Where the live address is read by subscription: a history takes one listener, the router's. */
interface LiveLocationSource {
  current: () => Location;
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
  return {
    current: () => history.location,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    changed: () => listeners.forEach((listener) => listener()),
  };
}

/** The address as it is now, each change in a transition as the router's; for readers the router's location may lag. */
export function useLiveLocation(): Location {
  const source = useContext(LiveLocationContext);
  if (!source) throw new Error('useLiveLocation is for components inside a ConsoleRouter');
  const [location, setLocation] = useState(source.current);
  useLayoutEffect(() => source.subscribe(() => startTransition(() => setLocation(source.current()))), [source]);
  return location;
}
