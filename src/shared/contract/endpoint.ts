import type { z } from 'zod';
import type { PermissionKey } from '../permissions';
import { fillTemplate } from '../path-template';
import type { FileDownload } from './export';

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

/**
 * Who may call an endpoint:
 * - `public`: anyone (sign-in, captcha);
 * - `session`: any signed-in user (own password, systems, navigation of a held role);
 * - a permission key: the current role (header `x-role-id`) must hold it.
 */
export type Access = 'public' | 'session' | PermissionKey;

/** Calls allowed per minute, counted per caller address and, where the input names an account, per account. */
export interface RateLimit {
  perAddress: number;
  perAccount?: number;
}

/**
 * The rate limits of calls that anyone may make and that cost the server a password hash, a database
 * read or write or a third-party call. Endpoints naming the same limit share its counts, so every way of trying
 * a password draws on one allowance. A console's staff sign in a few times a day: 10 tries a minute per
 * account and 30 per address leave room for typos and a shared office address, not for guessing.
 */
export const RATE_LIMITS = {
  signIn: { perAddress: 30, perAccount: 10 },
  captcha: { perAddress: 60 },
  messengerSignIn: { perAddress: 30 },
  // The published-information API serves other systems' pages (an article and its images per visit): room for
  // a busy portal behind one address, not for one leaked key emptying the database's attention.
  publishedInfo: { perAddress: 600, perAccount: 1200 },
  // The open messaging endpoints, counted before the message key is looked up; each key's own per-minute send
  // limit (msg_api_key.rate_limit) is checked after it.
  openMessage: { perAddress: 600, perAccount: 1200 },
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/**
 * The keys a public call may present in a header instead of a session (its `headerFields`), by what the caller
 * holds; OpenAPI declares each as an API-key security scheme with this description.
 */
export const KEY_SCHEMES = {
  systemApiKey: "A system's API key, made on the System API keys screen: reads the information published for that system",
  messageKey: 'A message API key, made on the Message API keys screen: sends SMS and reads their state for a message system',
} as const;

export type KeySchemeName = keyof typeof KEY_SCHEMES;

export interface EndpointDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  /** The service area, used in interface monitoring (serviceCnName) and OpenAPI tags. */
  service: string;
  /** A short name of what the call does, used in interface monitoring (interfaceCnName) and OpenAPI. */
  summary: string;
  /**
   * A more exact summary by the value of one input field, for a call that does different things (sign-in and
   * refresh share the token path): interface monitoring names the call by it, so its filters can tell them apart.
   */
  summaryBy?: { field: string; summaries: Readonly<Record<string, string>> };
  method: HttpMethod;
  /** Path under `/api`, with `:param` segments filled from the input of the same name. */
  path: string;
  access: Access;
  /** `form` for sign-in and refresh (spec 000 §7), `multipart` for a file upload (field `file`), `json` otherwise. */
  encoding: 'json' | 'form' | 'multipart';
  /**
   * One object of every field the call takes: path params, query and body are merged before it is parsed,
   * so a field is validated the same way wherever it travels.
   */
  input: I;
  /** The `data` of a successful envelope. */
  output: O;
  /** A mutation writes an operation-log entry with before and after values. */
  mutation: boolean;
  /**
   * Input fields read from request headers only (field → header name), for public calls that present a key
   * (the published-information API): a header never reaches the interface log, and a query or body value of
   * the same name is ignored.
   */
  headerFields?: Readonly<Record<string, string>>;
  /** The key a `headerFields` call presents (KEY_SCHEMES): required beside `headerFields`. */
  keyScheme?: KeySchemeName;
  /** Input fields that never reach a log (passwords, secrets, codes). */
  secretFields: readonly string[];
  /**
   * Input fields that travel sealed with the transport secret (spec: passwords travel encrypted). The
   * renderer hands them over in clear; the desktop core seals them before the call leaves the machine.
   */
  sealedFields: readonly string[];
  /** The output holds secrets (tokens): its logged copy is redacted. */
  secretOutput: boolean;
  /** An export: the answer is a file of this kind streamed as the body (output `exportedFile`), a refusal an envelope. */
  download?: FileDownload;
  /** The limit the calls count against (RATE_LIMITS), and the input field naming the account, if any. */
  rateLimit?: { name: RateLimitName; accountField?: string };
}

type Defaulted = 'encoding' | 'mutation' | 'secretFields' | 'sealedFields' | 'secretOutput';
type EndpointInit<I extends z.ZodType, O extends z.ZodType> = Omit<EndpointDef<I, O>, Defaulted> & Partial<Pick<EndpointDef<I, O>, Defaulted>>;

export function endpoint<I extends z.ZodType, O extends z.ZodType>(init: EndpointInit<I, O>): EndpointDef<I, O> {
  return {
    encoding: 'json',
    mutation: init.method !== 'GET',
    secretFields: [],
    sealedFields: [],
    secretOutput: false,
    ...init,
  };
}

export type InputOf<E> = E extends EndpointDef<infer I, z.ZodType> ? z.input<I> : never;
export type ParsedInputOf<E> = E extends EndpointDef<infer I, z.ZodType> ? z.output<I> : never;
export type OutputOf<E> = E extends EndpointDef<z.ZodType, infer O> ? z.output<O> : never;

/** Fills `:param` segments from the input; returns the path and the fields left for query or body. */
export function fillPath(path: string, input: Record<string, unknown>): { path: string; rest: Record<string, unknown> } {
  const { path: filled, used } = fillTemplate(path, input);
  const rest = { ...input };
  for (const name of used) delete rest[name];
  return { path: filled, rest };
}

/** Field names that are redacted wherever requests are logged, whatever the endpoint says. */
export const ALWAYS_SECRET_FIELDS = [
  'password',
  'newPassword',
  'client_secret',
  'clientSecret',
  'refresh_token',
  'refreshToken',
  'validCode',
  'code',
  'clientSecretStr',
  'appSecret',
  'secret',
  // A system API key opens the published-information API: shown on its own screens, never kept in a log.
  'apiKey',
] as const;
