import { z } from 'zod';
import { ResponseCode } from '../../shared/codes';
import { Perm } from '../../shared/permissions';
import { Limits, pageOf, rules } from '../../shared/rules';
import { endpoint } from '../../shared/contract/endpoint';
import { XLSX_DOWNLOAD, exportProgress, exportProgressKey, exportedFile } from '../../shared/contract/export';
import type { EndpointNamesOf } from '../../shared/local-names';

/**
 * Interface monitoring (spec 001 §2 /interFace, §3 Interface call log, §7 Interface monitoring, §8, §9): every
 * API call leaves a row; this screen lists them newest first with every filter of the spec, shows a row's
 * request and response, and exports the filtered (or chosen) rows to an .xlsx file streamed as it is read.
 */

/** responseStatus of a call that succeeded (spec 001 §9 "Interface status normal"); anything else is abnormal. */
export const INTERFACE_STATUS_NORMAL = '200';
/**
 * Abnormal statuses that are a guard's answer, not a failure: the demand to change a password (the password was
 * right), an ended session and the permission refusals. Home's figures count failures without them (issue 51).
 */
export const INTERFACE_GUARD_ANSWERS: readonly string[] = [ResponseCode.MustChangePassword, ResponseCode.Unauthorized, ResponseCode.Forbidden, ResponseCode.OutOfScope, ResponseCode.RoleNotHeld];
/** The outcome filter: normal (status 200), abnormal (anything else) or failed (abnormal but no guard's answer). */
export const INTERFACE_OUTCOMES = ['normal', 'abnormal', 'failed'] as const;
export type InterfaceOutcome = (typeof INTERFACE_OUTCOMES)[number];
/** Home's figures count interface errors over this many minutes back. */
export const RECENT_ERRORS_MINUTES = 60;

/** The export's task id (spec 001 §7): the export endpoint's last path segment. */
export const INTERFACE_EXPORT_TASK_ID = 'interface_monitoring_center_export';
/** Rows of one export: the chosen rows of a page, or every row the filters match. */
export const INTERFACE_EXPORT_IDS_MAX = 1000;

/** Any instant with its offset (ISO 8601): the screen sends the local time it shows as yyyy-MM-dd HH:mm:ss with the workstation's offset. */
const instant = z
  .string({ error: 'validation.dateTime' })
  .trim()
  .max(40, { message: 'validation.dateTime' })
  .optional()
  .transform((s) => (s ? s : undefined))
  .pipe(z.iso.datetime({ offset: true, message: 'validation.dateTime' }).optional());

/** The filters of the list and of the export (spec 001 §7 POST list). */
export const interfaceLogFilters = z
  .object({
    appId: rules.filterText,
    /** Part of the service's name. */
    serviceName: rules.filterText,
    /** Part of the interface's name. */
    interfaceName: rules.filterText,
    /** Exactly this status: '200' (normal) or an abnormal code. */
    responseStatus: z
      .string()
      .trim()
      .max(10, { message: 'validation.tooLong' })
      .optional()
      .transform((s) => (s ? s : undefined)),
    /** Only normal calls (status 200), only abnormal ones (any other status) or only failed ones (no guard's answer). */
    outcome: z.enum(INTERFACE_OUTCOMES, { error: 'validation.oneOf' }).optional(),
    /** Calls that took at least this many milliseconds. */
    useTime: z
      .union([
        z.literal(''),
        z.coerce
          .number({ error: 'validation.milliseconds' })
          .int({ message: 'validation.milliseconds' })
          .min(0, { message: 'validation.milliseconds' })
          .max(Limits.idMax, { message: 'validation.milliseconds' }),
      ])
      .optional()
      .transform((n) => (n === '' ? undefined : n)),
    /** A user's id, or part of a login name. */
    userId: rules.filterText,
    /** The start of the caller's address. */
    ip: rules.filterText,
    deviceId: rules.filterText,
    modelInfo: rules.filterText,
    /** Calls that started at or after this instant. */
    startTime: instant,
    /** Calls that started at or before this instant. */
    endTime: instant,
  })
  .refine((f) => !f.startTime || !f.endTime || Date.parse(f.startTime) <= Date.parse(f.endTime), { message: 'validation.timeRange', path: ['endTime'] });
export type InterfaceLogFilters = z.input<typeof interfaceLogFilters>;

export const interfaceLogRow = z.object({
  id: z.number().int(),
  appId: z.string(),
  /** The application's name from the application centre; '' when the app is not known there. */
  appName: z.string(),
  serviceCnName: z.string(),
  interfaceCnName: z.string(),
  method: z.string(),
  path: z.string(),
  userId: z.string(),
  /** The caller's login name; '' for calls without a user or a user since deleted. */
  userName: z.string(),
  /** ISO 8601. */
  startTime: z.string(),
  endTime: z.string(),
  /** Milliseconds. */
  useTime: z.number().int(),
  ip: z.string(),
  deviceId: z.string(),
  modelInfo: z.string(),
  responseStatus: z.string(),
});
export type InterfaceLogRow = z.infer<typeof interfaceLogRow>;

