import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { api } from '../../../shared/contract';
import type { ParsedInputOf } from '../../../shared/contract/endpoint';
import type { IssuedMessageKey, MessageKeyRecord } from '../contract';
import { roleScope } from '../../../server/auth/scope';
import type { CallContext } from '../../../server/context';
import type { Tx } from '../../../server/db/client';
import { SqlState, violatedConstraint } from '../../../server/db/errors';
import { containsPattern, emptyPage, pagedQuery } from '../../../server/db/lists';
import { messageApiKey, messageSystem } from '../../../server/db/schema';
import { Errors } from '../../../server/errors';
import { clientSecretHash } from '../../../server/platform/auth/sign-in';
import { undoableDelete } from '../../../server/undo';
import type { UndoTicket } from '../../../shared/contract/undo';

/**
 * Message API keys (/apiKeyMessg, /addApiKeyMessage/{id}): each belongs to a message system of the role's
 * organisations. The server makes a key's value, answers it once and keeps only its SHA-256 hash (as it keeps
 * an application's secret), so neither a list, a log nor a copy of the database gives a working key away.
 */

type KeyRow = typeof messageApiKey.$inferSelect;
type AddForm = ParsedInputOf<typeof api.messageKey.keyAdd>;
type UpdateForm = ParsedInputOf<typeof api.messageKey.keyUpdate>;

const KEY_UNIQUE = 'msg_api_key_api_key_hash_unique';

/** Bytes of a new key: 256 bits, as base64url (43 characters, within the 50 the open endpoints read). */
const KEY_BYTES = 32;
/** Characters of a key a list shows: enough to tell keys apart, far too few to guess the rest. */
const KEY_HINT_LENGTH = 4;

/** A new key from the operating system's secure random source. */
function newMessageKey(): string {
  return randomBytes(KEY_BYTES).toString('base64url');
}

/** The stored form of a presented key: its SHA-256 hash, as the open endpoints look it up. */
export function messageKeyHash(apiKey: string): string {
  return clientSecretHash(apiKey);
}

/** What the operation log keeps of a key: its hint, never its value or hash. */
function keySnapshot(row: KeyRow) {
  return { id: row.id, keyHint: row.keyHint, msgSystemId: row.msgSystemId, status: row.status, rateLimit: row.rateLimit, remark: row.remark, version: row.version };
}

const recordColumns = { key: messageApiKey, systemId: messageSystem.systemId, systemName: messageSystem.name, systemStatus: messageSystem.status };

function recordOf({ key, systemId, systemName, systemStatus }: { key: KeyRow; systemId: string; systemName: string; systemStatus: number }): MessageKeyRecord {
  return {
    id: key.id,
    keyHint: key.keyHint,
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
  // A whole key finds its record by its hash; a few characters find the keys whose hint holds them.
  if (input.apiKey) conditions.push(or(eq(messageApiKey.apiKeyHash, messageKeyHash(input.apiKey)), ilike(messageApiKey.keyHint, containsPattern(input.apiKey)))!);
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

export async function addKey(ctx: CallContext, form: AddForm): Promise<IssuedMessageKey> {
  const session = ctx.requireSession();
  const scope = await roleScope(ctx);
  const apiKey = newMessageKey();
  const row = await ctx.services.db
    .transaction(async (tx) => {
      await checkSystem(tx, scope, form.messageSystemId);
      const created = (
        await tx
          .insert(messageApiKey)
          .values({
            apiKeyHash: messageKeyHash(apiKey),
            keyHint: apiKey.slice(0, KEY_HINT_LENGTH),
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
      await ctx.logChange(tx, { entryType: 'add', content: { key: 'messageKey.add', values: { id: created.id, systemId: created.msgSystemId } }, before: null, after: keySnapshot(created) });
      return created;
    })
    .catch(keyTaken);
  return { id: row.id, apiKey };
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
      await ctx.logChange(tx, { entryType: 'update', content: { key: 'messageKey.update', values: { id: existing.id } }, before: keySnapshot(existing), after: keySnapshot(updated[0]) });
      return updated[0];
    })
    .catch(keyTaken);
}

/** A new value for a key of the role's systems: the old one stops working at once; the new one is answered once. */
export async function regenerateKey(ctx: CallContext, id: number): Promise<IssuedMessageKey> {
  const scope = await roleScope(ctx);
  const apiKey = newMessageKey();
  await ctx.services.db
    .transaction(async (tx) => {
      const existing = (
        await tx
          .select({ key: messageApiKey, deptId: messageSystem.deptId })
          .from(messageApiKey)
          .innerJoin(messageSystem, eq(messageSystem.id, messageApiKey.msgSystemId))
          .where(eq(messageApiKey.id, id))
      )[0];
      if (!existing) throw Errors.notFound('id');
      if (!scope.has(existing.deptId)) throw Errors.outOfScope('id');
      const updated = (
        await tx
          .update(messageApiKey)
          .set({ apiKeyHash: messageKeyHash(apiKey), keyHint: apiKey.slice(0, KEY_HINT_LENGTH), updateTime: ctx.services.now(), version: sql`${messageApiKey.version} + 1` })
          .where(eq(messageApiKey.id, id))
          .returning()
      )[0]!;
      await ctx.logChange(tx, { entryType: 'regenerateSecret', content: { key: 'messageKey.regenerate', values: { id } }, before: keySnapshot(existing.key), after: keySnapshot(updated) });
    })
    .catch(keyTaken);
  return { id, apiKey };
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
      content: { key: 'messageKey.delete', values: { ids: rows.map((row) => `#${row.key.id}`) } },
      before: rows.map((row) => keySnapshot(row.key)),
      after: null,
    });
    return undo;
  });
  return ticket;
}
