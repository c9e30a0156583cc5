import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ResponseCode } from '../shared/codes';
import { API_PREFIX, Header } from '../shared/constants';
import { listEndpoints, type EndpointDef } from '../shared/contract';
import { fail } from '../shared/envelope';
import { formatMessage, resolveLocale } from '../shared/i18n/messages';
import { isPermissionKey } from '../shared/permissions';
import { redact, redactJsonText, truncate } from './audit/redact';
import { RateLimiter } from './auth/rate-limit';
import { CallContext, type Services } from './context';
import { AppError, Errors } from './errors';
import { handlers, type AnyHandler } from './modules';
import { isLoopbackAddress, isLoopbackHostHeader } from './loopback';
import { buildOpenApi } from './openapi';

const BODY_LIMIT = 1024 * 1024;
const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

interface RouteAudit {
  def: EndpointDef | null;
  id: string;
  started: Date;
  ctx: CallContext | null;
  responseText: string;
  /** The envelope code when a route answered; read from the text otherwise. */
  code: string | null;
  /** The text to log for the response, when the route knew it (cached data keeps its copy). */
  loggedResponse: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    audit?: RouteAudit;
  }
}

export function buildApp(services: Services): FastifyInstance {
  const app = Fastify({ logger: false, bodyLimit: BODY_LIMIT, trustProxy: false, return503OnClosing: true });
  void app.register(formbody);
  const rateLimiter = new RateLimiter(services.config.rateLimits, services.now);

  app.addHook('onRequest', async (request) => {
    request.audit = { def: null, id: '', started: services.now(), ctx: null, responseText: '', code: null, loggedResponse: null };
  });

  // No browser page is a client of this API (the desktop core and the browser host call it from Node), so
  // a request carrying an Origin is a page trying its luck; a server on loopback also answers only to
  // loopback names, which a DNS-rebinding page cannot send.
  const loopbackOnly = isLoopbackAddress(services.config.host);
  app.addHook('onRequest', async (request, reply) => {
    const foreignOrigin = request.headers.origin !== undefined;
    if (!foreignOrigin && (!loopbackOnly || isLoopbackHostHeader(request.headers.host))) return;
    const locale = resolveLocale(header(request, Header.Language));
    return reply.code(403).send(fail(ResponseCode.Forbidden, formatMessage(locale, foreignOrigin ? 'error.foreignOrigin' : 'error.foreignHost')));
  });

  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.audit && typeof payload === 'string') request.audit.responseText = payload;
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    const audit = request.audit;
    if (!audit || !request.url.startsWith(API_PREFIX)) return;
    writeInterfaceLog(services, request, reply, audit);
  });

  for (const { id, def } of listEndpoints()) {
    const [area, name] = id.split('.') as [string, string];
    const handler = (handlers as Record<string, Record<string, AnyHandler>>)[area]?.[name];
    if (!handler) throw new Error(`no handler for endpoint ${id} (${def.method} ${def.path})`);
    app.route({
      method: def.method,
      url: API_PREFIX + def.path,
      handler: async (request, reply) => {
        const ctx = contextOf(services, request);
        if (request.audit) Object.assign(request.audit, { def, id, ctx });
        try {
          // A cross-site page can post a form without asking; only the two OAuth exchanges take form bodies.
          if (def.encoding !== 'form' && request.headers['content-type']?.toLowerCase().startsWith(FORM_CONTENT_TYPE)) throw Errors.invalid('body', 'validation.jsonBody');
          await guard(ctx, def, request);
          const input = parseInput(def, request);
          if (def.rateLimit) rateLimiter.take(def.rateLimit, ctx.ip, input);
          const data = await handler(input, ctx);
          if (services.config.checkOutput) def.output.parse(data);
          if (def.mutation) writeOperationLog(services, ctx, def, input);
          const text = successText(ctx.t('success'), data);
          if (request.audit) {
            request.audit.code = ResponseCode.Success;
            request.audit.loggedResponse = loggedText(def, text, data);
          }
          // An answer holding a password or token is never kept by a cache on the way.
          if (def.secretOutput) reply.header('cache-control', 'no-store');
          return reply.type('application/json; charset=utf-8').send(text);
        } catch (error) {
          return sendError(reply, ctx, error);
        }
      },
    });
  }

  app.get(`${API_PREFIX}/openapi.json`, async () => buildOpenApi());

  app.setNotFoundHandler(async (request, reply) => {
    const locale = resolveLocale(header(request, Header.Language));
    return reply.code(404).send(fail(ResponseCode.NotFound, formatMessage(locale, 'error.routeNotFound')));
  });

  app.setErrorHandler(async (error: { code?: string; statusCode?: number; message: string }, request, reply) => {
    const locale = resolveLocale(header(request, Header.Language));
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send(fail(ResponseCode.TooLarge, formatMessage(locale, 'error.bodyTooLarge')));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send(fail(ResponseCode.InvalidInput, `body: ${formatMessage(locale, 'validation.format')} (${error.message})`));
    }
    if (!services.config.quiet) console.error('[server] unexpected error', error);
    return reply.code(500).send(fail(ResponseCode.ServerError, formatMessage(locale, 'error.server')));
  });

  return app;
}

