import { PassThrough, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it, vi } from 'vitest';
import { textRowsOf } from './sheet-page';
import { rowTextOf } from '../testing/row-text';
import { CELL_TEXT_MAX, readFirstSheet, WRITER_THREADS_MAX, xlsxStream, type CellValue, type SheetPage } from './xlsx';
import { BYTES_MESSAGE_SIZE } from './xlsx-thread-protocol';
import { ROWS_PER_TURN, writeXlsx } from './xlsx-writer';

const SHEET = { name: 'calls', columns: ['id', 'path'] };
const LIMITS = { maxRows: 100_000, maxUnzipped: 200 * 1024 * 1024 };

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await pipeline(stream, new Writable({ write: (chunk: Buffer, _encoding, done) => void (chunks.push(chunk), done()) }));
  return Buffer.concat(chunks);
}

/** The workbook `writeXlsx` writes on this thread, the way the export's writer thread runs it. */
function writtenHere(pages: AsyncIterable<SheetPage>): PassThrough {
  const out = new PassThrough();
  writeXlsx(SHEET, pages[Symbol.asyncIterator](), out).catch((error: Error) => out.destroy(error));
  return out;
}

function pagesOf(count: number, size: number, seen: { pulled: number; finished: boolean }) {
  return (async function* () {
    try {
      for (let page = 0; page < count; page++) {
        seen.pulled++;
        yield Array.from({ length: size }, (_, i): CellValue[] => [page * size + i + 1, `/api/page/${page}/row/${i}`]);
      }
    } finally {
      seen.finished = true;
    }
  })();
}

