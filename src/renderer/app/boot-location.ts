/**
 * The console routes in the URL's hash (`/#/Home`): the built renderer's assets are addressed relative to
 * index.html, which holds only at the root. An address typed as a path (`/login`, `/Home`) that the host
 * answered with the app is carried into the hash once at start; the real query (a messenger `?code=`) stays.
 */
export function hashAddressFor(pathname: string, search: string, hash: string): string | null {
  if (hash.startsWith('#/')) return null;
  if (pathname === '/' || pathname === '' || pathname.endsWith('/index.html')) return null;
  return `/${search}#${pathname}`;
}
