import { and, asc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ResponseCode } from '../../../shared/codes';
import { DictStatus, DictUpdatable, LOCALES, type Locale } from '../../../shared/constants';
import { dictionaryLabel, type DictionaryAncestor, type DictionaryItem, type DictionaryNode, type DictionaryRecord, type DictNameEntry } from '../contract';
import type { api } from '../../../shared/contract';
import type { ParsedInputOf } from '../../../shared/contract/endpoint';
import { rowsOf } from '../../../server/auth/authz';
import type { CallContext } from '../../../server/context';
import type { Tx } from '../../../server/db/client';
import { SqlState, violatedConstraint } from '../../../server/db/errors';
import { containsPattern, pagedQuery } from '../../../server/db/lists';
import { user } from '../../../server/db/schema';
import { dictionary, dictionaryName } from './schema';
import { AppError, Errors } from '../../../server/errors';
import { undoableDelete } from '../../../server/undo';
import type { UndoTicket } from '../../../shared/contract/undo';

export type DictionaryRow = typeof dictionary.$inferSelect;
type Names = Array<{ langId: string; langName: string }>;
type AddForm = ParsedInputOf<typeof api.dictionary.add>;
type UpdateForm = ParsedInputOf<typeof api.dictionary.update>;

/** What the operation log keeps of a node: its stored values and names. */
export interface DictionarySnapshot {
  id: number;
  parentId: number | null;
  dictNo: string;
  dictName: string;
  dictOrder: number;
  status: string;
  updated: string;
  names: Names;
  version: number;
}

const NO_UQ = 'sys_dictionary_no_uq';
const creator = alias(user, 'creator');

export function snapshotOf(row: DictionaryRow, names: Names): DictionarySnapshot {
  return {
    id: row.id,
    parentId: row.parentId,
    dictNo: row.dictNo,
    dictName: row.dictName,
    dictOrder: row.dictOrder,
    status: row.status,
    updated: row.updated,
    names,
    version: row.version,
  };
}

export async function namesOf(db: Tx, ids: readonly number[]): Promise<Map<number, Names>> {
  const byId = new Map<number, Names>();
  if (ids.length === 0) return byId;
  const rows = await db
    .select({ dictId: dictionaryName.dictId, langId: dictionaryName.langId, langName: dictionaryName.langName })
    .from(dictionaryName)
    .where(inArray(dictionaryName.dictId, [...ids]));
  // In the order of the locales, as the form lists them.
  const rank = (langId: string) => (LOCALES as readonly string[]).indexOf(langId);
  for (const row of rows.sort((a, b) => rank(a.langId) - rank(b.langId))) {
    const list = byId.get(row.dictId) ?? [];
    list.push({ langId: row.langId, langName: row.langName });
    byId.set(row.dictId, list);
  }
  return byId;
}

export async function dictionaryById(db: Tx, id: number): Promise<DictionaryRow | null> {
  const rows = await db.select().from(dictionary).where(eq(dictionary.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Every node below the given ones (not the nodes themselves). */
export async function descendantIds(db: Tx, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const result = await db.execute(sql`
    with recursive below as (
      select id from sys_dictionary where parent_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
      union all
      select d.id from sys_dictionary d join below b on d.parent_id = b.id
    )
    select id from below`);
  return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
}

/** The nodes above one, from its dictionary down. */
async function ancestorsOf(db: Tx, row: DictionaryRow, locale: Locale): Promise<DictionaryAncestor[]> {
  if (row.parentId === null) return [];
  const result = await db.execute(sql`
    with recursive above as (
      select id, parent_id, dict_no, dict_name, 0 as depth from sys_dictionary where id = ${row.parentId}
      union all
      select d.id, d.parent_id, d.dict_no, d.dict_name, a.depth + 1 from sys_dictionary d join above a on d.id = a.parent_id
    )
    select id, dict_no, dict_name from above order by depth desc`);
  const rows = rowsOf<{ id: number; dict_no: string; dict_name: string }>(result).map((r) => ({ id: Number(r.id), dictNo: r.dict_no, dictName: r.dict_name }));
  const names = await namesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, label: dictionaryLabel({ dictName: r.dictName, names: names.get(r.id) ?? [] }, locale) }));
}

/** A name filter: the stored name or a name in any language contains the text. */
function nameMatches(text: string): SQL {
  const pattern = containsPattern(text);
  return or(ilike(dictionary.dictName, pattern), sql`exists (select 1 from ${dictionaryName} where ${dictionaryName.dictId} = ${dictionary.id} and ${dictionaryName.langName} ilike ${pattern})`)!;
}

