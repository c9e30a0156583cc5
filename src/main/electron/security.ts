import type { BrowserWindowConstructorOptions, WebPreferences } from 'electron';

/**
 * Every security decision of the Electron shell, as pure functions: the glue in this folder only applies
 * them, so they are unit-tested here without the Electron binary.
 */

/** The scheme and host the built renderer and the help PDFs are served from (see app-protocol.ts). */
export const APP_SCHEME = 'app';
export const APP_HOST = 'console';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/** In-memory partition (no `persist:` prefix): external pages share no cookies or storage with the app and keep none on disk. */
export const EXTERNAL_VIEW_PARTITION = 'external-view';

const EXTERNAL_PROTOCOLS = new Set(['http:', 'https:']);

function parseUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * Compares scheme, host and port literally: WHATWG `URL.origin` is 'null' for non-special schemes such as
 * `app:`, so it cannot be used to compare the app's own origin.
 */
function sameOrigin(url: URL, origin: URL): boolean {
  return url.protocol === origin.protocol && url.hostname === origin.hostname && url.port === origin.port;
}

/** The main window may only navigate within the app itself (the built renderer, or the dev server in development). */
export function isAllowedAppNavigation(url: string, appOrigin: string): boolean {
  const target = parseUrl(url);
  const origin = parseUrl(appOrigin);
  if (!target || !origin || origin.hostname === '') return false;
  if (target.username !== '' || target.password !== '') return false;
  return sameOrigin(target, origin);
}

/** External views and pop-ups may only show web pages: no file:, data:, javascript:, blob: or custom schemes. */
export function isAllowedExternalNavigation(url: string): boolean {
  const target = parseUrl(url);
  if (!target || !EXTERNAL_PROTOCOLS.has(target.protocol) || target.hostname === '') return false;
  // Credentials in the URL are a phishing device (https://bank.example@evil.example/); no menu target needs them.
  return target.username === '' && target.password === '';
}

export interface SenderFrame {
  url: string;
  /** A sub-frame (an iframe, the PDF viewer) never speaks for the app. */
  isMainFrame: boolean;
}

/** The sender-frame check every IPC message passes before it reaches the bridge core. */
export function isTrustedSender(frame: SenderFrame | null | undefined, appOrigin: string): boolean {
  if (!frame || !frame.isMainFrame) return false;
  return isAllowedAppNavigation(frame.url, appOrigin);
}

/** Every `window.open` and `target=_blank` is refused: pop-up menu targets go through `views.openPopup`. */
export function windowOpenDecision(): { action: 'deny' } {
  return { action: 'deny' };
}

/** Session permission request handler: camera, microphone, notifications, geolocation, … all refused. */
export function denyPermissionRequest(_webContents: unknown, _permission: string, callback: (granted: boolean) => void): void {
  callback(false);
}

/** Session permission check handler: no permission is ever reported as granted. */
export function denyPermissionCheck(): boolean {
  return false;
}

/** Preferences both kinds of web contents share: no Node, sandboxed, isolated, nothing relaxed. */
function lockedDownPreferences(): WebPreferences {
  return {
    sandbox: true,
    contextIsolation: true,
    nodeIntegration: false,
    nodeIntegrationInSubFrames: false,
    nodeIntegrationInWorker: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
    safeDialogs: true,
    // Middle-click would open links in new windows; window.open is denied anyway, this stops the attempt earlier.
    disableBlinkFeatures: 'Auxclick',
  };
}

export interface MainWindowPreferenceOptions {
  /** Off in a packaged app: staff have no use for the inspector, and it would expose the renderer's state. */
  devTools: boolean;
}

export function mainWindowWebPreferences(preloadPath: string, options: MainWindowPreferenceOptions): WebPreferences {
  return {
    ...lockedDownPreferences(),
    preload: preloadPath,
    devTools: options.devTools,
    // Chromium's built-in PDF viewer (the offline help) is a plugin: without this the help PDF downloads instead.
    plugins: true,
  };
}

/** A page from a menu's external address: no preload (so no bridge), its own in-memory partition. */
export function externalViewWebPreferences(): WebPreferences {
  return {
    ...lockedDownPreferences(),
    partition: EXTERNAL_VIEW_PARTITION,
    plugins: false,
    devTools: false,
  };
}

/** A pop-up menu target (linkTarget 1): a separate window under the same rules as an external view. */
export function popupWindowOptions(): BrowserWindowConstructorOptions {
  return {
    width: 1200,
    height: 800,
    show: false,
    autoHideMenuBar: true,
    webPreferences: externalViewWebPreferences(),
  };
}

export interface CspOptions {
  /** The vite dev server in development: its HMR client needs an inline preamble and a websocket. */
  devServerOrigin?: string;
}

/**
 * The app's Content-Security-Policy. Styles allow 'unsafe-inline' because Fluent UI (Griffel) inserts
 * style rules at run time; scripts never do in production. Images allow data: and blob: for the captcha
 * and chart exports. Frames: the app itself (the help PDF) and web pages, because the messenger's QR
 * sign-in page is a sandboxed iframe whose address comes from the server's configuration.
 */
export function appContentSecurityPolicy(options: CspOptions = {}): string {
  const dev = options.devServerOrigin;
  const devSocket = dev ? dev.replace(/^http/, 'ws') : undefined;
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'none'"]],
    ['script-src', dev ? ["'self'", "'unsafe-inline'"] : ["'self'"]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', dev && devSocket ? ["'self'", devSocket] : ["'self'"]],
    ['frame-src', ["'self'", APP_ORIGIN, 'https:', 'http:']],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** Which rules a web contents navigates under: the app's own window(s), or an external page. */
export type ContentsKind = 'app' | 'external';

export function isAllowedNavigation(kind: ContentsKind, url: string, appOrigin: string): boolean {
  return kind === 'app' ? isAllowedAppNavigation(url, appOrigin) : isAllowedExternalNavigation(url);
}

/** The query parameter the messenger's QR page names its return address in, and the one it returns the code in. */
const MESSENGER_REDIRECT_PARAM = 'redirect_uri';
const MESSENGER_CODE_PARAM = 'code';

/**
 * The sign-in code when `url` is the messenger's return from a QR sign-in, else null. The return address is the one
 * configured in the QR page's address (`…/qrConnect?appid=…&agentid=…&redirect_uri=…`, WeCom's form), matched by
 * scheme, host, port and path; only that address with a non-empty `code` counts. Everything else stays blocked:
 * the desktop window never shows that address, its own sign-in page takes the code instead.
 */
export function messengerCodeOfRedirect(url: string, qrUrl: string | null): string | null {
  if (!qrUrl) return null;
  const configured = parseUrl(parseUrl(qrUrl)?.searchParams.get(MESSENGER_REDIRECT_PARAM) ?? '');
  const target = parseUrl(url);
  if (!configured || !target || !EXTERNAL_PROTOCOLS.has(configured.protocol)) return null;
  if (target.username !== '' || target.password !== '') return null;
  if (!sameOrigin(target, configured) || trimmedPath(target) !== trimmedPath(configured)) return null;
  const code = target.searchParams.get(MESSENGER_CODE_PARAM)?.trim() ?? '';
  return code === '' ? null : code;
}

function trimmedPath(url: URL): string {
  return url.pathname.replace(/\/+$/, '') || '/';
}

/** The app's sign-in page carrying the caught code in its query, where the page looks for the messenger's code. */
export function signInAddressWithCode(appOrigin: string, code: string): string {
  return `${appOrigin}/?${new URLSearchParams({ [MESSENGER_CODE_PARAM]: code })}#/login`;
}
