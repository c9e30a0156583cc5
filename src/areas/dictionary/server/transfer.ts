import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ResponseCode } from '../../../shared/codes';
import { DictStatus, DictUpdatable, FilePurpose, ImportAction, LOCALES, type Locale } from '../../../shared/constants';
import { DICT_PATH_SEPARATOR, DICTIONARY_SHEET, dictNames, dictStatus, dictUpdatable, type ImportReport, type ImportReportRow } from '../contract';
import type { ExportedFile } from '../../../shared/contract/export';
import { Perm } from '../../../shared/permissions';
import { Limits, Patterns, rules } from '../../../shared/rules';
import { rowsOf } from '../../../server/auth/authz';
import type { CallContext } from '../../../server/context';
import type { Tx } from '../../../server/db/client';
import { containsPattern } from '../../../server/db/lists';
import { file } from '../../../server/db/schema';
import { dictionary, dictionaryName } from './schema';
import { AppError, Errors } from '../../../server/errors';
import { readFirstSheet, xlsxStream, type CellValue, type SheetRow } from '../../../server/exports/xlsx';
import { dictNoConflict, snapshotOf, type DictionarySnapshot } from './dictionaries';
import type { OperationEntryType } from '../../operation-log/contract';
import type { OperationContent } from '../../../shared/operation-content';

/**
 * Export of the dictionaries to .xlsx and import back (issue 9): one row per node in tree order, its place
 * given by the path of codes above it. An import never deletes; it adds the rows whose path is new,
 * changes the rows that differ from what is stored, and refuses each row it cannot take with the reason.
 * The preview computes the plan and its digest; applying recomputes it in the transaction and goes on only
 * when the digest is the one the preview showed.
 */

const EXPORT_PAGE_ROWS = 500;
const NAME_COLUMN_PREFIX = 'name.';
const REQUIRED_COLUMNS = ['parent', 'dictNo', 'dictName', 'dictOrder'] as const;

type Column = (typeof DICTIONARY_SHEET.columns)[number];

// ----- Export -----

interface ExportRow {
  sort_key: string;
  parent_path: string;
  dict_no: string;
  dict_name: string;
  dict_order: number;
  status: string;
  updated: string;
  version: number;
  names: string | null;
}

/** The nodes in tree order (each dictionary, then its items in their order), a page at a time, by keyset on the tree position. */
async function* exportPages(db: Tx, nameFilter: string | undefined): AsyncGenerator<CellValue[][]> {
  const roots = nameFilter
    ? sql`parent_id is null and (dict_name ilike ${containsPattern(nameFilter)} or exists (select 1 from sys_dictionary_name n where n.dict_id = sys_dictionary.id and n.lang_name ilike ${containsPattern(nameFilter)}))`
    : sql`parent_id is null`;
  let after: string | null = null;
  for (;;) {
    const result: unknown = await db.execute(sql`
      with recursive tree as (
        select id, dict_no, dict_name, dict_order, status, updated, version,
               array[dict_order, id] as sort_key, array[]::varchar[] as parent_path
        from sys_dictionary where ${roots}
        union all
        select d.id, d.dict_no, d.dict_name, d.dict_order, d.status, d.updated, d.version,
               t.sort_key || array[d.dict_order, d.id], t.parent_path || t.dict_no
        from sys_dictionary d join tree t on d.parent_id = t.id
      )
      select array_to_string(sort_key, ',') as sort_key, array_to_string(parent_path, ${DICT_PATH_SEPARATOR}) as parent_path,
             dict_no, dict_name, dict_order, status, updated, version,
             (select json_object_agg(n.lang_id, n.lang_name)::text from sys_dictionary_name n where n.dict_id = tree.id) as names
      from tree
      where ${after === null ? sql`true` : sql`sort_key > ${after}::int[]`}
      order by tree.sort_key
      limit ${EXPORT_PAGE_ROWS}`);
    const rows: ExportRow[] = rowsOf<ExportRow>(result);
    if (rows.length === 0) return;
    yield rows.map((row) => {
      const names = row.names ? (JSON.parse(row.names) as Record<string, string>) : {};
      return [row.parent_path, row.dict_no, row.dict_name, Number(row.dict_order), row.status, row.updated, ...LOCALES.map((locale) => names[locale] ?? ''), Number(row.version)];
    });
    after = `{${rows[rows.length - 1]!.sort_key}}`;
    if (rows.length < EXPORT_PAGE_ROWS) return;
  }
}

