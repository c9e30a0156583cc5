import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { providerDate, signRpc } from '../outbox/aliyun-sms';

/**
 * A loopback peer that speaks Alibaba Cloud SMS's RPC API as the outbox uses it: `SendSms` and
 * `QuerySendDetails`, form-encoded POSTs to `/`, each signature checked the way the provider checks it
 * (HMAC-SHA1 of the sorted, percent-encoded parameters with the AccessKey secret), answers in the provider's
 * JSON shapes. It counts every receipt as it arrives (no de-duplication: exactly-once must come from the
 * server) and can fail on demand: with a provider error code, or by dropping the connection after it has
 * recorded the message (the sender never hears the answer).
 */
export interface SmsReceipt {
  phone: string;
  outId: string;
  signName: string;
  templateCode: string;
  params: Record<string, string>;
  bizId: string;
  at: Date;
}

export interface SmsPeer {
  gatewayUrl: string;
  accessKeyId: string;
  accessKeySecret: string;
  /** Every message received, in order, duplicates included. */
  receipts: SmsReceipt[];
  /** Requests refused for their signature or key. */
  refusedSignatures: number;
  /** How long SendSms waits between recording a message and answering (a slow provider). */
  answerDelayMs: number;
  /** The next `count` SendSms calls answer the error `code` without recording anything. */
  failNext(count: number, code?: string, message?: string): void;
  /** The next `count` SendSms calls are recorded, then the connection is dropped before the answer. */
  dropAnswers(count: number): void;
  /** The numbers for which SendSms answers the error `code` every time. */
  refuseNumber(phone: string, code: string, message: string): void;
  /** How many times each number was received. */
  countsByPhone(): Map<string, number>;
  close(): Promise<void>;
}

export async function startSmsPeer(): Promise<SmsPeer> {
  const accessKeyId = 'LTAI-loopback-test';
  const accessKeySecret = `peer-secret-${randomUUID()}`;
  const app = Fastify({ forceCloseConnections: true, bodyLimit: 1024 * 1024 });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  let failures: { count: number; code: string; message: string } = { count: 0, code: '', message: '' };
  let drops = 0;
  const refused = new Map<string, { code: string; message: string }>();
  const peer = { receipts: [] as SmsReceipt[], refusedSignatures: 0, answerDelayMs: 0 } as SmsPeer;

  app.post('/', async (request, reply) => {
    const params = (request.body ?? {}) as Record<string, string>;
    const requestId = randomUUID();
    if (params.AccessKeyId !== accessKeyId) {
      peer.refusedSignatures++;
      return reply.code(404).send({ RequestId: requestId, Code: 'InvalidAccessKeyId.NotFound', Message: 'Specified access key is not found.' });
    }
    const { Signature: signature, ...signed } = params;
    if (params.SignatureMethod !== 'HMAC-SHA1' || params.SignatureVersion !== '1.0' || signature !== signRpc('POST', signed, accessKeySecret)) {
      peer.refusedSignatures++;
      return reply.code(400).send({ RequestId: requestId, Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.' });
    }
    if (params.Version !== '2017-05-25') return reply.code(400).send({ RequestId: requestId, Code: 'InvalidVersion', Message: 'Specified parameter Version is not valid.' });

    if (params.Action === 'SendSms') {
      if (failures.count > 0) {
        failures.count--;
        return { RequestId: requestId, Code: failures.code, Message: failures.message };
      }
      const phone = params.PhoneNumbers ?? '';
      if (!/^1\d{10}$/.test(phone)) return { RequestId: requestId, Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: '非法手机号' };
      const refusal = refused.get(phone);
      if (refusal) return { RequestId: requestId, Code: refusal.code, Message: refusal.message };
      if (!params.SignName || !params.TemplateCode) return { RequestId: requestId, Code: 'isv.INVALID_PARAMETERS', Message: '参数异常' };
      const bizId = `${Date.now()}^${peer.receipts.length}`;
      peer.receipts.push({
        phone,
        outId: params.OutId ?? '',
        signName: params.SignName,
        templateCode: params.TemplateCode,
        params: params.TemplateParam ? (JSON.parse(params.TemplateParam) as Record<string, string>) : {},
        bizId,
        at: new Date(),
      });
      if (drops > 0) {
        drops--;
        request.raw.socket.destroy();
        return reply;
      }
      if (peer.answerDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, peer.answerDelayMs));
      return { RequestId: requestId, Code: 'OK', Message: 'OK', BizId: bizId };
    }

    if (params.Action === 'QuerySendDetails') {
      const pageSize = Number(params.PageSize ?? 10);
      const page = Number(params.CurrentPage ?? 1);
      const matching = peer.receipts.filter((r) => r.phone === params.PhoneNumber && providerDate(r.at) === params.SendDate);
      const shown = matching.slice((page - 1) * pageSize, page * pageSize);
      return {
        RequestId: requestId,
        Code: 'OK',
        Message: 'OK',
        TotalCount: matching.length,
        SmsSendDetailDTOs: {
          SmsSendDetailDTO: shown.map((r) => ({
            PhoneNum: r.phone,
            SendStatus: 3,
            ErrCode: 'DELIVERED',
            TemplateCode: r.templateCode,
            OutId: r.outId,
            SendDate: r.at.toISOString(),
            ReceiveDate: r.at.toISOString(),
            Content: '',
          })),
        },
      };
    }
    return reply.code(400).send({ RequestId: requestId, Code: 'InvalidAction.NotFound', Message: 'Specified api is not found.' });
  });

  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return Object.assign(peer, {
    gatewayUrl: `http://127.0.0.1:${port}/`,
    accessKeyId,
    accessKeySecret,
    failNext(count: number, code = 'isv.BUSINESS_LIMIT_CONTROL', message = '触发号码天级流控') {
      failures = { count, code, message };
    },
    dropAnswers(count: number) {
      drops = count;
    },
    refuseNumber(phone: string, code: string, message: string) {
      refused.set(phone, { code, message });
    },
    countsByPhone() {
      const counts = new Map<string, number>();
      for (const r of peer.receipts) counts.set(r.phone, (counts.get(r.phone) ?? 0) + 1);
      return counts;
    },
    close: () => app.close(),
  });
}
