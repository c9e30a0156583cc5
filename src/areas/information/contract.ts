import { z } from 'zod';
import { API_PREFIX } from '../../shared/constants';
import { Perm } from '../../shared/permissions';
import { InfoLimits, pageOf, rules, pageInput } from '../../shared/rules';
import { endpoint } from '../../shared/contract/endpoint';
import { undoTicket } from '../../shared/contract/undo';
import { FileBody } from '../../shared/contract/file';
import { infoRules, infoSwitch, InfoSwitch } from '../info-category/contract';
import type { EndpointNamesOf } from '../../shared/local-names';
import { RECORD_FIELDS, type SnapshotFieldTable } from '../../shared/contract/snapshot-fields';

/**
 * Information articles (spec 001 §2 /information and /addInforMation/{id}, §3 Information article, §4
 * Article pin and Article form, §5 Information form, §7 Information). An article belongs to one system and
 * one of its categories, is published through one of its API keys, and holds HTML content that the server
 * sanitises at save; images inside it are stored files, addressed as `fileApiUrl(id)`.
 *
 * The published-information API (`information.published`, `information.publishedFile`) is for the systems
 * themselves: no session, the system's API key in the `X-Api-Key` header.
 */

/** Article types (typeCode): a fixed list, named on screen through the renderer's text. */
export const ARTICLE_TYPES = ['notice', 'news', 'guide', 'policy'] as const;
export type ArticleType = (typeof ARTICLE_TYPES)[number];

/** The header a system presents its API key in. */
export const API_KEY_HEADER = 'x-api-key';

const required = 'validation.required';

const articleFields = z.object({
  systemCode: infoRules.systemCode,
  apiKey: z.string({ error: 'validation.apiKeyRequired' }).trim().min(1, { message: 'validation.apiKeyRequired' }).max(64, { message: 'validation.tooLong' }),
  classificationId: z
    .number({ error: 'validation.categoryRequired' })
    .int({ message: 'validation.id' })
    .positive({ message: 'validation.categoryRequired' })
    .max(2_147_483_647, { message: 'validation.idRange' }),
  typeCode: z.enum(ARTICLE_TYPES, { error: (issue) => (issue.input === undefined || issue.input === '' ? 'validation.typeRequired' : 'validation.oneOf') }),
  title: z.string({ error: required }).trim().min(1, { message: 'validation.titleRequired' }).max(InfoLimits.titleMax, { message: 'validation.titleLength' }),
  /** 0 to 999, smaller ranks higher. */
  sort: z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? required : 'validation.sortRange') })
    .int({ message: 'validation.sortRange' })
    .min(InfoLimits.sortMin, { message: 'validation.sortRange' })
    .max(InfoLimits.sortMax, { message: 'validation.sortRange' }),
  display: infoSwitch.default(InfoSwitch.On),
  keywords: z.string().trim().max(InfoLimits.keywordsMax, { message: 'validation.tooLong' }).default(''),
  /** HTML from the rich-text editor; sanitised by the server, refused when nothing visible is left. */
  content: z.string({ error: 'validation.contentRequired' }).min(1, { message: 'validation.contentRequired' }).max(InfoLimits.contentMax, { message: 'validation.tooLong' }),
  /** The article's image (only for a category with haveImage = 1): an upload of purpose articleImage. */
  imageId: rules.id.nullish(),
});

export const articleForm = articleFields;
export type ArticleForm = z.input<typeof articleForm>;

export const articleUpdateForm = articleFields.extend({ id: rules.id, version: rules.version });
export type ArticleUpdateForm = z.input<typeof articleUpdateForm>;

export const articleRow = z.object({
  id: z.number().int(),
  systemCode: z.number().int(),
  systemName: z.string(),
  apiKey: z.string(),
  classificationId: z.number().int(),
  classificationName: z.string(),
  typeCode: z.string(),
  title: z.string(),
  keywords: z.string(),
  sort: z.number().int(),
  display: z.number().int(),
  top: z.number().int(),
  createName: z.string(),
  /** ISO 8601. */
  createTime: z.string(),
  version: z.number().int(),
});
export type ArticleRow = z.infer<typeof articleRow>;

