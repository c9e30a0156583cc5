import { and, eq } from 'drizzle-orm';
import { checkedFetch, OutboundRefused } from '../outbound/policy';
import { PUSH_SECRET_PURPOSE, PushAudience } from '../../areas/push/contract';
import { PushLimits } from '../../shared/rules';
import { outbox } from '../db/schema';
import { pushProvider } from '../db/tables';
import type { DeliveryResult } from './aliyun-sms';
import type { DelivererContext } from './deliverer';
import { OutboxStatus, type ChannelDeliverer, type OutboxRow } from './worker';

/**
 * JPush (极光推送) through its documented REST API v3: `POST {base}/v3/push` with a JSON push object and
 * `GET {base}/v3/push/cid` for push ids, both with HTTP Basic authentication `base64(appKey:masterSecret)`.
 * A success is `200 {"sendno":"0","msg_id":"…"}`; a refusal a 4xx/5xx with `{"error":{"code":N,"message":"…"}}`.
 */

export interface JPushCredentials {
  appKey: string;
  masterSecret: string;
}

/** The Authorization header of every call: `Basic base64(appKey:masterSecret)`. */
export function basicAuthorization({ appKey, masterSecret }: JPushCredentials): string {
  return `Basic ${Buffer.from(`${appKey}:${masterSecret}`, 'utf8').toString('base64')}`;
}

/** JPush's audience object: `"all"`, or the aliases or the tags of the devices. */
export type JPushAudience = 'all' | { alias: string[] } | { tag: string[] };

export function jpushAudience(kind: PushAudience, values: readonly string[]): JPushAudience {
  if (kind === PushAudience.Alias) return { alias: [...values] };
  if (kind === PushAudience.Tag) return { tag: [...values] };
  return 'all';
}

/** What a push outbox row carries. `cid` is fixed before the first request goes out (see `pushDeliverer`). */
export interface PushPayload {
  providerId: number;
  audience: JPushAudience;
  title: string;
  alert: string;
  cid?: string;
}

export interface JPushMessage {
  cid: string;
  audience: JPushAudience;
  title: string;
  alert: string;
  apnsProduction: boolean;
}

/**
 * The push object: a notification to every platform, the title on Android and as the iOS alert's title, kept
 * by the provider for an offline device for `PushLimits.offlineSeconds`.
 */
export function pushBody(message: JPushMessage): Record<string, unknown> {
  const { cid, audience, title, alert, apnsProduction } = message;
  return {
    cid,
    platform: 'all',
    audience,
    notification: {
      alert,
      android: title ? { alert, title } : { alert },
      ios: { alert: title ? { title, body: alert } : alert, sound: 'default', badge: '+1' },
    },
    options: { time_to_live: PushLimits.offlineSeconds, apns_production: apnsProduction },
  };
}

/**
 * Error codes after which the same push may succeed later: the provider's own faults (1000 internal error,
 * 1030 internal timeout) and its rate limits (2002 calls per minute exceeded, 2003 the application's calls
 * limited). Every other code (1004 authentication failed, 1011 no device for the audience, 1002/1003 bad
 * parameters, …) fails the push at once with its reason. A 429 or 5xx answer is retried whatever its code.
 */
const TRANSIENT_CODES = new Set([1000, 1030, 2002, 2003]);

interface JPushAnswer {
  sendno?: string;
  msg_id?: string | number;
  cidlist?: string[];
  error?: { code?: number; message?: string };
}

/** One JPush endpoint's answer as the outbox sees it. */
export function outcomeOf(status: number, answer: JPushAnswer | null): DeliveryResult {
  if (status === 200 && answer && answer.msg_id !== undefined && !answer.error) return { outcome: 'sent', providerMessageId: String(answer.msg_id) };
  const code = answer?.error?.code;
  const reason = code === undefined ? `HTTP ${status} without an answer` : `${code}: ${answer?.error?.message ?? ''}`.trim();
  if (status === 429 || status >= 500 || (code !== undefined && TRANSIENT_CODES.has(code))) return { outcome: 'retry', reason, unknown: false };
  if (code === undefined) return { outcome: 'retry', reason, unknown: false };
  return { outcome: 'failed', reason };
}

export class JPushClient {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  private url(path: string): string {
    return `${this.baseUrl.replace(/\/+$/, '')}${path}`;
  }

