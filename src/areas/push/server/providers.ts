import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { api } from '../../../shared/contract';
import type { ParsedInputOf } from '../../../shared/contract/endpoint';
import { PUSH_SECRET_PURPOSE, pushRules, type PushProviderRecord } from '../contract';
import { decryptTransport } from '../../../shared/transport-crypto';
import type { CallContext } from '../../../server/context';
import { SqlState, violatedConstraint } from '../../../server/db/errors';
import { containsPattern, pagedQuery } from '../../../server/db/lists';
import { outbox } from '../../../server/db/schema';
import { pushProvider, pushRecord } from './schema';
import { Errors } from '../../../server/errors';
import { OutboxStatus } from '../../../server/outbox/worker';
import { undoableDelete } from '../../../server/undo';
import type { UndoTicket } from '../../../shared/contract/undo';

/**
 * Push providers: one JPush application each, a catalogue shared by the console (like the SMS templates),
 * aliases unique. The Master Secret arrives sealed with the transport secret, is checked in clear, stored
 * sealed by the server's secret box and never returned or logged: screens and the operation log see only
 * whether one is set, and whether a save replaced it.
 */

type ProviderRow = typeof pushProvider.$inferSelect;

export function providerRecordOf(row: ProviderRow): PushProviderRecord {
  return {
    id: row.id,
    alias: row.alias,
    appKey: row.appKey,
    apnsProduction: row.apnsProduction,
    secretSet: row.secretEnc !== '',
    createName: row.createName,
    createTime: row.createTime.toISOString(),
    updateTime: row.updateTime ? row.updateTime.toISOString() : null,
    version: row.version,
  };
}

/** What the operation log keeps of a provider: never the secret, sealed or not. */
function providerSnapshot(row: ProviderRow, extra: Record<string, unknown> = {}) {
  return { id: row.id, alias: row.alias, appKey: row.appKey, apnsProduction: row.apnsProduction, secretSet: row.secretEnc !== '', version: row.version, ...extra };
}

function aliasTaken(error: unknown): never {
  if (violatedConstraint(error, SqlState.UniqueViolation) === 'msg_push_provider_alias_unique') throw Errors.conflict('alias');
  throw error;
}

/** Opens the sealed Master Secret of a form and checks it in clear; '' when an edit leaves it empty. */
async function openSecret(ctx: CallContext, sealed: string | undefined, required: boolean): Promise<string> {
  const opened = sealed === undefined ? '' : await decryptTransport(sealed, ctx.services.config.transportSecret);
  if (opened === null) throw Errors.invalid('secret', 'validation.pushSecretUnreadable');
  const plain = opened.trim();
  if (plain === '' && !required) return '';
  const checked = pushRules.masterSecret.safeParse(plain);
  if (!checked.success) throw Errors.invalid('secret', checked.error.issues[0]?.message ?? 'validation.pushMasterSecret');
  return checked.data;
}

export async function listProviders(ctx: CallContext, input: ParsedInputOf<typeof api.push.providerList>) {
  const { db } = ctx.services;
  return pagedQuery(db, input, {
    rows: db.select().from(pushProvider).$dynamic(),
    counted: pushProvider,
    where: input.alias ? ilike(pushProvider.alias, containsPattern(input.alias)) : undefined,
    orderBy: [desc(pushProvider.createTime), desc(pushProvider.id)],
    records: (rows) => rows.map(providerRecordOf),
  });
}

export async function providerOptions(ctx: CallContext): Promise<PushProviderRecord[]> {
  const rows = await ctx.services.db.select().from(pushProvider).orderBy(asc(pushProvider.alias));
  return rows.map(providerRecordOf);
}

export async function providerInfo(ctx: CallContext, id: number): Promise<PushProviderRecord> {
  const rows = await ctx.services.db.select().from(pushProvider).where(eq(pushProvider.id, id)).limit(1);
  if (!rows[0]) throw Errors.notFound('id');
  return providerRecordOf(rows[0]);
}

