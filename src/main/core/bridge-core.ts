import {
  isBridgeMethod,
  TOKEN_ENDPOINT_IDS,
  type BridgeMethod,
  type BridgeResult,
  type CallableEndpointId,
  type CallInput,
  type CallOutput,
  type ConsoleBridge,
  type ExternalViewRequest,
  type FileUploadRequest,
  type PlatformInfo,
} from '../../shared/bridge';
import { ResponseCode } from '../../shared/codes';
import { LOCALES, type Locale } from '../../shared/constants';
import { api } from '../../shared/contract';
import type { EndpointDef } from '../../shared/contract/endpoint';
import { FILE_PURPOSES, UploadedFile, type FileBody } from '../../shared/contract/file';
import { CodedError, InputError } from './errors';
import type { BridgeEvents } from './events';
import type { ListViews } from './list-views';
import { createExports, type ExportTarget, type FileRevealer } from './exports';
import type { Session } from './session';
import type { Settings } from './settings';
import { checkExternal } from './external-check';

/**
 * Lays external pages over the tab's content area. Electron implements it with sandboxed WebContentsViews;
 * the browser host has none (its tabs use a sandboxed iframe).
 */
export interface ViewHost {
  showExternal(request: ExternalViewRequest): Promise<void>;
  setBounds(request: ExternalViewRequest): Promise<void>;
  reloadExternal(tabKey: string): Promise<void>;
  hideExternal(tabKey: string | null): Promise<void>;
  closeExternal(tabKey: string): Promise<void>;
  openPopup(url: string): Promise<void>;
  /** Opens an external page's address in the user's browser. */
  openInBrowser(url: string): Promise<void>;
}

/** The URL of the bundled help PDF for a locale, or null when none is bundled. */
export type HelpPdfResolver = (locale: Locale) => Promise<string | null> | string | null;

/**
 * The URL a window shows a stored file by: a route of the transport (Electron's app:// protocol, the browser
 * host's file route) that reads the file through `readFile` with the session; the page never sees a token.
 */
export type FileUrlResolver = (fileId: number) => string;

export interface BridgeCoreDeps {
  session: Session;
  settings: Settings;
  events: BridgeEvents;
  platform: PlatformInfo;
  viewHost?: ViewHost | null;
  helpPdfUrl?: HelpPdfResolver | null;
  fileUrl?: FileUrlResolver | null;
  /** Where exports are saved; without one the console saves none. */
  exportTarget?: ExportTarget | null;
  /** Shows a finished export's file in the file manager. */
  revealFile?: FileRevealer | null;
  /** Saved list views in the desktop settings; without them the console keeps none. */
  listViews?: ListViews | null;
}

/**
 * The bridge as the main process implements it; transports forward `events` their own way. `readFile` is for
 * the transports' file routes (the URLs of files.url), never a bridge method: its answer is bytes.
 */
export type BridgeCore = Omit<ConsoleBridge, 'events'> & { events: BridgeEvents; readFile(fileId: number): Promise<FileBody> };

export const EXTERNAL_VIEWS_UNAVAILABLE_MSG = 'External views are a desktop feature: in the browser the tab shows the page in a sandboxed iframe';
const WITHHELD_MSG = 'The answer carried a credential and was withheld from the window';

