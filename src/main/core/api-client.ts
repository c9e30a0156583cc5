import ky, { TimeoutError, type Options as KyOptions } from 'ky';
import type { z } from 'zod';
import { ResponseCode } from '../../shared/codes';
import { API_PREFIX, API_VERSION, Header, REQUEST_TIMEOUT_MS, type Locale } from '../../shared/constants';
import { fillPath, type EndpointDef, type InputOf, type OutputOf } from '../../shared/contract/endpoint';
import { FileBody, UploadedFile } from '../../shared/contract/file';
import { envelopeSchema, type Envelope } from '../../shared/envelope';
import { ApiError, InputError } from './errors';
import { downloadedFile } from './download';

/** What every request says about the workstation and the user's choices (spec 000 §7 headers). */
export interface RequestContext {
  language: Locale;
  /** The chosen role; null before the identity choice. */
  roleId: number | null;
  /** A stable random id of this installation, kept in settings. */
  deviceId: string;
  deviceModel: string;
  /** The OAuth client id of the console, which the server files interface-monitoring rows under. */
  appId: string;
}

export interface ApiClientOptions {
  /** Origin (and base path, if any) the `/api` prefix is appended to; resolved per call so a settings change applies at once. */
  serverUrl: () => string | Promise<string>;
  context: () => RequestContext;
  /** Electron passes `net.fetch` (system proxy and certificate store); Node's fetch otherwise. */
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
}

export interface CallOptions {
  /** Sent as `Bearer <token>`; the client keeps no token of its own. */
  accessToken?: string | null;
}

export interface ApiClient {
  call<D extends EndpointDef>(def: D, input: InputOf<D>, options?: CallOptions): Promise<OutputOf<D>>;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const timeout = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  return {
    async call<D extends EndpointDef>(def: D, input: InputOf<D>, callOptions: CallOptions = {}): Promise<OutputOf<D>> {
      const label = `${def.method} ${API_PREFIX}${def.path}`;
      const fields = inputRecord(input, label);
      let filled: { path: string; rest: Record<string, unknown> };
      try {
        filled = fillPath(def.path, fields);
      } catch (error) {
        throw new InputError(`${label}: ${(error as Error).message}`);
      }
      const base = await options.serverUrl();
      const url = `${base.replace(/\/+$/, '')}${API_PREFIX}${filled.path}`;

      const request: KyOptions = {
        method: def.method,
        headers: requestHeaders(options.context(), callOptions.accessToken ?? null),
        timeout,
        // The envelope is read for every status, so ky must hand over error responses instead of throwing.
        throwHttpErrors: false,
        // Only reads are repeated after a network failure: a repeated POST could write twice.
        retry: def.method === 'GET' ? { limit: 2, methods: ['get'] } : 0,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      };
      if (def.method === 'GET') request.searchParams = formFields(filled.rest, label);
      else if (def.encoding === 'form') request.body = formFields(filled.rest, label);
      else if (def.encoding === 'multipart') request.body = multipartFields(filled.rest, label);
      else request.json = filled.rest;

      let response: Response;
      try {
        response = await ky(url, request);
      } catch (error) {
        if (error instanceof TimeoutError) throw new ApiError(ResponseCode.Unreachable, `${label}: the server at ${base} did not answer within ${Math.round(timeout / 1000)} s`);
        throw new ApiError(ResponseCode.Unreachable, `${label}: the server at ${base} could not be reached (${describeCause(error)})`);
      }
      return readEnvelope(def, response, label) as Promise<OutputOf<D>>;
    },
  };
}

