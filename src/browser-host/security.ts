import { randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The browser host's security decisions, as pure functions: it serves the console to any local Chromium,
 * so every page on the machine (and every site a DNS name can be pointed at 127.0.0.1) is a possible caller.
 */

/**
 * Content Security Policy of every response. Scripts only from the host itself; inline styles because Fluent UI
 * (Griffel) inserts style rules at run time; images from data: (the captcha); frames for external menu targets,
 * the messenger QR page and the help PDF; nothing may frame the console but itself.
 */
export const BROWSER_HOST_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-src 'self' http: https:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** Headers sent with every response of the browser host. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': BROWSER_HOST_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

/** A per-run secret: 32 random bytes, URL-safe. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Constant-time comparison, so the key cannot be guessed byte by byte from response times. */
export function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The DNS-rebinding guard: a page of evil.example whose name resolves to 127.0.0.1 still sends
 * `Host: evil.example:port`, so only the loopback names with the host's own port are accepted.
 */
export function isAllowedHost(host: string | undefined, port: number): boolean {
  if (!host) return false;
  return host === `127.0.0.1:${port}` || host.toLowerCase() === `localhost:${port}`;
}

/** The origins the host's own pages have. */
function isOwnOrigin(origin: string, port: number): boolean {
  return origin === `http://127.0.0.1:${port}` || origin.toLowerCase() === `http://localhost:${port}`;
}

/**
 * A bridge call (POST) must name the host's own page as its Origin: a browser sends Origin with every POST, so a
 * call without one did not come from a page, and one from another origin is refused even if it reached the port.
 */
export function isAllowedCallOrigin(origin: string | undefined, port: number): boolean {
  return origin !== undefined && isOwnOrigin(origin, port);
}

/** The event stream is a GET, and a same-origin EventSource sends no Origin: none, or the host's own. */
export function isAllowedStreamOrigin(origin: string | undefined, port: number): boolean {
  return origin === undefined || isOwnOrigin(origin, port);
}

/** The value of one cookie from a Cookie header, or null. */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/**
 * The session cookie: not readable by scripts, never sent by another site's page. It opens the console's pages; a
 * bridge call needs the page secret besides, since the browser sends the cookie to every port of 127.0.0.1.
 */
export function sessionCookie(name: string, value: string): string {
  return `${name}=${value}; Path=/; HttpOnly; SameSite=Strict`;
}

/** The served page with its secret in a meta element, where the renderer's transport reads it (scripts may not be inline). */
export function withPageSecret(html: string, metaName: string, secret: string): string {
  const meta = `<meta name="${metaName}" content="${secret}">`;
  const head = /<head(?:\s[^>]*)?>/i.exec(html);
  if (head) return `${html.slice(0, head.index + head[0].length)}${meta}${html.slice(head.index + head[0].length)}`;
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  const at = doctype ? doctype[0].length : 0;
  return `${html.slice(0, at)}${meta}${html.slice(at)}`;
}
