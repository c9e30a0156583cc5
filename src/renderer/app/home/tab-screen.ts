import type { NavNode } from '../../../shared/contract/session';
import { Route } from '../../../shared/routes';
import { routeTitleKey } from '../../i18n';
import type { RouteTitleKey } from '../../i18n/message-key';
import { matchScreen, type FeatureRoute } from '../feature-routes';
import { EXTERNAL_URL_PARAM, findMenuByUrl } from './nav';

export interface TabScreen {
  /** 'noAccess': a feature screen whose menu the current role does not hold. */
  kind: 'feature' | 'noAccess' | 'external' | 'notFound';
  pathname: string;
  search: string;
  route: FeatureRoute | null;
  /** The name of the menu whose own page this is: the tab's title, translated by the server. */
  menuName: string | null;
  /** The title's i18n key when no menu names the tab (forms, typed addresses). */
  titleKey: RouteTitleKey;
  /** The menu whose button permissions the screen uses. */
  permissionMenuId: number | null;
  externalUrl: string | null;
}

export function splitPath(path: string): { pathname: string; search: string } {
  const index = path.indexOf('?');
  return index < 0 ? { pathname: path, search: '' } : { pathname: path.slice(0, index), search: path.slice(index) };
}

/** What the tab of a screen path shows, and which menu it belongs to. */
export function describeTab(path: string, nav: readonly NavNode[]): TabScreen {
  const { pathname, search } = splitPath(path);
  const match = matchScreen(pathname);
  const base = { pathname, search, route: null, menuName: null, permissionMenuId: null, externalUrl: null };

  if (match?.kind === 'external') {
    const url = new URLSearchParams(search).get(EXTERNAL_URL_PARAM) ?? '';
    const menu = findMenuByUrl(nav, url);
    return { ...base, kind: 'external', titleKey: routeTitleKey(Route.externalAddress), externalUrl: url, menuName: menu?.name ?? null, permissionMenuId: menu?.menuId ?? null };
  }
  if (match?.kind === 'feature') {
    const own = findMenuByUrl(nav, pathname);
    const permissionMenu = own ?? (match.route.permissionsOf ? findMenuByUrl(nav, match.route.permissionsOf) : null);
    // No menu of the role leads to the screen: it is not opened (nor its data asked for).
    const kind = permissionMenu ? 'feature' : 'noAccess';
    return { ...base, kind, route: match.route, titleKey: routeTitleKey(match.route.path), menuName: own?.name ?? null, permissionMenuId: permissionMenu?.menuId ?? null };
  }
  return { ...base, kind: 'notFound', titleKey: routeTitleKey(Route.inNotFound) };
}
