import { and, asc, count, desc, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { FilePurpose } from '../../../shared/constants';
import type { api } from '../../../shared/contract';
import type { ParsedInputOf } from '../../../shared/contract/endpoint';
import { fileApiUrl } from '../../../shared/contract/file';
import { InfoSwitch } from '../../info-category/contract';
import type { ArticleCategory, ArticleRecord, ArticleRow } from '../contract';
import { ApiKeyStatus } from '../../system-api-key/contract';
import type { CallContext } from '../../../server/context';
import type { Tx } from '../../../server/db/client';
import { containsPattern, emptyPage, pagedQuery } from '../../../server/db/lists';
import { file, infoArticle, infoCategory, user } from '../../../server/db/schema';
import { systemApiKey } from '../../../server/db/tables';
import { Errors } from '../../../server/errors';
import { checkAttachable, deleteIfUnreferenced, ownUnusedUploads } from '../../../server/platform/file/files';
import { contentShowsFile } from '../../../server/platform/file/content-references';
import { checkSystem, infoSystemsOf } from '../../info-category/server';
import { hasVisibleContent, sanitizeArticleHtml, storedImageIds } from '../../../server/rich-text/sanitize';
import { undoableDelete } from '../../../server/undo';
import type { UndoTicket } from '../../../shared/contract/undo';

type ArticleTableRow = typeof infoArticle.$inferSelect;
type ArticleForm = ParsedInputOf<typeof api.information.add>;

/**
 * Information articles (spec 001 §7 Information): each in one of the role's systems, filed under a category
 * of that system, published through one of its API keys. Content is sanitised before it is stored; the
 * images it shows must be stored article images.
 */

/** The list's order (spec: pinned first, then sort, then the newest). */
export const ARTICLE_ORDER: SQL[] = [desc(infoArticle.top), asc(infoArticle.sort), desc(infoArticle.createTime), desc(infoArticle.id)];

/** What the operation log keeps of an article; the content is clipped by the log's own fitter. */
function snapshotOf(row: ArticleTableRow) {
  return {
    id: row.id,
    systemCode: row.systemMenuId,
    apiKey: row.apiKey,
    classificationId: row.classificationId,
    typeCode: row.typeCode,
    title: row.title,
    keywords: row.keywords,
    sort: row.sort,
    display: row.display,
    top: row.top,
    imageId: row.imageId,
    content: row.content,
    version: row.version,
  };
}

const rowColumns = { article: infoArticle, classificationName: infoCategory.name, createName: user.name };

function rowOf(found: { article: ArticleTableRow; classificationName: string; createName: string | null }, systemName: string): ArticleRow {
  const a = found.article;
  return {
    id: a.id,
    systemCode: a.systemMenuId,
    systemName,
    apiKey: a.apiKey,
    classificationId: a.classificationId,
    classificationName: found.classificationName,
    typeCode: a.typeCode,
    title: a.title,
    keywords: a.keywords,
    sort: a.sort,
    display: a.display,
    top: a.top,
    createName: found.createName ?? '',
    createTime: a.createTime.toISOString(),
    version: a.version,
  };
}

export async function listArticles(ctx: CallContext, input: ParsedInputOf<typeof api.information.list>) {
  const systems = await infoSystemsOf(ctx);
  if (systems.size === 0) return emptyPage<ArticleRow>(input);
  const { db } = ctx.services;
  return pagedQuery(db, input, {
    rows: db.select(rowColumns).from(infoArticle).innerJoin(infoCategory, eq(infoCategory.id, infoArticle.classificationId)).leftJoin(user, eq(user.userId, infoArticle.createBy)).$dynamic(),
    counted: db.select({ total: count() }).from(infoArticle).innerJoin(infoCategory, eq(infoCategory.id, infoArticle.classificationId)).$dynamic(),
    where: and(
      inArray(infoArticle.systemMenuId, [...systems.keys()]),
      input.title ? ilike(infoArticle.title, containsPattern(input.title)) : undefined,
      input.classificationName ? ilike(infoCategory.name, containsPattern(input.classificationName)) : undefined,
    ),
    orderBy: ARTICLE_ORDER,
    records: (rows) => rows.map((r) => rowOf(r, systems.get(r.article.systemMenuId) ?? '')),
  });
}

export async function articleInfo(ctx: CallContext, id: number): Promise<ArticleRecord> {
  const systems = await infoSystemsOf(ctx);
  const rows = await ctx.services.db
    .select(rowColumns)
    .from(infoArticle)
    .innerJoin(infoCategory, eq(infoCategory.id, infoArticle.classificationId))
    .leftJoin(user, eq(user.userId, infoArticle.createBy))
    .where(eq(infoArticle.id, id))
    .limit(1);
  const found = rows[0];
  if (!found) throw Errors.notFound('id');
  const systemName = checkSystem(systems, found.article.systemMenuId, 'id');
  const imageId = found.article.imageId;
  return { ...rowOf(found, systemName), content: found.article.content, imageId, imageUrl: imageId === null ? null : fileApiUrl(imageId) };
}

/** The usable categories of one of the role's systems: what the form files an article under. */
export async function categoriesOfSystem(ctx: CallContext, systemCode: number): Promise<ArticleCategory[]> {
  checkSystem(await infoSystemsOf(ctx), systemCode);
  return ctx.services.db
    .select({ id: infoCategory.id, name: infoCategory.name, haveImage: infoCategory.haveImage, imageDesc: infoCategory.imageDesc })
    .from(infoCategory)
    .where(and(eq(infoCategory.systemMenuId, systemCode), eq(infoCategory.enable, InfoSwitch.On)))
    .orderBy(asc(infoCategory.name), asc(infoCategory.id));
}

/**
 * The content to store: sanitised, with something to show. A stored-file image it newly shows is the caller's own
 * unused article upload, or an image an article of the caller's systems already shows: never a colleague's upload
 * still on its way into a form, which this article letting go of it again would delete.
 */
async function storedContent(tx: Tx, html: string, userId: number, existing: ArticleTableRow | null, systems: ReadonlyMap<number, string>): Promise<string> {
  const content = sanitizeArticleHtml(html);
  if (!hasVisibleContent(content)) throw Errors.invalid('content', 'validation.contentEmpty');
  const already = new Set(existing ? filesOf(existing) : []);
  const added = storedImageIds(content).filter((id) => !already.has(id));
  const own = new Set(await ownUnusedUploads(tx, added, FilePurpose.ArticleImage, userId));
  const others = added.filter((id) => !own.has(id));
  if (others.length > 0) {
    const shown = await tx
      .select({ fileId: file.fileId })
      .from(file)
      .where(
        and(
          inArray(file.fileId, others),
          eq(file.purpose, FilePurpose.ArticleImage),
          exists(
            tx
              .select({ one: sql`1` })
              .from(infoArticle)
              .where(and(inArray(infoArticle.systemMenuId, [...systems.keys()]), or(eq(infoArticle.imageId, file.fileId), contentShowsFile(file.fileId)))),
          ),
        ),
      );
    if (shown.length !== others.length) throw Errors.invalid('content', 'validation.contentImage');
  }
  return content;
}

/**
 * The checks that tie a form to the stored records, inside the saving transaction: the category exists in
 * the article's system and (when newly chosen) is usable; the API key is one of that system's and (when
 * newly chosen) usable; an image only where the category takes one, and a newly attached image is the
 * caller's own unused article upload.
 */
async function checkLinks(tx: Tx, form: ArticleForm, userId: number, existing: ArticleTableRow | null): Promise<void> {
  const category = (await tx.select().from(infoCategory).where(eq(infoCategory.id, form.classificationId)).limit(1))[0];
  if (!category || category.systemMenuId !== form.systemCode) throw Errors.invalid('classificationId', 'validation.categoryOfOtherSystem');
  if (category.enable !== InfoSwitch.On && existing?.classificationId !== category.id) throw Errors.invalid('classificationId', 'validation.categoryDisabled');
  const key = (
    await tx
      .select({ status: systemApiKey.status })
      .from(systemApiKey)
      .where(and(eq(systemApiKey.apiKey, form.apiKey), eq(systemApiKey.systemMenuId, form.systemCode)))
      .limit(1)
  )[0];
  if (!key) throw Errors.invalid('apiKey', 'validation.apiKeyOfOtherSystem');
  if (key.status !== ApiKeyStatus.Usable && existing?.apiKey !== form.apiKey) throw Errors.invalid('apiKey', 'validation.apiKeyNotUsable');
  const imageId = form.imageId ?? null;
  if (imageId !== null && category.haveImage !== InfoSwitch.On) throw Errors.invalid('imageId', 'validation.categoryTakesNoImage');
  if (imageId !== null && imageId !== existing?.imageId) await checkAttachable(tx, [imageId], FilePurpose.ArticleImage, userId, 'imageId');
}

function valuesOf(form: ArticleForm, content: string) {
  return {
    systemMenuId: form.systemCode,
    apiKey: form.apiKey,
    classificationId: form.classificationId,
    typeCode: form.typeCode,
    title: form.title,
    keywords: form.keywords,
    sort: form.sort,
    display: form.display,
    content,
    imageId: form.imageId ?? null,
  };
}

export async function addArticle(ctx: CallContext, form: ArticleForm): Promise<ArticleTableRow> {
  const session = ctx.requireSession();
  const systems = await infoSystemsOf(ctx);
  checkSystem(systems, form.systemCode);
  const created = await ctx.services.db.transaction(async (tx) => {
    const content = await storedContent(tx, form.content, session.userId, null, systems);
    await checkLinks(tx, form, session.userId, null);
    const inserted = await tx
      .insert(infoArticle)
      .values({ ...valuesOf(form, content), createBy: session.userId, createTime: ctx.services.now() })
      .returning();
    const row = inserted[0]!;
    await ctx.logChange(tx, { entryType: 'add', content: { key: 'information.add', values: { title: row.title } }, before: null, after: snapshotOf(row) });
    return row;
  });
  return created;
}

/** The files an article used: its image and the images of its content. */
function filesOf(row: ArticleTableRow): number[] {
  return [...(row.imageId === null ? [] : [row.imageId]), ...storedImageIds(row.content)];
}

export async function updateArticle(ctx: CallContext, form: ParsedInputOf<typeof api.information.update>): Promise<ArticleTableRow> {
  const session = ctx.requireSession();
  const systems = await infoSystemsOf(ctx);
  checkSystem(systems, form.systemCode);
  return ctx.services.db.transaction(async (tx) => {
    const existing = (await tx.select().from(infoArticle).where(eq(infoArticle.id, form.id)).limit(1))[0];
    if (!existing) throw Errors.notFound('id');
    checkSystem(systems, existing.systemMenuId, 'id');
    const content = await storedContent(tx, form.content, session.userId, existing, systems);
    await checkLinks(tx, form, session.userId, existing);
    const updated = await tx
      .update(infoArticle)
      .set({ ...valuesOf(form, content), updateBy: session.userId, updateTime: ctx.services.now(), version: sql`${infoArticle.version} + 1` })
      .where(and(eq(infoArticle.id, form.id), eq(infoArticle.version, form.version)))
      .returning();
    if (!updated[0]) throw Errors.stale();
    // Images the article let go of (a replaced image, one taken out of the content) go unless another record shows them.
    const kept = new Set(filesOf(updated[0]));
    await deleteIfUnreferenced(
      tx,
      filesOf(existing).filter((id) => !kept.has(id)),
    );
    await ctx.logChange(tx, { entryType: 'update', content: { key: 'information.update', values: { title: updated[0].title } }, before: snapshotOf(existing), after: snapshotOf(updated[0]) });
    return updated[0];
  });
}

/** Deletes all the articles or none: each in one of the role's systems. Their images go with them unless used elsewhere. */
export async function deleteArticles(ctx: CallContext, ids: number[]): Promise<UndoTicket> {
  const systems = await infoSystemsOf(ctx);
  const ticket = await ctx.services.db.transaction(async (tx) => {
    const rows = await tx.select().from(infoArticle).where(inArray(infoArticle.id, ids)).orderBy(asc(infoArticle.id));
    if (rows.length !== ids.length) throw Errors.notFound('ids');
    for (const row of rows) checkSystem(systems, row.systemMenuId, 'ids');
    const undo = await undoableDelete(ctx, tx, { table: infoArticle, where: inArray(infoArticle.id, ids) }, { table: file, where: inArray(file.fileId, rows.flatMap(filesOf)), ifDeleted: true });
    await tx.delete(infoArticle).where(inArray(infoArticle.id, ids));
    await deleteIfUnreferenced(tx, rows.flatMap(filesOf));
    await ctx.logChange(tx, { entryType: 'delete', content: { key: 'information.delete', values: { titles: rows.map((r) => r.title) } }, before: rows.map(snapshotOf), after: null });
    return undo;
  });
  return ticket;
}

/** Sets one switch of an article (display or pin) from the list; the version moves on, so an open form sees the change. */
export async function setArticleSwitch(ctx: CallContext, id: number, change: { display: number } | { top: number }): Promise<ArticleTableRow> {
  const session = ctx.requireSession();
  const systems = await infoSystemsOf(ctx);
  const what = 'display' in change ? (change.display === InfoSwitch.On ? 'information.show' : 'information.hide') : change.top === InfoSwitch.On ? 'information.pin' : 'information.unpin';
  return ctx.services.db.transaction(async (tx) => {
    const existing = (await tx.select().from(infoArticle).where(eq(infoArticle.id, id)).limit(1))[0];
    if (!existing) throw Errors.notFound('id');
    checkSystem(systems, existing.systemMenuId, 'id');
    const updated = await tx
      .update(infoArticle)
      .set({ ...change, updateBy: session.userId, updateTime: ctx.services.now(), version: sql`${infoArticle.version} + 1` })
      .where(eq(infoArticle.id, id))
      .returning();
    const after = updated[0]!;
    await ctx.logChange(tx, {
      entryType: 'display' in change ? 'display' : 'top',
      content: { key: what, values: { title: after.title } },
      before: { id: existing.id, display: existing.display, top: existing.top, version: existing.version },
      after: { id: after.id, display: after.display, top: after.top, version: after.version },
    });
    return after;
  });
}
