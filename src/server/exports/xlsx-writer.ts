import { once } from 'node:events';
import type { PassThrough, Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { fillParts, templateParts, type TemplateContext } from '../../shared/template-fill';
import WorkbookWriter from 'exceljs/lib/stream/xlsx/workbook-writer.js';
import { KEYED_TEXT_MARK, rowsOf, type CellValue, type RowTexts, type SheetPage } from './sheet-page';

export interface SheetSpec {
  name: string;
  /** The header row. */
  columns: readonly string[];
  /** Each column's width in characters; Excel's default where absent. */
  widths?: readonly number[];
  /** By column index: the text in the reader's language of each code the column stores; a code not listed stays as it is. */
  labels?: Readonly<Record<number, Readonly<Record<string, string>>>>;
  /** By column index: the language a column's keyed texts (`KEYED_TEXT_MARK`) are written out in; any other text stays as it is. */
  keyedTexts?: Readonly<Record<number, KeyedTextLanguage>>;
  /**
   * The time zone (IANA) of the workstation that asked for the export: time cells are written as date cells showing
   * that zone's wall-clock time (`DATE_TIME_FORMAT`). Without it they stay ISO 8601 texts in UTC.
   */
  timeZone?: string;
}

/** One language's templates by key, and what fills them (shared/template-fill.ts). */
export interface KeyedTextLanguage {
  templates: Readonly<Record<string, string>>;
  context: TemplateContext;
}

/** A keyed text's cell (`KEYED_TEXT_MARK`) written out in a language, each of its templates split once (`templateParts`). */
function keyedTextsIn(language: KeyedTextLanguage): (cell: string) => string {
  const parts = new Map<string, readonly string[] | null>();
  return (cell) => {
    const valuesAt = cell.indexOf(KEYED_TEXT_MARK, KEYED_TEXT_MARK.length);
    const storedAt = cell.indexOf(KEYED_TEXT_MARK, valuesAt + 1);
    if (valuesAt < 0 || storedAt < 0) return cell;
    const key = cell.slice(KEYED_TEXT_MARK.length, valuesAt);
    let template = parts.get(key);
    if (template === undefined) {
      const text = Object.hasOwn(language.templates, key) ? language.templates[key] : undefined;
      template = text === undefined ? null : templateParts(text);
      parts.set(key, template);
    }
    if (template === null) return cell.slice(storedAt + 1);
    return fillParts(template, JSON.parse(cell.slice(valuesAt + 1, storedAt)) as Record<string, unknown> | null, language.context);
  };
}

/** How a date cell shows its time: Excel's format codes for yyyy-MM-dd HH:mm:ss. */
export const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';
/** The first number format id a workbook may define for itself (ids below are Excel's built-in formats). */
const OWN_FORMAT_ID = 164;

/**
 * The streaming writer without styles (each styled cell would cost a style lookup) gives every date cell one style
 * of its own, Excel's built-in short date. That one style is made ours instead: the date and time to the second.
 */
interface StylesWithoutIndex {
  model: { numFmts: Array<{ id: number; formatCode: string }>; styles: object[] };
  _dateStyleId?: number;
}
function dateCellsShowTime(workbook: object): void {
  const styles = (workbook as { styles: StylesWithoutIndex }).styles;
  styles.model.numFmts.push({ id: OWN_FORMAT_ID, formatCode: DATE_TIME_FORMAT });
  styles._dateStyleId = styles.model.styles.length;
  styles.model.styles.push({ numFmtId: OWN_FORMAT_ID, fontId: 0, fillId: 0, borderId: 0, xfId: 0, applyNumberFormat: true });
}

/** Minutes between two instants whose offset from UTC is looked up afresh: no zone changes its offset within a quarter hour. */
const OFFSET_SPAN_MS = 15 * 60_000;

/**
 * The wall-clock time in `timeZone` of an instant, as the Date whose UTC fields are that time (exceljs writes a Date
 * by its UTC fields). Offsets are remembered per quarter hour: Intl's answer costs microseconds, a sheet has a
 * million times, and their quarter hours are few.
 */
export function wallClockOf(timeZone: string): (iso: string) => Date | string {
  const format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
  const offsets = new Map<number, number>();
  const offsetAt = (ms: number): number => {
    const span = Math.floor(ms / OFFSET_SPAN_MS);
    let offset = offsets.get(span);
    if (offset === undefined) {
      const at = span * OFFSET_SPAN_MS;
      const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
      offset = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second)) - at;
      // A sheet's times cluster; the map stays small, but a sheet spanning centuries does not grow it without end.
      if (offsets.size > 100_000) offsets.clear();
      offsets.set(span, offset);
    }
    return offset;
  };
  return (iso) => {
    const ms = Date.parse(iso);
    // What the database wrote beyond a Date's range (infinity) stays its text.
    return Number.isNaN(ms) ? iso : new Date(ms + offsetAt(ms));
  };
}