export function createBridgeCore(deps: BridgeCoreDeps): BridgeCore {
  const { session, settings, events } = deps;

  const failure = (error: unknown): { ok: false; code: string; msg: string } => {
    if (error instanceof CodedError) return { ok: false, code: error.code, msg: error.message };
    return { ok: false, code: ResponseCode.ServerError, msg: error instanceof Error && error.message ? error.message : 'Unexpected error in the console core' };
  };

  /** Every method answers a BridgeResult, and no answer leaves with a token in it. */
  const answer = async <T>(run: () => Promise<T> | T): Promise<BridgeResult<T>> => {
    let result: BridgeResult<T>;
    try {
      result = { ok: true, data: await run() };
    } catch (error) {
      result = failure(error);
    }
    return carriesToken(result, session) ? { ok: false, code: ResponseCode.ServerError, msg: WITHHELD_MSG } : result;
  };

  const fileUrlOf = (fileId: number): string => {
    if (!deps.fileUrl) throw new CodedError(ResponseCode.CallerError, 'This console shows no stored files');
    return deps.fileUrl(fileId);
  };

  const listViewsOf = (): ListViews => {
    if (!deps.listViews) throw new CodedError(ResponseCode.CallerError, 'This console keeps no saved views');
    return deps.listViews;
  };

  const exports = createExports({ session, events, target: deps.exportTarget ?? null, reveal: deps.revealFile ?? null });

  const views = deps.viewHost ?? null;
  const viewCall = (run: (host: ViewHost) => Promise<void>): Promise<BridgeResult<null>> =>
    answer(async () => {
      if (!views) throw new CodedError(ResponseCode.CallerError, EXTERNAL_VIEWS_UNAVAILABLE_MSG);
      await run(views);
      return null;
    });

  return {
    events,

    platform: () => answer(() => deps.platform),

    auth: {
      captchaNeeded: (username) => answer(() => session.publicCall(api.auth.captchaNeed, { clientId: settings.credentials().clientId, username: requireString(username, 'username') })),
      captcha: () => answer(() => session.publicCall(api.auth.captcha, {})),
      signIn: (request) => answer(() => session.signIn(requireObject(request, 'sign-in request'))),
      firstChangePassword: (request) => answer(() => session.firstChangePassword(requireObject(request, 'password change'))),
      changePassword: (request) =>
        answer(async () => {
          await session.changePassword(requireObject(request, 'password change'));
          return null;
        }),
      messengerConfig: () => answer(() => session.messengerConfig()),
      messengerExchange: (code) => answer(() => session.messengerExchange(requireString(code, 'code'))),
      renewForSingleSystem: () =>
        answer(async () => {
          await session.renewForSingleSystem();
          return null;
        }),
      signOut: () =>
        answer(async () => {
          await session.signOut();
          return null;
        }),
      clearSession: () => answer(() => session.clear()),
    },

    session: {
      state: () => answer(() => session.state()),
      // The choice lives with the session only: the next sign-in asks again (spec 000 §2, §4).
      choose: (request) => answer(() => session.choose(requireObject(request, 'identity choice'))),
    },

    api: {
      call: <Id extends CallableEndpointId>(id: Id, input: CallInput<Id>) =>
        answer(() => {
          const def = callableEndpoint(id);
          const fields = input === undefined ? {} : input;
          return (def.access === 'public' ? session.publicCall(def, fields as never) : session.call(def, fields as never)) as Promise<CallOutput<Id>>;
        }),
    },

    settings: {
      get: () => answer(() => settings.get()),
      set: (patch) =>
        answer(async () => {
          const change = settings.check(requireObject(patch, 'settings change'));
          // Tokens belong to the server that issued them: the session ends there before another server is set.
          if (change.serverUrl !== undefined && change.serverUrl !== settings.get().serverUrl) await session.clear();
          return settings.set(change);
        }),
    },

    listViews: {
      all: () => answer(() => listViewsOf().all()),
      save: (request) => answer(() => listViewsOf().save(request)),
    },

    views: {
      showExternal: (request) => viewCall((host) => host.showExternal(viewRequest(request))),
      setBounds: (request) => viewCall((host) => host.setBounds(viewRequest(request))),
      reloadExternal: (tabKey) => viewCall((host) => host.reloadExternal(requireTabKey(tabKey))),
      hideExternal: (tabKey) => viewCall((host) => host.hideExternal(tabKey === null ? null : requireTabKey(tabKey))),
      closeExternal: (tabKey) => viewCall((host) => host.closeExternal(requireTabKey(tabKey))),
      openPopup: (url) => viewCall((host) => host.openPopup(webUrl(url, 'url'))),
      openInBrowser: (url) => viewCall((host) => host.openInBrowser(webUrl(url, 'url'))),
      checkExternal: (url) => answer(() => checkExternal(webUrl(url, 'url'))),
    },

    files: {
      upload: (request) =>
        answer(async () => {
          const { purpose, name, bytes } = uploadRequest(request);
          const stored = await session.call(api.file.upload, { purpose, file: new UploadedFile(name, bytes) });
          return { id: stored.id, url: fileUrlOf(stored.id) };
        }),
      url: (fileId) => answer(() => ({ url: fileUrlOf(requireFileId(fileId)) })),
    },

    readFile: (fileId) => session.call(api.file.content, { fileId: requireFileId(fileId) }),

    exports: {
      start: (request) => answer(() => exports.start(requireObject(request, 'export request'))),
      cancel: (exportId) =>
        answer(async () => {
          await exports.cancel(exportId);
          return null;
        }),
      showInFolder: (exportId) =>
        answer(async () => {
          await exports.showInFolder(exportId);
          return null;
        }),
    },

    help: {
      pdfUrl: (locale) =>
        answer(async () => {
          if (!(LOCALES as readonly unknown[]).includes(locale)) throw new InputError(`locale must be one of ${LOCALES.join(', ')}`);
          const url = deps.helpPdfUrl ? await deps.helpPdfUrl(locale) : null;
          if (!url) throw new CodedError(ResponseCode.NotFound, `No help PDF is bundled for ${locale}`);
          return { url };
        }),
    },
  };
}

/** Looks an endpoint up by its `area.name` id; token endpoints are refused, they stay behind the auth methods. */
export function callableEndpoint(id: unknown): EndpointDef {
  if (typeof id !== 'string') throw new InputError('endpoint id must be a text like "session.nav"');
  if ((TOKEN_ENDPOINT_IDS as readonly string[]).includes(id)) {
    throw new CodedError(ResponseCode.Forbidden, `${id} handles tokens or passwords and is reachable only through the bridge's auth methods`);
  }
  const [area, name, ...extra] = id.split('.');
  const defs = area && Object.hasOwn(api, area) ? (api[area as keyof typeof api] as Record<string, EndpointDef>) : null;
  if (!defs || !name || extra.length > 0 || !Object.hasOwn(defs, name)) throw new InputError(`Unknown endpoint "${id}"`);
  const def = defs[name] as EndpointDef;
  // Bytes do not travel as api.call input or answer: files go through the files methods.
  if (def === api.file.upload || def === api.file.content) throw new InputError(`${id} carries a file's bytes and is reachable only through the bridge's files methods`);
  if (def.download) throw new InputError(`${id} answers with a file and is reachable only through exports.start`);
  return def;
}