export const articleRecord = articleRow.extend({
  content: z.string(),
  imageId: z.number().int().nullable(),
  /** The image's API address (a session reads it), or null. */
  imageUrl: z.string().nullable(),
});
export type ArticleRecord = z.infer<typeof articleRecord>;

/** A category an article of a system may be filed under. */
export const articleCategory = z.object({ id: z.number().int(), name: z.string(), haveImage: z.number().int(), imageDesc: z.string() });
export type ArticleCategory = z.infer<typeof articleCategory>;

const publishedPath = '/open/info/files/:fileId';

/** The public address of an image in published information: read with the system's API key. */
export function publishedFileUrl(fileId: number): string {
  return `${API_PREFIX}${publishedPath.replace(':fileId', String(fileId))}`;
}

export const publishedArticle = z.object({
  id: z.number().int(),
  classificationId: z.number().int(),
  classificationName: z.string(),
  typeCode: z.string(),
  title: z.string(),
  keywords: z.string(),
  sort: z.number().int(),
  top: z.number().int(),
  /** Sanitised HTML; its images point at `publishedFileUrl(id)`. */
  content: z.string(),
  imageUrl: z.string().nullable(),
  /** ISO 8601. */
  createTime: z.string(),
  updateTime: z.string().nullable(),
});
export type PublishedArticle = z.infer<typeof publishedArticle>;

const apiKeyInput = z.string({ error: 'validation.apiKeyHeader' }).trim().min(1, { message: 'validation.apiKeyHeader' }).max(64, { message: 'validation.apiKeyHeader' });

const switchInput = { id: rules.id };

export const information = {
  list: endpoint({
    service: 'information',
    summary: 'Information articles by title and category, pinned first, a page at a time',
    method: 'POST',
    path: '/info/article/list',
    access: Perm.infoView,
    mutation: false,
    input: z.object({ title: rules.filterText, classificationName: rules.filterText, ...pageInput }),
    output: pageOf(articleRow),
    // Rows carry their system's API key: the logged copy hides it (ALWAYS_SECRET_FIELDS).
    secretOutput: true,
  }),
  info: endpoint({
    service: 'information',
    summary: 'One information article, for the form',
    method: 'POST',
    path: '/info/article/info/:id',
    access: Perm.infoView,
    mutation: false,
    input: z.object({ id: rules.id }),
    output: articleRecord,
    secretOutput: true,
  }),
  categories: endpoint({
    service: 'information',
    summary: 'The usable categories of a system',
    method: 'POST',
    path: '/info/article/classifications/:systemCode',
    access: Perm.infoView,
    mutation: false,
    input: z.object({ systemCode: rules.id }),
    output: z.array(articleCategory),
  }),
  add: endpoint({
    service: 'information',
    summary: 'Add an information article',
    method: 'POST',
    path: '/info/article/save',
    access: Perm.infoSave,
    input: articleForm,
    output: z.object({ id: z.number().int() }),
  }),
  update: endpoint({
    service: 'information',
    summary: 'Update an information article',
    method: 'POST',
    path: '/info/article/update',
    access: Perm.infoUpdate,
    input: articleUpdateForm,
    output: z.object({ id: z.number().int(), version: z.number().int() }),
  }),
  delete: endpoint({
    service: 'information',
    summary: 'Delete information articles',
    method: 'POST',
    path: '/info/article/delete/:ids',
    access: Perm.infoDelete,
    input: z.object({ ids: rules.idList }),
    output: undoTicket,
  }),
  display: endpoint({
    service: 'information',
    summary: 'Show or hide an information article',
    method: 'POST',
    path: '/info/article/display',
    access: Perm.infoDisplay,
    input: z.object({ ...switchInput, display: infoSwitch }),
    output: z.object({ id: z.number().int(), version: z.number().int() }),
  }),
  top: endpoint({
    service: 'information',
    summary: 'Pin an information article or cancel its pin',
    method: 'POST',
    path: '/info/article/top',
    access: Perm.infoTop,
    input: z.object({ ...switchInput, top: infoSwitch }),
    output: z.object({ id: z.number().int(), version: z.number().int() }),
  }),
  published: endpoint({
    service: 'information',
    summary: "A system's published information (API key)",
    method: 'GET',
    path: '/open/info/articles',
    access: 'public',
    headerFields: { apiKey: API_KEY_HEADER },
    keyScheme: 'systemApiKey',
    secretFields: ['apiKey'],
    rateLimit: { name: 'publishedInfo', accountField: 'apiKey' },
    input: z.object({ apiKey: apiKeyInput, classificationId: rules.id.optional(), ...pageInput }),
    output: z.object({ systemCode: z.number().int(), systemName: z.string(), ...pageOf(publishedArticle).shape }),
  }),
  publishedFile: endpoint({
    service: 'information',
    summary: 'An image of published information (API key)',
    method: 'GET',
    path: publishedPath,
    access: 'public',
    headerFields: { apiKey: API_KEY_HEADER },
    keyScheme: 'systemApiKey',
    secretFields: ['apiKey'],
    rateLimit: { name: 'publishedInfo', accountField: 'apiKey' },
    input: z.object({ apiKey: apiKeyInput, fileId: rules.id }),
    output: z.instanceof(FileBody),
  }),
} as const;

