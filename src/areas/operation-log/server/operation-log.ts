import { and, desc, gte, ilike, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { RoleType } from '../../../shared/constants';
import type { ChainStatus, OperationLogEntry } from '../contract';
import { OPERATION_LOG_COLUMNS, entryTypeLabels } from '../contract';
import type { ExportProgress, ExportedFile } from '../../../shared/contract/export';
import type { Locale } from '../../../shared/constants';
import { chainKeyOf, verifyChain } from '../../../server/audit/chain';
import { contentLanguage, contentText } from '../../../server/audit/content';
import { roleScope } from '../../../server/auth/scope';
import type { CallContext } from '../../../server/context';
import type { Tx } from '../../../server/db/client';
import { containsPattern, pageResult } from '../../../server/db/lists';
import { operationLog } from '../../../server/db/schema';
import { Errors } from '../../../server/errors';
import { keysetPages } from '../../../server/exports/keyset';
import { readExportProgress, trackedPages } from '../../../server/exports/progress';
import { CELL_TEXT_MAX, KEYED_TEXT_MARK, xlsxStream, type RowTexts } from '../../../server/exports/xlsx';
import { pageIndexOf, type PageIndexSource } from '../../../server/db/page-index';
import { isoTime, leadingText, readRowTexts, type CellSource } from '../../../server/db/row-cells';
import { entryReferences } from './references';

export interface LogFilters {
  operUserName?: string | undefined;
  operLoginName?: string | undefined;
  operationTimeStart?: string | undefined;
  operationTimeEnd?: string | undefined;
}

/**
 * The organisations whose operators' rows the call's role sees: null for a role over every organisation
 * (which also sees rows of no organisation, such as sign-in failures), else its subtree.
 */
async function scopeOf(ctx: CallContext): Promise<number[] | null> {
  if (ctx.requireRole().roleType === RoleType.AllOrganisations) return null;
  return [...(await roleScope(ctx))].sort((a, b) => a - b);
}

function whereOf(scope: number[] | null, filters: LogFilters): SQL | undefined {
  return and(
    scope === null ? undefined : scope.length === 0 ? sql`false` : inArray(operationLog.operDeptId, scope),
    filters.operUserName ? ilike(operationLog.operUserName, containsPattern(filters.operUserName)) : undefined,
    filters.operLoginName ? ilike(operationLog.operLoginName, containsPattern(filters.operLoginName)) : undefined,
    filters.operationTimeStart ? gte(operationLog.operationTime, new Date(filters.operationTimeStart)) : undefined,
    filters.operationTimeEnd ? lte(operationLog.operationTime, new Date(filters.operationTimeEnd)) : undefined,
  );
}

type LogRow = typeof operationLog.$inferSelect;

/** What identifies a filter in the page index: the same rows for the same key. */
function keyOf(scope: number[] | null, filters: LogFilters): string {
  return JSON.stringify([
    scope,
    filters.operUserName ?? null,
    filters.operLoginName ?? null,
    filters.operationTimeStart ? Date.parse(filters.operationTimeStart) : null,
    filters.operationTimeEnd ? Date.parse(filters.operationTimeEnd) : null,
  ]);
}

function entryOf(row: LogRow, locale: Locale): OperationLogEntry {
  return {
    id: row.id,
    entryType: row.entryType,
    operUserName: row.operUserName,
    operLoginName: row.operLoginName,
    operLocation: row.operLocation,
    operIp: row.operIp,
    operationContent: contentText(row, locale),
    beforeOperation: row.beforeOperation ?? null,
    afterOperation: row.afterOperation ?? null,
    operationTime: row.operationTime.toISOString(),
  };
}

/** Ids grow in chain order (drawn under the chain's lock): newest first is by id alone. */
const PAGES: PageIndexSource = { table: operationLog, id: operationLog.id, order: [{ column: operationLog.id, kind: 'integer' }] };

export async function listOperationLog(ctx: CallContext, input: LogFilters & { pageNo: number; pageSize: number }) {
  const scope = await scopeOf(ctx);
  const db = ctx.services.db;
  const { rows, total } = await pageIndexOf(db, PAGES).page(db, keyOf(scope, input), whereOf(scope, input), (input.pageNo - 1) * input.pageSize, input.pageSize, (range, order, offset, limit) =>
    db
      .select()
      .from(operationLog)
      .where(range)
      .orderBy(...order)
      .offset(offset)
      .limit(limit),
  );
  return pageResult(
    rows.map((row) => entryOf(row, ctx.locale)),
    total,
    input.pageNo,
    input.pageSize,
  );
}

/** The names of the records an entry the role may read refers to by id. */
export async function operationLogReferences(ctx: CallContext, id: number) {
  return entryReferences(ctx, id, whereOf(await scopeOf(ctx), {}));
}

export async function verifyOperationLog(ctx: CallContext): Promise<ChainStatus> {
  const report = await verifyChain(ctx.services.db, chainKeyOf(ctx.services.secrets));
  if (report.intact) return { intact: true, count: report.count, unchained: report.unchained, brokenAt: null, cause: null };
  return { intact: false, count: report.count, unchained: report.unchained, brokenAt: report.brokenAt, cause: report.cause };
}

/** Rows per page of an export: one page is all an export holds in memory. */
const EXPORT_PAGE_ROWS = 1000;

/** Where each exported column comes from; a row's cells are built in OPERATION_LOG_COLUMNS's order. */
const CELL_SOURCES: Record<(typeof OPERATION_LOG_COLUMNS)[number], CellSource> = {
  entryType: operationLog.entryType,
  operUserName: operationLog.operUserName,
  operLoginName: operationLog.operLoginName,
  operLocation: operationLog.operLocation,
  // A keyed content (KEYED_TEXT_MARK before its key, values and stored text) is written out by the sheet's writer in the reader's language.
  // Joined, not built as a JSON array: json_build_array cost the database twice the time a page's row takes to read.
  operationContent: sql`case when ${operationLog.contentKey} is null then ${operationLog.operationContent} else ${KEYED_TEXT_MARK} || ${operationLog.contentKey} || ${KEYED_TEXT_MARK} || coalesce(${operationLog.contentValues}::text, 'null') || ${KEYED_TEXT_MARK} || ${operationLog.operationContent} end`,
  // A json column's cell is the database's own text of the value (no parse and re-serialise per row), empty for none.
  beforeOperation: leadingText(operationLog.beforeOperation, CELL_TEXT_MAX),
  afterOperation: leadingText(operationLog.afterOperation, CELL_TEXT_MAX),
  operationTime: isoTime(operationLog.operationTime),
};
const EXPORT_CELLS = OPERATION_LOG_COLUMNS.map((column) => CELL_SOURCES[column]);

/** Each column's width in characters: a time's 19, names and places as they usually run, the values before and after wide. */
const COLUMN_WIDTHS: Record<(typeof OPERATION_LOG_COLUMNS)[number], number> = {
  entryType: 14,
  operUserName: 14,
  operLoginName: 16,
  operLocation: 20,
  operationContent: 48,
  beforeOperation: 60,
  afterOperation: 60,
  operationTime: 20,
};

/** The matching rows newest first, a keyset page at a time (never OFFSET, never all rows at once), each row the text of its cells (`valuesOfRowText`). */
function exportPages(db: Tx, where: SQL | undefined): AsyncGenerator<RowTexts> {
  return keysetPages<number, RowTexts>(async (before) => {
    const page = await readRowTexts(db, EXPORT_CELLS, [operationLog.id], (fields) =>
      db
        .select(fields)
        .from(operationLog)
        .where(and(where, before === null ? undefined : lt(operationLog.id, before)))
        .orderBy(desc(operationLog.id))
        .limit(EXPORT_PAGE_ROWS),
    );
    return { rows: page, next: page.lastKeys && page.ends.length === EXPORT_PAGE_ROWS ? (page.lastKeys[0] as number) : null };
  });
}

function stamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace('T', '-')
    .replace(/\.\d+Z$/, '');
}

