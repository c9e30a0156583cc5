import type { Api } from './contract';
import type { EndpointDef, InputOf, OutputOf } from './contract/endpoint';
import type { ExportedFile } from './contract/export';
import type { FilePurpose, Locale, ThemeChoice } from './constants';
import type { ListViewsSave, ScreenListViews, UserListViews } from './list-views';

/**
 * The typed bridge between the renderer and the main-process core. The renderer reaches the main
 * process only through it: in Electron over IPC (the preload exposes it as `window.consoleBridge`;
 * `window.console` is the browser's logger), in the browser host over loopback HTTP. It never carries
 * a token: the main process holds the access token in memory and the refresh token in the keychain.
 *
 * Every method resolves to a `BridgeResult`; nothing throws across the bridge.
 */

export type BridgeResult<T> = { ok: true; data: T } | { ok: false; code: string; msg: string };

/** Endpoints the renderer may call through `api.call`: never those that issue tokens. */
type AreaOf<A extends keyof Api> = Api[A];
export type EndpointId = {
  [A in keyof Api]: { [K in keyof AreaOf<A>]: `${A & string}.${K & string}` }[keyof AreaOf<A>];
}[keyof Api];

type DefOf<Id extends EndpointId> = Id extends `${infer A}.${infer K}` ? (A extends keyof Api ? (K extends keyof Api[A] ? (Api[A][K] extends EndpointDef ? Api[A][K] : never) : never) : never) : never;

export type CallInput<Id extends EndpointId> = InputOf<DefOf<Id>>;
export type CallOutput<Id extends EndpointId> = OutputOf<DefOf<Id>>;

/** Token-issuing endpoints are reached only through the `auth` methods below, which keep the tokens in main. */
export const TOKEN_ENDPOINT_IDS = ['auth.token', 'auth.bindToken', 'auth.newToken', 'auth.messengerUserInfo', 'auth.firstChangePassword', 'auth.logout', 'session.changePassword'] as const;
export type TokenEndpointId = (typeof TOKEN_ENDPOINT_IDS)[number];
/** Endpoints that answer with a file streamed to disk (exports): reached only through `exports.start`. */
export type ExportEndpointId = { [Id in EndpointId]: CallOutput<Id> extends ExportedFile ? Id : never }[EndpointId];
export type CallableEndpointId = Exclude<EndpointId, TokenEndpointId | ExportEndpointId>;

export interface ExportRequest<Id extends ExportEndpointId = ExportEndpointId> {
  endpointId: Id;
  input: CallInput<Id>;
  /** The file name offered (Electron's save dialog) or used (the browser host's downloads folder). */
  suggestedName: string;
}

export interface ExportStarted {
  /** Names the export in its `export-progress` events and in `exports.cancel`. */
  exportId: string;
  /** Where the file is written. */
  path: string;
}

export interface SignInRequest {
  username: string;
  password: string;
  validCode?: string;
  uuid?: string;
}

export type MessengerOutcome = { outcome: 'signed-in' } | { outcome: 'bind-required'; wxWorkUserId: string };

export interface SessionState {
  signedIn: boolean;
  /** Kept across sign-outs (spec 000 §2: /login clears everything except the user id). */
  userId: number | null;
  username: string | null;
  roleId: number | null;
  systemMenuId: number | null;
  /** A messenger account waiting to be bound by the next password sign-in. */
  pendingWxWorkUserId: string | null;
}

export interface BridgeSettings {
  /** Empty: the embedded server. */
  serverUrl: string;
  /** Set by the workstation's administrator: the user cannot change the server. */
  serverUrlManaged: boolean;
  language: Locale;
  theme: ThemeChoice;
}

/** Whether an external page answered; `reason` names the failure (ECONNREFUSED, a timeout) when it did not. */
export interface ExternalCheck {
  reachable: boolean;
  reason: string;
}

export interface ExternalViewRequest {
  /** The tab that owns the view. */
  tabKey: string;
  url: string;
  /** The tab's content area in CSS pixels of the window. */
  bounds: { x: number; y: number; width: number; height: number };
}

export interface PlatformInfo {
  /** Electron lays a WebContentsView over the tab; the browser host uses a sandboxed iframe. */
  kind: 'electron' | 'browser';
  appVersion: string;
  os: string;
  /**
   * Where refresh tokens are kept: the OS keychain, or this session only when no keychain answers (keytar missing or
   * no Secret Service); then a restart costs a sign-in, and the sign-in page says so.
   */
  credentialStore: 'keychain' | 'session';
}

/**
 * `httpError`: the session ended on an HTTP error status rather than an envelope code, so the renderer returns to
 * sign-in after 200 ms instead of 2 s (spec 000 §8).
 */
export interface FileUploadRequest {
  purpose: FilePurpose;
  /** The file's name as the user picked it. */
  name: string;
  bytes: Uint8Array;
}

