import { and, asc, count, desc, eq, gt, min, sql } from 'drizzle-orm';
import { ResponseCode } from '../../../shared/codes';
import type { api } from '../../../shared/contract';
import type { ParsedInputOf } from '../../../shared/contract/endpoint';
import { MessageChannel, MessageKeyStatus, type OpenSmsBatch } from '../contract';
import type { SmsDeliveryStatus } from '../../sms/contract';
import { chainKeyOf } from '../../../server/audit/chain';
import { operationRowOf, writeChangeIn } from '../../../server/audit/change-log';
import type { CallContext } from '../../../server/context';
import type { ChangeRecord } from '../../../server/audit/change-log';
import type { Tx } from '../../../server/db/client';
import { messageApiKey, messageSystem, outbox, smsBatch, smsRecord, smsSignature, smsTemplate } from '../../../server/db/schema';
import { AppError, Errors } from '../../../server/errors';
import { callerOf } from '../../../server/auth/rate-limit';
import type { Services } from '../../../server/context';
import { messageKeyHash } from './keys';
import { OutboxStatus } from '../../../server/outbox/worker';
import { queueSms, smsRecipients } from '../../sms/server';

/**
 * The open messaging endpoints (`openMessage`): a message system presents one of its keys in `X-Api-Key`
 * and sends through the same queue as the console's screens. A channel's endpoints authenticate with
 * `openCaller` and count their sends with `takeSend`; mail and push add theirs beside the SMS ones.
 */

/** Advisory-lock namespace of a key's sends (the second key is the key's id): its per-minute count is exact. */
const SEND_LOCK_SPACE = 7320;
const MINUTE_MS = 60_000;

/**
 * Refused keys allowed a minute, from one caller address and from all together. A system's own calls never
 * fail on their key once it is set up, so a caller past these is guessing: every open call is then refused,
 * with the seconds to wait, before any key is looked up, so that a right key is not told apart from a wrong
 * one by the answer.
 */
export const KEY_FAILURES_PER_MINUTE = { perAddress: 10, total: 100 } as const;

/**
 * Refused keys of the last minute, per caller address and in all (this process's count). The minute slides: a count
 * never starts over at a clock's full minute, where ten guesses on either side of it would have made twenty.
 */
class KeyFailures {
  /** Each refused key of the last minute, oldest first, with its caller. */
  private readonly recent: Array<{ at: number; caller: string }> = [];
  /** The same refusals by caller: their times, oldest first. A caller with none in the minute has no entry. */
  private readonly byCaller = new Map<string, number[]>();

  constructor(private readonly now: () => Date) {}

  /** Forgets the refusals older than a minute; the time now. */
  private prune(): number {
    const at = this.now().getTime();
    while (this.recent.length > 0 && this.recent[0]!.at <= at - MINUTE_MS) {
      const { caller } = this.recent.shift()!;
      const times = this.byCaller.get(caller)!;
      times.shift();
      if (times.length === 0) this.byCaller.delete(caller);
    }
    return at;
  }

  /** Refuses the call (A0501) while the caller's address or everyone has used up the minute's refused keys. */
  check(address: string): void {
    const at = this.prune();
    const own = this.byCaller.get(callerOf(address)) ?? [];
    const frees: number[] = [];
    if (this.recent.length >= KEY_FAILURES_PER_MINUTE.total) frees.push(this.recent[this.recent.length - KEY_FAILURES_PER_MINUTE.total]!.at + MINUTE_MS);
    if (own.length >= KEY_FAILURES_PER_MINUTE.perAddress) frees.push(own[own.length - KEY_FAILURES_PER_MINUTE.perAddress]! + MINUTE_MS);
    if (frees.length > 0) throw new AppError(ResponseCode.RateLimited, 'error.rateLimited', { seconds: Math.max(1, Math.ceil((Math.max(...frees) - at) / 1000)) });
  }

  count(address: string): void {
    const at = this.prune();
    const caller = callerOf(address);
    this.recent.push({ at, caller });
    const times = this.byCaller.get(caller);
    if (times) times.push(at);
    else this.byCaller.set(caller, [at]);
  }
}

const keyFailures = new WeakMap<Services, KeyFailures>();

function keyFailuresOf(services: Services): KeyFailures {
  let failures = keyFailures.get(services);
  if (!failures) keyFailures.set(services, (failures = new KeyFailures(services.now)));
  return failures;
}

/** The key and message system behind an open call. */
export interface OpenCaller {
  keyId: number;
  /** Sends a minute. */
  rateLimit: number;
  system: { id: number; systemId: string; name: string; deptId: number };
}

/**
 * The system a presented key opens for `channel`. An unknown or stopped key, a key of a stopped system and a
 * system not given the channel get one and the same answer (401), counted as a refused key; a caller past the
 * refused keys of a minute is refused before its key is looked up. Read on every call, with no cache: a key or
 * system stopped on its screen stops working with the next request.
 */
export async function openCaller(ctx: CallContext, apiKey: string, channel: MessageChannel): Promise<OpenCaller> {
  const failures = keyFailuresOf(ctx.services);
  failures.check(ctx.ip);
  const found = (
    await ctx.services.db
      .select({ keyId: messageApiKey.id, keyStatus: messageApiKey.status, rateLimit: messageApiKey.rateLimit, system: messageSystem })
      .from(messageApiKey)
      .innerJoin(messageSystem, eq(messageSystem.id, messageApiKey.msgSystemId))
      .where(eq(messageApiKey.apiKeyHash, messageKeyHash(apiKey)))
      .limit(1)
  )[0];
  if (!found || found.keyStatus !== MessageKeyStatus.Usable || found.system.status !== MessageKeyStatus.Usable || !found.system.channels.includes(channel)) {
    failures.count(ctx.ip);
    throw new AppError(ResponseCode.Unauthorized, 'error.messageKeyRefused');
  }
  const { system } = found;
  return { keyId: found.keyId, rateLimit: found.rateLimit, system: { id: system.id, systemId: system.systemId, name: system.name, deptId: system.deptId } };
}

