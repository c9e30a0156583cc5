import { createHash } from 'node:crypto';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { ResponseCode } from '../../../shared/codes';
import { FilePurpose, I18nStatus, ImportAction, LOCALES } from '../../../shared/constants';
import type { ExportedFile } from '../../../shared/contract/export';
import { I18N_LANGUAGE_FIELDS, I18N_SHEET, i18nChinese, i18nTranslation, type I18nImportReport, type I18nImportRow, type I18nLanguageField, type I18nSheetColumn } from '../contract';
import { formatMessage } from '../../../shared/i18n/messages';
import { Limits } from '../../../shared/rules';
import type { CallContext } from '../../../server/context';
import type { Tx } from '../../../server/db/client';
import { file } from '../../../server/db/schema';
import { i18nText } from './schema';
import { AppError, Errors } from '../../../server/errors';
import { readFirstSheet, xlsxStream, type CellValue, type SheetRow } from '../../../server/exports/xlsx';
import { chineseTaken, operatorName, snapshotOf, type I18nTextRow } from './texts';

/**
 * Export of the multilingual texts to .xlsx and import of a translated file back (issue 10). Translators
 * work in the spreadsheet: one row per Chinese text, its translations and its status. An import matches
 * rows to stored texts by their Chinese text; it never deletes. It adds the new texts, changes the stored
 * ones whose cells differ, and refuses each row it cannot take with the reason. The preview computes the
 * plan and its digest; applying recomputes it in the transaction and goes on only when the digest is the
 * one the preview showed.
 *
 * Columns are found by their header, in any order: the header of the export in any of the five languages,
 * or the field's own name (`chinese`, `english`, `german`, `korean`, `japanese`, `status`). Only the
 * Chinese column is required. A column the file lacks leaves the stored value; a blank cell in a column it
 * has clears that translation; a blank status keeps the stored one (new texts are usable).
 */

const EXPORT_PAGE_ROWS = 500;

function headerKey(column: I18nSheetColumn): string {
  return `i18nText.column.${column}`;
}

/** Every header text that names a column, compared without case and surrounding space. */
const HEADER_NAMES: ReadonlyMap<string, I18nSheetColumn> = new Map(
  I18N_SHEET.columns.flatMap((column) => [column, ...LOCALES.map((locale) => formatMessage(locale, headerKey(column)))].map((name) => [name.trim().toLowerCase(), column] as const)),
);

// ----- Export -----

async function* exportPages(db: Tx): AsyncGenerator<CellValue[][]> {
  let after = 0;
  for (;;) {
    const rows = await db.select().from(i18nText).where(gt(i18nText.id, after)).orderBy(asc(i18nText.id)).limit(EXPORT_PAGE_ROWS);
    if (rows.length === 0) return;
    yield rows.map((row) => [row.chinese, row.english, row.german, row.korean, row.japanese, row.status]);
    after = rows[rows.length - 1]!.id;
    if (rows.length < EXPORT_PAGE_ROWS) return;
  }
}