/** `open-help`: the application menu's Help › User guide (the window shows its help dialog). */
export type BridgeEvent =
  | { type: 'session-expired'; httpError?: true }
  | { type: 'user-disabled'; httpError?: true }
  | { type: 'export-progress'; exportId: string; bytes: number; done: boolean; error?: string }
  | { type: 'open-help' };

export interface ConsoleBridge {
  platform(): Promise<BridgeResult<PlatformInfo>>;

  auth: {
    captchaNeeded(username: string): Promise<BridgeResult<{ needShow: boolean }>>;
    captcha(): Promise<BridgeResult<{ imageCode: string; uuid: string }>>;
    /** Encrypts the password, signs in (a binding sign-in when a messenger id is pending), keeps the tokens. */
    signIn(request: SignInRequest): Promise<BridgeResult<SessionState>>;
    /** Changes an initial or expired password (code 70001), then signs in with the new one, as signIn. */
    firstChangePassword(request: { username: string; password: string; newPassword: string }): Promise<BridgeResult<SessionState>>;
    changePassword(request: { password: string; newPassword: string }): Promise<BridgeResult<null>>;
    messengerConfig(): Promise<BridgeResult<{ enabled: boolean; qrUrl: string | null }>>;
    messengerExchange(code: string): Promise<BridgeResult<MessengerOutcome>>;
    /** A system whose appFlag contains 'single' exchanges the refresh token once. */
    renewForSingleSystem(): Promise<BridgeResult<null>>;
    signOut(): Promise<BridgeResult<null>>;
    /** Clears the session except the user id (visiting /login). */
    clearSession(): Promise<BridgeResult<SessionState>>;
  };

  session: {
    state(): Promise<BridgeResult<SessionState>>;
    /** The role and system every later call is scoped by. */
    choose(request: { roleId: number; systemMenuId: number }): Promise<BridgeResult<SessionState>>;
  };

  api: {
    call<Id extends CallableEndpointId>(id: Id, input: CallInput<Id>): Promise<BridgeResult<CallOutput<Id>>>;
  };

  settings: {
    get(): Promise<BridgeResult<BridgeSettings>>;
    set(patch: Partial<Pick<BridgeSettings, 'serverUrl' | 'language' | 'theme'>>): Promise<BridgeResult<BridgeSettings>>;
  };

  /**
   * Saved list views and column layouts (issue 13), kept in the desktop settings for the signed-in user on the
   * current server: another user of the workstation sees none of them. Refused without a session.
   */
  listViews: {
    /** Every screen's views and layout, read once by the shell: a list that opens finds its own without a call. */
    all(): Promise<BridgeResult<UserListViews>>;
    /** Replaces the screen's views and layout after validating them all; an invalid state writes nothing. */
    save(request: ListViewsSave): Promise<BridgeResult<ScreenListViews>>;
  };

  views: {
    showExternal(request: ExternalViewRequest): Promise<BridgeResult<null>>;
    setBounds(request: ExternalViewRequest): Promise<BridgeResult<null>>;
    reloadExternal(tabKey: string): Promise<BridgeResult<null>>;
    hideExternal(tabKey: string | null): Promise<BridgeResult<null>>;
    closeExternal(tabKey: string): Promise<BridgeResult<null>>;
    openPopup(url: string): Promise<BridgeResult<null>>;
    /** Desktop: opens the address in the user's browser (an external page that did not load). */
    openInBrowser(url: string): Promise<BridgeResult<null>>;
    /**
     * Whether an external page's address answers at all (any HTTP status counts): the browser host's tab cannot
     * see why its iframe shows nothing, the desktop view learns it from its own load.
     */
    checkExternal(url: string): Promise<BridgeResult<ExternalCheck>>;
  };

  help: {
    /** A URL the renderer can show in its help dialog (offline, bundled). */
    pdfUrl(locale: Locale): Promise<BridgeResult<{ url: string }>>;
  };

  files: {
    /**
     * Uploads a file for one purpose; the server judges its type by the bytes and its size by the purpose's rule.
     * Answers the stored file's id and a URL the window can show it by.
     */
    upload(request: FileUploadRequest): Promise<BridgeResult<{ id: number; url: string }>>;
    /** A URL the window can show a stored file by (`<img src>`): the core fetches it with the session, no token reaches the page. */
    url(fileId: number): Promise<BridgeResult<{ url: string }>>;
  };

  exports: {
    /**
     * Asks where to save (Electron: the save dialog), then streams the export to that file; progress and the end
     * come as `export-progress` events. Null when the user dismissed the dialog. A refusal of the server (an
     * envelope instead of a file) fails the call and writes no file.
     */
    start(request: ExportRequest): Promise<BridgeResult<ExportStarted | null>>;
    /** Stops an export: the download is aborted (the server stops) and the partial file removed. */
    cancel(exportId: string): Promise<BridgeResult<null>>;
    /**
     * Shows a finished export's file in the operating system's file manager. Only a file this console wrote in this
     * session can be shown, named by its export id: the window never names a path to open.
     */
    showInFolder(exportId: string): Promise<BridgeResult<null>>;
  };

