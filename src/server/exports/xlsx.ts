import { availableParallelism } from 'node:os';
import { PassThrough, Readable, Transform } from 'node:stream';
import type ExcelJS from 'exceljs';
import { ResponseCode } from '../../shared/codes';
import { AppError } from '../errors';
import type { Database } from '../db/client';
import { startWorker, workerEntry, type YoungGeneration } from '../worker-entry';
import type { FromXlsxWriter, ToXlsxWriter, XlsxThreadStart } from './xlsx-thread-protocol';
import { pageTransfer, type SheetPage } from './sheet-page';
import type { SheetSpec } from './xlsx-writer';

/**
 * Streaming .xlsx (design.md §4b "Exports"): rows arrive a page at a time and leave through exceljs's
 * streaming writer as they are written, so an export holds one page in memory however long it is. Reading
 * is bounded the other way: the workbook's directory is checked before anything is unzipped, the bytes each
 * part really unzips to are counted as they come (a directory may lie), and reading stops at a row limit.
 */

export { CELL_TEXT_MAX, KEYED_TEXT_MARK } from './sheet-page';
export type { CellValue, RowTexts, SheetPage } from './sheet-page';
export type { SheetSpec } from './xlsx-writer';

/**
 * The writer thread's young generation, by the database the server uses (issue 11).
 * - PGlite lives in the server's process: 4 MB semi-spaces, as the server's own isolate has. A 1,000,000-row export
 *   collects them about 5,900 times (4 s on PGlite); 8 MB semi-spaces halve that but the server peaked 10–17 MB
 *   higher, and 16 MB saved 1–1.5 s of the writer's time for 27–36 MB, over 256 MB on PGlite.
 * - With PostgreSQL the process holds no database and the writer is the export's critical path: 32 MB semi-spaces
 *   took a 1,000,000-row export from 19.4–21.0 s to 16.7–18.5 s, for peaks of 202–226 MB against 155–192 MB. Grown
 *   by V8 they reached their size only late in a long export (100,000 rows peaked at 160 MB, 1,000,000 at 205 MB),
 *   so they have it from the start: every export holds the same.
 */
const WRITER_YOUNG_GENERATION = {
  pglite: { mb: 12, fromStart: false },
  pg: { mb: 96, fromStart: true },
} as const satisfies Record<Database['driver'], YoungGeneration>;

/**
 * Writer threads at a time. Each is a V8 isolate of its own (about 30 MB with its writer), and more of them than
 * the cores beside the server's own would only take turns: an export beyond them is written on the server's
 * thread, as every export was before.
 */
export const WRITER_THREADS_MAX = Math.max(1, availableParallelism() - 1);
let writerThreads = 0;

/**
 * The workbook as a stream: the header, then each page's rows. It is written in a worker thread of its own
 * (xlsx-thread-worker.ts) while one is free: the pages are read here and handed over as the writer asks for
 * them (it asks for the next while writing this one), so the database's work on this thread (PGlite's
 * WebAssembly, node-postgres's parsing) runs beside the writing instead of taking turns with it, and a long
 * export leaves this thread free for other calls (issue 11). The writer waits while the reader (the HTTP
 * response) is behind; destroying the stream (the caller went away or cancelled) stops the writer and the page
 * source at once. `driver` is the server's database, which sizes the writer thread's young generation.
 */
export function xlsxStream(sheet: SheetSpec, pages: AsyncIterable<SheetPage>, driver: Database['driver']): Readable {
  const source = pages[Symbol.asyncIterator]();
  if (writerThreads >= WRITER_THREADS_MAX) return writtenHere(sheet, source);
  writerThreads++;
  try {
    return writtenInThread(sheet, source, WRITER_YOUNG_GENERATION[driver], () => writerThreads--);
  } catch (error) {
    writerThreads--;
    throw error;
  }
}

/** The workbook written on this thread. */
function writtenHere(sheet: SheetSpec, source: AsyncIterator<SheetPage>): Readable {
  const out = new PassThrough();
  // Loaded on first use: an export on this thread is the exception (every writer thread busy), and the server's
  // thread spares the writer's memory until then.
  import('./xlsx-writer')
    .then(({ writeXlsx }) => writeXlsx(sheet, source, out))
    .catch((error: unknown) => {
      if (!out.destroyed) out.destroy(error instanceof Error ? error : new Error(String(error)));
    })
    .finally(() => void source.return?.().catch(() => undefined));
  return out;
}

