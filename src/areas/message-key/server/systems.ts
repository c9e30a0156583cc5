import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { api } from '../../../shared/contract';
import type { ParsedInputOf } from '../../../shared/contract/endpoint';
import type { MessageSystemOption, MessageSystemRecord } from '../contract';
import { roleScope } from '../../../server/auth/scope';
import type { CallContext } from '../../../server/context';
import type { Tx } from '../../../server/db/client';
import { SqlState, violatedConstraint } from '../../../server/db/errors';
import { containsPattern, emptyPage, pagedQuery } from '../../../server/db/lists';
import { dept, messageApiKey, messageSystem } from '../../../server/db/schema';
import { Errors } from '../../../server/errors';
import { undoableDelete } from '../../../server/undo';
import type { UndoTicket } from '../../../shared/contract/undo';

/**
 * Message systems (/apiKeySystem, /addApiKeySystem): each belongs to an organisation, and a role sees and
 * changes the systems of its own organisations only. The system id is unique whatever its case.
 */

type SystemRow = typeof messageSystem.$inferSelect;
type AddForm = ParsedInputOf<typeof api.messageKey.systemAdd>;
type UpdateForm = ParsedInputOf<typeof api.messageKey.systemUpdate>;

export const SYSTEM_ID_UNIQUE = 'msg_system_system_id_uq';

/** What the operation log keeps of a system. */
export function systemSnapshot(row: SystemRow) {
  return { id: row.id, systemId: row.systemId, name: row.name, deptId: row.deptId, status: row.status, channels: row.channels, remark: row.remark, version: row.version };
}

const keyCount = sql<number>`(select count(*)::int from ${messageApiKey} where ${messageApiKey.msgSystemId} = ${messageSystem.id})`;
const recordColumns = { system: messageSystem, deptName: dept.name, keyCount };

function recordOf({ system, deptName, keyCount: keys }: { system: SystemRow; deptName: string | null; keyCount: number }): MessageSystemRecord {
  return {
    id: system.id,
    systemId: system.systemId,
    name: system.name,
    deptId: system.deptId,
    deptName: deptName ?? '',
    status: system.status,
    channels: system.channels,
    remark: system.remark,
    keyCount: Number(keys),
    createName: system.createName,
    createTime: system.createTime.toISOString(),
    version: system.version,
  };
}

function systemIdTaken(error: unknown): never {
  if (violatedConstraint(error, SqlState.UniqueViolation) === SYSTEM_ID_UNIQUE) throw Errors.conflict('systemId');
  throw error;
}

export async function listSystems(ctx: CallContext, input: ParsedInputOf<typeof api.messageKey.systemList>) {
  const scope = [...(await roleScope(ctx))];
  if (scope.length === 0) return emptyPage<MessageSystemRecord>(input);
  const conditions: SQL[] = [inArray(messageSystem.deptId, scope)];
  if (input.systemId) conditions.push(ilike(messageSystem.systemId, containsPattern(input.systemId)));
  if (input.name) conditions.push(ilike(messageSystem.name, containsPattern(input.name)));
  if (input.status) conditions.push(eq(messageSystem.status, input.status));
  const { db } = ctx.services;
  return pagedQuery(db, input, {
    rows: db.select(recordColumns).from(messageSystem).leftJoin(dept, eq(dept.deptId, messageSystem.deptId)).$dynamic(),
    counted: messageSystem,
    where: and(...conditions),
    orderBy: [desc(messageSystem.createTime), desc(messageSystem.id)],
    records: (rows) => rows.map(recordOf),
  });
}

export async function systemInfo(ctx: CallContext, id: number): Promise<MessageSystemRecord> {
  const scope = await roleScope(ctx);
  const row = (await ctx.services.db.select(recordColumns).from(messageSystem).leftJoin(dept, eq(dept.deptId, messageSystem.deptId)).where(eq(messageSystem.id, id)).limit(1))[0];
  if (!row) throw Errors.notFound('id');
  if (!scope.has(row.system.deptId)) throw Errors.outOfScope('id');
  return recordOf(row);
}