export async function addProvider(ctx: CallContext, form: ParsedInputOf<typeof api.push.providerAdd>): Promise<ProviderRow> {
  const session = ctx.requireSession();
  const secret = await openSecret(ctx, form.secret, true);
  const { services } = ctx;
  return services.db
    .transaction(async (tx) => {
      const created = (
        await tx
          .insert(pushProvider)
          .values({
            alias: form.alias,
            appKey: form.appKey,
            apnsProduction: form.apnsProduction,
            secretEnc: services.secrets.seal(secret, PUSH_SECRET_PURPOSE),
            createBy: session.userId,
            createName: session.name,
            createTime: services.now(),
          })
          .returning()
      )[0]!;
      await ctx.logChange(tx, { entryType: 'add', content: { key: 'pushProvider.add', values: { alias: created.alias } }, before: null, after: providerSnapshot(created) });
      return created;
    })
    .catch(aliasTaken);
}

export async function updateProvider(ctx: CallContext, form: ParsedInputOf<typeof api.push.providerUpdate>): Promise<ProviderRow> {
  const session = ctx.requireSession();
  const secret = await openSecret(ctx, form.secret, false);
  const { services } = ctx;
  return services.db
    .transaction(async (tx) => {
      const existing = (await tx.select().from(pushProvider).where(eq(pushProvider.id, form.id)))[0];
      if (!existing) throw Errors.notFound('id');
      const updated = await tx
        .update(pushProvider)
        .set({
          alias: form.alias,
          appKey: form.appKey,
          apnsProduction: form.apnsProduction,
          ...(secret !== '' && { secretEnc: services.secrets.seal(secret, PUSH_SECRET_PURPOSE) }),
          updateBy: session.userId,
          updateTime: services.now(),
          version: sql`${pushProvider.version} + 1`,
        })
        .where(and(eq(pushProvider.id, form.id), eq(pushProvider.version, form.version)))
        .returning();
      if (!updated[0]) throw Errors.stale();
      await ctx.logChange(tx, {
        entryType: 'update',
        content: { key: 'pushProvider.update', values: { alias: updated[0].alias } },
        before: providerSnapshot(existing),
        after: providerSnapshot(updated[0], { secretReplaced: secret !== '' }),
      });
      return updated[0];
    })
    .catch(aliasTaken);
}

/** Deletes providers; one with pushes still waiting for delivery is refused, naming it and the count. */
export async function deleteProviders(ctx: CallContext, ids: number[]): Promise<UndoTicket> {
  const ticket = await ctx.services.db.transaction(async (tx) => {
    // Locked first: a push queued for one of them now waits for this delete, then finds it gone.
    const rows = await tx.select().from(pushProvider).where(inArray(pushProvider.id, ids)).orderBy(asc(pushProvider.id)).for('update');
    if (rows.length !== ids.length) throw Errors.notFound('ids');
    const waiting = await tx
      .select({ providerId: pushRecord.providerId, n: count() })
      .from(pushRecord)
      .innerJoin(outbox, eq(outbox.id, pushRecord.outboxId))
      .where(and(inArray(pushRecord.providerId, ids), inArray(outbox.status, [OutboxStatus.Pending, OutboxStatus.Sending])))
      .groupBy(pushRecord.providerId);
    const busy = waiting.find((entry) => entry.n > 0);
    if (busy) throw Errors.inUse('error.pushProviderBusy', { alias: rows.find((row) => row.id === busy.providerId)?.alias ?? '', count: busy.n });
    const undo = await undoableDelete(ctx, tx, { table: pushProvider, where: inArray(pushProvider.id, ids) });
    await tx.delete(pushProvider).where(inArray(pushProvider.id, ids));
    await ctx.logChange(tx, {
      entryType: 'delete',
      content: { key: 'pushProvider.delete', values: { aliases: rows.map((row) => row.alias) } },
      before: rows.map((row) => providerSnapshot(row)),
      after: null,
    });
    return undo;
  });
  return ticket;
}
