import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ResponseCode } from '../../shared/codes';
import { Header, RoleType } from '../../shared/constants';
import type { EndpointDef } from '../../shared/contract';
import { fail } from '../../shared/envelope';
import { formatMessage, resolveLocale } from '../../shared/i18n/messages';
import { isCompanyWideKey, isPermissionKey } from '../../shared/permissions';
import { CallContext, type Services } from '../context';
import { AppError, Errors } from '../errors';
import { isLoopbackAddress, isLoopbackHostHeader } from '../loopback';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who calls, from where, in which language and role: set for every request, filled by the guard. */
    callContext: CallContext;
  }
  interface FastifyContextConfig {
    /** The contract's endpoint a route serves (absent on the OpenAPI document). */
    endpoint?: EndpointDef;
  }
}

const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';
const MULTIPART_CONTENT_TYPE = 'multipart/';

export function requestHeader(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/**
 * Who may reach a route, decided before its handler runs: the caller's page and Host, the body's encoding,
 * the session, the role it acts in and the endpoint's permission key (design §4: the server is the guard).
 */
const requestGuard: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  // Fastify wants reference-typed decorations declared empty; the onRequest hook below sets it before anything reads it.
  app.decorateRequest('callContext', null as unknown as CallContext);

  // No browser page is a client of this API (the desktop core and the browser host call it from Node), so
  // a request carrying an Origin is a page trying its luck; a server on loopback also answers only to
  // loopback names, which a DNS-rebinding page cannot send.
  const loopbackOnly = isLoopbackAddress(services.config.host);
  app.addHook('onRequest', async (request, reply) => {
    const locale = resolveLocale(requestHeader(request, Header.Language));
    request.callContext = new CallContext(services, locale, request.ip, requestHeader(request, Header.DeviceId), requestHeader(request, Header.DeviceModel), requestHeader(request, Header.AppId));
    request.callContext.timeZoneHeader = requestHeader(request, Header.TimeZone);
    const foreignOrigin = request.headers.origin !== undefined;
    if (!foreignOrigin && (!loopbackOnly || isLoopbackHostHeader(request.headers.host))) return;
    return reply.code(403).send(fail(ResponseCode.Forbidden, formatMessage(locale, foreignOrigin ? 'error.foreignOrigin' : 'error.foreignHost')));
  });

  app.addHook('preHandler', async (request) => {
    const def = request.routeOptions.config.endpoint;
    if (!def) return;
    // A cross-site page can post a form without asking; only the two OAuth exchanges take form bodies.
    if (def.encoding !== 'form' && request.headers['content-type']?.toLowerCase().startsWith(FORM_CONTENT_TYPE)) throw Errors.invalid('body', 'validation.jsonBody');
    // Multipart bodies (which a cross-site form can post too) are read only by the upload endpoints.
    if (def.encoding !== 'multipart' && request.headers['content-type']?.toLowerCase().startsWith(MULTIPART_CONTENT_TYPE)) throw Errors.invalid('body', 'validation.jsonBody');
    await guard(request.callContext, def, request);
  });
};

export default fp(requestGuard, { name: 'request-guard', fastify: '5.x' });

export async function guard(ctx: CallContext, def: EndpointDef, request: FastifyRequest): Promise<void> {
  const token = /^bearer\s+(.+)$/i.exec(requestHeader(request, Header.Authorization))?.[1]?.trim();
  if (token) {
    const resolved = await ctx.services.sessions.resolve(token, ctx.services.now());
    if (resolved.kind === 'valid') ctx.session = resolved.session;
    else if (def.access !== 'public') throw resolved.kind === 'disabled' ? Errors.userDisabled() : Errors.unauthorized();
  }
  if (def.access === 'public') return;
  const session = ctx.requireSession();
  const roleHeader = requestHeader(request, Header.Role);
  if (roleHeader) {
    const roleId = Number(roleHeader);
    if (Number.isInteger(roleId) && roleId > 0) ctx.role = await ctx.services.authz.holds(session.userId, roleId);
    if (!ctx.role) throw Errors.roleNotHeld();
  }
  if (def.access === 'session') return;
  if (!isPermissionKey(def.access)) throw new Error(`endpoint ${def.path} names an unknown permission key ${def.access}`);
  const role = ctx.requireRole();
  if (isCompanyWideKey(def.access) && role.roleType !== RoleType.AllOrganisations) throw new AppError(ResponseCode.Forbidden, 'error.companyWideOnly');
  const keys = await ctx.services.authz.keysOf(role.roleId);
  if (!keys.has(def.access)) throw Errors.forbidden();
}