/** Answers from the server pass through here: any token-shaped field or the live access token withholds the answer. */
function carriesToken(value: unknown, session: Session): boolean {
  const seen = new Set<unknown>();
  const visit = (node: unknown): boolean => {
    // Error messages are free text: a token echoed inside one is still a token.
    if (typeof node === 'string') return session.revealsAccessToken(node);
    if (node === null || typeof node !== 'object' || seen.has(node)) return false;
    seen.add(node);
    for (const [key, child] of Object.entries(node)) {
      if (TOKEN_FIELD.test(key) && child !== null && child !== undefined && child !== '') return true;
      if (visit(child)) return true;
    }
    return false;
  };
  return visit(value);
}

/** accessToken, refresh_token, token, idToken, ...; not tokenType or similar descriptions. */
const TOKEN_FIELD = /^(?:[a-z]*[_-]?)?token$/i;

function requireObject<T>(value: T, what: string): T {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new InputError(`${what} must be an object of fields`);
  return value;
}

function requireString(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new InputError(`${field} must be a text`);
  return value;
}

function requireFileId(value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) throw new InputError('fileId must be a positive whole number');
  return value;
}

/** The largest name a picker can give (the server keeps the first 200 characters). */
const UPLOAD_NAME_MAX = 1000;

function uploadRequest(value: unknown): FileUploadRequest {
  const request = requireObject(value as FileUploadRequest, 'upload request');
  if (!(FILE_PURPOSES as readonly unknown[]).includes(request.purpose)) throw new InputError(`purpose must be one of ${FILE_PURPOSES.join(', ')}`);
  if (typeof request.name !== 'string' || request.name.length > UPLOAD_NAME_MAX) throw new InputError(`name must be a text of at most ${UPLOAD_NAME_MAX} characters`);
  if (!(request.bytes instanceof Uint8Array)) throw new InputError("bytes must be the file's bytes (a Uint8Array)");
  return { purpose: request.purpose, name: request.name, bytes: request.bytes };
}

function requireTabKey(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > 200) throw new InputError('tabKey must be a non-empty text of at most 200 characters');
  return value;
}

function webUrl(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new InputError(`${field} must be a text`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InputError(`${field} is not an absolute URL: "${value.slice(0, 200)}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new InputError(`${field} must be an http or https address, not ${url.protocol}`);
  return url.href;
}

function viewRequest(value: unknown): ExternalViewRequest {
  const request = requireObject(value as ExternalViewRequest, 'view request');
  const bounds = requireObject(request.bounds, 'bounds');
  for (const side of ['x', 'y', 'width', 'height'] as const) {
    const n = bounds[side];
    if (typeof n !== 'number' || !Number.isFinite(n)) throw new InputError(`bounds.${side} must be a number`);
    if ((side === 'width' || side === 'height') && n < 0) throw new InputError(`bounds.${side} must not be negative`);
  }
  return {
    tabKey: requireTabKey(request.tabKey),
    url: webUrl(request.url, 'url'),
    bounds: { x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height },
  };
}

/** How a transport runs a bridge method it received by name, with the page's arguments as they came. */
export type BridgeDispatch = (method: BridgeMethod, args: unknown[]) => Promise<BridgeResult<unknown>>;

/**
 * Runs a method of the core by its `group.method` name, for transports that receive a name and an argument list
 * (IPC, HTTP). The arguments are untyped here, as on the wire: every core method checks its own input.
 */
export function bridgeDispatch(core: BridgeCore): BridgeDispatch {
  return async (method, args) => {
    let owner: unknown = null;
    let member: unknown = core;
    for (const part of method.split('.')) {
      owner = member;
      member = typeof owner === 'object' && owner !== null && Object.hasOwn(owner, part) ? Reflect.get(owner, part) : undefined;
    }
    if (typeof member !== 'function') throw new Error('the console core does not implement it');
    return Reflect.apply(member, owner, args);
  };
}

/** Runs a bridge method by name for a transport; an unknown name or a non-array argument list is refused. */
export async function invokeBridgeMethod(dispatch: BridgeDispatch, method: unknown, args: unknown): Promise<BridgeResult<unknown>> {
  if (!isBridgeMethod(method)) {
    return { ok: false, code: ResponseCode.InvalidInput, msg: `Unknown bridge method "${String(method).slice(0, 100)}"` };
  }
  if (!Array.isArray(args)) return { ok: false, code: ResponseCode.InvalidInput, msg: `Bridge method ${method}: args must be an array` };
  try {
    return await dispatch(method, args);
  } catch (error) {
    return { ok: false, code: ResponseCode.ServerError, msg: `Bridge method ${method} failed: ${(error as Error).message}` };
  }
}
