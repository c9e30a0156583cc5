import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { api } from '../../../shared/contract';
import type { ParsedInputOf } from '../../../shared/contract/endpoint';
import { audienceProblem, parseAudience, PushAudience, type PushRecord } from '../contract';
import { roleScope } from '../../../server/auth/scope';
import type { CallContext } from '../../../server/context';
import { containsPattern, emptyPage, pagedQuery } from '../../../server/db/lists';
import { outbox, user } from '../../../server/db/schema';
import { pushProvider, pushRecord } from './schema';
import { Errors } from '../../../server/errors';
import { OutboxChannel } from '../../../server/outbox';
import { jpushAudience, type PushPayload } from '../../../server/outbox/jpush';

/**
 * Queues a push: its record, its outbox row and the operation-log row in one transaction; the outbox worker
 * delivers it through the provider's JPush application. Nothing is queued unless the audience is valid
 * (aliases and tags as JPush takes them, within its counts), and the provider exists.
 */
export async function sendPush(ctx: CallContext, form: ParsedInputOf<typeof api.push.send>) {
  const session = ctx.requireSession();
  const parsed = parseAudience(form.audience);
  const problem = audienceProblem(form.audienceType, parsed);
  if (problem) throw Errors.invalid('audience', problem.key, problem.params);
  const values = form.audienceType === PushAudience.All ? [] : parsed.values;

  const { db } = ctx.services;
  const sender = (await db.select({ deptId: user.deptId }).from(user).where(eq(user.userId, session.userId)))[0];
  const record = await db.transaction(async (tx) => {
    // Shared lock: a provider being deleted is either gone here, or waits for this push to be queued (and then refuses).
    const provider = (await tx.select().from(pushProvider).where(eq(pushProvider.id, form.providerId)).for('share'))[0];
    if (!provider) throw Errors.notFound('providerId');
    const queued = (
      await tx
        .insert(outbox)
        .values({
          channel: OutboxChannel.Push,
          idempotencyKey: `push-${randomUUID()}`,
          payload: { providerId: provider.id, audience: jpushAudience(form.audienceType, values), title: form.title, alert: form.alert } satisfies PushPayload,
          nextAttemptAt: ctx.services.now(),
        })
        .returning({ id: outbox.id })
    )[0]!;
    const created = (
      await tx
        .insert(pushRecord)
        .values({
          providerId: provider.id,
          providerAlias: provider.alias,
          audienceType: form.audienceType,
          audience: values,
          duplicates: parsed.duplicates.length,
          title: form.title,
          alert: form.alert,
          createBy: session.userId,
          createName: session.name,
          deptId: sender?.deptId ?? null,
          outboxId: queued.id,
          createTime: ctx.services.now(),
        })
        .returning()
    )[0]!;
    await ctx.logChange(tx, {
      entryType: 'send',
      content:
        form.audienceType === PushAudience.All
          ? { key: 'push.sendAll', values: { provider: provider.alias } }
          : { key: form.audienceType === PushAudience.Tag ? 'push.sendTags' : 'push.sendAliases', values: { provider: provider.alias, count: values.length } },
      before: null,
      after: { recordId: created.id, provider: provider.alias, audienceType: form.audienceType, audience: values, duplicates: parsed.duplicates, title: form.title, alert: form.alert },
    });
    return created;
  });
  ctx.services.outbox.wake();
  return { recordId: record.id, audienceCount: values.length, duplicates: parsed.duplicates };
}

/** Push records of the senders of the role's organisations, newest first, with their delivery state. */
export async function listRecords(ctx: CallContext, input: ParsedInputOf<typeof api.push.recordList>) {
  const scope = [...(await roleScope(ctx))];
  if (scope.length === 0) return emptyPage<PushRecord>(input);
  const { db } = ctx.services;
  return pagedQuery(db, input, {
    rows: db.select({ record: pushRecord, delivery: outbox }).from(pushRecord).innerJoin(outbox, eq(outbox.id, pushRecord.outboxId)).$dynamic(),
    counted: db.select({ total: count() }).from(pushRecord).innerJoin(outbox, eq(outbox.id, pushRecord.outboxId)).$dynamic(),
    where: and(
      inArray(pushRecord.deptId, scope),
      input.providerId ? eq(pushRecord.providerId, input.providerId) : undefined,
      input.status ? eq(outbox.status, input.status) : undefined,
      input.text ? or(ilike(pushRecord.title, containsPattern(input.text)), ilike(pushRecord.alert, containsPattern(input.text))) : undefined,
    ),
    orderBy: [desc(pushRecord.createTime), desc(pushRecord.id)],
    records: (rows) =>
      rows.map(({ record, delivery }): PushRecord => ({
        id: record.id,
        providerId: record.providerId,
        providerAlias: record.providerAlias,
        audienceType: record.audienceType as PushRecord['audienceType'],
        audience: record.audience as string[],
        title: record.title,
        alert: record.alert,
        status: delivery.status as PushRecord['status'],
        attempts: delivery.attempts,
        lastError: delivery.lastError,
        msgId: delivery.providerMessageId,
        createName: record.createName,
        createTime: record.createTime.toISOString(),
        sentTime: delivery.sentTime ? delivery.sentTime.toISOString() : null,
      })),
  });
}
