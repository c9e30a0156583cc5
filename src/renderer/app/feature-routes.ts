import { matchPath } from 'react-router-dom';
import { Route } from '../../shared/routes';
import type { ScreenRoute } from '../components/screen/area';
import { AREAS } from './areas';

/**
 * Every screen route of spec 000 §2 and 001 §2, from the areas the shell registers (`areas.ts`), each with the
 * screen that renders it (loaded when its tab first opens).
 *
 * A screen renders inside its tab under its own router location, so `useParams()`, `useSearchParams()`
 * and `useNavigate()` work as usual; its title comes from the menu (server-translated) or, for screens no
 * menu names (forms), from `route.<pattern>` in the i18n catalogs.
 */
export type FeatureRoute = ScreenRoute;

export const FEATURE_ROUTES: readonly FeatureRoute[] = AREAS.flatMap((area) => area.routes);

/** Screens of the shell itself, shown in a tab like a feature. */
export const SHELL_SCREENS = [Route.externalAddress, Route.inNotFound] as const;

export type ScreenMatch = { kind: 'home' } | { kind: 'feature'; route: FeatureRoute } | { kind: 'external' } | { kind: 'notFound' };

/** What the Home shell shows for a pathname, or null when the path is no screen of it (the full-page 404). */
export function matchScreen(pathname: string): ScreenMatch | null {
  if (matchPath(Route.home, pathname)) return { kind: 'home' };
  if (matchPath(Route.externalAddress, pathname)) return { kind: 'external' };
  if (matchPath(Route.inNotFound, pathname)) return { kind: 'notFound' };
  const route = FEATURE_ROUTES.find((feature) => matchPath(feature.path, pathname));
  return route ? { kind: 'feature', route } : null;
}
