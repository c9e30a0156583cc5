import type { MessengerOutcome, SessionState, SignInRequest } from '../../shared/bridge';
import { ResponseCode } from '../../shared/codes';
import { api } from '../../shared/contract';
import type { TokenPair } from '../../shared/contract/auth';
import type { EndpointDef, InputOf, OutputOf } from '../../shared/contract/endpoint';
import { encryptTransport } from '../../shared/transport-crypto';
import type { ApiClient } from './api-client';
import { ApiError, InputError, isApiError } from './errors';
import type { BridgeEvents } from './events';
import type { ConsoleCredentials } from './settings';
import type { TokenVault } from './token-vault';

export interface SessionDeps {
  client: ApiClient;
  vault: TokenVault;
  credentials: () => ConsoleCredentials;
  /** Names the server the tokens belong to (its URL, or the embedded server's data folder); read at sign-in. */
  serverKey: () => string | Promise<string>;
  events: BridgeEvents;
  /** Failures that must not fail the user's action (a sign-out the server did not hear); never given a token. */
  warn?: (message: string) => void;
}

export interface Session {
  state(): SessionState;
  /** The role every call is scoped by (`x-role-id`). */
  roleId(): number | null;
  signIn(request: SignInRequest): Promise<SessionState>;
  /** Changes an initial or expired password, then signs in with the new one: the user goes straight on (issue 51). */
  firstChangePassword(request: { username: string; password: string; newPassword: string }): Promise<SessionState>;
  changePassword(request: { password: string; newPassword: string }): Promise<void>;
  /** Whether messenger sign-in is on and its QR page; the page's address is kept (see `messengerQrUrl`). */
  messengerConfig(): Promise<{ enabled: boolean; qrUrl: string | null }>;
  /**
   * The QR page last handed to the window, or null. Its redirect address is the only one the desktop window may be
   * sent back to with a sign-in code (src/main/electron/security.ts).
   */
  messengerQrUrl(): string | null;
  messengerExchange(code: string): Promise<MessengerOutcome>;
  /** Exchanges the refresh token once per chosen system (appFlag `single`). */
  renewForSingleSystem(): Promise<void>;
  signOut(): Promise<void>;
  /** Ends the session but keeps the user id and a pending messenger id (visiting /login). */
  clear(): Promise<SessionState>;
  choose(choice: { roleId: number; systemMenuId: number }): SessionState;
  /** A call as the signed-in user: on 401 one refresh (shared by concurrent calls) and one retry. */
  call<D extends EndpointDef>(def: D, input: InputOf<D>): Promise<OutputOf<D>>;
  /** A call that needs no session (captcha, messenger configuration). */
  publicCall<D extends EndpointDef>(def: D, input: InputOf<D>): Promise<OutputOf<D>>;
  /** Whether the text contains this session's access token (the refresh token never leaves the vault). */
  revealsAccessToken(text: string): boolean;
}

interface LiveSession {
  server: string;
  username: string;
  accessToken: string;
  /** Refresh tokens rotate: two exchanges of the same one would revoke the family, so exchanges queue here. */
  rotating: Promise<Rotation> | null;
}

type Rotation = 'renewed' | 'rejected' | 'disabled';

