/**
 * The messages between `PGliteThread` (the server's thread) and `pglite-thread-worker.ts` (the thread that owns
 * PGlite). Types only: nothing here exists at run time, so the worker's bundle shares no code with the server's.
 */

/** What a statement's options become across the thread: functions cannot be cloned, so a parser is named by its type. */
export interface WireQueryOptions {
  rowMode?: 'array' | 'object';
  /** Type OIDs the worker leaves as PostgreSQL's text: the caller applies its own parser to them. */
  rawTypes?: number[];
  paramTypes?: number[];
  /** A Blob's bytes (COPY ... FROM '/dev/blob'), moved rather than copied. */
  blob?: ArrayBuffer;
}

export type WorkerRequest =
  | { op: 'query'; id: number; tx: number | null; sql: string; params: unknown[]; options: WireQueryOptions }
  | { op: 'exec'; id: number; tx: number | null; sql: string; options: WireQueryOptions }
  /** A statement that selects one text a row, answered with its rows' UTF-8 (`readTextRows`), moved rather than copied. */
  | { op: 'textRows'; id: number; sql: string; params: unknown[] }
  /** Opens transaction `tx`: answered once BEGIN ran, the transaction then holds PGlite until its `end`. */
  | { op: 'begin'; id: number; tx: number }
  /** `tx.rollback()` inside the caller's function: PGlite rolls back and the transaction's end commits nothing. */
  | { op: 'rollback'; id: number; tx: number }
  /** The caller's function returned (`commit`) or threw (`!commit`, rolled back). */
  | { op: 'end'; id: number; tx: number; commit: boolean }
  | { op: 'close'; id: number };

/** PGlite's Results (rows, fields, affectedRows, and whatever else its version adds) with a Blob's bytes. */
export interface WireResults {
  rows: unknown[];
  fields: Array<{ name: string; dataTypeID: number }>;
  blob?: ArrayBuffer;
  [more: string]: unknown;
}

/** A PostgreSQL error with the fields the server reads (code, constraint, detail, ...), as cloneable data. */
export interface WireError {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, unknown>;
}

export type WorkerReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: WireError };

export interface WorkerStart {
  dataDir: string;
}
