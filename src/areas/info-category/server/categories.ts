import { and, asc, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { api } from '../../../shared/contract';
import type { ParsedInputOf } from '../../../shared/contract/endpoint';
import { InfoSwitch, type CategoryRecord } from '../contract';
import type { CallContext } from '../../../server/context';
import type { Tx } from '../../../server/db/client';
import { SqlState, violatedConstraint } from '../../../server/db/errors';
import { containsPattern, emptyPage, pagedQuery } from '../../../server/db/lists';
import { infoArticle, infoCategory } from '../../../server/db/schema';
import { AppError, Errors } from '../../../server/errors';
import { ResponseCode } from '../../../shared/codes';
import { checkSystem, infoSystemsOf } from './systems';
import { undoableDelete } from '../../../server/undo';
import type { UndoTicket } from '../../../shared/contract/undo';

type CategoryRow = typeof infoCategory.$inferSelect;
type CategoryForm = ParsedInputOf<typeof api.infoCategory.add>;

const NAME_CONSTRAINT = 'info_category_name_uq';

/** What the operation log keeps of a category. */
function snapshotOf(row: CategoryRow) {
  return { id: row.id, systemCode: row.systemMenuId, name: row.name, haveImage: row.haveImage, imageDesc: row.imageDesc, enable: row.enable, version: row.version };
}

const articleCount = sql<number>`(select count(*) from ${infoArticle} where ${infoArticle.classificationId} = ${infoCategory.id})::int`;

function recordOf(row: CategoryRow, systemName: string, count: number): CategoryRecord {
  return {
    id: row.id,
    systemCode: row.systemMenuId,
    systemName,
    name: row.name,
    haveImage: row.haveImage,
    imageDesc: row.imageDesc,
    enable: row.enable,
    articleCount: Number(count),
    createTime: row.createTime.toISOString(),
    version: row.version,
  };
}

/** The stored values of a form: the image description only where the category's articles carry an image. */
function valuesOf(form: CategoryForm) {
  return { systemMenuId: form.systemCode, name: form.name, haveImage: form.haveImage, imageDesc: form.haveImage === InfoSwitch.On ? form.imageDesc : '', enable: form.enable };
}

function nameConflict(error: unknown): never {
  if (violatedConstraint(error, SqlState.UniqueViolation) === NAME_CONSTRAINT) throw Errors.conflict('name');
  throw error;
}

export async function listCategories(ctx: CallContext, input: ParsedInputOf<typeof api.infoCategory.list>) {
  const systems = await infoSystemsOf(ctx);
  if (systems.size === 0) return emptyPage<CategoryRecord>(input);
  const { db } = ctx.services;
  return pagedQuery(db, input, {
    rows: db.select({ row: infoCategory, count: articleCount }).from(infoCategory).$dynamic(),
    counted: infoCategory,
    where: and(inArray(infoCategory.systemMenuId, [...systems.keys()]), input.name ? ilike(infoCategory.name, containsPattern(input.name)) : undefined),
    orderBy: [desc(infoCategory.createTime), desc(infoCategory.id)],
    records: (rows) => rows.map((r) => recordOf(r.row, systems.get(r.row.systemMenuId) ?? '', r.count)),
  });
}

async function categoryById(db: Tx, id: number): Promise<CategoryRow | null> {
  const rows = await db.select().from(infoCategory).where(eq(infoCategory.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function categoryInfo(ctx: CallContext, id: number): Promise<CategoryRecord> {
  const systems = await infoSystemsOf(ctx);
  const rows = await ctx.services.db.select({ row: infoCategory, count: articleCount }).from(infoCategory).where(eq(infoCategory.id, id)).limit(1);
  const found = rows[0];
  if (!found) throw Errors.notFound('id');
  return recordOf(found.row, checkSystem(systems, found.row.systemMenuId, 'id'), found.count);
}

export async function addCategory(ctx: CallContext, form: CategoryForm): Promise<CategoryRow> {
  const session = ctx.requireSession();
  const systems = await infoSystemsOf(ctx);
  checkSystem(systems, form.systemCode);
  return ctx.services.db
    .transaction(async (tx) => {
      const inserted = await tx
        .insert(infoCategory)
        .values({ ...valuesOf(form), createBy: session.userId, createTime: ctx.services.now() })
        .returning();
      const created = inserted[0]!;
      await ctx.logChange(tx, { entryType: 'add', content: { key: 'infoCategory.add', values: { name: created.name } }, before: null, after: snapshotOf(created) });
      return created;
    })
    .catch(nameConflict);
}

export async function updateCategory(ctx: CallContext, form: ParsedInputOf<typeof api.infoCategory.update>): Promise<CategoryRow> {
  const systems = await infoSystemsOf(ctx);
  checkSystem(systems, form.systemCode);
  return ctx.services.db
    .transaction(async (tx) => {
      const existing = await categoryById(tx, form.id);
      if (!existing) throw Errors.notFound('id');
      checkSystem(systems, existing.systemMenuId, 'id');
      if (form.systemCode !== existing.systemMenuId) {
        // Its articles belong to the system they were filed in: a category holding some stays there.
        const filed = await tx.select({ id: infoArticle.id }).from(infoArticle).where(eq(infoArticle.classificationId, existing.id)).limit(1);
        if (filed.length > 0) throw new AppError(ResponseCode.InUse, 'error.categoryMoveWithArticles', { name: existing.name }, 'systemCode');
      }
      const updated = await tx
        .update(infoCategory)
        .set({ ...valuesOf(form), updateTime: ctx.services.now(), version: sql`${infoCategory.version} + 1` })
        .where(and(eq(infoCategory.id, form.id), eq(infoCategory.version, form.version)))
        .returning();
      if (!updated[0]) throw Errors.stale();
      await ctx.logChange(tx, { entryType: 'update', content: { key: 'infoCategory.update', values: { name: updated[0].name } }, before: snapshotOf(existing), after: snapshotOf(updated[0]) });
      return updated[0];
    })
    .catch(nameConflict);
}

/** Deletes all the categories or none: each in the role's systems, none with an article filed under it. */
export async function deleteCategories(ctx: CallContext, ids: number[]): Promise<UndoTicket> {
  const systems = await infoSystemsOf(ctx);
  const ticket = await ctx.services.db.transaction(async (tx) => {
    const rows = await tx.select().from(infoCategory).where(inArray(infoCategory.id, ids)).orderBy(asc(infoCategory.id));
    if (rows.length !== ids.length) throw Errors.notFound('ids');
    for (const row of rows) checkSystem(systems, row.systemMenuId, 'ids');
    const used = await tx.selectDistinct({ id: infoArticle.classificationId }).from(infoArticle).where(inArray(infoArticle.classificationId, ids));
    if (used.length > 0) {
      const usedIds = new Set(used.map((u) => u.id));
      const names = rows.filter((r) => usedIds.has(r.id)).map((r) => r.name);
      throw Errors.inUse('error.categoryInUse', { names: names.join(ctx.t('error.listSeparator')) });
    }
    const undo = await undoableDelete(ctx, tx, { table: infoCategory, where: inArray(infoCategory.id, ids) });
    await tx.delete(infoCategory).where(inArray(infoCategory.id, ids));
    await ctx.logChange(tx, { entryType: 'delete', content: { key: 'infoCategory.delete', values: { names: rows.map((r) => r.name) } }, before: rows.map(snapshotOf), after: null });
    return undo;
  });
  return ticket;
}
