import { ResponseCode } from '../../shared/codes';
import { API_PREFIX, Header } from '../../shared/constants';
import { api } from '../../shared/contract';
import { fillPath, type EndpointDef, type InputOf, type OutputOf } from '../../shared/contract/endpoint';
import { DEFAULT_ADMIN_PASSWORD, DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, DEFAULT_TRANSPORT_SECRET } from '../../shared/defaults';
import type { Envelope } from '../../shared/envelope';
import { encryptTransport } from '../../shared/transport-crypto';

/**
 * A client of a listening server, over real HTTP on loopback (what the fault suites drive: load, crashes,
 * database restarts). Every call has a deadline, so a server that stops answering is seen as such, never as
 * a hung test.
 */

export interface HttpCallOptions {
  token?: string;
  roleId?: number;
  /** The call's deadline; past it the call is abandoned and `HttpCallFailed` thrown. */
  timeoutMs?: number;
}

/** No answer: the connection failed, was cut, or the deadline passed. */
export class HttpCallFailed extends Error {}

export const DEFAULT_CALL_TIMEOUT_MS = 15_000;

export async function httpCall<E extends EndpointDef>(baseUrl: string, def: E, input: InputOf<E>, options: HttpCallOptions = {}): Promise<Envelope<OutputOf<E>>> {
  const { path: filled, rest } = fillPath(def.path, input as Record<string, unknown>);
  const headers: Record<string, string> = { [Header.Language]: 'en_US' };
  if (options.token) headers[Header.Authorization] = `Bearer ${options.token}`;
  if (options.roleId !== undefined) headers[Header.Role] = String(options.roleId);
  const present = Object.entries(rest).filter(([, value]) => value !== undefined);
  let url = `${baseUrl}${API_PREFIX}${filled}`;
  let body: string | undefined;
  if (def.method === 'GET') {
    if (present.length > 0) url += `?${new URLSearchParams(present.map(([key, value]) => [key, String(value)])).toString()}`;
  } else if (def.encoding === 'form') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(present.map(([key, value]) => [key, String(value)])).toString();
  } else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(Object.fromEntries(present));
  }
  let response: Response;
  try {
    response = await fetch(url, { method: def.method, headers, body, signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS) });
    return (await response.json()) as Envelope<OutputOf<E>>;
  } catch (error) {
    throw new HttpCallFailed(`${def.method} ${def.path}: ${(error as Error).message}`, { cause: error });
  }
}

export interface HttpSession {
  token: string;
  roleId: number;
}

/** Signs in with the password grant and takes the user's first role. */
export async function signInHttp(baseUrl: string, username: string, password: string): Promise<HttpSession> {
  const signed = await httpCall(baseUrl, api.auth.token, {
    grant_type: 'password',
    client_id: DEFAULT_CLIENT_ID,
    client_secret: DEFAULT_CLIENT_SECRET,
    username,
    password: await encryptTransport(password, DEFAULT_TRANSPORT_SECRET),
  });
  if (signed.code !== ResponseCode.Success || !signed.data) throw new Error(`sign-in of ${username} failed: ${signed.code} ${signed.msg}`);
  const roles = await httpCall(baseUrl, api.session.roleSelect, {}, { token: signed.data.accessToken });
  const roleId = roles.data?.[0]?.roleId;
  if (roleId === undefined) throw new Error(`${username} holds no role: ${roles.code} ${roles.msg}`);
  return { token: signed.data.accessToken, roleId };
}

/** The administrator's password after the forced first change. */
export const ADMIN_PASSWORD_AFTER_CHANGE = 'Admin_2026faults';

/** Signs the seeded administrator of a new database in, making the forced first password change. */
export async function signInAdminHttp(baseUrl: string): Promise<HttpSession> {
  const changed = await httpCall(baseUrl, api.auth.firstChangePassword, {
    username: 'admin',
    password: await encryptTransport(DEFAULT_ADMIN_PASSWORD, DEFAULT_TRANSPORT_SECRET),
    newPassword: await encryptTransport(ADMIN_PASSWORD_AFTER_CHANGE, DEFAULT_TRANSPORT_SECRET),
  });
  if (changed.code !== ResponseCode.Success) throw new Error(`admin first change failed: ${changed.code} ${changed.msg}`);
  return signInHttp(baseUrl, 'admin', ADMIN_PASSWORD_AFTER_CHANGE);
}
