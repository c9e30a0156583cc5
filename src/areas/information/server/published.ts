import { and, count, eq, or, sql, type SQL } from 'drizzle-orm';
import { ResponseCode } from '../../../shared/codes';
import { FilePurpose } from '../../../shared/constants';
import type { api } from '../../../shared/contract';
import type { ParsedInputOf } from '../../../shared/contract/endpoint';
import { FileBody } from '../../../shared/contract/file';
import { InfoSwitch } from '../../info-category/contract';
import { publishedFileUrl, type PublishedArticle } from '../contract';
import type { CallContext } from '../../../server/context';
import { pagedQuery } from '../../../server/db/lists';
import { file, infoArticle, infoCategory, menu } from '../../../server/db/schema';
import { AppError, Errors } from '../../../server/errors';
import { usableSystemKey } from '../../system-api-key/server';
import { ARTICLE_ORDER } from './articles';
import { contentShowsFile } from '../../../server/platform/file/content-references';
import { sanitizeArticleHtml } from '../../../server/rich-text/sanitize';

/**
 * The published-information API for the systems themselves (issue 10): no session; the system presents one
 * of its usable API keys and reads its displayed articles in usable categories, pinned first, then by sort,
 * as sanitised HTML whose images point at the key-guarded file route. A stopped or unknown key reads nothing.
 */

async function systemOfKey(ctx: CallContext, apiKey: string): Promise<number> {
  const found = await usableSystemKey(ctx.services.db, apiKey);
  if (!found) throw new AppError(ResponseCode.Unauthorized, 'error.apiKeyRefused');
  return found.systemMenuId;
}

/** Articles a system publishes: its own, displayed, in a usable category. */
function published(systemMenuId: number): SQL {
  return and(eq(infoArticle.systemMenuId, systemMenuId), eq(infoArticle.display, InfoSwitch.On), eq(infoCategory.enable, InfoSwitch.On))!;
}

export async function publishedArticles(ctx: CallContext, input: ParsedInputOf<typeof api.information.published>) {
  const systemMenuId = await systemOfKey(ctx, input.apiKey);
  const { db } = ctx.services;
  const system = (await db.select({ name: menu.name }).from(menu).where(eq(menu.menuId, systemMenuId)).limit(1))[0];
  const page = await pagedQuery(db, input, {
    rows: db.select({ article: infoArticle, classificationName: infoCategory.name }).from(infoArticle).innerJoin(infoCategory, eq(infoCategory.id, infoArticle.classificationId)).$dynamic(),
    counted: db.select({ total: count() }).from(infoArticle).innerJoin(infoCategory, eq(infoCategory.id, infoArticle.classificationId)).$dynamic(),
    where: and(published(systemMenuId), input.classificationId ? eq(infoArticle.classificationId, input.classificationId) : undefined),
    orderBy: ARTICLE_ORDER,
    records: (rows) =>
      rows.map(({ article: a, classificationName }): PublishedArticle => ({
        id: a.id,
        classificationId: a.classificationId,
        classificationName,
        typeCode: a.typeCode,
        title: a.title,
        keywords: a.keywords,
        sort: a.sort,
        top: a.top,
        // Stored content was sanitised at save; it is sanitised again on the way out, whatever the rules were then.
        content: sanitizeArticleHtml(a.content, { storedImageSrc: publishedFileUrl }),
        imageUrl: a.imageId === null ? null : publishedFileUrl(a.imageId),
        createTime: a.createTime.toISOString(),
        updateTime: a.updateTime?.toISOString() ?? null,
      })),
  });
  const systemName = system ? await ctx.services.translations.translate(ctx.locale, system.name) : '';
  return { systemCode: systemMenuId, systemName, ...page };
}

/** An image a published article of the key's system shows (its image or one in its content); nothing else. */
export async function publishedFile(ctx: CallContext, input: ParsedInputOf<typeof api.information.publishedFile>): Promise<FileBody> {
  const systemMenuId = await systemOfKey(ctx, input.apiKey);
  const { db } = ctx.services;
  const rows = await db
    .select({ mime: file.mime, content: file.content })
    .from(file)
    .where(
      and(
        eq(file.fileId, input.fileId),
        eq(file.purpose, FilePurpose.ArticleImage),
        sql`exists (${db
          .select({ one: sql`1` })
          .from(infoArticle)
          .innerJoin(infoCategory, eq(infoCategory.id, infoArticle.classificationId))
          .where(and(published(systemMenuId), or(eq(infoArticle.imageId, file.fileId), contentShowsFile(file.fileId))))})`,
      ),
    )
    .limit(1);
  const found = rows[0];
  if (!found) throw Errors.notFound('fileId');
  return new FileBody(found.mime, found.content);
}