/** The systems of the role's organisations, for the key form's select (stopped ones too: a key may wait for its system). */
export async function systemOptions(ctx: CallContext): Promise<MessageSystemOption[]> {
  const scope = [...(await roleScope(ctx))];
  if (scope.length === 0) return [];
  return ctx.services.db
    .select({ id: messageSystem.id, systemId: messageSystem.systemId, name: messageSystem.name, status: messageSystem.status })
    .from(messageSystem)
    .where(inArray(messageSystem.deptId, scope))
    .orderBy(asc(messageSystem.name), asc(messageSystem.id));
}

async function checkDept(tx: Tx, scope: ReadonlySet<number>, deptId: number): Promise<void> {
  const found = await tx.select({ deptId: dept.deptId }).from(dept).where(eq(dept.deptId, deptId)).limit(1);
  if (!found[0]) throw Errors.notFound('deptId');
  if (!scope.has(deptId)) throw Errors.outOfScope('deptId');
}

export async function addSystem(ctx: CallContext, form: AddForm): Promise<SystemRow> {
  const session = ctx.requireSession();
  const scope = await roleScope(ctx);
  return ctx.services.db
    .transaction(async (tx) => {
      await checkDept(tx, scope, form.deptId);
      const created = (
        await tx
          .insert(messageSystem)
          .values({ ...form, createBy: session.userId, createName: session.name, createTime: ctx.services.now() })
          .returning()
      )[0]!;
      await ctx.logChange(tx, { entryType: 'add', content: { key: 'messageSystem.add', values: { systemId: created.systemId, name: created.name } }, before: null, after: systemSnapshot(created) });
      return created;
    })
    .catch(systemIdTaken);
}

export async function updateSystem(ctx: CallContext, form: UpdateForm): Promise<SystemRow> {
  const scope = await roleScope(ctx);
  return ctx.services.db
    .transaction(async (tx) => {
      const existing = (await tx.select().from(messageSystem).where(eq(messageSystem.id, form.id)))[0];
      if (!existing) throw Errors.notFound('id');
      if (!scope.has(existing.deptId)) throw Errors.outOfScope('id');
      if (form.deptId !== existing.deptId) await checkDept(tx, scope, form.deptId);
      const updated = await tx
        .update(messageSystem)
        .set({
          systemId: form.systemId,
          name: form.name,
          deptId: form.deptId,
          status: form.status,
          channels: form.channels,
          remark: form.remark,
          updateTime: ctx.services.now(),
          version: sql`${messageSystem.version} + 1`,
        })
        .where(and(eq(messageSystem.id, form.id), eq(messageSystem.version, form.version)))
        .returning();
      if (!updated[0]) throw Errors.stale();
      await ctx.logChange(tx, {
        entryType: 'update',
        content: { key: 'messageSystem.update', values: { systemId: updated[0].systemId, name: updated[0].name } },
        before: systemSnapshot(existing),
        after: systemSnapshot(updated[0]),
      });
      return updated[0];
    })
    .catch(systemIdTaken);
}

/** Deletes all the systems or none, each with its keys (the log row names them); their sends stay in the records. */
export async function deleteSystems(ctx: CallContext, ids: number[]): Promise<UndoTicket> {
  const scope = await roleScope(ctx);
  const ticket = await ctx.services.db.transaction(async (tx) => {
    const rows = await tx.select().from(messageSystem).where(inArray(messageSystem.id, ids)).orderBy(asc(messageSystem.id));
    if (rows.length !== ids.length) throw Errors.notFound('ids');
    if (rows.some((row) => !scope.has(row.deptId))) throw Errors.outOfScope('ids');
    const keys = await tx.select({ id: messageApiKey.id, msgSystemId: messageApiKey.msgSystemId, status: messageApiKey.status }).from(messageApiKey).where(inArray(messageApiKey.msgSystemId, ids));
    const undo = await undoableDelete(ctx, tx, { table: messageSystem, where: inArray(messageSystem.id, ids) });
    await tx.delete(messageSystem).where(inArray(messageSystem.id, ids));
    await ctx.logChange(tx, {
      entryType: 'delete',
      content: { key: 'messageSystem.delete', values: { systemIds: rows.map((row) => row.systemId), keyCount: keys.length } },
      before: rows.map((row) => ({ ...systemSnapshot(row), keyIds: keys.filter((key) => key.msgSystemId === row.id).map((key) => key.id) })),
      after: null,
    });
    return undo;
  });
  return ticket;
}
