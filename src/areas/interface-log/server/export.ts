import { desc, inArray, sql, type SQL } from 'drizzle-orm';
import type { ExportProgress, ExportedFile } from '../../../shared/contract/export';
import { INTERFACE_EXPORT_COLUMNS } from '../contract';
import { interfaceLabels, serviceLabels } from '../../../shared/contract/interface-names';
import { checkCurrentRole } from '../../../server/auth/scope';
import type { CallContext } from '../../../server/context';
import type { Db } from '../../../server/db/client';
import { interfaceLog } from '../../../server/db/schema';
import { isoTime, leadingText, readRowTexts, type CellSource } from '../../../server/db/row-cells';
import { Errors } from '../../../server/errors';
import { keysetPages } from '../../../server/exports/keyset';
import { readExportProgress, trackedPages } from '../../../server/exports/progress';
import { CELL_TEXT_MAX, xlsxStream, type RowTexts } from '../../../server/exports/xlsx';
import { exportSelection } from './logs';
import { allOf, olderThan, scopeCondition, type InterfaceLogSeek, type ParsedFilters } from './queries';

/** Rows read per statement: one page in memory at a time, whatever the export's length. */
export const EXPORT_PAGE_ROWS = 1000;

/** The progress of the caller's own export; another user's key is no export for them. */
export function exportProgress(ctx: CallContext, key: string): ExportProgress {
  const progress = readExportProgress(key, ctx.requireSession().userId);
  if (!progress) throw Errors.notFound('progressKey');
  return progress;
}

/** Where each exported column comes from; a row's cells are built in INTERFACE_EXPORT_COLUMNS's order. */
const CELL_SOURCES: Record<(typeof INTERFACE_EXPORT_COLUMNS)[number], CellSource> = {
  id: interfaceLog.id,
  appId: interfaceLog.appId,
  serviceCnName: interfaceLog.serviceCnName,
  interfaceCnName: interfaceLog.interfaceCnName,
  userId: interfaceLog.userId,
  startTime: isoTime(interfaceLog.startTime),
  endTime: isoTime(interfaceLog.endTime),
  useTime: interfaceLog.useTime,
  ip: interfaceLog.ip,
  deviceId: interfaceLog.deviceId,
  modelInfo: interfaceLog.modelInfo,
  responseStatus: interfaceLog.responseStatus,
  requestParam: leadingText(interfaceLog.requestParam, CELL_TEXT_MAX),
  responseText: leadingText(interfaceLog.responseText, CELL_TEXT_MAX),
};
const EXPORT_CELLS = INTERFACE_EXPORT_COLUMNS.map((column) => CELL_SOURCES[column]);

/** Each column's width in characters: a time's 19, names as they usually run, the request and response wide. */
const COLUMN_WIDTHS: Record<(typeof INTERFACE_EXPORT_COLUMNS)[number], number> = {
  id: 10,
  appId: 20,
  serviceCnName: 18,
  interfaceCnName: 30,
  userId: 10,
  startTime: 20,
  endTime: 20,
  useTime: 12,
  ip: 16,
  deviceId: 20,
  modelInfo: 20,
  responseStatus: 10,
  requestParam: 60,
  responseText: 60,
};

/** The matching rows, newest first, a page at a time by keyset on (start_time, id), each row the text of its cells (`valuesOfRowText`; the keys are cells). */
function exportPages(db: Db, where: SQL | undefined): AsyncGenerator<RowTexts> {
  return keysetPages<InterfaceLogSeek, RowTexts>(async (after) => {
    const page = await readRowTexts(db, EXPORT_CELLS, [CELL_SOURCES.startTime, CELL_SOURCES.id], (fields) =>
      db
        .select(fields)
        .from(interfaceLog)
        .where(allOf([where, after ? olderThan(after) : undefined]))
        .orderBy(desc(interfaceLog.startTime), desc(interfaceLog.id))
        .limit(EXPORT_PAGE_ROWS),
    );
    const last = page.lastKeys;
    return { rows: page, next: last && page.ends.length === EXPORT_PAGE_ROWS ? { startTime: last[0] as string, id: last[1] as number } : null };
  });
}

function stamp(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}-${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`;
}

export interface ExportInput extends ParsedFilters {
  roleId: number;
  ids?: number[];
  progressKey?: string;
}

/**
 * The chosen rows, or every row the filters match, as a streamed workbook with the headers in the caller's
 * language. Chosen rows that do not exist or lie outside the role's organisations refuse the export before
 * any byte is sent.
 */
export async function exportInterfaceLogs(ctx: CallContext, input: ExportInput): Promise<ExportedFile> {
  checkCurrentRole(ctx, input.roleId);
  const timeZone = ctx.timeZone();
  const db = ctx.services.db;
  let selection: { where: SQL | undefined; total: number };
  if (input.ids) {
    const scope = await scopeCondition(ctx);
    const chosen = await db
      .select({ id: interfaceLog.id, inScope: scope ? sql<boolean>`coalesce(${scope}, false)` : sql<boolean>`true` })
      .from(interfaceLog)
      .where(inArray(interfaceLog.id, input.ids));
    if (chosen.length !== input.ids.length) throw Errors.notFound('ids');
    if (!chosen.every((row) => row.inScope)) throw Errors.outOfScope('ids');
    selection = { where: inArray(interfaceLog.id, input.ids), total: input.ids.length };
  } else {
    const { roleId: _roleId, progressKey: _progressKey, ...filters } = input;
    selection = await exportSelection(ctx, filters);
  }
  const pages = trackedPages(exportPages(db, selection.where), { key: input.progressKey, userId: ctx.requireSession().userId, total: selection.total });
  return {
    fileName: `interface-monitoring-${stamp(ctx.services.now())}.xlsx`,
    body: xlsxStream(
      {
        name: ctx.t('export.interfaceLog.sheet'),
        columns: INTERFACE_EXPORT_COLUMNS.map((column) => ctx.t(`export.interfaceLog.${column}`)),
        widths: INTERFACE_EXPORT_COLUMNS.map((column) => COLUMN_WIDTHS[column]),
        // The rows store the contract's keys of the service and the interface: the cells name them in the reader's language.
        labels: { [INTERFACE_EXPORT_COLUMNS.indexOf('serviceCnName')]: serviceLabels(ctx.locale), [INTERFACE_EXPORT_COLUMNS.indexOf('interfaceCnName')]: interfaceLabels(ctx.locale) },
        timeZone,
      },
      pages,
      ctx.services.driver,
    ),
  };
}
