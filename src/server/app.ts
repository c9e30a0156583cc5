import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ResponseCode } from '../shared/codes';
import { API_PREFIX, Header } from '../shared/constants';
import { listEndpoints, type EndpointDef } from '../shared/contract';
import { FileBody } from '../shared/contract/file';
import { storedInterfaceOf } from '../shared/contract/interface-names';
import { exportedFile } from '../shared/contract/export';
import { undoTicket } from '../shared/contract/undo';
import { fail } from '../shared/envelope';
import { formatMessage, resolveLocale } from '../shared/i18n/messages';
import { operationRowOf } from './audit/change-log';
import { redactJsonText, truncate } from './audit/redact';
import { rateLimitsFor } from './auth/rate-limit';
import type { CallContext, Services } from './context';
import { AppError, Errors } from './errors';
import { sendDownload } from './exports/send';
import { handlers } from './registry';
import { type AnyHandler } from './handler';
import { MULTIPART_OPTIONS, readMultipart } from './platform/file/multipart';
import { sendFileBody } from './platform/file/send';
import { registerApiReference } from './api-reference';
import { isLoopbackAddress } from './loopback';
import { buildOpenApi, OPENAPI_PATH } from './openapi';
import interfaceMonitoring from './plugins/interface-monitoring';
import requestGuard, { requestHeader } from './plugins/request-guard';

const BODY_LIMIT = 1024 * 1024;

/**
 * The API: one route per endpoint of the contract. Interface monitoring and the request guard are plugins
 * that run around every route; a route's handler parses its input, runs the module's handler and answers.
 */
export function buildApp(services: Services): FastifyInstance {
  // Behind a trusted reverse proxy, request.ip (rate limits, logs, sign-in records) is the address it forwards for.
  const { trustedProxies } = services.config;
  const app = Fastify({ logger: false, bodyLimit: BODY_LIMIT, trustProxy: trustedProxies.length > 0 ? trustedProxies : false, return503OnClosing: true });
  void app.register(formbody);
  void app.register(multipart, MULTIPART_OPTIONS);
  void app.register(interfaceMonitoring, { services });
  void app.register(requestGuard, { services });
  const rateLimits = rateLimitsFor(services);

  for (const { id, def } of listEndpoints()) {
    const [area, name] = id.split('.') as [string, string];
    const handler = (handlers as Record<string, Record<string, AnyHandler>>)[area]?.[name];
    if (!handler) throw new Error(`no handler for endpoint ${id} (${def.method} ${def.path})`);
    app.route({
      method: def.method,
      url: API_PREFIX + def.path,
      config: { endpoint: def },
      handler: async (request, reply) => {
        const ctx = request.callContext;
        ctx.endpoint = def;
        // A multipart body is read here (the file's bytes are not enumerable, so logs show its name and size).
        if (def.encoding === 'multipart') request.body = await readMultipart(request);
        const input = parseInput(def, request);
        if (def.rateLimit) await rateLimits.take(def.rateLimit, ctx.ip, input);
        const data = await handler(input, ctx);
        if (services.config.checkOutput) def.output.parse(data);
        if (def.download) return sendDownload(request, reply, def.download, exportedFile.parse(data));
        if (data instanceof FileBody) return sendFileBody(request, reply, data);
        if (def.mutation) writeOperationLog(services, ctx, def, input);
        const text = successText(ctx.t('success'), data);
        request.callRecord.code = ResponseCode.Success;
        // A delete's answer holds the key that undoes it: logged without it, like a token.
        const secretOutput = def.secretOutput || def.output === undoTicket;
        request.callRecord.loggedResponse = loggedText(def, secretOutput, text, data);
        // An answer holding a password or token is never kept by a cache on the way.
        if (secretOutput) reply.header('cache-control', 'no-store');
        return reply.type('application/json; charset=utf-8').send(text);
      },
    });
  }

  app.get(OPENAPI_PATH, async () => buildOpenApi());
  if (services.config.apiReference ?? isLoopbackAddress(services.config.host)) registerApiReference(app);

  app.setNotFoundHandler(async (request, reply) => {
    const locale = resolveLocale(requestHeader(request, Header.Language));
    return reply.code(404).send(fail(ResponseCode.NotFound, formatMessage(locale, 'error.routeNotFound')));
  });

  app.setErrorHandler(async (error: { code?: string; statusCode?: number; message: string }, request, reply) => {
    if (error instanceof AppError) return sendAppError(request, reply, error);
    const locale = resolveLocale(requestHeader(request, Header.Language));
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send(fail(ResponseCode.TooLarge, formatMessage(locale, 'error.bodyTooLarge')));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send(fail(ResponseCode.InvalidInput, `body: ${formatMessage(locale, 'validation.format')} (${error.message})`));
    }
    if (!services.config.quiet) console.error('[server] unexpected error', error);
    return reply.code(500).send(fail(ResponseCode.ServerError, formatMessage(locale, 'error.server')));
  });

  return app;
}

