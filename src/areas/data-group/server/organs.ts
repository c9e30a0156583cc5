import { and, asc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { api } from '../../../shared/contract';
import type { ParsedInputOf } from '../../../shared/contract/endpoint';
import type { OrganRow } from '../contract';
import type { CallContext } from '../../../server/context';
import type { Tx } from '../../../server/db/client';
import { containsPattern, pagedQuery } from '../../../server/db/lists';
import { dataGroup, dataOrgan } from './schema';
import { Errors } from '../../../server/errors';
import { checkNumberFree, missingOrStale, NumberKind } from './numbers';
import { undoableDelete } from '../../../server/undo';
import type { UndoTicket } from '../../../shared/contract/undo';

type OrganRecord = typeof dataOrgan.$inferSelect;

function snapshotOf(row: OrganRecord, groupName: string) {
  return { id: row.id, name: row.name, number: row.number, groupId: row.groupId, groupName, remark: row.remark, version: row.version };
}

const rowColumns = { organ: dataOrgan, groupName: dataGroup.name };

function rowOf({ organ, groupName }: { organ: OrganRecord; groupName: string | null }): OrganRow {
  return {
    id: organ.id,
    name: organ.name,
    number: organ.number,
    groupId: organ.groupId,
    groupName: groupName ?? '',
    remark: organ.remark,
    createTime: organ.createTime.toISOString(),
    version: organ.version,
  };
}

export async function listOrgans(ctx: CallContext, input: ParsedInputOf<typeof api.dataGroup.organList>) {
  const { db } = ctx.services;
  const conditions: SQL[] = [];
  if (input.name) conditions.push(ilike(dataOrgan.name, containsPattern(input.name)));
  if (input.number) conditions.push(ilike(dataOrgan.number, containsPattern(input.number)));
  if (input.groupId) conditions.push(eq(dataOrgan.groupId, input.groupId));
  return pagedQuery(db, input, {
    rows: db.select(rowColumns).from(dataOrgan).leftJoin(dataGroup, eq(dataGroup.id, dataOrgan.groupId)).$dynamic(),
    counted: dataOrgan,
    where: and(...conditions),
    orderBy: [asc(dataOrgan.number), asc(dataOrgan.id)],
    records: (rows) => rows.map(rowOf),
  });
}

export async function organInfo(ctx: CallContext, id: number): Promise<OrganRow> {
  const row = (await ctx.services.db.select(rowColumns).from(dataOrgan).leftJoin(dataGroup, eq(dataGroup.id, dataOrgan.groupId)).where(eq(dataOrgan.id, id)).limit(1))[0];
  if (!row) throw Errors.notFound('id');
  return rowOf(row);
}

/** The organ's group, locked against a delete until the save commits (a deleted group is refused by name, not by a foreign-key failure). */
async function lockedGroup(tx: Tx, groupId: number): Promise<{ name: string }> {
  const group = (await tx.select({ name: dataGroup.name }).from(dataGroup).where(eq(dataGroup.id, groupId)).limit(1).for('share'))[0];
  if (!group) throw Errors.notFound('groupId');
  return group;
}

export async function addOrgan(ctx: CallContext, form: ParsedInputOf<typeof api.dataGroup.organAdd>) {
  const session = ctx.requireSession();
  const now = ctx.services.now();
  return ctx.services.db.transaction(async (tx) => {
    const group = await lockedGroup(tx, form.groupId);
    await checkNumberFree(tx, NumberKind.organ, dataOrgan, form.number, null);
    const row = (
      await tx.insert(dataOrgan).values({ name: form.name, number: form.number, groupId: form.groupId, remark: form.remark, createBy: session.userId, createTime: now, updateTime: now }).returning()
    )[0]!;
    await ctx.logChange(tx, { entryType: 'add', content: { key: 'organ.add', values: { number: row.number, name: row.name, group: group.name } }, before: null, after: snapshotOf(row, group.name) });
    return { id: row.id, version: row.version };
  });
}

export async function updateOrgan(ctx: CallContext, form: ParsedInputOf<typeof api.dataGroup.organUpdate>) {
  const now = ctx.services.now();
  return ctx.services.db.transaction(async (tx) => {
    const before = (await tx.select(rowColumns).from(dataOrgan).leftJoin(dataGroup, eq(dataGroup.id, dataOrgan.groupId)).where(eq(dataOrgan.id, form.id)).limit(1))[0];
    if (!before) throw Errors.notFound('id');
    const group = await lockedGroup(tx, form.groupId);
    await checkNumberFree(tx, NumberKind.organ, dataOrgan, form.number, form.id);
    const updated = await tx
      .update(dataOrgan)
      .set({ name: form.name, number: form.number, groupId: form.groupId, remark: form.remark, updateTime: now, version: sql`${dataOrgan.version} + 1` })
      .where(and(eq(dataOrgan.id, form.id), eq(dataOrgan.version, form.version)))
      .returning();
    if (!updated[0]) return missingOrStale(tx, dataOrgan, form.id);
    await ctx.logChange(tx, {
      entryType: 'update',
      content: { key: 'organ.update', values: { number: updated[0].number, name: updated[0].name } },
      before: snapshotOf(before.organ, before.groupName ?? ''),
      after: snapshotOf(updated[0], group.name),
    });
    return { id: updated[0].id, version: updated[0].version };
  });
}

export async function deleteOrgans(ctx: CallContext, ids: readonly number[]): Promise<UndoTicket> {
  return ctx.services.db.transaction(async (tx) => {
    const organs = await tx
      .select(rowColumns)
      .from(dataOrgan)
      .leftJoin(dataGroup, eq(dataGroup.id, dataOrgan.groupId))
      .where(inArray(dataOrgan.id, [...ids]))
      .orderBy(asc(dataOrgan.id));
    if (organs.length !== ids.length) throw Errors.notFound('ids');
    const undo = await undoableDelete(ctx, tx, { table: dataOrgan, where: inArray(dataOrgan.id, [...ids]) });
    await tx.delete(dataOrgan).where(inArray(dataOrgan.id, [...ids]));
    for (const { organ, groupName } of organs)
      await ctx.logChange(tx, { entryType: 'delete', content: { key: 'organ.delete', values: { number: organ.number, name: organ.name } }, before: snapshotOf(organ, groupName ?? ''), after: null });
    return undo;
  });
}