function stamp(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}-${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`;
}

/** Every text, oldest first, under headers in the caller's language. */
export function exportTexts(ctx: CallContext): ExportedFile {
  return {
    fileName: `i18n-${stamp(ctx.services.now())}.xlsx`,
    body: xlsxStream({ name: I18N_SHEET.name, columns: I18N_SHEET.columns.map((column) => ctx.t(headerKey(column))) }, exportPages(ctx.services.db), ctx.services.driver),
  };
}

// ----- Import: the plan -----

interface Reason {
  field?: I18nSheetColumn;
  key: string;
  params?: Record<string, string | number>;
}

interface Candidate {
  row: number;
  chinese: string;
  /** The translations of the columns the file has; blank clears. */
  translations: Map<Exclude<I18nLanguageField, 'chinese'>, string>;
  /** Null: blank (a new text is usable, a stored one keeps its status). */
  status: number | null;
}

export type PlannedRow =
  | { action: typeof ImportAction.Add; candidate: Candidate }
  | { action: typeof ImportAction.Change; candidate: Candidate; stored: I18nTextRow; changes: I18nImportRow['changes'] }
  | { action: 'unchanged'; candidate: Candidate }
  | { action: typeof ImportAction.Refuse; row: number; chinese: string; reason: Reason };

/** The column of each header the file names; a file without a Chinese column is refused whole. */
export function headerOf(header: SheetRow, ctx: Pick<CallContext, 't'>): Map<I18nSheetColumn, number> {
  const at = new Map<I18nSheetColumn, number>();
  header.cells.forEach((cell, index) => {
    const column = HEADER_NAMES.get(cell.trim().toLowerCase());
    if (column && !at.has(column)) at.set(column, index);
  });
  if (!at.has('chinese')) throw new AppError(ResponseCode.InvalidInput, 'error.importHeader', { columns: ctx.t(headerKey('chinese')) }, 'fileId');
  return at;
}

function candidateOf(sheetRow: SheetRow, columns: Map<I18nSheetColumn, number>): Candidate | Reason {
  const cell = (column: I18nSheetColumn) => {
    const index = columns.get(column);
    return index === undefined ? '' : (sheetRow.cells[index] ?? '');
  };
  const chinese = i18nChinese.safeParse(cell('chinese'));
  if (!chinese.success) return { field: 'chinese', key: chinese.error.issues[0]!.message };
  const translations: Candidate['translations'] = new Map();
  for (const field of I18N_LANGUAGE_FIELDS) {
    if (field === 'chinese' || !columns.has(field)) continue;
    const parsed = i18nTranslation.safeParse(cell(field));
    if (!parsed.success) return { field, key: parsed.error.issues[0]!.message };
    translations.set(field, parsed.data);
  }
  const statusText = cell('status');
  const status = statusText === '' ? null : Number(statusText);
  if (status !== null && status !== I18nStatus.Usable && status !== I18nStatus.Unusable) return { field: 'status', key: 'validation.oneOf' };
  return { row: sheetRow.row, chinese: chinese.data, translations, status };
}

function changesOf(candidate: Candidate, stored: I18nTextRow): I18nImportRow['changes'] {
  const changes: I18nImportRow['changes'] = [];
  for (const [field, value] of candidate.translations) if (stored[field] !== value) changes.push({ field, before: stored[field], after: value });
  if (candidate.status !== null && candidate.status !== stored.status) changes.push({ field: 'status', before: String(stored.status), after: String(candidate.status) });
  return changes;
}

/** The plan of an import, row by row in the order of the sheet: pure, given the rows and the stored texts by Chinese text. */
export function planImport(sheet: readonly SheetRow[], stored: ReadonlyMap<string, I18nTextRow>, ctx: Pick<CallContext, 't'>): PlannedRow[] {
  const [header, ...rows] = sheet;
  if (!header || rows.length === 0) throw new AppError(ResponseCode.InvalidInput, 'error.importEmpty', {}, 'fileId');
  const columns = headerOf(header, ctx);
  const firstRowOf = new Map<string, number>();
  return rows.map((sheetRow): PlannedRow => {
    const candidate = candidateOf(sheetRow, columns);
    if (!('row' in candidate)) return { action: ImportAction.Refuse, row: sheetRow.row, chinese: sheetRow.cells[columns.get('chinese')!] ?? '', reason: candidate };
    const first = firstRowOf.get(candidate.chinese);
    if (first !== undefined)
      return { action: ImportAction.Refuse, row: candidate.row, chinese: candidate.chinese, reason: { field: 'chinese', key: 'error.i18nDuplicateRow', params: { row: first } } };
    firstRowOf.set(candidate.chinese, candidate.row);
    const existing = stored.get(candidate.chinese);
    if (!existing) return { action: ImportAction.Add, candidate };
    const changes = changesOf(candidate, existing);
    return changes.length === 0 ? { action: 'unchanged', candidate } : { action: ImportAction.Change, candidate, stored: existing, changes };
  });
}

/** Names the plan: the file's bytes and every row's outcome with the stored versions it relies on. */
function digestOf(fileSha256: string, plan: readonly PlannedRow[]): string {
  const rows = plan.map((p) => {
    if (p.action === ImportAction.Refuse) return [p.row, p.action, p.reason.key, p.reason.params ?? null];
    if (p.action === ImportAction.Change) return [p.candidate.row, p.action, p.stored.id, p.stored.version];
    return [p.candidate.row, p.action];
  });
  return createHash('sha256')
    .update(JSON.stringify([fileSha256, rows]))
    .digest('hex');
}

/** The caller's own upload for a multilingual-text import; anyone else's, or another purpose, does not exist for it. */
async function importFile(db: Tx, fileId: number, userId: number) {
  const rows = await db
    .select({ name: file.name, sha256: file.sha256, content: file.content })
    .from(file)
    .where(and(eq(file.fileId, fileId), eq(file.purpose, FilePurpose.I18nImport), eq(file.createBy, userId)))
    .limit(1);
  const row = rows[0];
  if (!row) throw Errors.notFound('fileId');
  // PGlite hands bytea over as a plain Uint8Array.
  const content: Uint8Array = row.content;
  return { ...row, content: Buffer.from(content.buffer, content.byteOffset, content.byteLength) };
}

/** The caller's upload and its rows, read outside any transaction: unzipping holds no connection. */
async function sheetOf(db: Tx, fileId: number, ctx: CallContext) {
  const upload = await importFile(db, fileId, ctx.requireSession().userId);
  const sheet = await readFirstSheet(upload.content, { maxRows: Limits.i18nImportRowsMax, maxUnzipped: Limits.i18nImportUnzippedMax });
  return { upload, sheet };
}

async function planOf(db: Tx, { upload, sheet }: Awaited<ReturnType<typeof sheetOf>>, ctx: CallContext) {
  const stored = new Map((await db.select().from(i18nText)).map((row) => [row.chinese, row]));
  const plan = planImport(sheet, stored, ctx);
  return { upload, plan, digest: digestOf(upload.sha256, plan) };
}

function columnName(ctx: CallContext, field: string): string {
  return ctx.t(`i18nText.column.${field}`);
}

export async function previewImport(ctx: CallContext, fileId: number): Promise<I18nImportReport> {
  const { upload, plan, digest } = await planOf(ctx.services.db, await sheetOf(ctx.services.db, fileId, ctx), ctx);
  const counts = { add: 0, change: 0, unchanged: 0, refuse: 0 };
  const rows: I18nImportRow[] = [];
  for (const p of plan) {
    counts[p.action] += 1;
    if (p.action === 'unchanged') continue;
    if (p.action === ImportAction.Refuse) {
      const text = ctx.t(p.reason.key, p.reason.params);
      rows.push({ row: p.row, action: p.action, chinese: p.chinese, changes: [], reason: p.reason.field ? `${columnName(ctx, p.reason.field)}: ${text}` : text });
    } else {
      const changes = p.action === ImportAction.Change ? p.changes.map((change) => ({ ...change, field: columnName(ctx, change.field) })) : [];
      rows.push({ row: p.candidate.row, action: p.action, chinese: p.candidate.chinese, changes, reason: null });
    }
  }
  return { fileName: upload.name, digest, counts, rows };
}

/**
 * Applies the plan the preview showed, in one transaction; refused rows stay out, as the preview said. The file
 * is read before the transaction begins; the plan is made again in it, against the stored texts.
 */
export async function applyImport(ctx: CallContext, fileId: number, digest: string): Promise<{ added: number; changed: number }> {
  const operater = await operatorName(ctx);
  const now = ctx.services.now();
  const read = await sheetOf(ctx.services.db, fileId, ctx);
  const logged = await ctx.services.db.transaction(async (tx) => {
    const current = await planOf(tx, read, ctx);
    if (current.digest !== digest) throw new AppError(ResponseCode.StaleRecord, 'error.i18nImportChanged');
    const changes: Array<{ before: I18nTextRow | null; after: I18nTextRow }> = [];
    for (const p of current.plan) {
      if (p.action === ImportAction.Add) {
        const { candidate } = p;
        const inserted = await tx
          .insert(i18nText)
          .values({ chinese: candidate.chinese, ...Object.fromEntries(candidate.translations), status: candidate.status ?? I18nStatus.Usable, operater, createTime: now })
          .onConflictDoNothing()
          .returning();
        // Another save added the same Chinese text after this plan was read.
        if (!inserted[0]) throw chineseTaken(candidate.chinese);
        changes.push({ before: null, after: inserted[0] });
      } else if (p.action === ImportAction.Change) {
        const { candidate, stored } = p;
        const updated = await tx
          .update(i18nText)
          .set({ ...Object.fromEntries(candidate.translations), status: candidate.status ?? stored.status, operater, updateTime: now, version: sql`${i18nText.version} + 1` })
          .where(and(eq(i18nText.id, stored.id), eq(i18nText.version, stored.version)))
          .returning();
        if (!updated[0]) throw Errors.stale();
        changes.push({ before: stored, after: updated[0] });
      }
    }
    for (const { before, after } of changes) {
      await ctx.logChange(tx, {
        entryType: 'import',
        content: { key: before ? 'i18nText.importUpdate' : 'i18nText.importAdd', values: { chinese: after.chinese } },
        before: before ? snapshotOf(before) : null,
        after: snapshotOf(after),
      });
    }
    return changes;
  });
  if (logged.length > 0) ctx.services.translations.changed();
  return { added: logged.filter((c) => c.before === null).length, changed: logged.filter((c) => c.before !== null).length };
}
