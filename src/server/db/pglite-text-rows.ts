import { PGlite, protocol } from '@electric-sql/pglite';
import type { TextRows } from '../exports/sheet-page';

/** The messages a statement's answer holds that `TextRowsReader` reads; any other (notices, ...) is skipped. */
const DATA_ROW = 0x44;
const ERROR_RESPONSE = 0x45;
/** A message's type (1 byte) and its length (4 bytes, counting themselves but not the type). */
const HEADER_BYTES = 5;

/**
 * Reads PostgreSQL's answer to one statement as it streams out of PGlite, chunk by chunk: each data row's one
 * field is copied into a page of bytes as it arrives, and an error is kept whole to be parsed at the end. A message
 * cut between two chunks is completed from the next one.
 */
export class TextRowsReader {
  private utf8 = new Uint8Array(256 * 1024);
  private used = 0;
  private ends = new Uint32Array(1024);
  private rows = 0;
  /** A message whose start came in an earlier chunk, and how many of its bytes have come. */
  private cut = new Uint8Array(1024);
  private cutLength = 0;
  private readonly errors: Uint8Array[] = [];
  /** What made the answer unreadable as text rows: thrown once PGlite has finished it, not inside its callback. */
  private problem: string | null = null;

  take(chunk: Uint8Array): void {
    let at = 0;
    if (this.cutLength > 0) {
      at = this.completeCut(chunk);
      if (this.cutLength > 0) return;
    }
    const view = new DataView(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    while (at < chunk.length) {
      const end = chunk.length - at >= HEADER_BYTES ? at + 1 + view.getInt32(at + 1) : Infinity;
      if (end > chunk.length) {
        this.keepCut(chunk.subarray(at));
        return;
      }
      this.message(chunk, view, at, end);
      at = end;
    }
  }

  /** The rows read, or the statement's error. */
  result(): TextRows {
    if (this.errors.length > 0) throw errorOf(this.errors[0]!);
    if (this.problem) throw new Error(this.problem);
    if (this.cutLength > 0) throw new Error(`PGlite's answer ended inside a message (${this.cutLength} bytes of it came)`);
    return { utf8: this.utf8.subarray(0, this.used), ends: this.ends.subarray(0, this.rows) };
  }

  /** Takes from `chunk` what the cut message lacks; where the chunk's next message starts. */
  private completeCut(chunk: Uint8Array): number {
    let at = 0;
    if (this.cutLength < HEADER_BYTES) {
      at = Math.min(HEADER_BYTES - this.cutLength, chunk.length);
      this.keepCut(chunk.subarray(0, at));
      if (this.cutLength < HEADER_BYTES) return at;
    }
    const cutView = new DataView(this.cut.buffer, 0, this.cutLength);
    const length = 1 + cutView.getInt32(1);
    const taken = Math.min(length - this.cutLength, chunk.length - at);
    this.keepCut(chunk.subarray(at, at + taken));
    at += taken;
    if (this.cutLength === length) {
      const whole = this.cut.subarray(0, length);
      this.message(whole, new DataView(whole.buffer, 0, length), 0, length);
      this.cutLength = 0;
    }
    return at;
  }

  private keepCut(bytes: Uint8Array): void {
    if (this.cutLength + bytes.length > this.cut.length) this.cut = grown(this.cut, this.cutLength, this.cutLength + bytes.length);
    this.cut.set(bytes, this.cutLength);
    this.cutLength += bytes.length;
  }

  private message(bytes: Uint8Array, view: DataView, at: number, end: number): void {
    if (bytes[at] === ERROR_RESPONSE) {
      this.errors.push(bytes.slice(at, end));
      return;
    }
    if (bytes[at] !== DATA_ROW || this.problem) return;
    const fields = view.getInt16(at + HEADER_BYTES);
    if (fields !== 1) {
      this.problem = `a statement read as text rows gave ${fields} fields a row, not 1`;
      return;
    }
    const length = view.getInt32(at + HEADER_BYTES + 2);
    if (length < 0) {
      this.problem = 'a statement read as text rows gave a row whose text is null';
      return;
    }
    const from = at + HEADER_BYTES + 6;
    if (this.used + length > this.utf8.length) this.utf8 = grown(this.utf8, this.used, this.used + length);
    this.utf8.set(bytes.subarray(from, from + length), this.used);
    this.used += length;
    if (this.rows === this.ends.length) {
      const ends = new Uint32Array(this.ends.length * 2);
      ends.set(this.ends);
      this.ends = ends;
    }
    this.ends[this.rows++] = this.used;
  }
}

/** A larger copy of the first `used` bytes of `bytes`, holding at least `needed`. */
function grown(bytes: Uint8Array, used: number, needed: number): Uint8Array<ArrayBuffer> {
  const larger = new Uint8Array(Math.max(bytes.length * 2, needed));
  larger.set(bytes.subarray(0, used));
  return larger;
}

/** PostgreSQL's error as PGlite's own statements throw it (a DatabaseError with its code, detail, ...). */
function errorOf(message: Uint8Array): Error {
  let error: unknown = null;
  new protocol.Parser().parse(message, (parsed) => {
    error = parsed;
  });
  return error instanceof Error ? error : new Error('PGlite answered with an error that could not be read');
}

/** A parameter as the text PostgreSQL reads it in, as PGlite's own statements send these types. */
function parameterText(value: unknown, position: number): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Date) return value.toISOString();
  const kind = Array.isArray(value) ? 'array' : typeof value;
  throw new Error(`parameter $${position + 1} of a statement read as text rows is ${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}: only texts, numbers, booleans and dates are sent`);
}

/**
 * The rows of a statement that selects one text a row, as their UTF-8 bytes, straight from PostgreSQL's answer:
 * what an export reads a million of (`readRowTexts`, issue 11). PGlite's `query` parses every message of the answer
 * into objects and decodes each field into a string, which the server then encoded into UTF-8 again for the
 * writer thread: 8.3 s of CPU for the 1,000,000-row interface export's pages against 6.6 s read this way. The
 * statement waits its turn in PGlite's queues as `query` does (outside any transaction: it never runs inside
 * another statement's transaction).
 */
export async function readTextRows(db: PGlite, sql: string, params: readonly unknown[]): Promise<TextRows> {
  const message = Buffer.concat([protocol.serialize.parse({ text: sql }), protocol.serialize.bind({ values: params.map(parameterText) }), protocol.serialize.execute({}), protocol.serialize.sync()]);
  await db._checkReady();
  return db._runExclusiveTransaction(() =>
    db._runExclusiveQuery(async () => {
      const reader = new TextRowsReader();
      await db.execProtocolRawStream(message, { onRawData: (chunk) => reader.take(chunk) });
      return reader.result();
    }),
  );
}
