import type { NavNode } from '../../../shared/contract/session';
import { LinkTarget, MenuType } from '../../../shared/constants';
import { Route } from '../../../shared/routes';
import { matchScreen } from '../feature-routes';

/** Menu targets starting with http:// or https:// are external pages. */
export function isExternalUrl(url: string): boolean {
  return /^https?:\/\/[^\s]+$/i.test(url.trim());
}

export const EXTERNAL_URL_PARAM = 'url';

export function externalAddressPath(url: string): string {
  return `${Route.externalAddress}?${new URLSearchParams({ [EXTERNAL_URL_PARAM]: url.trim() }).toString()}`;
}

export type MenuTarget = { kind: 'tab'; path: string } | { kind: 'popup'; url: string };

/**
 * Where a menu leads: an external page opens in a tab (or a pop-up window for linkTarget 1), a known
 * route opens its screen, and anything else the in-shell 404.
 */
export function menuTarget(node: Pick<NavNode, 'url' | 'linkTarget'>): MenuTarget {
  const url = node.url.trim();
  if (isExternalUrl(url)) {
    return node.linkTarget === LinkTarget.Popup ? { kind: 'popup', url } : { kind: 'tab', path: externalAddressPath(url) };
  }
  const pathname = url.startsWith('/') ? url : `/${url}`;
  const match = matchScreen(pathname);
  return match?.kind === 'feature' ? { kind: 'tab', path: pathname } : { kind: 'tab', path: Route.inNotFound };
}

/** Pages are the menus a user opens: not the system, not buttons, and not a group that only holds children. */
export function isPage(node: NavNode): boolean {
  return node.type === MenuType.Menu && node.url.trim() !== '' && node.children.every((child) => child.type === MenuType.Button);
}

export function sortedMenus(nodes: readonly NavNode[]): NavNode[] {
  return nodes.filter((node) => node.type !== MenuType.Button).sort((a, b) => a.orderNum - b.orderNum);
}

function* walk(nodes: readonly NavNode[]): Generator<NavNode> {
  for (const node of nodes) {
    yield node;
    yield* walk(node.children);
  }
}

/** The menu a screen path belongs to: the page with that url, or the page of the external url it shows. */
export function findMenuByUrl(nav: readonly NavNode[], url: string): NavNode | null {
  for (const node of walk(nav)) {
    if (node.type !== MenuType.Button && node.url.trim() === url) return node;
  }
  return null;
}
