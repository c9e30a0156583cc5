import { z } from 'zod';
import { CHAIN_BREAK_CAUSES } from '../../shared/constants';
import { Perm } from '../../shared/permissions';
import { pageOf, rules } from '../../shared/rules';
import { endpoint } from '../../shared/contract/endpoint';
import { XLSX_DOWNLOAD, exportProgress, exportProgressKey, exportedFile } from '../../shared/contract/export';
import { KERNEL_SNAPSHOT_TABLES, REFERENCE_KINDS, type SnapshotFieldTable } from '../../shared/contract/snapshot-fields';
import { appSnapshotFields } from '../app-center/contract';
import { dataGroupSnapshotFields } from '../data-group/contract';
import { deptSnapshotFields } from '../department/contract';
import { dictionarySnapshotFields } from '../dictionary/contract';
import { infoCategorySnapshotFields } from '../info-category/contract';
import { articleSnapshotFields } from '../information/contract';
import { i18nTextSnapshotFields } from '../internationalize/contract';
import { mailSnapshotFields } from '../mail/contract';
import { menuSnapshotFields } from '../menu/contract';
import { messageKeySnapshotFields } from '../message-key/contract';
import { noticeSnapshotFields } from '../notice/contract';
import { pushSnapshotFields } from '../push/contract';
import { resourceSnapshotFields } from '../resource/contract';
import { roleSnapshotFields } from '../role/contract';
import { serviceCentreSnapshotFields } from '../service-center/contract';
import { smsSendSnapshotFields, smsSignatureSnapshotFields, smsTemplateSnapshotFields } from '../sms/contract';
import { sessionSnapshotFields } from '../statistics/contract';
import { apiKeySnapshotFields } from '../system-api-key/contract';
import { userSnapshotFields } from '../user/contract';

/**
 * The operation log (spec 001 §2 /behaviorDiary, §3 Operation log entry, §7 Operation log, §8): who changed
 * what, from where, with the values before and after. Rows are hash-chained (tamper evidence) and shown
 * newest first; a role sees the rows of operators in its organisation subtree.
 */

/** An instant with its offset (ISO 8601), as the screen's date pickers send a day's start or end. */
const instant = z.iso.datetime({ offset: true, message: 'validation.dateTime' }).optional();

/** The filters the list and the export share (spec 001 §7). */
const filterFields = {
  operUserName: rules.filterText,
  operLoginName: rules.filterText,
  /** Inclusive. */
  operationTimeStart: instant,
  /** Inclusive. */
  operationTimeEnd: instant,
};

type Filters = { operationTimeStart?: string | undefined; operationTimeEnd?: string | undefined };

/** A range that ends before it starts is refused on its end. */
function checkRange(filters: Filters, ctx: z.RefinementCtx): void {
  const { operationTimeStart: start, operationTimeEnd: end } = filters;
  if (start && end && Date.parse(start) > Date.parse(end)) ctx.addIssue({ code: 'custom', path: ['operationTimeEnd'], message: 'validation.timeRange', input: end });
}

export const operationLogFilters = z.object(filterFields).superRefine(checkRange);
export type OperationLogFilters = z.input<typeof operationLogFilters>;

export { OPERATION_ENTRY_TYPES, OPERATION_ENTRY_TYPE_NAMES, entryTypeLabels, type OperationEntryType } from '../../shared/operation-entry-types';
import { OPERATION_ENTRY_TYPES, type OperationEntryType } from '../../shared/operation-entry-types';
import type { EndpointNamesOf } from '../../shared/local-names';

export function isOperationEntryType(value: string): value is OperationEntryType {
  return (OPERATION_ENTRY_TYPES as readonly string[]).includes(value);
}

export const operationLogEntry = z.object({
  id: z.number().int(),
  entryType: z.string(),
  operUserName: z.string(),
  operLoginName: z.string(),
  /** The region of `operIp` from the offline IP database. */
  operLocation: z.string(),
  operIp: z.string(),
  operationContent: z.string(),
  beforeOperation: z.unknown(),
  afterOperation: z.unknown(),
  /** ISO 8601. */
  operationTime: z.string(),
});
export type OperationLogEntry = z.infer<typeof operationLogEntry>;

export const chainStatus = z.object({
  /** Every chained row's hash follows from its fields and the row before it. */
  intact: z.boolean(),
  /** Chained rows checked (up to the break). */
  count: z.number().int(),
  /** Rows older than the chain (no hash). */
  unchained: z.number().int(),
  /** Where the chain breaks: the first row that does not follow, or (a cut tail) the last row the anchored head names. */
  brokenAt: z.object({ id: z.number().int(), operationTime: z.string() }).nullable(),
  /** Why it breaks; null while intact. */
  cause: z.enum(CHAIN_BREAK_CAUSES).nullable(),
});
export type ChainStatus = z.infer<typeof chainStatus>;