/** Nodes with creator names, as list rows (without children). */
async function listRows(db: Tx, ids: readonly number[], locale: Locale): Promise<Map<number, DictionaryNode>> {
  const out = new Map<number, DictionaryNode>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({ row: dictionary, createByName: creator.name })
    .from(dictionary)
    .leftJoin(creator, eq(creator.userId, dictionary.createBy))
    .where(inArray(dictionary.id, [...ids]))
    .orderBy(asc(dictionary.dictOrder), asc(dictionary.id));
  const names = await namesOf(db, ids);
  for (const { row, createByName } of rows) {
    const own = names.get(row.id) ?? [];
    out.set(row.id, {
      ...snapshotOf(row, own),
      label: dictionaryLabel({ dictName: row.dictName, names: own }, locale),
      createByName: createByName ?? '',
      createTime: row.createTime.toISOString(),
      children: [],
    });
  }
  return out;
}

/** A page of dictionaries (or of a node's items) with everything under each, as trees. */
export async function listDictionaries(ctx: CallContext, input: ParsedInputOf<typeof api.dictionary.list>) {
  const { db } = ctx.services;
  if (input.pid > 0 && !(await dictionaryById(db, input.pid))) throw Errors.notFound('pid');
  const level = input.pid > 0 ? eq(dictionary.parentId, input.pid) : isNull(dictionary.parentId);
  return pagedQuery(db, input, {
    rows: db.select({ id: dictionary.id }).from(dictionary).$dynamic(),
    counted: dictionary,
    where: input.name ? and(level, nameMatches(input.name)) : level,
    orderBy: [asc(dictionary.dictOrder), asc(dictionary.id)],
    records: async (page) => {
      const topIds = page.map((r) => r.id);
      const below = await descendantIds(db, topIds);
      const nodes = await listRows(db, [...topIds, ...below], ctx.locale);
      // Rows come sorted by order: children are appended to their parents in that order.
      for (const node of nodes.values()) {
        if (node.parentId !== null && !topIds.includes(node.id)) nodes.get(node.parentId)?.children.push(node);
      }
      return topIds.map((id) => nodes.get(id)).filter((node): node is DictionaryNode => node !== undefined);
    },
  });
}

export async function dictionaryInfo(ctx: CallContext, id: number): Promise<DictionaryRecord> {
  const { db } = ctx.services;
  const row = await dictionaryById(db, id);
  if (!row) throw Errors.notFound('id');
  const node = (await listRows(db, [id], ctx.locale)).get(id)!;
  const { children: _children, ...rest } = node;
  return { ...rest, ancestors: await ancestorsOf(db, row, ctx.locale) };
}

/** The usable items of a dictionary (a node without a parent, found by its code), named for `locale`. */
export async function dictionaryItems(db: Tx, dictNo: string, locale: Locale): Promise<DictionaryItem[]> {
  const parent = alias(dictionary, 'parent');
  const rows = await db
    .select({ id: dictionary.id, dictNo: dictionary.dictNo, dictName: dictionary.dictName, dictOrder: dictionary.dictOrder })
    .from(dictionary)
    .innerJoin(parent, eq(parent.id, dictionary.parentId))
    .where(and(isNull(parent.parentId), eq(parent.dictNo, dictNo), eq(parent.status, DictStatus.Use), eq(dictionary.status, DictStatus.Use)))
    .orderBy(asc(dictionary.dictOrder), asc(dictionary.id));
  const names = await namesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ id: r.id, dictNo: r.dictNo, dictOrder: r.dictOrder, label: dictionaryLabel({ dictName: r.dictName, names: names.get(r.id) ?? [] }, locale) }));
}

/**
 * How later screens name a stored dictionary value in their lists: item code → name in `locale` (then
 * Chinese, then the stored name), for every item of the dictionary, stopped ones too (old records keep them).
 */
export async function dictionaryLabels(db: Tx, dictNo: string, locale: Locale): Promise<Map<string, string>> {
  const parent = alias(dictionary, 'parent');
  const rows = await db
    .select({ id: dictionary.id, dictNo: dictionary.dictNo, dictName: dictionary.dictName })
    .from(dictionary)
    .innerJoin(parent, eq(parent.id, dictionary.parentId))
    .where(and(isNull(parent.parentId), eq(parent.dictNo, dictNo)));
  const names = await namesOf(
    db,
    rows.map((r) => r.id),
  );
  return new Map(rows.map((r) => [r.dictNo, dictionaryLabel({ dictName: r.dictName, names: names.get(r.id) ?? [] }, locale)]));
}

export async function writeNames(tx: Tx, dictId: number, names: readonly DictNameEntry[]): Promise<void> {
  await tx.delete(dictionaryName).where(eq(dictionaryName.dictId, dictId));
  if (names.length > 0) await tx.insert(dictionaryName).values(names.map((name) => ({ dictId, langId: name.langId, langName: name.langName })));
}