function stamp(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}-${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`;
}

export function exportDictionaries(ctx: CallContext, nameFilter: string | undefined): ExportedFile {
  return {
    fileName: `dictionaries-${stamp(ctx.services.now())}.xlsx`,
    body: xlsxStream({ name: DICTIONARY_SHEET.name, columns: DICTIONARY_SHEET.columns }, exportPages(ctx.services.db, nameFilter), ctx.services.driver),
  };
}

// ----- Import: reading the file -----

interface ImportFile {
  name: string;
  sha256: string;
  content: Buffer;
}

/** The caller's own upload for a dictionary import; anyone else's, or another purpose, does not exist for it. */
async function importFile(db: Tx, fileId: number, userId: number): Promise<ImportFile> {
  const rows = await db
    .select({ name: file.name, sha256: file.sha256, content: file.content })
    .from(file)
    .where(and(eq(file.fileId, fileId), eq(file.purpose, FilePurpose.DictionaryImport), eq(file.createBy, userId)))
    .limit(1);
  const row = rows[0];
  if (!row) throw Errors.notFound('fileId');
  // PGlite hands bytea over as a plain Uint8Array.
  const content: Uint8Array = row.content;
  return { ...row, content: Buffer.from(content.buffer, content.byteOffset, content.byteLength) };
}

/** The stored nodes an import is matched against, by path. */
export interface StoredNode {
  id: number;
  parentId: number | null;
  dictNo: string;
  dictName: string;
  dictOrder: number;
  status: string;
  updated: string;
  version: number;
  names: Map<string, string>;
}

async function storedNodes(db: Tx): Promise<Map<string, StoredNode>> {
  const rows = await db.select().from(dictionary);
  const names = await db.select({ dictId: dictionaryName.dictId, langId: dictionaryName.langId, langName: dictionaryName.langName }).from(dictionaryName);
  const byId = new Map<number, StoredNode>(
    rows.map((r) => [
      r.id,
      { id: r.id, parentId: r.parentId, dictNo: r.dictNo, dictName: r.dictName, dictOrder: r.dictOrder, status: r.status, updated: r.updated, version: r.version, names: new Map() },
    ]),
  );
  for (const name of names) byId.get(name.dictId)?.names.set(name.langId, name.langName);
  const paths = new Map<number, string>();
  const pathOf = (node: StoredNode): string => {
    const known = paths.get(node.id);
    if (known !== undefined) return known;
    const parent = node.parentId === null ? undefined : byId.get(node.parentId);
    const path = parent ? `${pathOf(parent)}${DICT_PATH_SEPARATOR}${node.dictNo}` : node.dictNo;
    paths.set(node.id, path);
    return path;
  };
  return new Map([...byId.values()].map((node) => [pathOf(node), node]));
}

// ----- Import: the plan -----

interface Reason {
  field?: string;
  key: string;
  params?: Record<string, string | number>;
}

interface Candidate {
  row: number;
  path: string;
  parentPath: string;
  dictNo: string;
  dictName: string;
  dictOrder: number;
  /** Null: the file leaves it (a new node takes the default, a stored one keeps its value). */
  status: string | null;
  updated: string | null;
  /** The names of the languages whose column the file has; a blank cell removes that name. */
  names: Map<Locale, string>;
  version: number | null;
}

export type PlannedRow =
  | { action: typeof ImportAction.Add; candidate: Candidate }
  | { action: typeof ImportAction.Change; candidate: Candidate; stored: StoredNode; changes: ImportReportRow['changes'] }
  | { action: 'unchanged'; candidate: Candidate }
  | { action: typeof ImportAction.Refuse; row: number; path: string; dictName: string; reason: Reason };

const rowSchema = z.object({
  dictNo: rules.dictNo,
  dictName: rules.dictName,
  dictOrder: rules.dictOrder,
  status: dictStatus.nullable(),
  updated: dictUpdatable.nullable(),
  names: dictNames,
  version: rules.version.nullable(),
});

function numberOf(text: string): number | undefined {
  if (text === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
}

/** The column of each header the file names; a missing required column refuses the whole file. */
function headerOf(header: SheetRow): Map<Column, number> {
  const known = new Set<string>(DICTIONARY_SHEET.columns);
  const at = new Map<Column, number>();
  header.cells.forEach((cell, index) => {
    if (known.has(cell) && !at.has(cell as Column)) at.set(cell as Column, index);
  });
  const missing = REQUIRED_COLUMNS.filter((column) => !at.has(column));
  if (missing.length > 0) throw new AppError(ResponseCode.InvalidInput, 'error.importHeader', { columns: missing.join(', ') }, 'fileId');
  return at;
}

/** A row read as a candidate node, or the reason it cannot be one. */
function candidateOf(sheetRow: SheetRow, header: Map<Column, number>): Candidate | Reason {
  const cell = (column: Column) => {
    const index = header.get(column);
    return index === undefined ? '' : (sheetRow.cells[index] ?? '');
  };
  const parentPath = cell('parent');
  const segments = parentPath === '' ? [] : parentPath.split(DICT_PATH_SEPARATOR).map((segment) => segment.trim());
  if (segments.some((segment) => segment === '' || segment.length > Limits.dictNoMax || !Patterns.dictNo.test(segment))) return { field: 'parent', key: 'validation.format' };
  const names = new Map<Locale, string>();
  for (const locale of LOCALES) {
    const column = `${NAME_COLUMN_PREFIX}${locale}` as Column;
    if (header.has(column)) names.set(locale, cell(column));
  }
  const sentNames = [...names].filter(([, langName]) => langName !== '');
  const parsed = rowSchema.safeParse({
    dictNo: cell('dictNo'),
    dictName: cell('dictName'),
    dictOrder: numberOf(cell('dictOrder')),
    status: cell('status') || null,
    updated: cell('updated') || null,
    names: sentNames.map(([langId, langName]) => ({ langId, langName })),
    version: cell('version') === '' ? null : numberOf(cell('version')),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const [first, index] = issue.path;
    const field = first === 'names' && typeof index === 'number' ? `${NAME_COLUMN_PREFIX}${sentNames[index]?.[0] ?? ''}` : String(first ?? 'row');
    return { field, key: issue.message.startsWith('validation.') ? issue.message : 'validation.format' };
  }
  const value = parsed.data;
  const trimmedNames = new Map<Locale, string>([...names].map(([locale]) => [locale, value.names.find((n) => n.langId === locale)?.langName ?? '']));
  return {
    row: sheetRow.row,
    path: [...segments, value.dictNo].join(DICT_PATH_SEPARATOR),
    parentPath: segments.join(DICT_PATH_SEPARATOR),
    dictNo: value.dictNo,
    dictName: value.dictName,
    dictOrder: value.dictOrder,
    status: value.status,
    updated: value.updated,
    names: trimmedNames,
    version: value.version,
  };
}

/** What a candidate would change in a stored node, field by field. */
function changesOf(candidate: Candidate, stored: StoredNode): ImportReportRow['changes'] {
  const changes: ImportReportRow['changes'] = [];
  const compare = (field: string, before: string, after: string) => before !== after && changes.push({ field, before, after });
  compare('dictName', stored.dictName, candidate.dictName);
  compare('dictOrder', String(stored.dictOrder), String(candidate.dictOrder));
  compare('status', stored.status, candidate.status ?? stored.status);
  compare('updated', stored.updated, candidate.updated ?? stored.updated);
  for (const [locale, name] of candidate.names) compare(`${NAME_COLUMN_PREFIX}${locale}`, stored.names.get(locale) ?? '', name);
  return changes;
}

/**
 * The plan of an import, row by row in the order of the sheet: pure, given the rows and the stored nodes.
 * Parents are settled before their children, whatever order the sheet lists them in.
 */
export function planImport(sheet: readonly SheetRow[], stored: ReadonlyMap<string, StoredNode>, mayUpdate: boolean): PlannedRow[] {
  const [header, ...rows] = sheet;
  if (!header || rows.length === 0) throw new AppError(ResponseCode.InvalidInput, 'error.importEmpty', {}, 'fileId');
  const columns = headerOf(header);
  const planned = new Map<number, PlannedRow>();
  const firstRowOf = new Map<string, number>();
  const candidates: Candidate[] = [];
  for (const sheetRow of rows) {
    const candidate = candidateOf(sheetRow, columns);
    const dictName = sheetRow.cells[columns.get('dictName')!] ?? '';
    if (!('path' in candidate)) {
      planned.set(sheetRow.row, { action: ImportAction.Refuse, row: sheetRow.row, path: sheetRow.cells[columns.get('dictNo')!] ?? '', dictName, reason: candidate });
      continue;
    }
    const first = firstRowOf.get(candidate.path);
    if (first !== undefined) {
      planned.set(sheetRow.row, { action: ImportAction.Refuse, row: sheetRow.row, path: candidate.path, dictName, reason: { key: 'error.importDuplicateRow', params: { row: first } } });
      continue;
    }
    firstRowOf.set(candidate.path, candidate.row);
    candidates.push(candidate);
  }

  const depth = (candidate: Candidate) => (candidate.parentPath === '' ? 0 : candidate.parentPath.split(DICT_PATH_SEPARATOR).length);
  const outcome = new Map<string, PlannedRow['action']>();
  for (const candidate of [...candidates].sort((a, b) => depth(a) - depth(b))) {
    const refuse = (reason: Reason): PlannedRow => ({ action: ImportAction.Refuse, row: candidate.row, path: candidate.path, dictName: candidate.dictName, reason });
    let plan: PlannedRow;
    const parentOutcome = candidate.parentPath === '' ? null : outcome.get(candidate.parentPath);
    const existing = stored.get(candidate.path);
    if (candidate.parentPath !== '' && !stored.has(candidate.parentPath) && parentOutcome !== ImportAction.Add) {
      plan = refuse({ field: 'parent', key: parentOutcome === ImportAction.Refuse ? 'error.importParentRefused' : 'error.importParentMissing', params: { path: candidate.parentPath } });
    } else if (!existing) {
      plan = { action: ImportAction.Add, candidate };
    } else {
      const changes = changesOf(candidate, existing);
      if (changes.length === 0) plan = { action: 'unchanged', candidate };
      else if (existing.updated === DictUpdatable.No) plan = refuse({ key: 'error.importLocked' });
      else if (candidate.version !== null && candidate.version !== existing.version)
        plan = refuse({ field: 'version', key: 'error.importStale', params: { file: candidate.version, stored: existing.version } });
      else if (!mayUpdate) plan = refuse({ key: 'error.importNoUpdate' });
      else plan = { action: ImportAction.Change, candidate, stored: existing, changes };
    }
    outcome.set(candidate.path, plan.action);
    planned.set(candidate.row, plan);
  }
  return [...planned.entries()].sort(([a], [b]) => a - b).map(([, plan]) => plan);
}

/** Names the plan: the file's bytes and every row's outcome with the stored versions it relies on. */
function digestOf(fileSha256: string, plan: readonly PlannedRow[]): string {
  const rows = plan.map((p) => {
    if (p.action === ImportAction.Refuse) return [p.row, p.action, p.path, p.reason.key, p.reason.params ?? null];
    if (p.action === ImportAction.Change) return [p.candidate.row, p.action, p.candidate.path, p.stored.id, p.stored.version];
    return [p.candidate.row, p.action, p.candidate.path];
  });
  return createHash('sha256')
    .update(JSON.stringify([fileSha256, rows]))
    .digest('hex');
}

/** The caller's upload and its rows, read outside any transaction: unzipping holds no connection. */
async function sheetOf(db: Tx, fileId: number, userId: number) {
  const upload = await importFile(db, fileId, userId);
  const sheet = await readFirstSheet(upload.content, { maxRows: Limits.dictImportRowsMax, maxUnzipped: Limits.dictImportUnzippedMax });
  return { upload, sheet };
}

async function planOf(db: Tx, { upload, sheet }: Awaited<ReturnType<typeof sheetOf>>, mayUpdate: boolean) {
  const plan = planImport(sheet, await storedNodes(db), mayUpdate);
  return { upload, plan, digest: digestOf(upload.sha256, plan) };
}

async function mayUpdateOf(ctx: CallContext): Promise<boolean> {
  return (await ctx.services.authz.keysOf(ctx.requireRole().roleId)).has(Perm.dictUpdate);
}

export async function previewImport(ctx: CallContext, fileId: number): Promise<ImportReport> {
  const session = ctx.requireSession();
  const { upload, plan, digest } = await planOf(ctx.services.db, await sheetOf(ctx.services.db, fileId, session.userId), await mayUpdateOf(ctx));
  const counts = { add: 0, change: 0, unchanged: 0, refuse: 0 };
  const rows: ImportReportRow[] = [];
  for (const p of plan) {
    counts[p.action] += 1;
    if (p.action === 'unchanged') continue;
    if (p.action === ImportAction.Refuse) {
      const text = ctx.t(p.reason.key, p.reason.params);
      rows.push({ row: p.row, action: p.action, path: p.path, dictName: p.dictName, changes: [], reason: p.reason.field ? `${p.reason.field}: ${text}` : text });
    } else {
      rows.push({ row: p.candidate.row, action: p.action, path: p.candidate.path, dictName: p.candidate.dictName, changes: p.action === ImportAction.Change ? p.changes : [], reason: null });
    }
  }
  return { fileName: upload.name, digest, counts, rows };
}

async function writeNamesOf(tx: Tx, dictId: number, names: ReadonlyMap<Locale, string>): Promise<void> {
  const locales = [...names.keys()];
  if (locales.length === 0) return;
  await tx.delete(dictionaryName).where(and(eq(dictionaryName.dictId, dictId), inArray(dictionaryName.langId, locales)));
  const kept = [...names].filter(([, langName]) => langName !== '');
  if (kept.length > 0) await tx.insert(dictionaryName).values(kept.map(([langId, langName]) => ({ dictId, langId, langName })));
}

async function snapshotById(tx: Tx, id: number): Promise<DictionarySnapshot> {
  const row = (await tx.select().from(dictionary).where(eq(dictionary.id, id)))[0]!;
  const names = await tx.select({ langId: dictionaryName.langId, langName: dictionaryName.langName }).from(dictionaryName).where(eq(dictionaryName.dictId, id));
  return snapshotOf(row, names);
}

/**
 * Applies the plan the preview showed, in one transaction; refused rows stay out, as the preview said. The file
 * is read before the transaction begins; the plan is made again in it, against the stored rows.
 */
export async function applyImport(ctx: CallContext, fileId: number, digest: string): Promise<{ added: number; changed: number }> {
  const session = ctx.requireSession();
  const mayUpdate = await mayUpdateOf(ctx);
  const now = ctx.services.now();
  const read = await sheetOf(ctx.services.db, fileId, session.userId);
  const changes = await ctx.services.db
    .transaction(async (tx) => {
      const current = await planOf(tx, read, mayUpdate);
      if (current.digest !== digest) throw new AppError(ResponseCode.StaleRecord, 'error.importChanged');
      const idOfPath = new Map<string, number>();
      const stored = await storedNodes(tx);
      for (const [path, node] of stored) idOfPath.set(path, node.id);
      const logged: Array<{ entryType: OperationEntryType; content: OperationContent; before: DictionarySnapshot | null; after: DictionarySnapshot }> = [];
      const depth = (path: string) => path.split(DICT_PATH_SEPARATOR).length;
      const adds = current.plan.flatMap((p) => (p.action === ImportAction.Add ? [p.candidate] : [])).sort((a, b) => depth(a.path) - depth(b.path));
      for (const candidate of adds) {
        const parentId = candidate.parentPath === '' ? null : idOfPath.get(candidate.parentPath)!;
        const inserted = await tx
          .insert(dictionary)
          .values({
            parentId,
            dictNo: candidate.dictNo,
            dictName: candidate.dictName,
            dictOrder: candidate.dictOrder,
            status: candidate.status ?? DictStatus.Use,
            updated: candidate.updated ?? DictUpdatable.Yes,
            createBy: session.userId,
            createTime: now,
          })
          .returning({ id: dictionary.id });
        const id = inserted[0]!.id;
        idOfPath.set(candidate.path, id);
        await writeNamesOf(tx, id, candidate.names);
        logged.push({ entryType: 'import', content: { key: 'dictionary.importAdd', values: { path: candidate.path } }, before: null, after: await snapshotById(tx, id) });
      }
      for (const p of current.plan) {
        if (p.action !== ImportAction.Change) continue;
        const before = await snapshotById(tx, p.stored.id);
        const updated = await tx
          .update(dictionary)
          .set({
            dictName: p.candidate.dictName,
            dictOrder: p.candidate.dictOrder,
            status: p.candidate.status ?? p.stored.status,
            updated: p.candidate.updated ?? p.stored.updated,
            updateBy: session.userId,
            updateTime: now,
            version: sql`${dictionary.version} + 1`,
          })
          .where(and(eq(dictionary.id, p.stored.id), eq(dictionary.version, p.stored.version)))
          .returning({ id: dictionary.id });
        if (!updated[0]) throw Errors.stale();
        await writeNamesOf(tx, p.stored.id, p.candidate.names);
        logged.push({ entryType: 'import', content: { key: 'dictionary.importUpdate', values: { path: p.candidate.path } }, before, after: await snapshotById(tx, p.stored.id) });
      }
      for (const change of logged) await ctx.logChange(tx, change);
      return logged;
    })
    .catch(dictNoConflict);
  return { added: changes.filter((c) => c.before === null).length, changed: changes.filter((c) => c.before !== null).length };
}
