import { and, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { api } from '../../../shared/contract';
import type { ParsedInputOf } from '../../../shared/contract/endpoint';
import { finalText, parseRecipients, recipientProblem, smsLength, SmsTemplateStatus, templateVariables, type ParsedRecipients, type SmsBatchRecord, type SmsSendRecord } from '../contract';
import { ResponseCode } from '../../../shared/codes';
import { Perm } from '../../../shared/permissions';
import { SmsLimits } from '../../../shared/rules';
import { roleScope } from '../../../server/auth/scope';
import type { CallContext } from '../../../server/context';
import type { ChangeRecord } from '../../../server/audit/change-log';
import type { Tx } from '../../../server/db/client';
import { containsPattern, emptyPage, pagedQuery } from '../../../server/db/lists';
import { outbox, smsBatch, smsRecord, smsSignature, smsTemplate, user } from '../../../server/db/schema';
import { AppError, Errors } from '../../../server/errors';
import { OutboxChannel, type SmsPayload } from '../../../server/outbox';
import { smsEnabled } from '../../../server/outbox/sms-config';
import { OutboxStatus } from '../../../server/outbox/worker';

/** Rows inserted per statement (a 1000-number send is two). */
const INSERT_CHUNK = 500;

/** The idempotency key of one number of a batch: the provider's OutId, asked about on recovery. */
export function smsIdempotencyKey(batchId: number, phone: string): string {
  return `sms-${batchId}-${phone}`;
}

/**
 * The recipients of a send, split and checked, once the provider is known to be configured: refused with the
 * bad numbers or the limit named, before anything else is looked up.
 */
export function smsRecipients(ctx: CallContext, phones: string): ParsedRecipients {
  if (!smsEnabled(ctx.services.config.sms)) throw new AppError(ResponseCode.ThirdPartyError, 'error.smsGatewayOff');
  const parsed = parseRecipients(phones);
  const problem = recipientProblem(parsed);
  if (problem) throw Errors.invalid('phones', problem.key, problem.params);
  return parsed;
}

/** What a send sends: the template and signature as its caller found them, the variables' values and the checked numbers. */
export interface SmsOrder {
  template: typeof smsTemplate.$inferSelect;
  /** The input field a refusal about the template is pinned on. */
  templateField: string;
  signature: typeof smsSignature.$inferSelect;
  params: Record<string, string>;
  recipients: ParsedRecipients;
}

/** Who sends: the batch's sender and organisation (its scope), and how the send is logged. */
export interface SmsSender {
  createBy: number | null;
  createName: string;
  deptId: number | null;
  /** A message system's send (the open messaging endpoint): the system and the key it used. */
  msgSystemId?: number;
  msgApiKeyId?: number;
  /** Runs first inside the send's transaction (a message key's rate limit). */
  beforeQueue?: (tx: Tx) => Promise<void>;
  /** Writes the send's operation-log row inside its transaction. */
  logSend: (tx: Tx, change: ChangeRecord) => Promise<void>;
}

/**
 * Queues a send: the batch, one outbox row and one record per distinct number, and the operation-log row,
 * in one transaction; the outbox worker delivers them. Nothing is queued unless the template is active,
 * every variable is filled and the final text fits one SMS. The send screen and the open messaging endpoint
 * both send through it.
 */
export async function queueSms(ctx: CallContext, order: SmsOrder, sender: SmsSender) {
  const { template, signature, params, recipients: parsed } = order;
  if (template.status !== SmsTemplateStatus.Active) throw Errors.invalid(order.templateField, 'error.templateInactive', { name: template.name });
  const variables = templateVariables(template.content);
  const unknown = Object.keys(params).filter((name) => !variables.includes(name));
  if (unknown.length > 0) throw Errors.invalid('params', 'validation.variableUnknown', { names: unknown.join(', ') });
  const missing = variables.filter((name) => !params[name]);
  if (missing.length > 0) throw Errors.invalid('params', 'validation.variableMissing', { names: missing.join(', ') });
  const text = finalText(signature.name, template.content, params);
  if (smsLength(text) > SmsLimits.textMax) throw Errors.invalid('params', 'validation.smsTextTooLong', { length: smsLength(text), max: SmsLimits.textMax });

  const batchId = await ctx.services.db.transaction(async (tx) => {
    await sender.beforeQueue?.(tx);
    const batch = (
      await tx
        .insert(smsBatch)
        .values({
          templateName: template.name,
          templateCode: template.templateCode,
          signName: signature.name,
          params,
          content: text,
          total: parsed.numbers.length,
          duplicates: parsed.duplicates.length,
          createBy: sender.createBy,
          createName: sender.createName,
          deptId: sender.deptId,
          msgSystemId: sender.msgSystemId ?? null,
          msgApiKeyId: sender.msgApiKeyId ?? null,
          createTime: ctx.services.now(),
        })
        .returning()
    )[0]!;
    for (let start = 0; start < parsed.numbers.length; start += INSERT_CHUNK) {
      const phones = parsed.numbers.slice(start, start + INSERT_CHUNK);
      const queued = await tx
        .insert(outbox)
        .values(
          phones.map((phone) => ({
            channel: OutboxChannel.Sms,
            idempotencyKey: smsIdempotencyKey(batch.id, phone),
            batchId: batch.id,
            payload: { phone, signName: signature.name, templateCode: template.templateCode, params } satisfies SmsPayload,
            nextAttemptAt: ctx.services.now(),
          })),
        )
        .returning({ id: outbox.id, key: outbox.idempotencyKey });
      const outboxIdOf = new Map(queued.map((row) => [row.key, row.id]));
      await tx.insert(smsRecord).values(phones.map((phone) => ({ batchId: batch.id, phone, outboxId: outboxIdOf.get(smsIdempotencyKey(batch.id, phone))! })));
    }
    await sender.logSend(tx, {
      entryType: 'send',
      content: { key: 'sms.send', values: { template: template.name, count: parsed.numbers.length } },
      before: null,
      after: { batchId: batch.id, template: template.name, signature: signature.name, text, total: parsed.numbers.length, duplicates: parsed.duplicates },
    });
    return batch.id;
  });
  ctx.services.outbox.wake();
  return { batchId, total: parsed.numbers.length, duplicates: parsed.duplicates, text };
}

/** The send screen's send: the template and signature by id, the signed-in user as sender. */
export async function sendSms(ctx: CallContext, form: ParsedInputOf<typeof api.sms.send>) {
  const session = ctx.requireSession();
  const recipients = smsRecipients(ctx, form.phones);
  const { db } = ctx.services;
  const template = (await db.select().from(smsTemplate).where(eq(smsTemplate.id, form.templateId)))[0];
  if (!template) throw Errors.notFound('templateId');
  const signature = (await db.select().from(smsSignature).where(eq(smsSignature.id, form.signatureId)))[0];
  if (!signature) throw Errors.notFound('signatureId');
  const sender = (await db.select({ deptId: user.deptId }).from(user).where(eq(user.userId, session.userId)))[0];
  return queueSms(
    ctx,
    { template, templateField: 'templateId', signature, params: form.params, recipients },
    { createBy: session.userId, createName: session.name, deptId: sender?.deptId ?? null, logSend: (tx, change) => ctx.logChange(tx, change) },
  );
}

/** The sending organisations the role sees: batches of other organisations are neither listed nor opened. */
async function batchScope(ctx: CallContext): Promise<number[]> {
  return [...(await roleScope(ctx))];
}

const countOf = (status: string) => sql<number>`(count(*) filter (where ${outbox.status} = ${status}))::int`;

export async function listBatches(ctx: CallContext, input: ParsedInputOf<typeof api.sms.batchList>) {
  const scope = await batchScope(ctx);
  if (scope.length === 0) return emptyPage<SmsBatchRecord>(input);
  const { db } = ctx.services;
  return pagedQuery(db, input, {
    rows: db.select().from(smsBatch).$dynamic(),
    counted: smsBatch,
    where: and(inArray(smsBatch.deptId, scope), input.templateName ? ilike(smsBatch.templateName, containsPattern(input.templateName)) : undefined),
    orderBy: [desc(smsBatch.createTime), desc(smsBatch.id)],
    records: async (batches) => {
      const ids = batches.map((b) => b.id);
      const counts =
        ids.length === 0
          ? []
          : await db
              .select({ batchId: outbox.batchId, sent: countOf(OutboxStatus.Sent), failed: countOf(OutboxStatus.Failed) })
              .from(outbox)
              .where(and(eq(outbox.channel, OutboxChannel.Sms), inArray(outbox.batchId, ids)))
              .groupBy(outbox.batchId);
      const countsOf = new Map(counts.map((c) => [c.batchId, c]));
      return batches.map((b): SmsBatchRecord => {
        const c = countsOf.get(b.id);
        const sent = Number(c?.sent ?? 0);
        const failed = Number(c?.failed ?? 0);
        return {
          id: b.id,
          templateName: b.templateName,
          signName: b.signName,
          content: b.content,
          duplicates: b.duplicates,
          createName: b.createName,
          createTime: b.createTime.toISOString(),
          total: b.total,
          sent,
          failed,
          pending: b.total - sent - failed,
        };
      });
    },
  });
}

/** The send records screen and the send centre's batch details both list records. */
const RECORD_READERS = [Perm.smsRecordView, Perm.sendCenterView] as const;

export async function listRecords(ctx: CallContext, input: ParsedInputOf<typeof api.sms.recordList>) {
  const keys = await ctx.services.authz.keysOf(ctx.requireRole().roleId);
  if (!RECORD_READERS.some((key) => keys.has(key))) throw Errors.forbidden();
  const scope = await batchScope(ctx);
  const { db } = ctx.services;
  if (input.batchId) {
    const batch = (await db.select({ deptId: smsBatch.deptId }).from(smsBatch).where(eq(smsBatch.id, input.batchId)))[0];
    if (!batch) throw Errors.notFound('batchId');
    if (batch.deptId === null || !scope.includes(batch.deptId)) throw Errors.outOfScope('batchId');
  }
  if (scope.length === 0) return emptyPage<SmsSendRecord>(input);
  const where = and(
    inArray(smsBatch.deptId, scope),
    input.batchId ? eq(smsRecord.batchId, input.batchId) : undefined,
    input.phone ? ilike(smsRecord.phone, containsPattern(input.phone)) : undefined,
    input.status ? eq(outbox.status, input.status) : undefined,
  );
  return pagedQuery(db, input, {
    rows: db
      .select({ record: smsRecord, batch: smsBatch, delivery: outbox })
      .from(smsRecord)
      .innerJoin(smsBatch, eq(smsBatch.id, smsRecord.batchId))
      .innerJoin(outbox, eq(outbox.id, smsRecord.outboxId))
      .$dynamic(),
    counted: db.select({ total: count() }).from(smsRecord).innerJoin(smsBatch, eq(smsBatch.id, smsRecord.batchId)).innerJoin(outbox, eq(outbox.id, smsRecord.outboxId)).$dynamic(),
    where,
    orderBy: [desc(smsRecord.id)],
    records: (rows) =>
      rows.map(({ record, batch, delivery }): SmsSendRecord => ({
        id: record.id,
        batchId: record.batchId,
        phone: record.phone,
        content: batch.content,
        templateName: batch.templateName,
        status: delivery.status as SmsSendRecord['status'],
        attempts: delivery.attempts,
        lastError: delivery.lastError,
        providerMessageId: delivery.providerMessageId,
        createTime: record.createTime.toISOString(),
        sentTime: delivery.sentTime ? delivery.sentTime.toISOString() : null,
      })),
  });
}
