/**
 * The messages between `xlsxStream` (xlsx.ts, the server's thread, which reads the pages and sends the file) and
 * `xlsx-thread-worker.ts` (the thread that writes the workbook).
 */
import type { SheetPage } from './sheet-page';
import type { SheetSpec } from './xlsx-writer';

export interface XlsxThreadStart {
  sheet: SheetSpec;
}

/** To the writer: the page it asked for (or that there is none), and how many of its bytes were sent on. */
export type ToXlsxWriter = { type: 'page'; rows: SheetPage } | { type: 'end' } | { type: 'sent'; bytes: number };

/** From the writer: it wants the next page, bytes of the file, the file is whole, or the writer failed. */
export type FromXlsxWriter = { type: 'next' } | { type: 'bytes'; bytes: Uint8Array } | { type: 'done' } | { type: 'failed'; message: string };

/**
 * Bytes the writer hands over before it waits for them to be sent on: with the server's own buffer, what an
 * export holds between the zip and a slow reader.
 */
export const UNSENT_BYTES_MAX = 256 * 1024;

/**
 * The file's bytes are handed over in messages of about this size. The zip emits about 10 KB at a time: one
 * message each, and one write of the response each on the server's thread, made 7,600 of them for a
 * 1,000,000-row export (about 1,200 gathered).
 */
export const BYTES_MESSAGE_SIZE = 64 * 1024;