function requestHeaders(context: RequestContext, accessToken: string | null): Record<string, string> {
  const headers: Record<string, string> = {
    [Header.Timestamp]: String(Date.now()),
    [Header.Version]: API_VERSION,
    [Header.Language]: context.language,
    [Header.CacheControl]: 'no-cache',
    [Header.DeviceId]: context.deviceId,
    [Header.DeviceModel]: context.deviceModel,
    [Header.AppId]: context.appId,
    [Header.TimeZone]: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
  if (accessToken) headers[Header.Authorization] = `Bearer ${accessToken}`;
  if (context.roleId !== null) headers[Header.Role] = String(context.roleId);
  return headers;
}

function inputRecord(input: unknown, label: string): Record<string, unknown> {
  if (input === undefined || input === null) return {};
  if (typeof input !== 'object' || Array.isArray(input)) throw new InputError(`${label}: the input must be an object of fields, not ${Array.isArray(input) ? 'an array' : typeof input}`);
  return input as Record<string, unknown>;
}

/** Query strings and form bodies carry flat values only; a list repeats its field. */
function formFields(fields: Record<string, unknown>, label: string): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      if (typeof item !== 'string' && typeof item !== 'number' && typeof item !== 'boolean') {
        throw new InputError(`${label}: field ${name} holds an object, which cannot travel as a query or form value`);
      }
      params.append(name, String(item));
    }
  }
  return params;
}

/** A multipart body: text fields first (the server reads the purpose before the file), then each file. */
function multipartFields(fields: Record<string, unknown>, label: string): FormData {
  const form = new FormData();
  const files: Array<[string, UploadedFile]> = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (value instanceof UploadedFile) files.push([name, value]);
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') form.append(name, String(value));
    else throw new InputError(`${label}: field ${name} holds an object, which cannot travel as a multipart field`);
  }
  for (const [name, file] of files) form.append(name, new Blob([new Uint8Array(file.bytes)]), file.name);
  return form;
}

/** Endpoints whose success is a file's bytes as the body (a stored file), not an envelope; a refusal is an envelope. */
function answersFileBody(def: EndpointDef): boolean {
  const output = def.output as z.ZodType;
  return output.safeParse(new FileBody('', new Uint8Array())).success && !output.safeParse({}).success;
}

async function readEnvelope(def: EndpointDef, response: Response, label: string): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  // An export's file is handed over as it streams in (exports.ts writes it to disk); its refusal is an envelope.
  if (def.download && response.ok && !type.startsWith('application/json')) return downloadedFile(response, def.download);
  if (response.ok && !type.startsWith('application/json') && answersFileBody(def)) {
    return new FileBody(type.split(';')[0]!.trim() || 'application/octet-stream', new Uint8Array(await response.arrayBuffer()));
  }
  const text = await response.text();
  const envelope = parseEnvelope(text);
  if (!envelope) {
    const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
    if (response.status === 401) throw new ApiError(ResponseCode.Unauthorized, `${label}: ${status}, the session is not valid`, 401);
    if (!response.ok) throw new ApiError(ResponseCode.ServerError, `${label} failed: ${status}`, response.status);
    throw new ApiError(ResponseCode.ServerError, `${label}: the server answered without the {code, msg, data} envelope`, response.status);
  }
  if (envelope.code !== ResponseCode.Success) {
    throw new ApiError(envelope.code, envelope.msg || `${label} failed with code ${envelope.code}`, response.status);
  }
  if (!response.ok) throw new ApiError(ResponseCode.ServerError, `${label} failed: HTTP ${response.status} with a success code`, response.status);
  const parsed = (def.output as z.ZodType).safeParse(envelope.data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'data';
    throw new ApiError(ResponseCode.ServerError, `${label}: the answer does not match the contract at ${where} (${issue?.message ?? 'invalid'})`, response.status);
  }
  return parsed.data;
}

function parseEnvelope(text: string): Envelope | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = envelopeSchema.safeParse(body);
  return parsed.success ? { code: parsed.data.code, msg: parsed.data.msg, data: parsed.data.data ?? null } : null;
}

function describeCause(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as Error & { cause?: unknown }).cause;
  const causeCode = cause && typeof cause === 'object' && 'code' in cause ? String((cause as { code: unknown }).code) : null;
  return causeCode ? `${error.message}: ${causeCode}` : error.message;
}