  private async call(credentials: JPushCredentials, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; answer: JPushAnswer | null }> {
    const response = await this.fetchImpl(this.url(path), {
      method,
      headers: { authorization: basicAuthorization(credentials), accept: 'application/json', ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const text = await response.text();
    try {
      return { status: response.status, answer: JSON.parse(text) as JPushAnswer };
    } catch {
      return { status: response.status, answer: null };
    }
  }

  /** One push id from the application's cid pool (`GET /v3/push/cid?count=1&type=push`), or why none came. */
  async fetchCid(credentials: JPushCredentials): Promise<{ cid: string } | Exclude<DeliveryResult, { outcome: 'sent' }>> {
    let reply;
    try {
      reply = await this.call(credentials, 'GET', '/v3/push/cid?count=1&type=push');
    } catch (error) {
      if (error instanceof OutboundRefused) return { outcome: 'failed', reason: error.message };
      // Nothing was pushed yet: asking again later is safe.
      return { outcome: 'retry', reason: `no answer to the cid request: ${(error as Error).message}`, unknown: false };
    }
    const cid = reply.answer?.cidlist?.[0];
    if (reply.status === 200 && typeof cid === 'string' && cid !== '') return { cid };
    const result = outcomeOf(reply.status, reply.answer?.error ? reply.answer : null);
    if (result.outcome === 'sent') return { outcome: 'retry', reason: `HTTP ${reply.status} without a cid`, unknown: false };
    return { ...result, reason: `cid: ${result.reason}` };
  }

  /** `POST /v3/push`. */
  async push(credentials: JPushCredentials, message: JPushMessage): Promise<DeliveryResult> {
    let reply;
    try {
      reply = await this.call(credentials, 'POST', '/v3/push', pushBody(message));
    } catch (error) {
      if (error instanceof OutboundRefused) return { outcome: 'failed', reason: error.message };
      // No answer: the push may or may not have reached the provider; its cid makes a resend safe.
      return { outcome: 'retry', reason: `no answer: ${(error as Error).message}`, unknown: true };
    }
    return outcomeOf(reply.status, reply.answer);
  }
}

/**
 * The push channel of the outbox. A row names its provider: the deliverer loads it, opens its Master Secret
 * and pushes through JPush.
 *
 * Exactly once: before the first request goes out, a cid is taken from the provider's pool and stored in the
 * row's payload (only while the claim is still this worker's). JPush answers a second push carrying a cid it
 * has already pushed with the first push's result and does not push again. So when an answer is lost — the
 * process died, the connection broke — the resend carries the same cid and is de-duplicated by the provider,
 * and `alreadyDelivered` can answer false without asking. A row whose cid was never stored was never pushed.
 * (A cid is valid for a day; the outbox's retries end long before.)
 */
export function pushDeliverer({ database, config, secrets }: DelivererContext): ChannelDeliverer {
  const client = new JPushClient(config.jpushApiUrl, config.sms.requestTimeoutMs, checkedFetch(config.outbound));
  const { db } = database;
  return {
    async deliver(row: OutboxRow): Promise<DeliveryResult> {
      const payload = row.payload as PushPayload;
      const provider = (await db.select().from(pushProvider).where(eq(pushProvider.id, payload.providerId)))[0];
      if (!provider) return { outcome: 'failed', reason: `the push provider ${payload.providerId} was deleted` };
      let masterSecret: string;
      try {
        masterSecret = secrets.open(provider.secretEnc, PUSH_SECRET_PURPOSE);
      } catch (error) {
        return { outcome: 'failed', reason: `the Master Secret of “${provider.alias}” cannot be opened: ${(error as Error).message}; enter it again in the provider's form` };
      }
      const credentials = { appKey: provider.appKey, masterSecret };
      let cid = payload.cid;
      if (!cid) {
        const taken = await client.fetchCid(credentials);
        if (!('cid' in taken)) return taken;
        const stored = await db
          .update(outbox)
          .set({ payload: { ...payload, cid: taken.cid } satisfies PushPayload })
          .where(and(eq(outbox.id, row.id), eq(outbox.status, OutboxStatus.Sending), eq(outbox.claimedBy, row.claimedBy)))
          .returning({ id: outbox.id });
        if (stored.length === 0) return { outcome: 'retry', reason: 'the message was taken over by another worker', unknown: false };
        cid = taken.cid;
      }
      return client.push(credentials, { cid, audience: payload.audience, title: payload.title, alert: payload.alert, apnsProduction: provider.apnsProduction });
    },
    // The stored cid de-duplicates a resend at the provider (see above): nothing to ask.
    alreadyDelivered: async () => false,
  };
}
