import type { z } from 'zod';
import type { PermissionKey } from '../permissions';

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

/**
 * Who may call an endpoint:
 * - `public`: anyone (sign-in, captcha);
 * - `session`: any signed-in user (own password, systems, navigation of a held role);
 * - a permission key: the current role (header `x-role-id`) must hold it.
 */
export type Access = 'public' | 'session' | PermissionKey;

export interface EndpointDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  /** The service area, used in interface monitoring (serviceCnName) and OpenAPI tags. */
  service: string;
  /** A short name of what the call does, used in interface monitoring (interfaceCnName) and OpenAPI. */
  summary: string;
  method: HttpMethod;
  /** Path under `/api`, with `:param` segments filled from the input of the same name. */
  path: string;
  access: Access;
  /** `form` for sign-in and refresh (spec 000 §7), `json` otherwise. */
  encoding: 'json' | 'form';
  /**
   * One object of every field the call takes: path params, query and body are merged before it is parsed,
   * so a field is validated the same way wherever it travels.
   */
  input: I;
  /** The `data` of a successful envelope. */
  output: O;
  /** A mutation writes an operation-log entry with before and after values. */
  mutation: boolean;
  /** Input fields that never reach a log (passwords, secrets, codes). */
  secretFields: readonly string[];
  /**
   * Input fields that travel sealed with the transport secret (spec: passwords travel encrypted). The
   * renderer hands them over in clear; the desktop core seals them before the call leaves the machine.
   */
  sealedFields: readonly string[];
  /** The output holds secrets (tokens): its logged copy is redacted. */
  secretOutput: boolean;
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

/** Names of the `:param` segments of a path. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] as string);
}

/** Fills `:param` segments from the input; returns the path and the fields left for query or body. */
export function fillPath(path: string, input: Record<string, unknown>): { path: string; rest: Record<string, unknown> } {
  const rest = { ...input };
  const filled = path.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    const value = rest[name];
    delete rest[name];
    if (value === undefined || value === null || value === '') throw new Error(`path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
  return { path: filled, rest };
}

/** Field names that are redacted wherever requests are logged, whatever the endpoint says. */
export const ALWAYS_SECRET_FIELDS = ['password', 'newPassword', 'client_secret', 'clientSecret', 'refresh_token', 'refreshToken', 'validCode', 'code', 'clientSecretStr', 'appSecret', 'secret'] as const;
