/**
 * The browser host's bridge: the wire protocol the renderer's HTTP transport (src/renderer/bridge/) speaks.
 *
 * Opening the console
 *   The host prints `http://127.0.0.1:<port>/?key=<key>`. A GET of any page carrying `?key=<key>` sets the cookie
 *   `console_bridge` (BROWSER_HOST_COOKIE; HttpOnly, SameSite=Strict, Path=/) and answers 303 to the same address
 *   without the key, so the key leaves the address bar and the history. A wrong key answers 403. A page without
 *   the cookie answers 401 with a short page saying to open the printed address.
 *
 * Calls: `POST /__bridge/<method>` (BROWSER_HOST_BRIDGE_PATH + '/' + a name of BRIDGE_METHODS), e.g. `/__bridge/auth.signIn`
 *   request headers  content-type: application/json
 *                    x-console-bridge: 1            (BROWSER_HOST_CSRF_HEADER; a custom header forces a CORS preflight)
 *                    the cookie goes along by itself (fetch with credentials 'same-origin', the default)
 *   request body     {"args": [ the method's arguments in order ]}
 *                    e.g. {"args": [{"username": "admin", "password": "..."}]}, {"args": ["session.nav", {"roleId": 1, "menuId": 2}]}
 *                    for `api.call`, {"args": []} for a method without arguments
 *   answer           HTTP 200 with the method's BridgeResult: {"ok": true, "data": ...} or {"ok": false, "code": "...", "msg": "..."}
 *
 * Refusals: no bridge method ran. The body is both the API envelope and a failed BridgeResult,
 * {"ok": false, "code", "msg", "data": null}, so the renderer can pass it on as it is.
 *   401  code '401'    no cookie, or not this run's cookie (the host restarted: open the printed address again)
 *   403  code 'A0301'  Host header not 127.0.0.1:<port> or localhost:<port> (DNS rebinding), a foreign Origin,
 *                      or x-console-bridge is not '1'
 *   404  code 'A0404'  no such bridge method
 *   400  code 'A0400'  the body is not a JSON object with an `args` array
 *   415  code 'A0400'  the body is not application/json
 *
 * Events: `GET /__bridge/events` (BROWSER_HOST_EVENTS_PATH), for an EventSource on the same origin. It needs the
 * cookie and the Host check but not the custom header, which EventSource cannot send; the stream only reads.
 *   `Content-Type: text/event-stream`; every event is one line `data: <BridgeEvent JSON>` and a blank line,
 *   e.g. `data: {"type":"session-expired"}`. Lines starting with ':' are keep-alive comments; `retry: 3000`
 *   asks the EventSource to reconnect after 3 s when the stream drops.
 *
 * Help: `GET /help/console-help.<locale>.pdf` serves the bundled PDF (application/pdf, inline); `help.pdfUrl`
 * answers that same-origin path, falling back to English when the locale has no PDF of its own.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BRIDGE_METHODS, BROWSER_HOST_BRIDGE_PATH, BROWSER_HOST_COOKIE, BROWSER_HOST_CSRF_HEADER, BROWSER_HOST_EVENTS_PATH, type BridgeMethod } from '../shared/bridge';
import { ResponseCode } from '../shared/codes';
import { fail } from '../shared/envelope';
import { bridgeDispatch, invokeBridgeMethod, type BridgeCore } from '../main/core/bridge-core';
import { isAllowedOrigin, readCookie, sameSecret } from './security';

const KEEP_ALIVE_MS = 25_000;
const RECONNECT_MS = 3_000;

export interface BridgeRoutesOptions {
  bridge: BridgeCore;
  /** The value of this run's session cookie. */
  cookieValue: string;
  /** The port the host listens on, known once it listens. */
  port: () => number;
}

/** Whether the request carries this run's session cookie. */
export function hasSessionCookie(request: FastifyRequest, cookieValue: string): boolean {
  return sameSecret(readCookie(request.headers.cookie, BROWSER_HOST_COOKIE), cookieValue);
}

/** A refusal of the host itself: the envelope, readable as a failed BridgeResult too. */
export function refuse(reply: FastifyReply, status: number, code: string, msg: string): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send({ ok: false, ...fail(code, msg) });
}

export async function registerBridgeRoutes(app: FastifyInstance, options: BridgeRoutesOptions): Promise<void> {
  const dispatch = bridgeDispatch(options.bridge);
  const streams = new Set<{ end(): void }>();

  const admitted = (request: FastifyRequest, reply: FastifyReply): boolean => {
    if (!hasSessionCookie(request, options.cookieValue)) {
      refuse(reply, 401, ResponseCode.Unauthorized, 'This console session is not open: open the address the console printed (it carries the key)');
      return false;
    }
    if (!isAllowedOrigin(request.headers.origin, options.port())) {
      refuse(reply, 403, ResponseCode.Forbidden, `Calls from ${request.headers.origin} are not accepted`);
      return false;
    }
    return true;
  };

  app.get(BROWSER_HOST_EVENTS_PATH, (request, reply) => {
    if (!admitted(request, reply)) return;
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store',
      connection: 'keep-alive',
      'x-content-type-options': 'nosniff',
    });
    raw.write(`retry: ${RECONNECT_MS}\n\n`);
    const unsubscribe = options.bridge.events.subscribe((event) => {
      raw.write(`data: ${JSON.stringify(event)}\n\n`);
    });
    const keepAlive = setInterval(() => raw.write(': ping\n\n'), KEEP_ALIVE_MS);
    const stream = {
      end: () => {
        clearInterval(keepAlive);
        unsubscribe();
        streams.delete(stream);
        if (!raw.writableEnded) raw.end();
      },
    };
    streams.add(stream);
    request.raw.on('close', stream.end);
  });

  // Event streams never end by themselves: closing the host ends them, or close() would wait forever.
  app.addHook('preClose', async () => {
    for (const stream of [...streams]) stream.end();
  });

  const bridgeCallGuard = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers[BROWSER_HOST_CSRF_HEADER] !== '1') {
      return refuse(reply, 403, ResponseCode.Forbidden, `Bridge calls need the header ${BROWSER_HOST_CSRF_HEADER}: 1`);
    }
    if (!admitted(request, reply)) return reply;
  };

  // The guard runs on request, before the body is read: a refused caller gets nothing parsed.
  app.post<{ Params: { method: string } }>(`${BROWSER_HOST_BRIDGE_PATH}/:method`, { onRequest: bridgeCallGuard }, async (request, reply) => {
    const method = request.params.method;
    if (!(BRIDGE_METHODS as readonly string[]).includes(method)) {
      return refuse(reply, 404, ResponseCode.NotFound, `Unknown bridge method "${method.slice(0, 100)}"`);
    }
    const body = request.body as { args?: unknown } | null | undefined;
    if (body === null || typeof body !== 'object' || Array.isArray(body) || !Array.isArray(body.args)) {
      return refuse(reply, 400, ResponseCode.InvalidInput, 'The body must be a JSON object {"args": [...]}');
    }
    const result = await invokeBridgeMethod(dispatch, method as BridgeMethod, body.args);
    return reply.header('cache-control', 'no-store').send(result);
  });
}