describe('the streamed workbook', () => {
  // Each database gives the writer thread a young generation of its own size.
  it.each(['pglite', 'pg'] as const)('holds the header, then every row of every page in order (%s)', async (driver) => {
    const seen = { pulled: 0, finished: false };
    const bytes = await collect(xlsxStream(SHEET, pagesOf(7, 1000, seen), driver));
    const rows = await readFirstSheet(bytes, LIMITS);
    expect(rows[0]!.cells).toEqual(['id', 'path']);
    expect(rows).toHaveLength(7001);
    expect(rows.slice(1).map((row) => Number(row.cells[0]))).toEqual(Array.from({ length: 7000 }, (_, i) => i + 1));
    expect(rows[7000]!.cells[1]).toBe('/api/page/6/row/999');
    expect(seen.finished).toBe(true);
  });

  it('stops reading pages when the reader goes away, and ends the page source', async () => {
    const seen = { pulled: 0, finished: false };
    const stream = xlsxStream(SHEET, pagesOf(100_000, 1000, seen), 'pglite');
    try {
      // The reader takes nothing and leaves: the writer waits for it, then stops. (A source never started has
      // nothing to end: the stall is timed from the writer's first page.) The writer thread's start can take
      // seconds on a busy machine (CI running beside another run): the polls wait for it.
      await expect.poll(() => seen.pulled, { timeout: 30_000 }).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const pulledWhileStalled = seen.pulled;
      stream.destroy();
      await expect.poll(() => seen.finished, { timeout: 30_000 }).toBe(true);
      expect(pulledWhileStalled).toBeLessThan(50);
      expect(seen.pulled).toBeLessThanOrEqual(pulledWhileStalled + 2);
    } finally {
      // A failure here must not leave the writer thread busy: the next tests would find every writer thread taken.
      stream.destroy();
    }
  });

  it('keeps about a page in memory however long the sheet, while a deflate slower than the rows catches up', async () => {
    const pages = 150;
    let before = 0;
    let peak = 0;
    const measured = (async function* () {
      for (let page = 0; page < pages; page++) {
        const buffers = process.memoryUsage().arrayBuffers;
        if (page === 10) before = buffers;
        if (page > 10) peak = Math.max(peak, buffers);
        yield Array.from({ length: 1000 }, (_, i): CellValue[] => [page * 1000 + i, `{"query":{},"body":{"page":${page},"row":${i},"waybillNo":"WB${String(i).padStart(10, '0')}"}}`.repeat(10)]);
      }
    })();
    await collect(writtenHere(measured));
    // Unwaited, exceljs hands the zip about a megabyte a page faster than it deflates: 100+ MB over these pages.
    expect((peak - before) / 1024 / 1024).toBeLessThan(60);
  });

  it('gives the event loop a turn every few rows of a page, so the deflate runs beside the writer', async () => {
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const turnsAtPull: number[] = [];
    const pages = (async function* () {
      for (let page = 0; page < 3; page++) {
        turnsAtPull.push(turns);
        yield Array.from({ length: 1000 }, (_, i): CellValue[] => [page * 1000 + i + 1, `/api/row/${i}`]);
      }
    })();
    try {
      await collect(writtenHere(pages));
    } finally {
      ticking = false;
    }
    // The third page is asked for once the first is written (the second was read ahead).
    expect(turnsAtPull[2]! - turnsAtPull[1]!).toBeGreaterThanOrEqual(1000 / ROWS_PER_TURN);
  });

  it('writes pages of row texts as the database wrote them: each row parsed, numbers as numbers, times as ISO 8601, its keys left out, a text cut to what a cell holds', async () => {
    // 32,768 UTF-16 units: the database cut the text to 32,767 characters, and one of them takes two units.
    const long = `🚚${'x'.repeat(CELL_TEXT_MAX - 1)}`;
    const delimited = [true, false, true, false, true];
    // Three cells (a number, a text, a time) and two keys after them.
    const cells = { cellCount: 3, timeCells: [2], numberCells: [0] };
    const sent = [
      {
        ...textRowsOf([rowTextOf(['1', 'a "quoted", \\ text\n', '2026-11-27 08:30:15.1', 'key 1', '10'], delimited), rowTextOf(['2', null, '2026-11-27 08:30:16', 'key 2', '20'], delimited)]),
        ...cells,
      },
      { ...textRowsOf([rowTextOf(['3', long, '2026-11-27 08:30:17.123456', 'key 3', '30'], delimited)]), ...cells },
    ];
    const pages = (async function* () {
      yield* sent;
    })();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await collect(xlsxStream(SHEET, pages, 'pglite'))) as unknown as ArrayBuffer);
    const rows = workbook.worksheets[0]!.getSheetValues().slice(2) as unknown[][];
    expect(rows.map((row) => row.slice(1))).toEqual([
      [1, 'a "quoted", \\ text\n', '2026-11-27T08:30:15.100Z'],
      [2, undefined, '2026-11-27T08:30:16.000Z'],
      [3, long.slice(0, CELL_TEXT_MAX), '2026-11-27T08:30:17.123Z'],
    ]);
    // Each page's bytes moved to the writer thread rather than being copied: nothing of them is left here.
    expect(sent.map((page) => [page.utf8.byteLength, page.ends.length])).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });

  it('fails the stream with the error of a page that cannot be read', async () => {
    const failing = (async function* () {
      yield [[1, '/a'] as CellValue[]];
      throw new Error('the database went away');
    })();
    await expect(collect(xlsxStream(SHEET, failing, 'pglite'))).rejects.toThrow('the database went away');
  });

  it('is written on a thread of its own, not on the thread that reads the pages', async () => {
    const writers = vi.spyOn(ExcelJS.stream.xlsx.WorkbookWriter.prototype, 'addWorksheet');
    try {
      const seen = { pulled: 0, finished: false };
      const rows = await readFirstSheet(await collect(xlsxStream(SHEET, pagesOf(3, 1000, seen), 'pglite')), LIMITS);
      expect(rows).toHaveLength(3001);
      expect(writers).not.toHaveBeenCalled();
    } finally {
      writers.mockRestore();
    }
  });

  it('hands the file over from its writer thread in chunks of about BYTES_MESSAGE_SIZE, not the zip’s small ones', async () => {
    const chunks: number[] = [];
    const stream = xlsxStream(SHEET, pagesOf(60, 1000, { pulled: 0, finished: false }), 'pglite');
    const bytes = await collect(stream.on('data', (chunk: Buffer) => chunks.push(chunk.byteLength)));
    expect(bytes.byteLength).toBeGreaterThan(4 * BYTES_MESSAGE_SIZE);
    expect(chunks.slice(0, -1).every((size) => size >= BYTES_MESSAGE_SIZE)).toBe(true);
    expect((await readFirstSheet(bytes, LIMITS)).length).toBe(60_001);
  });

  it('writes the exports beyond the writer threads on this thread, and the next one in a thread again', async () => {
    const writtenHere = vi.spyOn(ExcelJS.stream.xlsx.WorkbookWriter.prototype, 'addWorksheet');
    try {
      const exports = Array.from({ length: WRITER_THREADS_MAX + 1 }, (_, at) => {
        const seen = { pulled: 0, finished: false };
        return collect(xlsxStream({ ...SHEET, name: `sheet ${at}` }, pagesOf(2, 1000, seen), 'pglite'));
      });
      for (const bytes of await Promise.all(exports)) expect(await readFirstSheet(bytes, LIMITS)).toHaveLength(2001);
      expect(writtenHere).toHaveBeenCalledTimes(1);
      await collect(xlsxStream(SHEET, pagesOf(1, 10, { pulled: 0, finished: false }), 'pglite'));
      expect(writtenHere).toHaveBeenCalledTimes(1);
    } finally {
      writtenHere.mockRestore();
    }
  });

  it('fails the stream, saying why, on a page the writer thread cannot be handed', async () => {
    const seen = { pulled: 0, finished: false };
    const unsendable = (async function* () {
      yield* pagesOf(1, 10, seen);
      yield [[1, (() => '/a') as unknown as CellValue]];
    })();
    await expect(collect(xlsxStream(SHEET, unsendable, 'pglite'))).rejects.toThrow(/could not be cloned/);
    expect(seen.finished).toBe(true);
  });
});