/** A page newest first; the total is exact (a sparse page index keeps deep pages as fast as the first). */
export const interfaceLogPage = pageOf(interfaceLogRow);
export type InterfaceLogPage = z.infer<typeof interfaceLogPage>;

/** The export's column headers: their text comes from the server's catalog in the request's language. */
export const INTERFACE_EXPORT_COLUMNS = [
  'id',
  'appId',
  'serviceCnName',
  'interfaceCnName',
  'userId',
  'startTime',
  'endTime',
  'useTime',
  'ip',
  'deviceId',
  'modelInfo',
  'responseStatus',
  'requestParam',
  'responseText',
] as const;

/**
 * Home's figures of interface monitoring (issues 13, 51): failed sign-ins since the start of today and failed calls in
 * the last hour (outcome 'failed': a guard's answer is no failure), each with the filters that list exactly the rows counted.
 */
export const interfaceLogFigures = z.object({
  failedSignIns: z.number().int(),
  /** The start of today (ISO 8601) the failed sign-ins are counted from. */
  failedSignInsFrom: z.string(),
  recentErrors: z.number().int(),
  /** The instant (ISO 8601) the recent errors are counted from. */
  recentErrorsFrom: z.string(),
});
export type InterfaceLogFigures = z.infer<typeof interfaceLogFigures>;

export const interfaceLog = {
  apps: endpoint({
    service: 'interfaceLog',
    summary: 'Every application of the application centre, for the filter',
    method: 'GET',
    path: '/sys/interface/apps',
    access: Perm.interfaceLogView,
    input: z.object({}),
    output: z.array(z.object({ appId: z.string(), appName: z.string() })),
  }),
  list: endpoint({
    service: 'interfaceLog',
    summary: 'Interface calls, newest first, a page at a time',
    method: 'POST',
    path: '/sys/interface/list',
    access: Perm.interfaceLogView,
    mutation: false,
    input: interfaceLogFilters.and(z.object({ page: rules.page, limit: rules.limit })),
    output: interfaceLogPage,
  }),
  figures: endpoint({
    service: 'interfaceLog',
    summary: "Failed sign-ins today and interface errors in the last hour, of the role's organisations",
    method: 'GET',
    path: '/sys/interface/figures',
    access: Perm.interfaceLogView,
    input: z.object({}),
    output: interfaceLogFigures,
  }),
  info: endpoint({
    service: 'interfaceLog',
    summary: 'One interface call with its request and response',
    method: 'GET',
    path: '/sys/interface/info/:id',
    access: Perm.interfaceLogView,
    input: z.object({
      id: z.coerce.number({ error: 'validation.id' }).int({ message: 'validation.id' }).positive({ message: 'validation.id' }).max(Number.MAX_SAFE_INTEGER, { message: 'validation.idRange' }),
    }),
    output: interfaceLogRow.extend({ requestParam: z.string(), responseText: z.string() }),
  }),
  export: endpoint({
    service: 'interfaceLog',
    summary: 'Export interface calls to an .xlsx file',
    method: 'POST',
    path: `/sys/interface/export/${INTERFACE_EXPORT_TASK_ID}`,
    access: Perm.interfaceLogExport,
    mutation: false,
    input: interfaceLogFilters.and(
      z.object({
        /** The role the screen works in (spec 001 §7: the export sends the roleId); it must be the call's role. */
        roleId: rules.id,
        /** The chosen rows, comma-joined; the rows the filters match when absent. */
        ids: rules.idList.optional(),
        progressKey: exportProgressKey.optional(),
      }),
    ),
    output: exportedFile,
    download: XLSX_DOWNLOAD,
  }),
  exportProgress: endpoint({
    service: 'interfaceLog',
    summary: 'How many rows an export under way has written, of how many',
    method: 'GET',
    path: '/sys/interface/export-progress/:progressKey',
    access: Perm.interfaceLogExport,
    input: z.object({ progressKey: exportProgressKey }),
    output: exportProgress,
  }),
} as const;

/** What interface monitoring, its filters and its export call each endpoint of interfaceLog, in the five locales. */
export const interfaceLogNames: EndpointNamesOf<typeof interfaceLog> = {
  apps: ['接口监控应用选项', 'Applications for the filter', 'Anwendungen für den Filter', 'フィルター用アプリ', '필터용 애플리케이션'],
  list: ['接口调用列表', 'Interface calls', 'Schnittstellenaufrufe', 'インターフェース呼び出し一覧', '인터페이스 호출 목록'],
  figures: ['首页异常统计', 'Home figures', 'Kennzahlen der Startseite', 'ホームの集計', '홈 화면 수치'],
  info: ['接口调用详情', 'Interface call details', 'Aufrufdetails', '呼び出し詳細', '호출 상세'],
  export: ['导出接口调用', 'Export interface calls', 'Schnittstellenaufrufe exportieren', '呼び出しのエクスポート', '인터페이스 호출 내보내기'],
  exportProgress: ['接口调用导出进度', 'Interface call export progress', 'Exportfortschritt der Aufrufe', '呼び出しエクスポートの進捗', '호출 내보내기 진행률'],
};