/** The workbook written in a worker thread; `ended` is called once, when the thread is let go. */
function writtenInThread(sheet: SheetSpec, source: AsyncIterator<SheetPage>, young: YoungGeneration, ended: () => void): Readable {
  const worker = startWorker(workerEntry(import.meta.url, 'xlsx-thread-worker'), young, { workerData: { sheet } satisfies XlsxThreadStart });
  let stopped = false;
  /** Bytes pushed while the reader was behind, reported as sent once it reads again. */
  let held = 0;
  const tell = (message: ToXlsxWriter, transfer: ArrayBuffer[] = []) => {
    if (!stopped) worker.postMessage(message, transfer);
  };
  const stop = () => {
    if (stopped) return;
    stopped = true;
    ended();
    void worker.terminate();
    void source.return?.().catch(() => undefined);
  };
  const out = new Readable({
    read() {
      if (held === 0) return;
      tell({ type: 'sent', bytes: held });
      held = 0;
    },
    destroy(error, callback) {
      stop();
      callback(error);
    },
  });
  const handOver = async () => {
    try {
      const page = await source.next();
      if (page.done) tell({ type: 'end' });
      else tell({ type: 'page', rows: page.value }, pageTransfer(page.value));
    } catch (error) {
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  };
  worker.on('message', (message: FromXlsxWriter) => {
    if (stopped) return;
    if (message.type === 'next') void handOver();
    else if (message.type === 'bytes') {
      if (out.push(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength))) tell({ type: 'sent', bytes: message.bytes.byteLength });
      else held += message.bytes.byteLength;
    } else if (message.type === 'done') {
      out.push(null);
      stop();
    } else out.destroy(new Error(`writing the workbook failed: ${message.message}`));
  });
  worker.on('error', (error) => out.destroy(new Error(`the workbook's writer thread failed: ${error.message}`, { cause: error })));
  worker.on('exit', (code) => {
    if (!stopped) out.destroy(new Error(`the workbook's writer thread ended (exit code ${code})`));
  });
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

function tooLarge(maxUnzipped: number): AppError {
  return new AppError(ResponseCode.InvalidInput, 'error.importTooLarge', { mb: Math.round(maxUnzipped / 1024 / 1024) }, 'fileId');
}

/** Parts a workbook may have: Excel writes a dozen or two, one more per sheet, chart, drawing and image. */
export const XLSX_PARTS_MAX = 1000;
/**
 * How many times its packed size a part may unzip to. Sheets of repeated cells pack tightly (an export of
 * 60,000 rows of near-equal paths packs about 9:1); deflate's own ceiling is about 1030:1, which only a bomb reaches.
 */
export const XLSX_PACK_RATIO_MAX = 100;
/** A part this small may pack as tightly as it likes: the ratio matters for what could fill the memory. */
const XLSX_RATIO_FREE_BYTES = 1024 * 1024;

/** The packed size of each part, by name, as the zip's directory gives it: what the reader inflates from. */
export type PackedSizes = ReadonlyMap<string, number>;

/**
 * Checks the bytes are an .xlsx workbook (a zip holding `xl/workbook.xml`) of at most `XLSX_PARTS_MAX` parts
 * whose directory claims at most `maxUnzipped` bytes unzipped, before any part is inflated. The directory's
 * claims are the writer's word only: what a part really unzips to is counted as it is read (`countedPart`).
 */
export function checkXlsx(bytes: Buffer, maxUnzipped: number): PackedSizes {
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
  if (entries > XLSX_PARTS_MAX) throw new AppError(ResponseCode.InvalidInput, 'error.importTooManyParts', { max: XLSX_PARTS_MAX }, 'fileId');
  let at = bytes.readUInt32LE(end + 16);
  let unzipped = 0;
  const packed = new Map<string, number>();
  for (let entry = 0; entry < entries; entry++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== ZIP_CENTRAL_HEADER) throw notXlsx();
    const packedSize = bytes.readUInt32LE(at + 20);
    const size = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    if (size === ZIP64_MARK || packedSize === ZIP64_MARK) throw tooLarge(maxUnzipped);
    unzipped += size;
    // A part is inflated from at most the bytes the file has, whatever its directory says.
    packed.set(name, Math.min(packedSize, bytes.length));
    at += 46 + nameLength + extraLength + commentLength;
  }
  if (!packed.has('xl/workbook.xml')) throw notXlsx();
  if (unzipped > maxUnzipped) throw tooLarge(maxUnzipped);
  return packed;
}

/** The bytes really inflated from a workbook so far, against its limit. */
interface InflateBudget {
  left: number;
  readonly maxUnzipped: number;
}

/**
 * A part's stream that counts the bytes it really inflates: past the workbook's budget, or past
 * `XLSX_PACK_RATIO_MAX` times the part's packed size, it fails with a refusal naming the limit and the inflating
 * stops (nothing reads the rest).
 */
function countedPart(source: Readable, packedSize: number, budget: InflateBudget): Readable {
  const ratioCap = Math.max(XLSX_RATIO_FREE_BYTES, packedSize * XLSX_PACK_RATIO_MAX);
  let inflated = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      inflated += chunk.length;
      budget.left -= chunk.length;
      if (budget.left < 0) return done(tooLarge(budget.maxUnzipped));
      if (inflated > ratioCap) return done(new AppError(ResponseCode.InvalidInput, 'error.importPackedTooTightly', { ratio: XLSX_PACK_RATIO_MAX }, 'fileId'));
      done(null, chunk);
    },
  });
  source.on('error', (error) => counted.destroy(error));
  counted.on('close', () => source.unpipe(counted).pause());
  return source.pipe(counted);
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
async function firstWorksheetRows(bytes: Buffer, packed: PackedSizes, budget: InflateBudget): Promise<AsyncIterable<ExcelJS.Row> | null> {
  // Loaded on first use: reading a workbook is an import's work, rare beside the server's other calls.
  const [{ default: JSZip }, { default: WorkbookReader }] = await Promise.all([import('jszip'), import('exceljs/lib/stream/xlsx/workbook-reader.js')]);
  const zip = await JSZip.loadAsync(bytes);
  const part = (path: string) => {
    const entry = zip.file(path);
    return entry ? countedPart(entry.nodeStream() as Readable, packed.get(path) ?? bytes.length, budget) : undefined;
  };
  const reader = new WorkbookReader(Readable.from([]), {
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
  const packed = checkXlsx(bytes, options.maxUnzipped);
  const rows: SheetRow[] = [];
  try {
    const worksheet = await firstWorksheetRows(bytes, packed, { left: options.maxUnzipped, maxUnzipped: options.maxUnzipped });
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
