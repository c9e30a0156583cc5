import { createHmac, randomUUID } from 'node:crypto';
import { OutboundRefused } from '../outbound/policy';
import type { SmsConfig } from './sms-config';

/**
 * Alibaba Cloud SMS (dysmsapi, API version 2017-05-25) over its documented RPC protocol: the parameters,
 * common ones included, sorted by name, percent-encoded (RFC 3986: only A-Z a-z 0-9 - _ . ~ stay as they
 * are), joined into the canonical query; the string to sign is `METHOD&%2F&` + the encoded canonical query;
 * Signature = Base64(HMAC-SHA1(AccessKeySecret + '&', string to sign)).
 */

export const SMS_API_VERSION = '2017-05-25';

/** Percent-encoding as the signature method defines it (encodeURIComponent leaves !'()* alone; the method does not). */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function canonicalQuery(params: Readonly<Record<string, string>>): string {
  return Object.keys(params)
    .filter((name) => name !== 'Signature')
    .sort()
    .map((name) => `${percentEncode(name)}=${percentEncode(params[name]!)}`)
    .join('&');
}

export function stringToSign(method: 'GET' | 'POST', params: Readonly<Record<string, string>>): string {
  return `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
}

export function signRpc(method: 'GET' | 'POST', params: Readonly<Record<string, string>>, accessKeySecret: string): string {
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign(method, params), 'utf8').digest('base64');
}

/** The provider's answer as far as the outbox cares. */
export type DeliveryResult =
  | { outcome: 'sent'; providerMessageId: string }
  /** Not sent this time; `unknown` when the provider may nevertheless have it (no answer came). */
  | { outcome: 'retry'; reason: string; unknown: boolean }
  | { outcome: 'failed'; reason: string };

export interface SmsMessage {
  phone: string;
  signName: string;
  templateCode: string;
  params: Record<string, string>;
  /** The idempotency key, sent as OutId. */
  outId: string;
}

/**
 * Error codes after which the same request may succeed later: throttling and the provider's own faults.
 * Every other code (a bad number, template, signature or key) fails the message at once with its reason.
 */
const TRANSIENT_CODES = new Set(['isv.BUSINESS_LIMIT_CONTROL', 'Throttling.User', 'Throttling', 'ServiceUnavailable', 'InternalError', 'isp.SYSTEM_ERROR', 'isp.RAM_PERMISSION_DENY']);

/** The calendar day the provider files a message under (its SendDate, yyyyMMdd): China Standard Time. */
export function providerDate(at: Date): string {
  const cst = new Date(at.getTime() + 8 * 3_600_000);
  return cst.toISOString().slice(0, 10).replace(/-/g, '');
}

interface ProviderAnswer {
  Code?: string;
  Message?: string;
  BizId?: string;
  TotalCount?: number;
  SmsSendDetailDTOs?: { SmsSendDetailDTO?: Array<{ OutId?: string; PhoneNum?: string; SendStatus?: number }> };
}

/** The client of one configured account. */
export class AliyunSmsClient {
  constructor(
    private readonly config: SmsConfig,
    private readonly now: () => Date = () => new Date(),
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  private signed(action: string, params: Record<string, string>): URLSearchParams {
    const all: Record<string, string> = {
      AccessKeyId: this.config.accessKeyId,
      Action: action,
      Format: 'JSON',
      RegionId: this.config.regionId,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      Timestamp: this.now()
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z'),
      Version: SMS_API_VERSION,
      ...params,
    };
    return new URLSearchParams({ ...all, Signature: signRpc('POST', all, this.config.accessKeySecret) });
  }

  private async call(action: string, params: Record<string, string>): Promise<{ status: number; answer: ProviderAnswer | null }> {
    const response = await this.fetchImpl(this.config.gatewayUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: this.signed(action, params).toString(),
      signal: AbortSignal.timeout(this.config.requestTimeoutMs),
    });
    const text = await response.text();
    try {
      return { status: response.status, answer: JSON.parse(text) as ProviderAnswer };
    } catch {
      return { status: response.status, answer: null };
    }
  }

  /** SendSms to one number, the idempotency key as OutId. */
  async send(message: SmsMessage): Promise<DeliveryResult> {
    let reply;
    try {
      reply = await this.call('SendSms', {
        PhoneNumbers: message.phone,
        SignName: message.signName,
        TemplateCode: message.templateCode,
        TemplateParam: JSON.stringify(message.params),
        OutId: message.outId,
      });
    } catch (error) {
      if (error instanceof OutboundRefused) return { outcome: 'failed', reason: error.message };
      // No answer: the request may or may not have reached the provider.
      return { outcome: 'retry', reason: `no answer: ${(error as Error).message}`, unknown: true };
    }
    const { status, answer } = reply;
    if (answer?.Code === 'OK') return { outcome: 'sent', providerMessageId: answer.BizId ?? '' };
    if (!answer?.Code) return { outcome: 'retry', reason: `HTTP ${status} without an answer`, unknown: status >= 500 };
    const reason = `${answer.Code}: ${answer.Message ?? ''}`.trim();
    if (TRANSIENT_CODES.has(answer.Code) || status >= 500) return { outcome: 'retry', reason, unknown: false };
    return { outcome: 'failed', reason };
  }

  /**
   * Whether the provider already has the message of `outId` to `phone`: QuerySendDetails lists a number's
   * messages of one day (SendDate, China time) with their OutId. Asked for the day the message was claimed on
   * and today, when they differ. Throws when the provider cannot be asked: the caller tries again later.
   */
  async alreadyHas(phone: string, outId: string, claimedAt: Date): Promise<boolean> {
    const dates = [...new Set([providerDate(claimedAt), providerDate(this.now())])];
    for (const date of dates) {
      for (let page = 1; ; page++) {
        const { status, answer } = await this.call('QuerySendDetails', { PhoneNumber: phone, SendDate: date, PageSize: '50', CurrentPage: String(page) });
        if (answer?.Code !== 'OK') throw new Error(`QuerySendDetails: ${answer?.Code ?? `HTTP ${status}`} ${answer?.Message ?? ''}`.trim());
        const details = answer.SmsSendDetailDTOs?.SmsSendDetailDTO ?? [];
        if (details.some((detail) => detail.OutId === outId)) return true;
        if (details.length < 50 || page * 50 >= (answer.TotalCount ?? 0)) break;
      }
    }
    return false;
  }
}
