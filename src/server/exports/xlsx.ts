import { once } from 'node:events';
import { PassThrough, Readable, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { ResponseCode } from '../../shared/codes';
import { AppError } from '../errors';

/**
 * Streaming .xlsx (design.md §4b "Exports"): rows arrive a page at a time and leave through exceljs's
 * streaming writer as they are written, so an export holds one page in memory however long it is. Reading
 * is bounded the other way: the workbook's parts are checked before anything is unzipped, and reading
 * stops at a row limit.
 */

export type CellValue = string | number | null;

export interface SheetSpec {
  name: string;
  /** The header row. */
  columns: readonly string[];
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
 * The workbook as a stream: the header, then each page's rows. The next page is read while this one is
 * written (on PostgreSQL the database works beside the writer). The writer waits while the zip or the reader
 * (the HTTP response) is behind, and stops at once when the stream is destroyed (the caller went away or
 * cancelled).
 */
export function xlsxStream(sheet: SheetSpec, pages: AsyncIterable<readonly (readonly CellValue[])[]>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  const worksheet = workbook.addWorksheet(sheet.name);
  const closed = new AbortController();
  out.once('close', () => closed.abort());
  const source = pages[Symbol.asyncIterator]();

  const write = async () => {
    worksheet.addRow([...sheet.columns]).commit();
    let next = source.next();
    for (let page = await next; !page.done; page = await next) {
      if (out.destroyed) return;
      next = source.next();
      // A read-ahead that fails after the writer stopped is nobody's to answer.
      next.catch(() => undefined);
      // exceljs reads the values into its own cells and keeps no reference to the array.
      let written = 0;
      for (const row of page.value) {
        worksheet.addRow(row as CellValue[]).commit();
        if (++written % ROWS_PER_TURN === 0) {
          await nextTurn();
          if (out.destroyed) return;
        }
      }
      await zipCaughtUp(worksheet, closed.signal);
      if (out.writableNeedDrain) await once(out, 'drain', { signal: closed.signal });
      // PGlite answers a page within the same turn of the event loop: without a turn between pages the zip
      // never gets to emit, the whole file would leave only at the end and a cancel would not be heard.
      else await nextTurn();
    }
    worksheet.commit();
    await workbook.commit();
  };
  write()
    .catch((error: unknown) => {
      if (!out.destroyed) out.destroy(error instanceof Error ? error : new Error(String(error)));
    })
    .finally(() => void source.return?.().catch(() => undefined));
  return out;
}

/** The stored text of a cell as a person reads it: rich text joined, a formula's result, a link's text. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((part: { text?: unknown }) => cellText(part.text)).join('');
    if ('result' in value) return cellText(value.result);
    if ('text' in value) return cellText(value.text);
  }
  return '';
}

const ZIP_LOCAL_HEADER = 0x04034b50;
const ZIP_CENTRAL_HEADER = 0x02014b50;
const ZIP_END = 0x06054b50;
const ZIP_END_SIZE = 22;
const ZIP_MAX_COMMENT = 0xffff;
const ZIP64_MARK = 0xffffffff;

/** Why a workbook is refused before it is read. */
function notXlsx(): AppError {
  return new AppError(ResponseCode.InvalidInput, 'error.importNotXlsx', {}, 'fileId');
}

/**
 * Checks the bytes are an .xlsx workbook (a zip holding `xl/workbook.xml`) whose parts unzip to at most
 * `maxUnzipped` bytes, from the zip's own directory, before any part is inflated.
 */
export function checkXlsx(bytes: Buffer, maxUnzipped: number): void {
  if (bytes.length < ZIP_END_SIZE || bytes.readUInt32LE(0) !== ZIP_LOCAL_HEADER) throw notXlsx();
  let end = -1;
  for (let at = bytes.length - ZIP_END_SIZE; at >= Math.max(0, bytes.length - ZIP_END_SIZE - ZIP_MAX_COMMENT); at--) {
    if (bytes.readUInt32LE(at) === ZIP_END) {
      end = at;
      break;
    }
  }
  if (end < 0) throw notXlsx();
  const entries = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  let unzipped = 0;
  let hasWorkbook = false;
  for (let entry = 0; entry < entries; entry++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== ZIP_CENTRAL_HEADER) throw notXlsx();
    const size = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    if (size === ZIP64_MARK) throw new AppError(ResponseCode.InvalidInput, 'error.importTooLarge', { mb: Math.round(maxUnzipped / 1024 / 1024) }, 'fileId');
    unzipped += size;
    if (name === 'xl/workbook.xml') hasWorkbook = true;
    at += 46 + nameLength + extraLength + commentLength;
  }
  if (!hasWorkbook) throw notXlsx();
  if (unzipped > maxUnzipped) throw new AppError(ResponseCode.InvalidInput, 'error.importTooLarge', { mb: Math.round(maxUnzipped / 1024 / 1024) }, 'fileId');
}

export interface SheetRow {
  /** The row's number in the sheet (1 is the header). */
  row: number;
  cells: string[];
}

/**
 * exceljs 4.4's streaming reader, driven a part at a time. Its own single pass over the zip (`for await` over
 * unzipper's entry stream) can end before the last entry is read, and exceljs writes `xl/workbook.xml` last,
 * so a read of its own export failed now and then with "reading 'sheets'" (exceljs#3064, open). Reading the
 * parts from the zip's central directory in the order they depend on each other has no such race; the
 * worksheet is still parsed row by row as it is inflated.
 */
interface WorkbookReaderParts {
  model?: { sheets?: { rId: string }[] };
  workbookRels?: { Id: string; Target: string }[];
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(iterator: AsyncIterable<unknown>, sheetNo: string): Generator<{ value: AsyncIterable<ExcelJS.Row> }>;
}

const WORKSHEET_PATH = /^\/?(?:xl\/)?(worksheets\/sheet(\d+)\.xml)$/;

/** The first worksheet in the workbook's own order, read row by row. */
async function firstWorksheetRows(bytes: Buffer): Promise<AsyncIterable<ExcelJS.Row> | null> {
  const zip = await JSZip.loadAsync(bytes);
  const part = (path: string) => zip.file(path)?.nodeStream() as Readable | undefined;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  }) as unknown as WorkbookReaderParts;
  const rels = part('xl/_rels/workbook.xml.rels');
  const book = part('xl/workbook.xml');
  if (!rels || !book) throw notXlsx();
  await reader._parseRels(rels);
  await reader._parseWorkbook(book);
  const sharedStrings = part('xl/sharedStrings.xml');
  if (sharedStrings) for await (const _ of reader._parseSharedStrings(sharedStrings));
  // A chart sheet may come first: the first sheet whose part is a worksheet is the one read.
  const targets = (reader.model?.sheets ?? []).map((entry) => reader.workbookRels?.find((rel) => rel.Id === entry.rId)?.Target.match(WORKSHEET_PATH));
  const target = targets.find((match) => match);
  if (!target) return null;
  const sheet = part(`xl/${target[1]}`);
  if (!sheet) throw notXlsx();
  for (const { value } of reader._parseWorksheet(sheet, target[2]!)) return value;
  return null;
}

/**
 * The first worksheet's non-empty rows as text, header first, read with exceljs's streaming reader. More
 * than `maxRows` rows after the header refuses the file.
 */
export async function readFirstSheet(bytes: Buffer, options: { maxRows: number; maxUnzipped: number }): Promise<SheetRow[]> {
  checkXlsx(bytes, options.maxUnzipped);
  const rows: SheetRow[] = [];
  try {
    const worksheet = await firstWorksheetRows(bytes);
    if (!worksheet) return rows;
    for await (const row of worksheet) {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      const cells = Array.from(values, (value) => cellText(value).trim());
      if (cells.every((cell) => cell === '')) continue;
      if (rows.length > options.maxRows) throw new AppError(ResponseCode.InvalidInput, 'error.importTooManyRows', { max: options.maxRows }, 'fileId');
      rows.push({ row: row.number, cells });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notXlsx();
  }
  return rows;
}
