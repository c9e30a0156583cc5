import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { SNAPSHOT_TABLES, type EntryReference } from '../contract';
import { referencesOf, type ReferenceKind } from '../../../shared/contract/snapshot-fields';
import type { CallContext } from '../../../server/context';
import type { Tx } from '../../../server/db/client';
import { dataClassification, dept, file, infoCategory, menu, messageSystem, operationLog, role, user } from '../../../server/db/schema';
import { dataGroup, dictionary, dictionaryName } from '../../../server/db/tables';
import { Errors } from '../../../server/errors';

/** Where each kind of record keeps its id and its name. */
const NAMED: Record<ReferenceKind, { table: PgTable; id: PgColumn; name: PgColumn }> = {
  dept: { table: dept, id: dept.deptId, name: dept.name },
  role: { table: role, id: role.roleId, name: role.roleName },
  menu: { table: menu, id: menu.menuId, name: menu.name },
  dictionary: { table: dictionary, id: dictionary.id, name: dictionary.dictName },
  user: { table: user, id: user.userId, name: user.name },
  dataGroup: { table: dataGroup, id: dataGroup.id, name: dataGroup.name },
  dataClassification: { table: dataClassification, id: dataClassification.id, name: dataClassification.name },
  infoCategory: { table: infoCategory, id: infoCategory.id, name: infoCategory.name },
  messageSystem: { table: messageSystem, id: messageSystem.id, name: messageSystem.name },
  file: { table: file, id: file.fileId, name: file.name },
};

async function namesOf(db: Tx, kind: ReferenceKind, ids: readonly number[]): Promise<Map<number, string>> {
  const { table, id, name } = NAMED[kind];
  const rows = (await db
    .select({ id, name })
    .from(table)
    .where(inArray(id, [...ids]))) as Array<{ id: number; name: string }>;
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Dictionary entries by their name in the reader's language, the stored name where it has none. */
async function dictionaryNamesOf(db: Tx, locale: string, ids: readonly number[]): Promise<Map<number, string>> {
  const names = await namesOf(db, 'dictionary', ids);
  const local = await db
    .select({ dictId: dictionaryName.dictId, langName: dictionaryName.langName })
    .from(dictionaryName)
    .where(and(inArray(dictionaryName.dictId, [...ids]), eq(dictionaryName.langId, locale)));
  for (const row of local) if (row.langName) names.set(row.dictId, row.langName);
  return names;
}

/**
 * The records an operation-log entry's before and after values name by id (organisations, roles, menus …, as
 * the contract's snapshot tables say), each with its name now in the reader's language (menus through the
 * multilingual-text table), or null when it has been deleted since. Only an entry the role may read: one of its
 * organisations' operators, as the list shows (`visible`).
 */
export async function entryReferences(ctx: CallContext, id: number, visible: SQL | undefined): Promise<EntryReference[]> {
  const db = ctx.services.db;
  const rows = await db
    .select({ before: operationLog.beforeOperation, after: operationLog.afterOperation })
    .from(operationLog)
    .where(and(eq(operationLog.id, id), visible))
    .limit(1);
  const entry = rows[0];
  if (!entry) {
    // As the export says of a row it may not read: outside the role's organisations, not missing.
    const exists = await db.select({ id: operationLog.id }).from(operationLog).where(eq(operationLog.id, id)).limit(1);
    throw exists.length > 0 ? Errors.outOfScope('id') : Errors.notFound('id');
  }
  const wanted = referencesOf(SNAPSHOT_TABLES, entry.after, referencesOf(SNAPSHOT_TABLES, entry.before));
  const out: EntryReference[] = [];
  for (const [kind, idSet] of wanted) {
    const ids = [...idSet].sort((a, b) => a - b);
    if (ids.length === 0) continue;
    const names = kind === 'dictionary' ? await dictionaryNamesOf(db, ctx.locale, ids) : await namesOf(db, kind, ids);
    for (const refId of ids) {
      const name = names.get(refId);
      out.push({ kind, id: refId, name: name === undefined ? null : kind === 'menu' ? await ctx.services.translations.translate(ctx.locale, name) : name });
    }
  }
  return out;
}
