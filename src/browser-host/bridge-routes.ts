/**
 * The browser host's bridge: the wire protocol the renderer's HTTP transport (src/renderer/bridge/) speaks.
 *
 * Opening the console
 *   The host prints `http://127.0.0.1:<port>/?key=<key>`. The key works once: the first GET of a page carrying
 *   `?key=<key>` sets the cookie `console_bridge_<port>` (browserHostCookieName; HttpOnly, SameSite=Strict, Path=/)
 *   and answers 303 to the same address without the key, so the key leaves the address bar and the history. Later
 *   visits with the key are refused (403) unless they carry the cookie already; then they are sent on as the first
 *   was, without a new cookie. A wrong key answers 403. A page without the cookie answers 401 with a short page
 *   saying to open the printed address.
 *
 *   Every page the host serves carries the page secret (per run) in `<meta name="console-bridge-secret" content="...">`
 *   (BROWSER_HOST_PAGE_SECRET_META). The cookie alone does not reach the bridge: the browser sends it to every port of
 *   127.0.0.1, whatever listens there, so calls need the secret that only the console's own pages were given.
 *
 * Calls: `POST /__bridge/<method>` (BROWSER_HOST_BRIDGE_PATH + '/' + a name of BRIDGE_METHODS), e.g. `/__bridge/auth.signIn`
 *   request headers  content-type: application/json
 *                    x-console-bridge: <page secret>   (BROWSER_HOST_PAGE_SECRET_HEADER; a custom header also forces
 *                                                      a CORS preflight, which the host refuses)
 *                    origin: http://127.0.0.1:<port>  (the browser sends it with every POST)
 *                    the cookie goes along by itself (fetch with credentials 'same-origin', the default)
 *   request body     {"args": [ the method's arguments in order ]}
 *                    e.g. {"args": [{"username": "admin", "password": "..."}]}, {"args": ["session.nav", {"roleId": 1, "menuId": 2}]}
 *                    for `api.call`, {"args": []} for a method without arguments
 *   answer           HTTP 200 with the method's BridgeResult: {"ok": true, "data": ...} or {"ok": false, "code": "...", "msg": "..."}
 *
 * Refusals: no bridge method ran. The body is both the API envelope and a failed BridgeResult,
 * {"ok": false, "code", "msg", "data": null}, so the renderer can pass it on as it is.
 *   401  code '401'    no cookie, or not this run's cookie (the host restarted: open the printed address again)
 *   403  code 'A0301'  Host header not 127.0.0.1:<port> or localhost:<port> (DNS rebinding), not this run's page
 *                      secret, or an Origin that is missing or foreign
 *   404  code 'A0404'  no such bridge method
 *   400  code 'A0400'  the body is not a JSON object with an `args` array
 *   415  code 'A0400'  the body is not application/json
 *
 * Events: `GET /__bridge/events?secret=<page secret>` (BROWSER_HOST_EVENTS_PATH, BROWSER_HOST_PAGE_SECRET_PARAM), for
 * an EventSource on the same origin, which can send no header of its own and no Origin: it needs the cookie, the
 * Host check and the secret in the address; an Origin, when sent, must be the host's own.
 *   `Content-Type: text/event-stream`; every event is one line `data: <BridgeEvent JSON>` and a blank line,
 *   e.g. `data: {"type":"session-expired"}`. Lines starting with ':' are keep-alive comments; `retry: 3000`
 *   asks the EventSource to reconnect after 3 s when the stream drops.
 *
 * Bytes in arguments (files.upload): a Uint8Array travels as {"$bytes": "<base64>"} (src/shared/bridge-binary.ts); a
 * call body may be as large as the largest upload so encoded.
 *
 * Files: `GET /__bridge/files/<fileId>?secret=<page secret>` (BROWSER_HOST_FILES_PATH), the URL files.url answers,
 * for an `<img>` of the console page: the cookie, the Host check and the secret in the address, like the events;
 * the core reads the file with the session. Answers the bytes with their type, or 404 when the file cannot be
 * shown (not signed in, outside the role, gone).
 *
 * Help: `GET /help/console-help.<locale>.pdf` serves the bundled PDF (application/pdf, inline); `help.pdfUrl`
 * answers that same-origin path, falling back to English when the locale has no PDF of its own.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  BROWSER_HOST_BRIDGE_PATH,
  BROWSER_HOST_EVENTS_PATH,
  BROWSER_HOST_FILES_PATH,
  BROWSER_HOST_PAGE_SECRET_HEADER,
  BROWSER_HOST_PAGE_SECRET_PARAM,
  browserHostCookieName,
  isBridgeMethod,
} from '../shared/bridge';
import { decodeBytes } from '../shared/bridge-binary';
import { MAX_UPLOAD_BYTES } from '../shared/rules';
import { ResponseCode } from '../shared/codes';
import { fail } from '../shared/envelope';
import { bridgeDispatch, invokeBridgeMethod, type BridgeCore } from '../main/core/bridge-core';
import { isAllowedCallOrigin, isAllowedStreamOrigin, readCookie, sameSecret } from './security';

const KEEP_ALIVE_MS = 25_000;
const RECONNECT_MS = 3_000;
/** The largest upload in base64 (4 characters for 3 bytes) and room for the rest of the call. */
export const BRIDGE_CALL_BODY_LIMIT = Math.ceil(MAX_UPLOAD_BYTES / 3) * 4 + 64 * 1024;

