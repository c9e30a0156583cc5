import { matchScreen } from '../feature-routes';

/**
 * The screen path a pasted console link opens (issue 13: "Copy link" of a list view), or null when the text is
 * not one. A link is the console page's address with a screen route in its hash (`…/index.html#/userManage?view=…`);
 * a bare route (`#/userManage…` or `/userManage…`) is taken too. Only feature screens open this way.
 */
export function consoleLinkPath(text: string): string | null {
  const trimmed = text.trim();
  const hash = trimmed.indexOf('#');
  const route = hash >= 0 ? trimmed.slice(hash + 1) : trimmed;
  if (!route.startsWith('/') || /\s/.test(route)) return null;
  const query = route.search(/[?#]/);
  const pathname = query < 0 ? route : route.slice(0, query);
  if (matchScreen(pathname)?.kind !== 'feature') return null;
  // A fragment after the route means nothing to the shell.
  const end = route.indexOf('#');
  return end < 0 ? route : route.slice(0, end);
}
