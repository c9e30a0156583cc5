import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { api } from '../../../shared/contract';
import type { ParsedInputOf } from '../../../shared/contract/endpoint';
import type { MessageKeyRecord } from '../contract';
import { roleScope } from '../../../server/auth/scope';
import type { CallContext } from '../../../server/context';
import type { Tx } from '../../../server/db/client';
import { SqlState, violatedConstraint } from '../../../server/db/errors';
import { containsPattern, emptyPage, pagedQuery } from '../../../server/db/lists';
import { messageApiKey, messageSystem } from '../../../server/db/schema';
import { Errors } from '../../../server/errors';
import { undoableDelete } from '../../../server/undo';
import type { UndoTicket } from '../../../shared/contract/undo';

/**
 * Message API keys (/apiKeyMessg, /addApiKeyMessage/{id}): each belongs to a message system of the role's
 * organisations. The key value is unique; the operation log never keeps it (ALWAYS_SECRET_FIELDS).
 */

type KeyRow = typeof messageApiKey.$inferSelect;
type AddForm = ParsedInputOf<typeof api.messageKey.keyAdd>;
type UpdateForm = ParsedInputOf<typeof api.messageKey.keyUpdate>;

const KEY_UNIQUE = 'msg_api_key_api_key_unique';

/** What the operation log keeps of a key (the value itself is redacted there). */
function keySnapshot(row: KeyRow) {
  return { id: row.id, apiKey: row.apiKey, msgSystemId: row.msgSystemId, status: row.status, rateLimit: row.rateLimit, remark: row.remark, version: row.version };
}

const recordColumns = { key: messageApiKey, systemId: messageSystem.systemId, systemName: messageSystem.name, systemStatus: messageSystem.status };

function recordOf({ key, systemId, systemName, systemStatus }: { key: KeyRow; systemId: string; systemName: string; systemStatus: number }): MessageKeyRecord {
  return {
    id: key.id,
    apiKey: key.apiKey,
    messageSystemId: key.msgSystemId,
    systemId,
    systemName,
    systemStatus,
    status: key.status,
    rateLimit: key.rateLimit,
    remark: key.remark,
    createName: key.createName,
    createTime: key.createTime.toISOString(),
    version: key.version,
  };
}

function keyTaken(error: unknown): never {
  if (violatedConstraint(error, SqlState.UniqueViolation) === KEY_UNIQUE) throw Errors.conflict('apiKey');
  throw error;
}

export async function listKeys(ctx: CallContext, input: ParsedInputOf<typeof api.messageKey.keyList>) {
  const scope = [...(await roleScope(ctx))];
  if (scope.length === 0) return emptyPage<MessageKeyRecord>(input);
  const conditions: SQL[] = [inArray(messageSystem.deptId, scope)];
  if (input.apiKey) conditions.push(ilike(messageApiKey.apiKey, containsPattern(input.apiKey)));
  if (input.systemName) conditions.push(or(ilike(messageSystem.name, containsPattern(input.systemName)), ilike(messageSystem.systemId, containsPattern(input.systemName)))!);
  if (input.status) conditions.push(eq(messageApiKey.status, input.status));
  const { db } = ctx.services;
  return pagedQuery(db, input, {
    rows: db.select(recordColumns).from(messageApiKey).innerJoin(messageSystem, eq(messageSystem.id, messageApiKey.msgSystemId)).$dynamic(),
    counted: db.select({ total: count() }).from(messageApiKey).innerJoin(messageSystem, eq(messageSystem.id, messageApiKey.msgSystemId)).$dynamic(),
    where: and(...conditions),
    orderBy: [desc(messageApiKey.createTime), desc(messageApiKey.id)],
    records: (rows) => rows.map(recordOf),
  });
}

export async function keyInfo(ctx: CallContext, id: number): Promise<MessageKeyRecord> {
  const scope = await roleScope(ctx);
  const row = (
    await ctx.services.db
      .select({ ...recordColumns, deptId: messageSystem.deptId })
      .from(messageApiKey)
      .innerJoin(messageSystem, eq(messageSystem.id, messageApiKey.msgSystemId))
      .where(eq(messageApiKey.id, id))
      .limit(1)
  )[0];
  if (!row) throw Errors.notFound('id');
  if (!scope.has(row.deptId)) throw Errors.outOfScope('id');
  return recordOf(row);
}