  events: {
    /** Returns an unsubscribe function. */
    subscribe(listener: (event: BridgeEvent) => void): () => void;
  };
}

/** `group.method` (or `method`) for every function of a bridge-shaped type. */
type MethodNamesOf<B> = { [G in keyof B & string]: B[G] extends (...args: never[]) => unknown ? G : `${G}.${keyof B[G] & string}` }[keyof B & string];

/** Every method ConsoleBridge declares, as `group.method`; the event subscription is not a call. */
export type BridgeMethod = MethodNamesOf<Omit<ConsoleBridge, 'events'>>;

/** The list as written, accepted only when it names every declared method (the compiler's error names a missing one). */
function listingEveryMethod<const L extends readonly BridgeMethod[]>(list: L & ([Exclude<BridgeMethod, L[number]>] extends [never] ? unknown : { missing: Exclude<BridgeMethod, L[number]> })): L {
  return list;
}

/**
 * The bridge's methods, written once: IPC channels and handlers, the preload's object, the browser host's routes
 * and its HTTP transport all derive from this list, which the compiler holds equal to ConsoleBridge.
 */
export const BRIDGE_METHODS = listingEveryMethod([
  'platform',
  'auth.captchaNeeded',
  'auth.captcha',
  'auth.signIn',
  'auth.firstChangePassword',
  'auth.changePassword',
  'auth.messengerConfig',
  'auth.messengerExchange',
  'auth.renewForSingleSystem',
  'auth.signOut',
  'auth.clearSession',
  'session.state',
  'session.choose',
  'api.call',
  'settings.get',
  'settings.set',
  'listViews.all',
  'listViews.save',
  'views.showExternal',
  'views.setBounds',
  'views.reloadExternal',
  'views.hideExternal',
  'views.closeExternal',
  'views.openPopup',
  'views.openInBrowser',
  'views.checkExternal',
  'help.pdfUrl',
  'files.upload',
  'files.url',
  'exports.start',
  'exports.cancel',
  'exports.showInFolder',
]);

export function isBridgeMethod(name: unknown): name is BridgeMethod {
  return BRIDGE_METHODS.some((method) => method === name);
}

/** The IPC channel names (Electron) and HTTP paths (browser host) derive from the method name. */
export const BRIDGE_CHANNEL_PREFIX = 'console:';
export const BRIDGE_EVENT_CHANNEL = 'console:event';
export const BROWSER_HOST_BRIDGE_PATH = '/__bridge';
export const BROWSER_HOST_EVENTS_PATH = '/__bridge/events';
/** `GET <path>/<fileId>?secret=<page secret>`: a stored file for an `<img>` of the console page (files.url). */
export const BROWSER_HOST_FILES_PATH = '/__bridge/files';
export const BROWSER_HOST_KEY_PARAM = 'key';
/** The session cookie's name carries the port: cookies are not bound to ports, so hosts on one machine keep theirs apart. */
export function browserHostCookieName(port: number): string {
  return `console_bridge_${port}`;
}
/**
 * Every bridge call carries the page secret in this header. The host writes the secret into the pages it serves,
 * never into a cookie, so the cookie (which the browser sends to every port of 127.0.0.1) is not enough to call;
 * and a custom header forces a CORS preflight, which the host refuses.
 */
export const BROWSER_HOST_PAGE_SECRET_HEADER = 'x-console-bridge';
/** Where the served page carries its secret: `<meta name="console-bridge-secret" content="...">`. */
export const BROWSER_HOST_PAGE_SECRET_META = 'console-bridge-secret';
/** An EventSource cannot send headers: the event stream takes the page secret in this query parameter. */
export const BROWSER_HOST_PAGE_SECRET_PARAM = 'secret';

/**
 * The bridge object both transports expose, generated from BRIDGE_METHODS: one function per method,
 * grouped as ConsoleBridge groups them, plus the event subscription. Nothing else, so a page can only
 * reach the methods listed here.
 */
export function buildBridgeObject(callOf: (method: BridgeMethod) => (...args: unknown[]) => Promise<unknown>, subscribe: (listener: (event: BridgeEvent) => void) => () => void): ConsoleBridge {
  const bridge: Partial<Record<keyof ConsoleBridge, unknown>> = { events: { subscribe } };
  const groups = new Map<string, Record<string, unknown>>();
  for (const method of BRIDGE_METHODS) {
    const [group = method, name] = method.split('.');
    const call = callOf(method);
    if (name === undefined) {
      Reflect.set(bridge, group, call);
      continue;
    }
    let members = groups.get(group);
    if (!members) {
      members = {};
      groups.set(group, members);
      Reflect.set(bridge, group, members);
    }
    members[name] = call;
  }
  // The one assertion of the bridge's wiring: the compiler holds BRIDGE_METHODS equal to ConsoleBridge's methods,
  // so every member is set above; what each function's arguments and answer are is the wire's, not the compiler's.
  return bridge as ConsoleBridge;
}