export function createSession(deps: SessionDeps): Session {
  const { client, vault, events } = deps;
  const warn = deps.warn ?? ((message: string) => console.warn(message));

  let live: LiveSession | null = null;
  /** Kept across sign-outs (spec 000 §2). */
  let userId: number | null = null;
  let pendingWxWorkUserId: string | null = null;
  /** The server's ticket for binding the pending messenger account: kept here, never shown to the renderer. */
  let pendingBindTicket: string | null = null;
  let roleId: number | null = null;
  let systemMenuId: number | null = null;
  let renewedForSystem = false;
  let shownQrUrl: string | null = null;

  const notSignedIn = () => new ApiError(ResponseCode.Unauthorized, 'Not signed in');

  const state = (): SessionState => ({
    signedIn: live !== null,
    userId,
    username: live?.username ?? null,
    roleId,
    systemMenuId,
    pendingWxWorkUserId,
  });

  /** Tells the server a token pair is no longer wanted; the user's action goes on whatever it answers. */
  const revoke = async (accessToken: string) => {
    try {
      await client.call(api.auth.logout, {}, { accessToken });
    } catch (error) {
      if (!(isApiError(error) && error.code === ResponseCode.Unauthorized)) warn(`sign-out was not confirmed by the server: ${(error as Error).message}`);
    }
  };

  const forgetLocally = async (session: LiveSession) => {
    if (live === session) {
      live = null;
      roleId = null;
      systemMenuId = null;
      renewedForSystem = false;
    }
    try {
      await vault.delete(session.server, session.username);
    } catch (error) {
      warn(`the refresh token could not be removed from the keychain: ${(error as Error).message}`);
    }
  };

  const endSession = async () => {
    const session = live;
    if (!session) return;
    await forgetLocally(session);
    await revoke(session.accessToken);
  };

  /** Adopts a fresh pair: who the user is comes from the server, the refresh token goes to the vault. */
  const establish = async (pair: TokenPair) => {
    const server = await deps.serverKey();
    roleId = null;
    systemMenuId = null;
    renewedForSystem = false;
    let user: OutputOf<typeof api.session.currentUser>;
    try {
      user = await client.call(api.session.currentUser, {}, { accessToken: pair.accessToken });
      await vault.set(server, user.username, pair.refreshToken);
    } catch (error) {
      await revoke(pair.accessToken);
      throw error;
    }
    live = { server, username: user.username, accessToken: pair.accessToken, rotating: null };
    userId = user.userId;
  };

  const rotate = (session: LiveSession, exchange: 'refresh' | 'new-token'): Promise<Rotation> => {
    const run = async (): Promise<Rotation> => {
      if (live !== session) return 'rejected';
      const refreshToken = await vault.get(session.server, session.username);
      if (!refreshToken) return 'rejected';
      let pair: TokenPair;
      try {
        const { clientId, clientSecret } = deps.credentials();
        pair =
          exchange === 'new-token'
            ? await client.call(api.auth.newToken, { refreshToken })
            : await client.call(api.auth.token, { grant_type: 'refresh_token', client_id: clientId, client_secret: clientSecret, refresh_token: refreshToken });
      } catch (error) {
        if (!isApiError(error) || error.code === ResponseCode.Unreachable) throw error;
        return error.code === ResponseCode.UserDisabled ? 'disabled' : 'rejected';
      }
      if (live !== session) {
        await revoke(pair.accessToken);
        return 'rejected';
      }
      await vault.set(session.server, session.username, pair.refreshToken);
      session.accessToken = pair.accessToken;
      return 'renewed';
    };
    const previous = session.rotating;
    const queued: Promise<Rotation> = (previous ? previous.catch(() => 'rejected' as const).then(run) : run()).finally(() => {
      if (session.rotating === queued) session.rotating = null;
    });
    session.rotating = queued;
    return queued;
  };

  /**
   * Ends the session for a reason the renderer must show; only the first failing call of a session reports it.
   * `cause` is the answer that ended it: an HTTP error status (not an envelope code) is said, since the renderer
   * then returns to sign-in sooner (spec 000 §8).
   */
  const lose = async (session: LiveSession, reason: 'session-expired' | 'user-disabled', cause: unknown) => {
    if (live !== session) return;
    await forgetLocally(session);
    const httpError = isApiError(cause) && cause.httpStatus !== null && cause.httpStatus >= 400;
    events.emit({ type: reason, ...(httpError && { httpError: true }) });
  };

  const settle = async (session: LiveSession, error: unknown): Promise<never> => {
    if (isApiError(error) && error.code === ResponseCode.UserDisabled) await lose(session, 'user-disabled', error);
    else if (isApiError(error) && error.code === ResponseCode.Unauthorized) await lose(session, 'session-expired', error);
    throw error;
  };

  const sealFields = async <D extends EndpointDef>(def: D, input: InputOf<D>): Promise<InputOf<D>> => {
    if (def.sealedFields.length === 0) return input;
    const { transportSecret } = deps.credentials();
    const sealed: Record<string, unknown> = { ...(input as Record<string, unknown>) };
    for (const field of def.sealedFields) {
      if (typeof sealed[field] === 'string') sealed[field] = await encryptTransport(sealed[field], transportSecret);
    }
    return sealed as InputOf<D>;
  };

  const call = async <D extends EndpointDef>(def: D, plainInput: InputOf<D>): Promise<OutputOf<D>> => {
    const session = live;
    if (!session) throw notSignedIn();
    const input = await sealFields(def, plainInput);
    const usedToken = session.accessToken;
    try {
      return await client.call(def, input, { accessToken: usedToken });
    } catch (error) {
      if (!(isApiError(error) && error.code === ResponseCode.Unauthorized)) return settle(session, error);
      // One refresh for all calls that failed with the same token; a call that used an older token just retries.
      const outcome: Rotation = session.accessToken !== usedToken ? 'renewed' : await (session.rotating ?? rotate(session, 'refresh'));
      if (outcome === 'disabled') {
        await lose(session, 'user-disabled', error);
        throw new ApiError(ResponseCode.UserDisabled, 'User is disabled');
      }
      if (outcome === 'rejected' || live !== session) {
        await lose(session, 'session-expired', error);
        throw error;
      }
    }
    try {
      return await client.call(def, input, { accessToken: session.accessToken });
    } catch (error) {
      return settle(session, error);
    }
  };

  const requireText = (value: unknown, field: string, max: number): string => {
    if (typeof value !== 'string' || value.length === 0) throw new InputError(`${field} is required`);
    if (value.length > max) throw new InputError(`${field} is longer than ${max} characters`);
    return value;
  };
  const optionalText = (value: unknown, field: string, max: number): string | undefined => {
    if (value === undefined || value === null || value === '') return undefined;
    return requireText(value, field, max);
  };

  /** Encrypts the password, signs in (a binding sign-in when a messenger id is pending) and keeps the tokens. */
  const signInWith = async ({ username, password, validCode, uuid }: { username: string; password: string; validCode?: string; uuid?: string }): Promise<SessionState> => {
    const { clientId, clientSecret, transportSecret } = deps.credentials();
    const sealed = await encryptTransport(password, transportSecret);
    await endSession();
    const grant = { client_id: clientId, client_secret: clientSecret, username, password: sealed, validCode, uuid };
    const binding = pendingBindTicket;
    const pair = binding ? await client.call(api.auth.bindToken, { ...grant, grant_type: 'password', bindTicket: binding }) : await client.call(api.auth.token, { ...grant, grant_type: 'password' });
    await establish(pair);
    if (binding) {
      pendingWxWorkUserId = null;
      pendingBindTicket = null;
    }
    return state();
  };

  return {
    state,
    roleId: () => roleId,
    revealsAccessToken: (text) => live !== null && text.includes(live.accessToken),

    async signIn(request) {
      const username = requireText(request?.username, 'username', 64).trim();
      const password = requireText(request?.password, 'password', 64);
      const validCode = optionalText(request.validCode, 'validCode', 10);
      const uuid = optionalText(request.uuid, 'uuid', 64);
      return signInWith({ username, password, validCode, uuid });
    },

    async firstChangePassword(request) {
      const username = requireText(request?.username, 'username', 64).trim();
      const password = requireText(request.password, 'password', 64);
      const newPassword = requireText(request.newPassword, 'newPassword', 64);
      const { clientId, transportSecret } = deps.credentials();
      await client.call(api.auth.firstChangePassword, {
        clientId,
        username,
        password: await encryptTransport(password, transportSecret),
        newPassword: await encryptTransport(newPassword, transportSecret),
      });
      // The change checked the old password, which ended any run of failures: this sign-in needs no captcha.
      return signInWith({ username, password: newPassword });
    },

    async changePassword(request) {
      const password = requireText(request?.password, 'password', 64);
      const newPassword = requireText(request.newPassword, 'newPassword', 64);
      const { transportSecret } = deps.credentials();
      await call(api.session.changePassword, {
        password: await encryptTransport(password, transportSecret),
        newPassword: await encryptTransport(newPassword, transportSecret),
      });
    },

    async messengerConfig() {
      const config = await client.call(api.auth.messengerConfig, {});
      shownQrUrl = config.enabled ? config.qrUrl : null;
      return { enabled: config.enabled, qrUrl: config.qrUrl };
    },

    messengerQrUrl: () => shownQrUrl,

    async messengerExchange(code) {
      const messengerCode = requireText(code, 'code', 512).trim();
      const { clientId, clientSecret } = deps.credentials();
      const answer = await client.call(api.auth.messengerUserInfo, { clientId, clientSecret, code: messengerCode });
      if (answer.token) {
        await endSession();
        await establish(answer.token);
        pendingWxWorkUserId = null;
        pendingBindTicket = null;
        return { outcome: 'signed-in' };
      }
      if (answer.wxWorkUserId && answer.bindTicket) {
        pendingWxWorkUserId = answer.wxWorkUserId;
        pendingBindTicket = answer.bindTicket;
        return { outcome: 'bind-required', wxWorkUserId: answer.wxWorkUserId };
      }
      throw new ApiError(ResponseCode.ServerError, 'The messenger exchange returned neither a messenger user id nor a token');
    },

    async renewForSingleSystem() {
      const session = live;
      if (!session) throw notSignedIn();
      if (systemMenuId === null) throw new InputError('Choose a system before renewing its token');
      if (renewedForSystem) return;
      const outcome = await rotate(session, 'new-token');
      if (outcome === 'disabled') {
        await lose(session, 'user-disabled', null);
        throw new ApiError(ResponseCode.UserDisabled, 'User is disabled');
      }
      if (outcome === 'rejected') {
        await lose(session, 'session-expired', null);
        throw new ApiError(ResponseCode.Unauthorized, 'The session has expired, please sign in again');
      }
      renewedForSystem = true;
    },

    async signOut() {
      await endSession();
      pendingWxWorkUserId = null;
      pendingBindTicket = null;
    },

    async clear() {
      await endSession();
      return state();
    },

    choose(choice) {
      if (!live) throw notSignedIn();
      for (const field of ['roleId', 'systemMenuId'] as const) {
        const value = choice?.[field];
        if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) throw new InputError(`${field} must be a positive whole number`);
      }
      if (choice.systemMenuId !== systemMenuId) renewedForSystem = false;
      roleId = choice.roleId;
      systemMenuId = choice.systemMenuId;
      return state();
    },

    call,
    publicCall: (def, input) => client.call(def, input),
  };
}
