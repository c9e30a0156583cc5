import { AREA_CATALOGUES, mergeAreaTables, type AreaRoutes } from './area-catalogues';
import { fillTemplate } from './path-template';

/** The kernel's own routes (spec 000 §2): sign-in, the Home shell, the not-found screens and external pages. */
const KERNEL_ROUTES = {
  root: '/',
  login: '/login',
  home: '/Home',
  notFound: '/404',
  inNotFound: '/in-404',
  externalAddress: '/externalAddress',
} as const;

/** Every route of spec 000 §2 and 001 §2: the kernel's and each area's (its catalogue.ts). Form routes take the literal 'null' for "add". */
export const Route = mergeAreaTables(
  KERNEL_ROUTES,
  AREA_CATALOGUES.map((area) => area.routes),
  'route',
) as typeof KERNEL_ROUTES & AreaRoutes;

export type RoutePath = (typeof Route)[keyof typeof Route];

/** The literal a form route carries for a new record. */
export const NEW_RECORD_ID = 'null';

/** Fills `:param` segments of a route. */
export function routeTo(route: RoutePath, params: Record<string, string | number> = {}): string {
  return fillTemplate(route, params).path;
}
