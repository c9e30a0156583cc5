import { lazy, type ComponentType } from 'react';
import type { FeatureRoute } from '../feature-routes';

const loadedScreens = new WeakMap<FeatureRoute, ComponentType>();
const lazyScreens = new WeakMap<FeatureRoute, ComponentType>();

/** Loads a screen's code (the idle preload, or its tab's first render) and keeps its component for the tabs opened after. */
export async function loadScreen(route: FeatureRoute): Promise<ComponentType> {
  const { default: screen } = await route.load();
  loadedScreens.set(route, screen);
  return screen;
}

/**
 * The component that renders a route: the screen itself once its code is loaded, else a lazy one. A lazy component
 * suspends on its first render even when its code is there, and React then holds the screen back for its fallback's
 * 300 ms (Suspense throttling): a tab opened after the preload would wait that long for nothing. Chosen once per
 * mounted screen: switching the component's type later would mount the screen anew and lose its state.
 */
export function screenComponentOf(route: FeatureRoute): ComponentType {
  const loaded = loadedScreens.get(route);
  if (loaded) return loaded;
  let screen = lazyScreens.get(route);
  if (!screen) {
    screen = lazy(async () => ({ default: await loadScreen(route) }));
    lazyScreens.set(route, screen);
  }
  return screen;
}