/** The system a key is saved under: it exists and belongs to one of the role's organisations. */
async function checkSystem(tx: Tx, scope: ReadonlySet<number>, msgSystemId: number): Promise<void> {
  const found = (await tx.select({ deptId: messageSystem.deptId }).from(messageSystem).where(eq(messageSystem.id, msgSystemId)).limit(1))[0];
  if (!found) throw Errors.notFound('messageSystemId');
  if (!scope.has(found.deptId)) throw Errors.outOfScope('messageSystemId');
}

export async function addKey(ctx: CallContext, form: AddForm): Promise<KeyRow> {
  const session = ctx.requireSession();
  const scope = await roleScope(ctx);
  return ctx.services.db
    .transaction(async (tx) => {
      await checkSystem(tx, scope, form.messageSystemId);
      const created = (
        await tx
          .insert(messageApiKey)
          .values({
            apiKey: form.apiKey,
            msgSystemId: form.messageSystemId,
            status: form.status,
            rateLimit: form.rateLimit,
            remark: form.remark,
            createBy: session.userId,
            createName: session.name,
            createTime: ctx.services.now(),
          })
          .returning()
      )[0]!;
      await ctx.logChange(tx, { entryType: 'add', content: `Add message API key #${created.id} of message system #${created.msgSystemId}`, before: null, after: keySnapshot(created) });
      return created;
    })
    .catch(keyTaken);
}

export async function updateKey(ctx: CallContext, form: UpdateForm): Promise<KeyRow> {
  const scope = await roleScope(ctx);
  return ctx.services.db
    .transaction(async (tx) => {
      const existing = (await tx.select().from(messageApiKey).where(eq(messageApiKey.id, form.id)))[0];
      if (!existing) throw Errors.notFound('id');
      const owner = (await tx.select({ deptId: messageSystem.deptId }).from(messageSystem).where(eq(messageSystem.id, existing.msgSystemId)))[0];
      if (!owner || !scope.has(owner.deptId)) throw Errors.outOfScope('id');
      if (form.messageSystemId !== existing.msgSystemId) await checkSystem(tx, scope, form.messageSystemId);
      const updated = await tx
        .update(messageApiKey)
        .set({
          apiKey: form.apiKey,
          msgSystemId: form.messageSystemId,
          status: form.status,
          rateLimit: form.rateLimit,
          remark: form.remark,
          updateTime: ctx.services.now(),
          version: sql`${messageApiKey.version} + 1`,
        })
        .where(and(eq(messageApiKey.id, form.id), eq(messageApiKey.version, form.version)))
        .returning();
      if (!updated[0]) throw Errors.stale();
      await ctx.logChange(tx, { entryType: 'update', content: `Update message API key #${existing.id}`, before: keySnapshot(existing), after: keySnapshot(updated[0]) });
      return updated[0];
    })
    .catch(keyTaken);
}

export async function deleteKeys(ctx: CallContext, ids: number[]): Promise<UndoTicket> {
  const scope = await roleScope(ctx);
  const ticket = await ctx.services.db.transaction(async (tx) => {
    const rows = await tx
      .select({ key: messageApiKey, deptId: messageSystem.deptId })
      .from(messageApiKey)
      .innerJoin(messageSystem, eq(messageSystem.id, messageApiKey.msgSystemId))
      .where(inArray(messageApiKey.id, ids))
      .orderBy(asc(messageApiKey.id));
    if (rows.length !== ids.length) throw Errors.notFound('ids');
    if (rows.some((row) => !scope.has(row.deptId))) throw Errors.outOfScope('ids');
    const undo = await undoableDelete(ctx, tx, { table: messageApiKey, where: inArray(messageApiKey.id, ids) });
    await tx.delete(messageApiKey).where(inArray(messageApiKey.id, ids));
    await ctx.logChange(tx, {
      entryType: 'delete',
      content: `Delete message API keys ${rows.map((row) => `#${row.key.id}`).join(', ')}`,
      before: rows.map((row) => keySnapshot(row.key)),
      after: null,
    });
    return undo;
  });
  return ticket;
}