describe('reading an uploaded workbook', () => {
  async function workbookBytes(build: (workbook: ExcelJS.Workbook) => void): Promise<Buffer> {
    const workbook = new ExcelJS.Workbook();
    build(workbook);
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  it('reads a workbook exceljs wrote (its xl/workbook.xml last in the zip) every time, not most times', async () => {
    // exceljs's own single pass over the zip lost the last entry now and then (exceljs#3064): about 1 read in 700.
    const bytes = await workbookBytes((workbook) => {
      const sheet = workbook.addWorksheet('dictionaries');
      sheet.addRow(['dictNo', 'dictName', 'dictOrder']);
      sheet.addRow(['CUSTOMER_LEVEL', '客户等级', 70]);
    });
    for (let read = 0; read < 3000; read++) {
      const rows = await readFirstSheet(bytes, LIMITS);
      expect(rows.map((row) => row.cells)).toEqual([
        ['dictNo', 'dictName', 'dictOrder'],
        ['CUSTOMER_LEVEL', '客户等级', '70'],
      ]);
    }
  });

  it('reads the first worksheet when a chart sheet comes before it', async () => {
    const bytes = await workbookBytes((workbook) => {
      workbook.addWorksheet('chart').addRow(['not a worksheet']);
      workbook.addWorksheet('data').addRow(['wanted']);
    });
    // The first sheet's part becomes a chart sheet, as Excel stores one.
    const zip = await JSZip.loadAsync(bytes);
    const rels = await zip.file('xl/_rels/workbook.xml.rels')!.async('string');
    zip.file('xl/_rels/workbook.xml.rels', rels.replace('Target="worksheets/sheet1.xml"', 'Target="chartsheets/sheet1.xml"'));
    zip.file('xl/chartsheets/sheet1.xml', await zip.file('xl/worksheets/sheet1.xml')!.async('uint8array'));
    zip.remove('xl/worksheets/sheet1.xml');
    const withChart = await zip.generateAsync({ type: 'nodebuffer' });
    expect((await readFirstSheet(withChart, LIMITS)).map((row) => row.cells)).toEqual([['wanted']]);
  });

  it('refuses a zip that is not a workbook, naming the file as the problem', async () => {
    const notWorkbook = await workbookBytes((workbook) => workbook.addWorksheet('x').addRow(['a']));
    const renamed = Buffer.from(notWorkbook.toString('latin1').replaceAll('xl/workbook.xml', 'xl/workbook.xmz'), 'latin1');
    await expect(readFirstSheet(renamed, LIMITS)).rejects.toMatchObject({ code: 'A0400', key: 'error.importNotXlsx', field: 'fileId' });
  });
});
