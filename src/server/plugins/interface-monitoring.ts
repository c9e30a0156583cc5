import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ResponseCode } from '../../shared/codes';
import { API_PREFIX } from '../../shared/constants';
import type { EndpointDef } from '../../shared/contract/endpoint';
import { UNKNOWN_SERVICE } from '../../shared/contract/endpoint-names';
import { storedInterfaceOf } from '../../shared/contract/interface-names';
import { REDACTED, redact, truncate } from '../audit/redact';
import type { Services } from '../context';

/** What a call leaves for its interface-monitoring row, filled in as the call goes. */
export interface CallRecord {
  started: Date;
  responseText: string;
  /** The envelope code when a route answered; read from the text otherwise. */
  code: string | null;
  /** The text to log for the response, when the route knew it (cached data keeps its copy). */
  loggedResponse: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    callRecord: CallRecord;
  }
}

/**
 * Interface monitoring (design §4): every call under /api, answered or refused at any stage, leaves one
 * row, written in batches off the request path.
 */
const interfaceMonitoring: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  // Fastify wants reference-typed decorations declared empty; the onRequest hook below sets it before anything reads it.
  app.decorateRequest('callRecord', null as unknown as CallRecord);

  app.addHook('onRequest', async (request) => {
    request.callRecord = { started: services.now(), responseText: '', code: null, loggedResponse: null };
  });

  if (!services.config.interfaceMonitoring) return;

  app.addHook('onSend', async (request, _reply, payload) => {
    if (typeof payload === 'string') request.callRecord.responseText = payload;
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    if (request.url.startsWith(API_PREFIX)) writeInterfaceLog(services, request, reply);
  });
};

export default fp(interfaceMonitoring, { name: 'interface-monitoring', fastify: '5.x' });

function writeInterfaceLog(services: Services, request: FastifyRequest, reply: FastifyReply): void {
  const record = request.callRecord;
  const def = request.routeOptions.config.endpoint ?? null;
  const ctx = request.callContext;
  let code = record.code;
  if (code === null && record.responseText.startsWith('{"code"')) {
    try {
      code = (JSON.parse(record.responseText) as { code?: string }).code ?? null;
    } catch {
      code = null;
    }
  }
  // Without an envelope (the OpenAPI document) the HTTP status stands.
  const responseStatus = code === null ? String(reply.statusCode) : code === ResponseCode.Success ? '200' : code;
  const path = loggedPath(def, request.url.split('?')[0] ?? '');
  services.audit.interfaceLog.push({
    appId: ctx?.session?.clientId ?? ctx?.appId ?? '',
    // Keys of the contract's names (endpoint-names.ts), named in the reader's language when the row is read.
    serviceCnName: def?.service ?? UNKNOWN_SERVICE,
    interfaceCnName: def ? storedInterfaceOf(def, request.body) : path,
    method: request.method,
    path,
    userId: ctx?.session ? String(ctx.session.userId) : '',
    startTime: record.started,
    endTime: services.now(),
    useTime: Math.max(0, Math.round(reply.elapsedTime)),
    ip: request.ip,
    deviceId: ctx?.deviceId ?? '',
    modelInfo: ctx?.deviceModel ?? '',
    responseStatus,
    requestParam: truncate(JSON.stringify(redact({ query: request.query, body: request.body }, def?.secretFields ?? [])) ?? ''),
    responseText: record.loggedResponse ?? truncate(record.responseText),
  });
}

/**
 * The path as logged: a path parameter that is a secret field (an undo key) is replaced, segment for segment,
 * so that the key is no more in the log than it would be in a body.
 */
function loggedPath(def: EndpointDef | null | undefined, path: string): string {
  if (!def) return path;
  const template = (API_PREFIX + def.path).split('/');
  const segments = path.split('/');
  if (template.length !== segments.length) return path;
  return segments.map((segment, at) => (template[at]!.startsWith(':') && def.secretFields.includes(template[at]!.slice(1)) ? REDACTED : segment)).join('/');
}