function header(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

function contextOf(services: Services, request: FastifyRequest): CallContext {
  return new CallContext(
    services,
    resolveLocale(header(request, Header.Language)),
    request.ip,
    header(request, Header.DeviceId),
    header(request, Header.DeviceModel),
    header(request, Header.AppId),
  );
}

export async function guard(ctx: CallContext, def: EndpointDef, request: FastifyRequest): Promise<void> {
  const authorization = header(request, Header.Authorization);
  const token = /^bearer\s+(.+)$/i.exec(authorization)?.[1]?.trim();
  if (token) {
    const resolved = await ctx.services.sessions.resolve(token, ctx.services.now());
    if (resolved.kind === 'valid') ctx.session = resolved.session;
    else if (def.access !== 'public') throw resolved.kind === 'disabled' ? Errors.userDisabled() : Errors.unauthorized();
  }
  if (def.access === 'public') return;
  const session = ctx.requireSession();
  const roleHeader = header(request, Header.Role);
  if (roleHeader) {
    const roleId = Number(roleHeader);
    if (Number.isInteger(roleId) && roleId > 0) ctx.role = await ctx.services.authz.holds(session.userId, roleId);
    if (!ctx.role) throw Errors.roleNotHeld();
  }
  if (def.access === 'session') return;
  if (!isPermissionKey(def.access)) throw new Error(`endpoint ${def.path} names an unknown permission key ${def.access}`);
  const role = ctx.requireRole();
  const keys = await ctx.services.authz.keysOf(role.roleId);
  if (!keys.has(def.access)) throw Errors.forbidden();
}

/** Path params, query and body merged into one object, parsed by the endpoint's one schema. */
function parseInput(def: EndpointDef, request: FastifyRequest): unknown {
  const body = request.body;
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
    throw Errors.invalid('body', 'validation.type');
  }
  const merged = { ...(body as object | undefined), ...(request.query as object), ...(request.params as object) };
  const parsed = def.input.safeParse(merged);
  if (parsed.success) return parsed.data;
  throw issueToError(parsed.error.issues[0]);
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
function loggedText(def: EndpointDef, text: string, data: unknown): string {
  if (def.secretOutput) return redactJsonText(text, def.secretFields);
  if (data === null || typeof data !== 'object') return truncate(text);
  let logged = loggedData.get(data);
  if (logged === undefined) {
    logged = truncate(text);
    loggedData.set(data, logged);
  }
  return logged;
}

function sendError(reply: FastifyReply, ctx: CallContext, error: unknown): FastifyReply {
  if (error instanceof AppError) {
    if (error.logDetail && !ctx.services.config.quiet) console.error(`[server] ${error.code} ${error.logDetail}`);
    const audit = reply.request.audit;
    if (audit) audit.code = error.code;
    const text = ctx.t(error.key, error.params);
    const msg = error.field && error.code === ResponseCode.InvalidInput ? `${error.field}: ${text}` : text;
    return reply.send(fail(error.code, msg));
  }
  if (!ctx.services.config.quiet) console.error('[server] unexpected error', error);
  return reply.code(500).send(fail(ResponseCode.ServerError, ctx.t('error.server')));
}

function writeOperationLog(services: Services, ctx: CallContext, def: EndpointDef, input: unknown): void {
  const session = ctx.session;
  const changes = ctx.changes.length > 0 ? ctx.changes : [{ entryType: def.method === 'DELETE' ? 'delete' : 'update', content: def.summary, before: null, after: input }];
  for (const change of changes) {
    services.audit.operationLog.push({
      entryType: change.entryType,
      operUserId: session?.userId ?? null,
      operUserName: session?.name ?? '',
      operLoginName: session?.username ?? '',
      operLocation: ctx.ip,
      operationContent: change.content,
      beforeOperation: change.before === undefined ? null : redact(change.before, def.secretFields),
      afterOperation: change.after === undefined ? null : redact(change.after, def.secretFields),
      operationTime: services.now(),
    });
  }
}

function writeInterfaceLog(services: Services, request: FastifyRequest, reply: FastifyReply, audit: RouteAudit): void {
  const ended = services.now();
  let code = audit.code;
  if (code === null && audit.responseText.startsWith('{"code"')) {
    try {
      code = (JSON.parse(audit.responseText) as { code?: string }).code ?? null;
    } catch {
      code = null;
    }
  }
  // Without an envelope (the OpenAPI document) the HTTP status stands.
  const responseStatus = code === null ? String(reply.statusCode) : code === ResponseCode.Success ? '200' : code;
  const secretFields = audit.def?.secretFields ?? [];
  const requestParam = { query: request.query, body: request.body };
  services.audit.interfaceLog.push({
    appId: audit.ctx?.session?.clientId ?? audit.ctx?.appId ?? '',
    serviceCnName: audit.def?.service ?? 'unknown',
    interfaceCnName: audit.def?.summary ?? request.url.split('?')[0] ?? '',
    method: request.method,
    path: request.url.split('?')[0] ?? '',
    userId: audit.ctx?.session ? String(audit.ctx.session.userId) : '',
    startTime: audit.started,
    endTime: ended,
    useTime: Math.max(0, Math.round(reply.elapsedTime)),
    ip: request.ip,
    deviceId: audit.ctx?.deviceId ?? '',
    modelInfo: audit.ctx?.deviceModel ?? '',
    responseStatus,
    requestParam: truncate(JSON.stringify(redact(requestParam, secretFields)) ?? ''),
    responseText: audit.loggedResponse ?? truncate(audit.responseText),
  });
}