/**
 * exceljs's worksheet stream hands its buffers to the zip without waiting (its StreamBuf ignores what `write()`
 * answers), so a deflate slower than the rows would gather the whole sheet in memory. Waiting on the zip's
 * input, the stream the worksheet pipes into, keeps the export to about a page whatever its length. That
 * input is archiver's readable-stream 2 PassThrough, which predates `writableNeedDrain`: its state says it.
 */
type ZipInput = Writable & { _writableState?: { needDrain?: boolean } };
async function zipCaughtUp(worksheet: ExcelJS.Worksheet, signal: AbortSignal): Promise<void> {
  const inputs = (worksheet as unknown as { stream?: { pipes?: ZipInput[] } }).stream?.pipes ?? [];
  for (const input of inputs) if (input.writableNeedDrain ?? input._writableState?.needDrain) await once(input, 'drain', { signal });
}

/**
 * Rows written between two turns of the event loop. The zip deflates on libuv's thread pool one chunk (64 KB of
 * the sheet) per job, and each next job is started from this thread: a page written in one go left the deflate
 * idle until the page was done, so writing and deflating took turns instead of running side by side (issue 11:
 * a 1,000,000-row export spent a third of its time waiting for the zip).
 */
export const ROWS_PER_TURN = 25;

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Writes the workbook into `out`: the header, then each page's rows, with exceljs's streaming writer. The next
 * page is asked for while this one is written. The writer waits while the zip or `out`'s reader is behind, and
 * stops at once when `out` is destroyed. Ends `out` when the last page is written; a page that fails rejects.
 */
export async function writeXlsx(sheet: SheetSpec, pages: AsyncIterator<SheetPage>, out: PassThrough): Promise<void> {
  const workbook = new WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  dateCellsShowTime(workbook);
  // The header row stays on view while the rows scroll.
  const worksheet = workbook.addWorksheet(sheet.name, { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] });
  if (sheet.widths) worksheet.columns = sheet.widths.map((width) => ({ width }));
  const closed = new AbortController();
  out.once('close', () => closed.abort());
  worksheet.addRow([...sheet.columns]).commit();
  const labelled = Object.entries(sheet.labels ?? {}).map(([at, labels]) => [Number(at), labels] as const);
  const keyed = Object.entries(sheet.keyedTexts ?? {}).map(([at, language]) => [Number(at), keyedTextsIn(language)] as const);
  const wallClock = sheet.timeZone ? wallClockOf(sheet.timeZone) : null;
  let next = pages.next();
  for (let page = await next; !page.done; page = await next) {
    if (out.destroyed) return;
    next = pages.next();
    // A read-ahead that fails after the writer stopped is nobody's to answer.
    next.catch(() => undefined);
    // exceljs reads the values into its own cells and keeps no reference to the array.
    let written = 0;
    const texts = !Array.isArray(page.value);
    const timeCells = wallClock && texts ? (page.value as RowTexts).timeCells : [];
    for (const parsed of rowsOf(page.value)) {
      // A row parsed from the page's texts is this loop's own; a page of cells is the caller's, and stays so.
      const row: Array<CellValue | Date> = texts || (labelled.length === 0 && keyed.length === 0) ? (parsed as CellValue[]) : [...parsed];
      for (const [at, labels] of labelled) {
        const code = row[at];
        if (typeof code === 'string' && Object.hasOwn(labels, code)) row[at] = labels[code]!;
      }
      for (const [at, textOf] of keyed) {
        const cell = row[at];
        if (typeof cell === 'string' && cell.startsWith(KEYED_TEXT_MARK)) row[at] = textOf(cell);
      }
      for (const at of timeCells) {
        const time = row[at];
        if (typeof time === 'string') row[at] = wallClock!(time);
      }
      worksheet.addRow(row).commit();
      if (++written % ROWS_PER_TURN === 0) {
        await nextTurn();
        if (out.destroyed) return;
      }
    }
    await zipCaughtUp(worksheet, closed.signal);
    if (out.writableNeedDrain) await once(out, 'drain', { signal: closed.signal });
    // A page that arrives within the same turn of the event loop (PGlite answers so) would otherwise leave the
    // zip no turn to emit: the whole file would leave only at the end and a cancel would not be heard.
    else await nextTurn();
  }
  worksheet.commit();
  await workbook.commit();
}
