import { randomBytes, randomUUID } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { PushLimits, PushPatterns } from '../../shared/rules';

/**
 * A loopback peer that speaks JPush's REST API v3 as the outbox uses it: `GET /v3/push/cid` (the cid pool) and
 * `POST /v3/push`, each with HTTP Basic authentication `base64(appKey:masterSecret)` checked against the
 * applications it knows, answers and errors in the provider's shapes and HTTP statuses. Devices are registered
 * with their alias and tags; an audience reaching none of them is refused (1011) as the provider does. A push
 * carrying a cid it has already pushed is answered with the first push's result and not pushed again, as
 * JPush documents. It counts every push it delivers and can fail on demand: with a provider error, or by
 * dropping the connection after it has delivered the push (the sender never hears the answer).
 */

export interface JPushApp {
  appKey: string;
  masterSecret: string;
}

export interface JPushDevice {
  alias?: string;
  tags?: string[];
}

export interface JPushReceipt {
  appKey: string;
  cid: string;
  msgId: string;
  audience: unknown;
  alert: string;
  /** The Android title ('' when none). */
  title: string;
  body: Record<string, unknown>;
  /** How many registered devices the push reached. */
  devices: number;
  at: Date;
}

export interface JPushPeer {
  /** The base URL to give the server (CONSOLE_JPUSH_API_URL). */
  baseUrl: string;
  /** The application every test may use. */
  app: JPushApp;
  /** Another application of the same account. */
  addApp(): JPushApp;
  registerDevice(device: JPushDevice): void;
  /** Every push delivered, in order; a de-duplicated resend is not one. */
  receipts: JPushReceipt[];
  /** Pushes answered with the first push's result because their cid was already used. */
  deduplicated: number;
  /** Requests refused for their authentication. */
  refusedAuth: number;
  /** The next `count` pushes answer `status` with the error `code`, without delivering. */
  failNext(count: number, status?: number, code?: number, message?: string): void;
  /** The next `count` pushes are delivered, then the connection is dropped before the answer. */
  dropAnswers(count: number): void;
  close(): Promise<void>;
}

interface ErrorAnswer {
  status: number;
  code: number;
  message: string;
}

function refuse(reply: FastifyReply, { status, code, message }: ErrorAnswer) {
  return reply.code(status).send({ error: { code, message }, msg_id: '0' });
}

function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** What is wrong with a push object's audience, as JPush would answer it. */
function audienceError(audience: unknown): ErrorAnswer | null {
  if (audience === 'all') return null;
  if (typeof audience !== 'object' || audience === null || Array.isArray(audience)) return { status: 400, code: 1003, message: 'audience value must be JSON Object or "all"' };
  const entries = Object.entries(audience as Record<string, unknown>);
  if (entries.length === 0) return { status: 400, code: 1003, message: 'audience must not be empty' };
  for (const [kind, values] of entries) {
    if (kind !== 'alias' && kind !== 'tag') return { status: 400, code: 1003, message: `unsupported audience type ${kind}` };
    if (!Array.isArray(values) || values.length === 0) return { status: 400, code: 1003, message: `${kind} must be a non-empty array` };
    const max = kind === 'alias' ? PushLimits.aliasesMax : PushLimits.tagsMax;
    if (values.length > max) return { status: 400, code: 1003, message: `${kind} count exceeds ${max}` };
    for (const value of values) {
      if (typeof value !== 'string' || !PushPatterns.audienceValue.test(value) || utf8Bytes(value) > PushLimits.audienceValueBytesMax)
        return { status: 400, code: 1003, message: `${kind} value is invalid: ${String(value)}` };
    }
  }
  return null;
}