/** The address files.url answers in the browser host: same origin, with the page secret an `<img>` cannot send as a header. */
export function browserFileUrl(fileId: number, pageSecret: string): string {
  return `${BROWSER_HOST_FILES_PATH}/${fileId}?${new URLSearchParams({ [BROWSER_HOST_PAGE_SECRET_PARAM]: pageSecret })}`;
}

export interface BridgeRoutesOptions {
  bridge: BridgeCore;
  /** The value of this run's session cookie. */
  cookieValue: string;
  /** The secret this run's pages carry. */
  pageSecret: string;
  /** The port the host listens on, known once it listens. */
  port: () => number;
}

/** Whether the request carries this run's session cookie (named after the port). */
export function hasSessionCookie(request: FastifyRequest, port: number, cookieValue: string): boolean {
  return sameSecret(readCookie(request.headers.cookie, browserHostCookieName(port)), cookieValue);
}

/** A refusal of the host itself: the envelope, readable as a failed BridgeResult too. */
export function refuse(reply: FastifyReply, status: number, code: string, msg: string): FastifyReply {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ ok: false, ...fail(code, msg) });
}

export async function registerBridgeRoutes(app: FastifyInstance, options: BridgeRoutesOptions): Promise<void> {
  const dispatch = bridgeDispatch(options.bridge);
  const streams = new Set<{ end(): void }>();

  const hasCookie = (request: FastifyRequest, reply: FastifyReply): boolean => {
    if (hasSessionCookie(request, options.port(), options.cookieValue)) return true;
    refuse(reply, 401, ResponseCode.Unauthorized, 'This console session is not open: open the address the console printed (it carries the key)');
    return false;
  };
  const hasPageSecret = (secret: unknown, reply: FastifyReply): boolean => {
    if (sameSecret(secret, options.pageSecret)) return true;
    refuse(reply, 403, ResponseCode.Forbidden, "The call does not carry the secret of this console run's pages: reload the console page");
    return false;
  };
  const refuseOrigin = (request: FastifyRequest, reply: FastifyReply): FastifyReply =>
    refuse(
      reply,
      403,
      ResponseCode.Forbidden,
      request.headers.origin === undefined ? 'Bridge calls come from the console page, which names its Origin' : `Calls from ${request.headers.origin.slice(0, 100)} are not accepted`,
    );

  app.get<{ Querystring: Record<string, unknown> }>(BROWSER_HOST_EVENTS_PATH, (request, reply) => {
    if (!hasCookie(request, reply) || !hasPageSecret(request.query[BROWSER_HOST_PAGE_SECRET_PARAM], reply)) return;
    if (!isAllowedStreamOrigin(request.headers.origin, options.port())) {
      refuseOrigin(request, reply);
      return;
    }
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

  app.get<{ Params: { fileId: string }; Querystring: Record<string, unknown> }>(`${BROWSER_HOST_FILES_PATH}/:fileId`, async (request, reply) => {
    if (!hasCookie(request, reply) || !hasPageSecret(request.query[BROWSER_HOST_PAGE_SECRET_PARAM], reply)) return reply;
    if (!isAllowedStreamOrigin(request.headers.origin, options.port())) return refuseOrigin(request, reply);
    const fileId = /^[1-9]\d{0,9}$/.test(request.params.fileId) ? Number(request.params.fileId) : 0;
    if (fileId <= 0) return refuse(reply, 404, ResponseCode.NotFound, `No file "${request.params.fileId.slice(0, 20)}"`);
    try {
      const file = await options.bridge.readFile(fileId);
      return reply.type(file.mime).header('cache-control', 'no-store').header('x-content-type-options', 'nosniff').send(Buffer.from(file.bytes));
    } catch {
      return refuse(reply, 404, ResponseCode.NotFound, `File ${fileId} cannot be shown`);
    }
  });

  // Event streams never end by themselves: closing the host ends them, or close() would wait forever.
  app.addHook('preClose', async () => {
    for (const stream of [...streams]) stream.end();
  });

  const bridgeCallGuard = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!hasCookie(request, reply) || !hasPageSecret(request.headers[BROWSER_HOST_PAGE_SECRET_HEADER], reply)) return reply;
    if (!isAllowedCallOrigin(request.headers.origin, options.port())) return refuseOrigin(request, reply);
  };

  // The guard runs on request, before the body is read: a refused caller gets nothing parsed.
  app.post<{ Params: { method: string }; Body: unknown }>(`${BROWSER_HOST_BRIDGE_PATH}/:method`, { onRequest: bridgeCallGuard, bodyLimit: BRIDGE_CALL_BODY_LIMIT }, async (request, reply) => {
    const method = request.params.method;
    if (!isBridgeMethod(method)) {
      return refuse(reply, 404, ResponseCode.NotFound, `Unknown bridge method "${method.slice(0, 100)}"`);
    }
    const body = request.body;
    if (body === null || typeof body !== 'object' || !('args' in body) || !Array.isArray(body.args)) {
      return refuse(reply, 400, ResponseCode.InvalidInput, 'The body must be a JSON object {"args": [...]}');
    }
    const result = await invokeBridgeMethod(dispatch, method, decodeBytes(body.args));
    return reply.header('cache-control', 'no-store').send(result);
  });
}