/**
 * Counts one send against the key's per-minute limit, inside the send's transaction and under a lock on the
 * key, so concurrent sends on any server process cannot both take the last one. The count is the key's
 * batches of the last minute (every channel's batches once mail and push send through keys).
 */
export async function takeSend(ctx: CallContext, tx: Tx, caller: OpenCaller): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SEND_LOCK_SPACE}, ${caller.keyId})`);
  const now = ctx.services.now().getTime();
  const recent = (
    await tx
      .select({ n: count(), oldest: min(smsBatch.createTime) })
      .from(smsBatch)
      .where(and(eq(smsBatch.msgApiKeyId, caller.keyId), gt(smsBatch.createTime, new Date(now - MINUTE_MS))))
  )[0];
  if (Number(recent?.n ?? 0) < caller.rateLimit) return;
  const freeAt = (recent?.oldest ? new Date(recent.oldest).getTime() : now) + MINUTE_MS;
  throw new AppError(ResponseCode.RateLimited, 'error.messageKeyRateLimited', { limit: caller.rateLimit, seconds: Math.max(1, Math.ceil((freeAt - now) / 1000)) });
}

/** The operation-log row of an open call's change: the system is the operator (its name and id in the operator's columns), its organisation the row's. */
export async function logOpenChange(ctx: CallContext, tx: Tx, caller: OpenCaller, change: ChangeRecord): Promise<void> {
  const row = operationRowOf(
    ctx,
    {
      ...change,
      after: { ...(change.after as Record<string, unknown>), messageSystem: caller.system.systemId, messageKeyId: caller.keyId },
    },
    ctx.endpoint?.secretFields ?? [],
  );
  await writeChangeIn(tx, { ...row, operUserName: caller.system.name, operLoginName: caller.system.systemId, operDeptId: caller.system.deptId }, chainKeyOf(ctx.services.secrets));
  ctx.changesLogged++;
}

/** An SMS for a message system: the template by its provider code, the signature by name, checked and queued like a screen's send. */
export async function openSmsSend(ctx: CallContext, input: ParsedInputOf<typeof api.openMessage.smsSend>) {
  // Whether SMS is set up and the numbers are valid does not depend on the key: checked first, the answer is the same for any key.
  const recipients = smsRecipients(ctx, input.phones);
  const caller = await openCaller(ctx, input.apiKey, MessageChannel.Sms);
  const { db } = ctx.services;
  // Several templates may carry one provider code: an active one is used, the oldest first.
  const template = (await db.select().from(smsTemplate).where(eq(smsTemplate.templateCode, input.templateCode)).orderBy(desc(smsTemplate.status), asc(smsTemplate.id)).limit(1))[0];
  if (!template) throw Errors.invalid('templateCode', 'error.smsTemplateCodeUnknown', { code: input.templateCode });
  const signature = (await db.select().from(smsSignature).where(eq(smsSignature.name, input.signName)).limit(1))[0];
  if (!signature) throw Errors.invalid('signName', 'error.smsSignatureUnknown', { name: input.signName });
  return queueSms(
    ctx,
    { template, templateField: 'templateCode', signature, params: input.params, recipients },
    {
      createBy: null,
      createName: caller.system.name,
      deptId: caller.system.deptId,
      msgSystemId: caller.system.id,
      msgApiKeyId: caller.keyId,
      beforeQueue: (tx) => takeSend(ctx, tx, caller),
      logSend: (tx, change) => logOpenChange(ctx, tx, caller, change),
    },
  );
}

/** One of the system's SMS batches with each number's state; another system's batch is not found. */
export async function openSmsStatus(ctx: CallContext, input: ParsedInputOf<typeof api.openMessage.smsStatus>): Promise<OpenSmsBatch> {
  const caller = await openCaller(ctx, input.apiKey, MessageChannel.Sms);
  const { db } = ctx.services;
  const batch = (await db.select().from(smsBatch).where(eq(smsBatch.id, input.batchId)).limit(1))[0];
  if (!batch || batch.msgSystemId !== caller.system.id) throw Errors.notFound('batchId');
  const numbers = await db
    .select({ phone: smsRecord.phone, status: outbox.status, attempts: outbox.attempts, lastError: outbox.lastError, sentTime: outbox.sentTime })
    .from(smsRecord)
    .innerJoin(outbox, eq(outbox.id, smsRecord.outboxId))
    .where(eq(smsRecord.batchId, batch.id))
    .orderBy(asc(smsRecord.id));
  const sent = numbers.filter((n) => n.status === OutboxStatus.Sent).length;
  const failed = numbers.filter((n) => n.status === OutboxStatus.Failed).length;
  return {
    batchId: batch.id,
    templateCode: batch.templateCode,
    signName: batch.signName,
    text: batch.content,
    createTime: batch.createTime.toISOString(),
    total: batch.total,
    pending: batch.total - sent - failed,
    sent,
    failed,
    duplicates: batch.duplicates,
    numbers: numbers.map((n) => ({ phone: n.phone, status: n.status as SmsDeliveryStatus, attempts: n.attempts, lastError: n.lastError, sentTime: n.sentTime ? n.sentTime.toISOString() : null })),
  };
}