export async function startJPushPeer(): Promise<JPushPeer> {
  const app = Fastify({ forceCloseConnections: true, bodyLimit: 1024 * 1024 });
  const apps = new Map<string, string>();
  const devices: JPushDevice[] = [];
  /** Issued cids by application, and the answer of each cid already pushed. */
  const issued = new Map<string, string>();
  const answered = new Map<string, { sendno: string; msg_id: string }>();
  let failures: { count: number } & ErrorAnswer = { count: 0, status: 429, code: 2002, message: 'Request times of the appkey exceeded the limit' };
  let drops = 0;
  let nextMsgId = 18_100_000_000;
  const peer = { receipts: [] as JPushReceipt[], deduplicated: 0, refusedAuth: 0 } as JPushPeer;

  const newApp = (): JPushApp => {
    const created = { appKey: randomBytes(12).toString('hex'), masterSecret: randomBytes(12).toString('hex') };
    apps.set(created.appKey, created.masterSecret);
    return created;
  };

  /** The application of a request's Basic credentials, or null (and a 401 sent) when they do not match one. */
  const authenticated = (request: FastifyRequest, reply: FastifyReply): string | null => {
    const header = request.headers.authorization ?? '';
    const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header);
    const [appKey, masterSecret] = match ? Buffer.from(match[1]!, 'base64').toString('utf8').split(':') : [];
    if (appKey && masterSecret && apps.get(appKey) === masterSecret) return appKey;
    peer.refusedAuth++;
    void refuse(reply, { status: 401, code: 1004, message: 'Authen failed' });
    return null;
  };

  const reached = (audience: unknown): number => {
    if (audience === 'all') return devices.length;
    const { alias = [], tag = [] } = audience as { alias?: string[]; tag?: string[] };
    return devices.filter((device) => (device.alias !== undefined && alias.includes(device.alias)) || (device.tags ?? []).some((t) => tag.includes(t))).length;
  };

  app.get('/v3/push/cid', async (request, reply) => {
    const appKey = authenticated(request, reply);
    if (!appKey) return reply;
    const query = request.query as { count?: string; type?: string };
    if (query.type !== undefined && query.type !== 'push' && query.type !== 'schedule') return refuse(reply, { status: 400, code: 1003, message: 'type is invalid' });
    const count = Math.min(Number(query.count ?? 1) || 1, 1000);
    const cidlist = Array.from({ length: count }, () => `${appKey}-${randomUUID()}`);
    for (const cid of cidlist) issued.set(cid, appKey);
    return { cidlist };
  });

  app.post('/v3/push', async (request, reply) => {
    const appKey = authenticated(request, reply);
    if (!appKey) return reply;
    const body = request.body as Record<string, unknown> | null;
    if (!body || typeof body !== 'object') return refuse(reply, { status: 400, code: 1003, message: 'the push body must be a JSON object' });
    const cid = typeof body.cid === 'string' ? body.cid : '';
    if (body.cid !== undefined && issued.get(cid) !== appKey) return refuse(reply, { status: 400, code: 1003, message: 'cid is invalid' });
    const first = cid ? answered.get(cid) : undefined;
    if (first) {
      peer.deduplicated++;
      return first;
    }
    if (failures.count > 0) {
      failures.count--;
      return refuse(reply, failures);
    }
    if (body.platform === undefined || body.audience === undefined) return refuse(reply, { status: 400, code: 1002, message: 'Missing parameter: platform or audience' });
    if (body.platform !== 'all' && !(Array.isArray(body.platform) && body.platform.every((p) => ['android', 'ios', 'quickapp', 'hmos'].includes(p as string)))) {
      return refuse(reply, { status: 400, code: 1003, message: 'platform is invalid' });
    }
    const audienceProblem = audienceError(body.audience);
    if (audienceProblem) return refuse(reply, audienceProblem);
    const notification = body.notification as { alert?: unknown; android?: { title?: unknown } } | undefined;
    if (!notification || typeof notification.alert !== 'string' || notification.alert === '') return refuse(reply, { status: 400, code: 1002, message: 'Missing parameter: notification.alert' });
    const devicesReached = reached(body.audience);
    if (devicesReached === 0) return refuse(reply, { status: 400, code: 1011, message: 'cannot find user by this audience or has been inactive for more than 255 days' });

    const answer = { sendno: '0', msg_id: String(nextMsgId++) };
    peer.receipts.push({
      appKey,
      cid,
      msgId: answer.msg_id,
      audience: body.audience,
      alert: notification.alert,
      title: typeof notification.android?.title === 'string' ? notification.android.title : '',
      body,
      devices: devicesReached,
      at: new Date(),
    });
    if (cid) answered.set(cid, answer);
    if (drops > 0) {
      drops--;
      request.raw.socket.destroy();
      return reply;
    }
    return answer;
  });

  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return Object.assign(peer, {
    baseUrl: `http://127.0.0.1:${port}`,
    app: newApp(),
    addApp: newApp,
    registerDevice(device: JPushDevice) {
      devices.push(device);
    },
    failNext(count: number, status = 429, code = 2002, message = 'Request times of the appkey exceeded the limit') {
      failures = { count, status, code, message };
    },
    dropAnswers(count: number) {
      drops = count;
    },
    close: () => app.close(),
  });
}
