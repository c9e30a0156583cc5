import { and, asc, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { api } from '../../../shared/contract';
import type { ParsedInputOf } from '../../../shared/contract/endpoint';
import type { GroupOption, GroupRow } from '../contract';
import type { CallContext } from '../../../server/context';
import type { Tx } from '../../../server/db/client';
import { containsPattern, pagedQuery } from '../../../server/db/lists';
import { dataGroup, dataOrgan } from './schema';
import { Errors } from '../../../server/errors';
import { checkNumberFree, missingOrStale, namesOf, NumberKind } from './numbers';
import { undoableDelete } from '../../../server/undo';
import type { UndoTicket } from '../../../shared/contract/undo';

type GroupRecord = typeof dataGroup.$inferSelect;

/** Organs named in a delete refusal; the message gives the count of all. */
const USES_NAMED = 5;

function snapshotOf(row: GroupRecord) {
  return { id: row.id, name: row.name, number: row.number, remark: row.remark, version: row.version };
}

// Spelled out: drizzle leaves a column of the selected table unqualified, which inside the subquery would name the organ's own id.
const organCount = sql<number>`(select count(*) from sys_data_organ o where o.group_id = sys_data_group.id)`.mapWith(Number);

function rowOf(row: GroupRecord & { organCount: number }): GroupRow {
  return { id: row.id, name: row.name, number: row.number, remark: row.remark, organCount: row.organCount, createTime: row.createTime.toISOString(), version: row.version };
}

const listColumns = {
  id: dataGroup.id,
  name: dataGroup.name,
  number: dataGroup.number,
  remark: dataGroup.remark,
  createBy: dataGroup.createBy,
  createTime: dataGroup.createTime,
  updateTime: dataGroup.updateTime,
  version: dataGroup.version,
  organCount,
};

export async function listGroups(ctx: CallContext, input: ParsedInputOf<typeof api.dataGroup.groupList>) {
  const { db } = ctx.services;
  const conditions: SQL[] = [];
  if (input.name) conditions.push(ilike(dataGroup.name, containsPattern(input.name)));
  if (input.number) conditions.push(ilike(dataGroup.number, containsPattern(input.number)));
  return pagedQuery(db, input, {
    rows: db.select(listColumns).from(dataGroup).$dynamic(),
    counted: dataGroup,
    where: and(...conditions),
    orderBy: [asc(dataGroup.number), asc(dataGroup.id)],
    records: (rows) => rows.map(rowOf),
  });
}

export async function groupOptions(ctx: CallContext): Promise<GroupOption[]> {
  return ctx.services.db.select({ id: dataGroup.id, name: dataGroup.name, number: dataGroup.number }).from(dataGroup).orderBy(asc(dataGroup.number), asc(dataGroup.id));
}

export async function groupInfo(ctx: CallContext, id: number): Promise<GroupRow> {
  const row = (await ctx.services.db.select(listColumns).from(dataGroup).where(eq(dataGroup.id, id)).limit(1))[0];
  if (!row) throw Errors.notFound('id');
  return rowOf(row);
}

export async function addGroup(ctx: CallContext, form: ParsedInputOf<typeof api.dataGroup.groupAdd>) {
  const session = ctx.requireSession();
  const now = ctx.services.now();
  return ctx.services.db.transaction(async (tx) => {
    await checkNumberFree(tx, NumberKind.group, dataGroup, form.number, null);
    const row = (await tx.insert(dataGroup).values({ name: form.name, number: form.number, remark: form.remark, createBy: session.userId, createTime: now, updateTime: now }).returning())[0]!;
    await ctx.logChange(tx, { entryType: 'add', content: { key: 'dataGroup.add', values: { number: row.number, name: row.name } }, before: null, after: snapshotOf(row) });
    return { id: row.id, version: row.version };
  });
}

export async function updateGroup(ctx: CallContext, form: ParsedInputOf<typeof api.dataGroup.groupUpdate>) {
  const now = ctx.services.now();
  return ctx.services.db.transaction(async (tx) => {
    const before = (await tx.select().from(dataGroup).where(eq(dataGroup.id, form.id)).limit(1))[0];
    if (!before) throw Errors.notFound('id');
    await checkNumberFree(tx, NumberKind.group, dataGroup, form.number, form.id);
    const updated = await tx
      .update(dataGroup)
      .set({ name: form.name, number: form.number, remark: form.remark, updateTime: now, version: sql`${dataGroup.version} + 1` })
      .where(and(eq(dataGroup.id, form.id), eq(dataGroup.version, form.version)))
      .returning();
    if (!updated[0]) return missingOrStale(tx, dataGroup, form.id);
    await ctx.logChange(tx, {
      entryType: 'update',
      content: { key: 'dataGroup.update', values: { number: updated[0].number, name: updated[0].name } },
      before: snapshotOf(before),
      after: snapshotOf(updated[0]),
    });
    return { id: updated[0].id, version: updated[0].version };
  });
}

/** Refuses the delete of a group that organs still belong to, naming the first few of them. */
async function checkGroupsUnused(tx: Tx, groups: readonly GroupRecord[]): Promise<void> {
  for (const group of groups) {
    const organs = await tx.select({ name: dataOrgan.name, number: dataOrgan.number }).from(dataOrgan).where(eq(dataOrgan.groupId, group.id)).orderBy(asc(dataOrgan.number)).limit(USES_NAMED);
    if (organs.length === 0) continue;
    const [total] = await tx.select({ n: count() }).from(dataOrgan).where(eq(dataOrgan.groupId, group.id));
    const named = namesOf(
      organs.map((o) => `${o.name} (${o.number})`),
      Number(total?.n ?? organs.length),
    );
    throw Errors.inUse('error.groupInUse', { group: `${group.name} (${group.number})`, organs: named.names, count: named.count });
  }
}

export async function deleteGroups(ctx: CallContext, ids: readonly number[]): Promise<UndoTicket> {
  return ctx.services.db.transaction(async (tx) => {
    // Locks the groups so no organ can join one between the check and the delete.
    const groups = await tx
      .select()
      .from(dataGroup)
      .where(inArray(dataGroup.id, [...ids]))
      .orderBy(asc(dataGroup.id))
      .for('update');
    if (groups.length !== ids.length) throw Errors.notFound('ids');
    await checkGroupsUnused(tx, groups);
    const undo = await undoableDelete(ctx, tx, { table: dataGroup, where: inArray(dataGroup.id, [...ids]) });
    await tx.delete(dataGroup).where(inArray(dataGroup.id, [...ids]));
    for (const group of groups)
      await ctx.logChange(tx, { entryType: 'delete', content: { key: 'dataGroup.delete', values: { number: group.number, name: group.name } }, before: snapshotOf(group), after: null });
    return undo;
  });
}