/** The export's columns (spec 001 §2), named in the request's language by `operationLog.column.<name>`. */
export const OPERATION_LOG_COLUMNS = ['entryType', 'operUserName', 'operLoginName', 'operLocation', 'operationContent', 'beforeOperation', 'afterOperation', 'operationTime'] as const;

/**
 * Every snapshot the log keeps, by its fields: a row's before and after values are read through the table that
 * names the most of their keys. The SMS signature comes before the tables that share its four fields, so a
 * signature reads as one; every other snapshot has a field of its own.
 */
export const SNAPSHOT_TABLES: readonly SnapshotFieldTable[] = [
  smsSignatureSnapshotFields,
  deptSnapshotFields,
  roleSnapshotFields,
  menuSnapshotFields,
  dictionarySnapshotFields,
  userSnapshotFields,
  dataGroupSnapshotFields,
  appSnapshotFields,
  infoCategorySnapshotFields,
  articleSnapshotFields,
  apiKeySnapshotFields,
  i18nTextSnapshotFields,
  mailSnapshotFields,
  messageKeySnapshotFields,
  smsTemplateSnapshotFields,
  smsSendSnapshotFields,
  noticeSnapshotFields,
  pushSnapshotFields,
  resourceSnapshotFields,
  serviceCentreSnapshotFields,
  sessionSnapshotFields,
  ...KERNEL_SNAPSHOT_TABLES,
];

/** A record an entry's values refer to by id: its name now, or null when it has been deleted since. */
export const entryReference = z.object({ kind: z.enum(REFERENCE_KINDS), id: z.number().int(), name: z.string().nullable() });
export type EntryReference = z.infer<typeof entryReference>;

/** Selected rows' ids, comma-joined; blank means "the rows the filters match". */
const selectedIds = z.preprocess((value) => (value === '' ? undefined : value), rules.idList.optional());

export const operationLog = {
  list: endpoint({
    service: 'operationLog',
    summary: 'Operation log entries, newest first, a page at a time',
    method: 'POST',
    path: '/sys/operationLog/list',
    access: Perm.operLogView,
    mutation: false,
    input: z.object({ pageNo: rules.page, pageSize: rules.limit, ...filterFields }).superRefine(checkRange),
    output: pageOf(operationLogEntry),
  }),
  verify: endpoint({
    service: 'operationLog',
    summary: "Check the operation log's hash chain",
    method: 'GET',
    path: '/sys/operationLog/verify',
    access: Perm.operLogView,
    input: z.object({}),
    output: chainStatus,
  }),
  export: endpoint({
    service: 'operationLog',
    summary: 'Export operation log entries (the selected ones, or those the filters match) to an .xlsx file',
    method: 'GET',
    path: '/sys/operationLog/export',
    access: Perm.operLogExport,
    input: z.object({ vIds: selectedIds, ...filterFields, progressKey: exportProgressKey.optional() }).superRefine(checkRange),
    output: exportedFile,
    download: XLSX_DOWNLOAD,
  }),
  references: endpoint({
    service: 'operationLog',
    summary: "The names of the records an entry's before and after values refer to by id",
    method: 'GET',
    path: '/sys/operationLog/references/:id',
    access: Perm.operLogView,
    input: z.object({ id: rules.id }),
    output: z.array(entryReference),
  }),
  exportProgress: endpoint({
    service: 'operationLog',
    summary: 'How many rows an export under way has written, of how many',
    method: 'GET',
    path: '/sys/operationLog/export-progress/:progressKey',
    access: Perm.operLogExport,
    input: z.object({ progressKey: exportProgressKey }),
    output: exportProgress,
  }),
} as const;

/** What interface monitoring, its filters and its export call each endpoint of operationLog, in the five locales. */
export const operationLogNames: EndpointNamesOf<typeof operationLog> = {
  list: ['操作日志列表', 'Operation log', 'Vorgangsprotokoll', '操作ログ一覧', '작업 로그 목록'],
  verify: ['校验操作日志哈希链', 'Check operation log chain', 'Protokollkette prüfen', '操作ログのハッシュチェーン検証', '작업 로그 해시 체인 검증'],
  export: ['导出操作日志', 'Export operation log', 'Vorgangsprotokoll exportieren', '操作ログのエクスポート', '작업 로그 내보내기'],
  exportProgress: ['操作日志导出进度', 'Operation log export progress', 'Exportfortschritt des Vorgangsprotokolls', '操作ログエクスポートの進捗', '작업 로그 내보내기 진행률'],
  references: ['操作日志引用的名称', 'Names an operation log entry refers to', 'Namen der Verweise eines Protokolleintrags', '操作ログが参照する名前', '작업 로그가 참조하는 이름'],
};
