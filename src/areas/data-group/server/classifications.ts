import { and, asc, countDistinct, eq, ilike, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { RoleType } from '../../../shared/constants';
import type { api } from '../../../shared/contract';
import type { ParsedInputOf } from '../../../shared/contract/endpoint';
import type { ClassificationRow } from '../contract';
import { filteredScope, roleScope } from '../../../server/auth/scope';
import type { CallContext } from '../../../server/context';
import type { Tx } from '../../../server/db/client';
import { containsPattern, emptyPage, pagedQuery } from '../../../server/db/lists';
import { dataClassification, dept, user, userDataAuthority } from '../../../server/db/schema';
import { Errors } from '../../../server/errors';
import { loadOrgTree } from '../../../server/org-tree';
import { checkNumberFree, missingOrStale, namesOf, NumberKind } from './numbers';
import { undoableDelete } from '../../../server/undo';
import type { UndoTicket } from '../../../shared/contract/undo';

/**
 * Classifications belong to an organisation (offered to its users and those below it) or to none (offered to
 * every user). A role sees those of its organisations and those of none; it changes those of its
 * organisations, and those of none only when it is a role over all organisations.
 */

type ClassificationRecord = typeof dataClassification.$inferSelect;

/** Holders named in a refusal; the message gives the count of all. */
const HOLDERS_NAMED = 5;

function snapshotOf(row: ClassificationRecord, deptName: string) {
  return { id: row.id, name: row.name, number: row.number, type: row.type, deptId: row.deptId, deptName, remark: row.remark, version: row.version };
}

// Spelled out: drizzle leaves a column of the selected table unqualified, which inside the subquery would name the authority's own id.
const holderCount = sql<number>`(select count(distinct a.user_id) from sys_user_data_authority a where a.classification_id = sys_data_classification.id)`.mapWith(Number);
const rowColumns = { row: dataClassification, deptName: dept.name, holderCount };

function rowOf({ row, deptName, holderCount: holders }: { row: ClassificationRecord; deptName: string | null; holderCount: number }): ClassificationRow {
  return {
    id: row.id,
    name: row.name,
    number: row.number,
    type: row.type,
    deptId: row.deptId,
    deptName: deptName ?? '',
    remark: row.remark,
    holderCount: holders,
    createTime: row.createTime.toISOString(),
    version: row.version,
  };
}

/** What the call's role may do with a classification owned by `deptId`, from its organisations read before any transaction. */
interface Reach {
  scope: ReadonlySet<number>;
  allOrganisations: boolean;
}

async function reachOf(ctx: CallContext): Promise<Reach> {
  return { scope: await roleScope(ctx), allOrganisations: ctx.requireRole().roleType === RoleType.AllOrganisations };
}

function sees(reach: Reach, deptId: number | null): boolean {
  return deptId === null || reach.scope.has(deptId);
}

function changes(reach: Reach, deptId: number | null): boolean {
  return deptId === null ? reach.allOrganisations : reach.scope.has(deptId);
}

export async function listClassifications(ctx: CallContext, input: ParsedInputOf<typeof api.dataGroup.classificationList>) {
  const { db } = ctx.services;
  const conditions: SQL[] = [];
  if (input.deptId) {
    const owners = await filteredScope(ctx, input.deptId);
    if (owners.length === 0) return emptyPage<ClassificationRow>(input);
    conditions.push(inArray(dataClassification.deptId, owners));
  } else {
    const scope = [...(await roleScope(ctx))];
    conditions.push(scope.length > 0 ? or(isNull(dataClassification.deptId), inArray(dataClassification.deptId, scope))! : isNull(dataClassification.deptId));
  }
  if (input.name) conditions.push(ilike(dataClassification.name, containsPattern(input.name)));
  if (input.number) conditions.push(ilike(dataClassification.number, containsPattern(input.number)));
  if (input.type) conditions.push(ilike(dataClassification.type, containsPattern(input.type)));
  return pagedQuery(db, input, {
    rows: db.select(rowColumns).from(dataClassification).leftJoin(dept, eq(dept.deptId, dataClassification.deptId)).$dynamic(),
    counted: dataClassification,
    where: and(...conditions),
    orderBy: [asc(dataClassification.number), asc(dataClassification.id)],
    records: (rows) => rows.map(rowOf),
  });
}

async function recordById(db: Tx, id: number) {
  return (await db.select(rowColumns).from(dataClassification).leftJoin(dept, eq(dept.deptId, dataClassification.deptId)).where(eq(dataClassification.id, id)).limit(1))[0];
}

export async function classificationInfo(ctx: CallContext, id: number): Promise<ClassificationRow> {
  const reach = await reachOf(ctx);
  const found = await recordById(ctx.services.db, id);
  if (!found) throw Errors.notFound('id');
  if (!sees(reach, found.row.deptId)) throw Errors.outOfScope('id');
  return rowOf(found);
}

/** The owner a form names: none only for a role over all organisations, else one of the role's organisations. */
function checkOwner(reach: Reach, deptId: number | null): void {
  if (deptId === null && !reach.allOrganisations) throw Errors.invalid('deptId', 'validation.classificationOwnerRequired');
  if (deptId !== null && !reach.scope.has(deptId)) throw Errors.outOfScope('deptId');
}

/**
 * The users whose data authority holds the classification (only those outside the organisations
 * `outsideOf` when given): their count, and the names of the first few inside the caller's organisations,
 * so a refusal names no one the caller cannot see.
 */
async function holders(tx: Tx, classificationId: number, scope: ReadonlySet<number>, outsideOf: readonly number[] | null): Promise<{ names: string; count: number } | null> {
  const conditions: SQL[] = [eq(userDataAuthority.classificationId, classificationId)];
  if (outsideOf) conditions.push(outsideOf.length > 0 ? or(isNull(user.deptId), notInArray(user.deptId, [...outsideOf]))! : sql`true`);
  const where = and(...conditions);
  const [total] = await tx
    .select({ n: countDistinct(userDataAuthority.userId) })
    .from(userDataAuthority)
    .innerJoin(user, eq(user.userId, userDataAuthority.userId))
    .where(where);
  const all = Number(total?.n ?? 0);
  if (all === 0) return null;
  const visible = scope.size > 0 ? and(where, inArray(user.deptId, [...scope])) : sql`false`;
  const named = await tx
    .selectDistinct({ name: user.name, username: user.username })
    .from(userDataAuthority)
    .innerJoin(user, eq(user.userId, userDataAuthority.userId))
    .where(visible)
    .orderBy(asc(user.username))
    .limit(HOLDERS_NAMED);
  return namesOf(
    named.map((u) => `${u.name} (${u.username})`),
    all,
  );
}

export async function addClassification(ctx: CallContext, form: ParsedInputOf<typeof api.dataGroup.classificationAdd>) {
  const session = ctx.requireSession();
  const reach = await reachOf(ctx);
  checkOwner(reach, form.deptId);
  const now = ctx.services.now();
  return ctx.services.db.transaction(async (tx) => {
    await checkNumberFree(tx, NumberKind.classification, dataClassification, form.number, null);
    const row = (
      await tx
        .insert(dataClassification)
        .values({ name: form.name, number: form.number, type: form.type, deptId: form.deptId, remark: form.remark, createBy: session.userId, createTime: now, updateTime: now })
        .returning()
    )[0]!;
    const deptName = (await recordById(tx, row.id))?.deptName ?? '';
    await ctx.logChange(tx, { entryType: 'add', content: { key: 'classification.add', values: { number: row.number, name: row.name } }, before: null, after: snapshotOf(row, deptName) });
    return { id: row.id, version: row.version };
  });
}

export async function updateClassification(ctx: CallContext, form: ParsedInputOf<typeof api.dataGroup.classificationUpdate>) {
  const reach = await reachOf(ctx);
  checkOwner(reach, form.deptId);
  const { db } = ctx.services;
  const orgs = await loadOrgTree(db);
  const now = ctx.services.now();
  return db.transaction(async (tx) => {
    const before = await recordById(tx, form.id);
    if (!before) throw Errors.notFound('id');
    if (!changes(reach, before.row.deptId)) throw Errors.outOfScope('id');
    await checkNumberFree(tx, NumberKind.classification, dataClassification, form.number, form.id);
    if (form.deptId !== null && form.deptId !== before.row.deptId) {
      // A user may hold only the classifications of their organisation and those above it (the user form's rule).
      const stranded = await holders(tx, form.id, reach.scope, orgs.subtree(form.deptId));
      if (stranded) throw Errors.invalid('deptId', stranded.names ? 'error.classificationOwnerStrands' : 'error.classificationOwnerStrandsElsewhere', { users: stranded.names, count: stranded.count });
    }
    const updated = await tx
      .update(dataClassification)
      .set({ name: form.name, number: form.number, type: form.type, deptId: form.deptId, remark: form.remark, updateTime: now, version: sql`${dataClassification.version} + 1` })
      .where(and(eq(dataClassification.id, form.id), eq(dataClassification.version, form.version)))
      .returning();
    if (!updated[0]) return missingOrStale(tx, dataClassification, form.id);
    const after = await recordById(tx, form.id);
    await ctx.logChange(tx, {
      entryType: 'update',
      content: { key: 'classification.update', values: { number: updated[0].number, name: updated[0].name } },
      before: snapshotOf(before.row, before.deptName ?? ''),
      after: snapshotOf(updated[0], after?.deptName ?? ''),
    });
    return { id: updated[0].id, version: updated[0].version };
  });
}

export async function deleteClassifications(ctx: CallContext, ids: readonly number[]): Promise<UndoTicket> {
  const reach = await reachOf(ctx);
  return ctx.services.db.transaction(async (tx) => {
    // Locks the classifications: a user save granting one waits for the delete, so no holder appears after the check.
    const found = await tx
      .select()
      .from(dataClassification)
      .where(inArray(dataClassification.id, [...ids]))
      .orderBy(asc(dataClassification.id))
      .for('update');
    if (found.length !== ids.length) throw Errors.notFound('ids');
    if (found.some((row) => !changes(reach, row.deptId))) throw Errors.outOfScope('ids');
    for (const row of found) {
      const held = await holders(tx, row.id, reach.scope, null);
      if (held) throw Errors.inUse(held.names ? 'error.classificationInUse' : 'error.classificationInUseElsewhere', { name: `${row.name} (${row.number})`, users: held.names, count: held.count });
    }
    const names = new Map(
      (
        await tx
          .select({ id: dataClassification.id, deptName: dept.name })
          .from(dataClassification)
          .leftJoin(dept, eq(dept.deptId, dataClassification.deptId))
          .where(inArray(dataClassification.id, [...ids]))
      ).map((r) => [r.id, r.deptName ?? '']),
    );
    const undo = await undoableDelete(ctx, tx, { table: dataClassification, where: inArray(dataClassification.id, [...ids]) });
    await tx.delete(dataClassification).where(inArray(dataClassification.id, [...ids]));
    for (const row of found)
      await ctx.logChange(tx, {
        entryType: 'delete',
        content: { key: 'classification.delete', values: { number: row.number, name: row.name } },
        before: snapshotOf(row, names.get(row.id) ?? ''),
        after: null,
      });
    return undo;
  });
}
