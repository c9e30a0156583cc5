/**
 * The messenger's QR page runs in a sandboxed frame: scripts and forms for its login, its own origin for its cookies,
 * and top navigation, because once the phone has scanned the code the page sends the console back to its redirect
 * address with the code, which the sign-in page then exchanges. Nobody acts in the frame (the person scans with the
 * phone), so navigation on user activation alone would never return. The desktop window lets that navigation go
 * nowhere: its guard takes the code from the configured return address and blocks every other address
 * (src/main/electron/web-contents-guards.ts). No pop-ups, no modals.
 */
export const QR_FRAME_SANDBOX = 'allow-scripts allow-forms allow-same-origin allow-top-navigation';

/**
 * The QR page's address when it may be framed: an http(s) page of another origin than the console. A page of the
 * console's own origin with scripts and its origin could lift its own sandbox and reach the console: refused (null).
 */
export function qrFrameUrl(qrUrl: string, consoleOrigin: string): string | null {
  let url: URL;
  try {
    url = new URL(qrUrl, consoleOrigin);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.origin === consoleOrigin ? null : url.href;
}
