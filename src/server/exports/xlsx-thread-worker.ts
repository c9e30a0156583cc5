import { PassThrough } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import type { FromXlsxWriter, ToXlsxWriter, XlsxThreadStart } from './xlsx-thread-protocol';
import { BYTES_MESSAGE_SIZE, UNSENT_BYTES_MAX } from './xlsx-thread-protocol';
import type { SheetPage } from './sheet-page';
import { writeXlsx } from './xlsx-writer';

/**
 * The thread that writes an export's workbook for `xlsxStream` (xlsx.ts): pages arrive as messages when asked
 * for, the file's bytes leave as messages, at most UNSENT_BYTES_MAX of them ahead of what the server's thread
 * has sent on. Writing a sheet is most of an export's work; here it runs beside the reading of the rows (PGlite's
 * WebAssembly, node-postgres's parsing) and leaves the server's thread free for other calls.
 */

const port = parentPort;
if (!port) throw new Error('xlsx-thread-worker runs only as a worker thread');
const { sheet } = workerData as XlsxThreadStart;
const post = (message: FromXlsxWriter, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

let answer: ((page: IteratorResult<SheetPage, undefined>) => void) | null = null;
let unsent = 0;
const out = new PassThrough();

port.on('message', (message: ToXlsxWriter) => {
  if (message.type === 'sent') {
    unsent -= message.bytes;
    if (unsent <= UNSENT_BYTES_MAX && out.isPaused()) out.resume();
    return;
  }
  const settle = answer;
  answer = null;
  settle?.(message.type === 'page' ? { done: false, value: message.rows } : { done: true, value: undefined });
});

const pages: AsyncIterator<SheetPage> = {
  next: () =>
    new Promise((resolve) => {
      answer = resolve;
      post({ type: 'next' });
    }),
};

/** The zip's chunks not yet handed over, gathered up to BYTES_MESSAGE_SIZE. */
let gathered: Buffer[] = [];
let gatheredBytes = 0;
/** Hands the gathered chunks over as one transferred copy (the zip's chunks may share a pooled buffer, which cannot be transferred). */
function postGathered(): void {
  if (gatheredBytes === 0) return;
  const bytes = new Uint8Array(gatheredBytes);
  let at = 0;
  for (const chunk of gathered) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  gathered = [];
  gatheredBytes = 0;
  unsent += bytes.byteLength;
  post({ type: 'bytes', bytes }, [bytes.buffer]);
  if (unsent > UNSENT_BYTES_MAX) out.pause();
}
out.on('data', (chunk: Buffer) => {
  gathered.push(chunk);
  gatheredBytes += chunk.byteLength;
  if (gatheredBytes >= BYTES_MESSAGE_SIZE) postGathered();
});
out.on('end', () => {
  postGathered();
  post({ type: 'done' });
});

writeXlsx(sheet, pages, out).catch((error: unknown) => post({ type: 'failed', message: error instanceof Error ? error.message : String(error) }));