/** A code already used by a sibling, met at the unique index (also when two saves race). */
export function dictNoConflict(error: unknown): never {
  if (violatedConstraint(error, SqlState.UniqueViolation) === NO_UQ) throw Errors.conflict('dictNo');
  throw error;
}

function valuesOf(form: Omit<AddForm, 'parentId'>) {
  return { dictNo: form.dictNo, dictName: form.dictName, dictOrder: form.dictOrder, status: form.status, updated: form.updated };
}

export async function addDictionary(ctx: CallContext, form: AddForm): Promise<DictionarySnapshot> {
  const session = ctx.requireSession();
  const { db } = ctx.services;
  const created = await db
    .transaction(async (tx) => {
      const parentId = form.parentId ?? null;
      if (parentId !== null && !(await dictionaryById(tx, parentId))) throw Errors.invalid('parentId', 'error.notFound');
      const inserted = await tx
        .insert(dictionary)
        .values({ ...valuesOf(form), parentId, createBy: session.userId, createTime: ctx.services.now() })
        .returning();
      const row = inserted[0]!;
      await writeNames(tx, row.id, form.names);
      const snapshot = snapshotOf(row, form.names);
      await ctx.logChange(tx, { entryType: 'add', content: { key: 'dictionary.add', values: { dictNo: snapshot.dictNo, dictName: snapshot.dictName } }, before: null, after: snapshot });
      return snapshot;
    })
    .catch(dictNoConflict);
  return created;
}

/** A node marked not updatable (updated '0') keeps its values: the server refuses to change it. */
export function lockedError(row: Pick<DictionaryRow, 'dictNo' | 'dictName'>, key: 'error.dictionaryLocked' | 'error.dictionaryLockedDelete'): AppError {
  return new AppError(ResponseCode.CallerError, key, { name: `${row.dictName} (${row.dictNo})` });
}

export async function updateDictionary(ctx: CallContext, form: UpdateForm): Promise<DictionarySnapshot> {
  const session = ctx.requireSession();
  const { db } = ctx.services;
  const { after } = await db
    .transaction(async (tx) => {
      const existing = await dictionaryById(tx, form.id);
      if (!existing) throw Errors.notFound('id');
      if (existing.updated === DictUpdatable.No) throw lockedError(existing, 'error.dictionaryLocked');
      const oldNames = (await namesOf(tx, [existing.id])).get(existing.id) ?? [];
      const updated = await tx
        .update(dictionary)
        .set({ ...valuesOf(form), updateBy: session.userId, updateTime: ctx.services.now(), version: sql`${dictionary.version} + 1` })
        .where(and(eq(dictionary.id, form.id), eq(dictionary.version, form.version)))
        .returning();
      if (!updated[0]) throw Errors.stale();
      await writeNames(tx, existing.id, form.names);
      const change = { before: snapshotOf(existing, oldNames), after: snapshotOf(updated[0], form.names) };
      await ctx.logChange(tx, { entryType: 'update', content: { key: 'dictionary.update', values: { dictNo: change.after.dictNo, dictName: change.after.dictName } }, ...change });
      return change;
    })
    .catch(dictNoConflict);
  return after;
}

/** Deletes the nodes and everything under them, all or nothing; a node marked not updatable is never deleted. */
export async function deleteDictionaries(ctx: CallContext, ids: number[]): Promise<UndoTicket> {
  const { db } = ctx.services;
  const ticket = await db.transaction(async (tx) => {
    const chosen = await tx.select().from(dictionary).where(inArray(dictionary.id, ids));
    if (chosen.length !== ids.length) throw Errors.notFound('ids');
    const below = await descendantIds(tx, ids);
    const all = [...new Set([...ids, ...below])];
    const rows = all.length === chosen.length ? chosen : await tx.select().from(dictionary).where(inArray(dictionary.id, all));
    const locked = rows.find((row) => row.updated === DictUpdatable.No);
    if (locked) throw lockedError(locked, 'error.dictionaryLockedDelete');
    const names = await namesOf(tx, all);
    const undo = await undoableDelete(ctx, tx, { table: dictionary, where: inArray(dictionary.id, ids) });
    await tx.delete(dictionary).where(inArray(dictionary.id, ids));
    const removed = rows.map((row) => snapshotOf(row, names.get(row.id) ?? []));
    await ctx.logChange(tx, { entryType: 'delete', content: { key: 'dictionary.delete', values: { dictNos: removed.map((r) => r.dictNo) } }, before: removed, after: null });
    return undo;
  });
  return ticket;
}
