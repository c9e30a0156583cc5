import { once } from 'node:events';
import type { PassThrough, Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import WorkbookWriter from 'exceljs/lib/stream/xlsx/workbook-writer.js';
import { rowsOf, type CellValue, type SheetPage } from './sheet-page';

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
 * Writes the workbook into `out`: the header, then each page's rows, with exceljs's streaming writer. The next
 * page is asked for while this one is written. The writer waits while the zip or `out`'s reader is behind, and
 * stops at once when `out` is destroyed. Ends `out` when the last page is written; a page that fails rejects.
 */
export async function writeXlsx(sheet: SheetSpec, pages: AsyncIterator<SheetPage>, out: PassThrough): Promise<void> {
  const workbook = new WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  const worksheet = workbook.addWorksheet(sheet.name);
  const closed = new AbortController();
  out.once('close', () => closed.abort());
  worksheet.addRow([...sheet.columns]).commit();
  let next = pages.next();
  for (let page = await next; !page.done; page = await next) {
    if (out.destroyed) return;
    next = pages.next();
    // A read-ahead that fails after the writer stopped is nobody's to answer.
    next.catch(() => undefined);
    // exceljs reads the values into its own cells and keeps no reference to the array.
    let written = 0;
    for (const row of rowsOf(page.value)) {
      worksheet.addRow(row as CellValue[]).commit();
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