/**
 * The export of the selected rows (each must exist and be in the role's scope) or, without a selection, of
 * the rows the filters match, with the header in the caller's language.
 */
export async function exportOperationLog(ctx: CallContext, input: LogFilters & { vIds?: number[] | undefined; progressKey?: string | undefined }): Promise<ExportedFile> {
  const db = ctx.services.db;
  const scope = await scopeOf(ctx);
  let where: SQL | undefined;
  let total: number;
  if (input.vIds) {
    const found = await db.select({ id: operationLog.id, deptId: operationLog.operDeptId }).from(operationLog).where(inArray(operationLog.id, input.vIds));
    if (found.length !== input.vIds.length) throw Errors.notFound('vIds');
    if (scope !== null && !found.every((row) => row.deptId !== null && scope.includes(row.deptId))) throw Errors.outOfScope('vIds');
    where = inArray(operationLog.id, input.vIds);
    total = input.vIds.length;
  } else {
    where = whereOf(scope, input);
    total = await pageIndexOf(db, PAGES).count(db, keyOf(scope, input), where);
  }
  const timeZone = ctx.timeZone();
  const columns = OPERATION_LOG_COLUMNS.map((column) => ctx.t(`operationLog.column.${column}`));
  const pages = trackedPages(exportPages(db, where), { key: input.progressKey, userId: ctx.requireSession().userId, total });
  return {
    fileName: `operation-log-${stamp(ctx.services.now())}.xlsx`,
    body: xlsxStream(
      {
        name: ctx.t('operationLog.sheet'),
        columns,
        widths: OPERATION_LOG_COLUMNS.map((column) => COLUMN_WIDTHS[column]),
        labels: { [OPERATION_LOG_COLUMNS.indexOf('entryType')]: entryTypeLabels(ctx.locale) },
        keyedTexts: { [OPERATION_LOG_COLUMNS.indexOf('operationContent')]: contentLanguage(ctx.locale) },
        timeZone,
      },
      pages,
      ctx.services.driver,
    ),
  };
}

/** The progress of the caller's own export; another user's key is no export for them. */
export function operationLogExportProgress(ctx: CallContext, key: string): ExportProgress {
  const progress = readExportProgress(key, ctx.requireSession().userId);
  if (!progress) throw Errors.notFound('progressKey');
  return progress;
}