/** Path params, query and body merged into one object, parsed by the endpoint's one schema. */
function parseInput(def: EndpointDef, request: FastifyRequest): unknown {
  const body = request.body;
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
    throw Errors.invalid('body', 'validation.type');
  }
  const merged: Record<string, unknown> = { ...(body as object | undefined), ...(request.query as object), ...(request.params as object) };
  for (const [field, header] of Object.entries(def.headerFields ?? {})) merged[field] = requestHeader(request, header) || undefined;
  const unstorable = unstorableTextAt(merged);
  if (unstorable) throw Errors.invalid(unstorable, 'validation.unstorableText');
  const parsed = def.input.safeParse(merged);
  if (parsed.success) return parsed.data;
  throw issueToError(parsed.error.issues[0]);
}

/** NUL and unpaired surrogates: PostgreSQL text cannot hold them, so they are refused as input, never sent to the database. */
const UNSTORABLE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

interface Visit {
  value: unknown;
  key: string | null;
  parent: Visit | null;
}

/**
 * The path of the first key or string value holding unstorable text, or null. Iterative and linked to
 * parents, so a deeply nested body costs neither stack nor copied paths.
 */
function unstorableTextAt(input: unknown): string | null {
  const pending: Visit[] = [{ value: input, key: null, parent: null }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    if (typeof visit.value === 'string') {
      if (UNSTORABLE_TEXT.test(visit.value)) return reportedPath(visit);
    } else if (visit.value !== null && typeof visit.value === 'object') {
      for (const [key, value] of Object.entries(visit.value)) {
        const child = { value, key, parent: visit };
        if (UNSTORABLE_TEXT.test(key)) return reportedPath(child);
        pending.push(child);
      }
    }
  }
  return null;
}

/** The dotted path of a visit, with the characters that made it unstorable replaced. */
function reportedPath(visit: Visit): string {
  const keys: string[] = [];
  for (let at: Visit | null = visit; at?.key != null; at = at.parent) keys.push(at.key);
  return keys.length === 0
    ? 'body'
    : keys
        .reverse()
        .join('.')
        .replace(/[\u0000\uD800-\uDFFF]/g, '\uFFFD');
}

function issueToError(issue: z.core.$ZodIssue | undefined): AppError {
  if (!issue) return Errors.invalid('body', 'validation.format');
  const field = issue.path.length > 0 ? issue.path.join('.') : 'body';
  if (issue.message.startsWith('validation.')) return Errors.invalid(field, issue.message);
  switch (issue.code) {
    case 'invalid_type':
      return Errors.invalid(field, issue.input === undefined ? 'validation.required' : 'validation.type');
    case 'too_small':
    case 'too_big':
      return Errors.invalid(field, 'validation.length');
    case 'invalid_format':
      return Errors.invalid(field, 'validation.format');
    case 'invalid_value':
    case 'invalid_union':
      return Errors.invalid(field, 'validation.oneOf');
    default:
      return Errors.invalid(field, 'validation.format');
  }
}

/**
 * Data a handler returns from a cache is the same object each time, so its JSON is kept beside it:
 * cached data must never be mutated.
 */
const serializedData = new WeakMap<object, string>();

function successText(msg: string, data: unknown): string {
  let json: string | undefined;
  if (data !== null && typeof data === 'object') {
    json = serializedData.get(data);
    if (json === undefined) {
      json = JSON.stringify(data);
      serializedData.set(data, json);
    }
  } else {
    json = JSON.stringify(data) ?? 'null';
  }
  return `{"code":"${ResponseCode.Success}","msg":${JSON.stringify(msg)},"data":${json}}`;
}

const loggedData = new WeakMap<object, string>();

/** The logged copy of a success: truncated, and redacted for endpoints whose output holds secrets. */
function loggedText(def: EndpointDef, secretOutput: boolean, text: string, data: unknown): string {
  if (secretOutput) return redactJsonText(text, def.secretFields);
  if (data === null || typeof data !== 'object') return truncate(text);
  let logged = loggedData.get(data);
  if (logged === undefined) {
    logged = truncate(text);
    loggedData.set(data, logged);
  }
  return logged;
}

/** The refusals that are about one input field: a bad value (A0400) or a value already taken (A0409). */
const PINNED_CODES: ReadonlySet<string> = new Set([ResponseCode.InvalidInput, ResponseCode.Conflict]);

/** An error the caller caused or must hear about: `{code, msg}` in the caller's language, HTTP 200 as the spec has it. */
function sendAppError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  const ctx = request.callContext;
  if (error.logDetail && !ctx.services.config.quiet) console.error(`[server] ${error.code} ${error.logDetail}`);
  request.callRecord.code = error.code;
  const text = ctx.t(error.key, error.params);
  // A refusal of one input names the field first, by its contract name; the screens show that field's label there.
  const msg = error.field && PINNED_CODES.has(error.code) ? `${error.field}: ${text}` : text;
  return reply.code(200).send(fail(error.code, msg));
}

/**
 * Every change logs its row in its own transaction (`logChange`); a mutation that logged nothing gets one
 * row naming the call, batched. The operator's organisation (operDeptId) is read by the writer, once per batch.
 */
function writeOperationLog(services: Services, ctx: CallContext, def: EndpointDef, input: unknown): void {
  if (ctx.changesLogged > 0) return;
  services.audit.operationLog.push(
    operationRowOf(
      ctx,
      { entryType: def.method === 'DELETE' ? 'delete' : 'update', content: { key: 'call', values: { interface: storedInterfaceOf(def, input) } }, before: null, after: input },
      def.secretFields,
    ),
  );
}