/** What interface monitoring, its filters and its export call each endpoint of information, in the five locales. */
export const informationNames: EndpointNamesOf<typeof information> = {
  list: ['资讯列表', 'Information list', 'Informationsliste', '情報一覧', '정보 목록'],
  info: ['资讯详情', 'Information details', 'Informationsdetails', '情報詳細', '정보 상세'],
  categories: ['系统可用资讯类别', 'Categories of a system', 'Kategorien eines Systems', 'システムのカテゴリー', '시스템의 분류'],
  add: ['新增资讯', 'Add information', 'Information hinzufügen', '情報追加', '정보 추가'],
  update: ['修改资讯', 'Update information', 'Information ändern', '情報更新', '정보 수정'],
  delete: ['删除资讯', 'Delete information', 'Informationen löschen', '情報削除', '정보 삭제'],
  display: ['显示或隐藏资讯', 'Show or hide information', 'Information ein- oder ausblenden', '情報の表示・非表示', '정보 표시·숨김'],
  top: ['置顶或取消置顶资讯', 'Pin or unpin information', 'Information anheften oder lösen', '情報のピン留め・解除', '정보 고정·해제'],
  published: ['已发布资讯', 'Published information', 'Veröffentlichte Informationen', '公開情報', '게시된 정보'],
  publishedFile: ['已发布资讯图片', 'Published information image', 'Bild veröffentlichter Information', '公開情報の画像', '게시된 정보 이미지'],
};

/** The fields of the article snapshots the operation log keeps (labels and references; `src/shared/contract/snapshot-fields.ts`). */
export const articleSnapshotFields = {
  ...RECORD_FIELDS,
  systemCode: { label: 'common.ownedBySystem', ref: 'menu' },
  apiKey: { label: 'information.apiKey' },
  classificationId: { label: 'information.category', ref: 'infoCategory' },
  typeCode: { label: 'common.type' },
  title: { label: 'common.title' },
  keywords: { label: 'information.keywords' },
  sort: { label: 'information.sort' },
  display: { label: 'information.display' },
  top: { label: 'information.pin' },
  imageId: { label: 'information.image', ref: 'file' },
  content: { label: 'common.content' },
} as const satisfies SnapshotFieldTable;
