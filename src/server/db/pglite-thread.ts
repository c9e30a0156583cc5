import type { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import type { TextRows } from '../exports/sheet-page';
import { startWorker, workerEntry, type YoungGeneration } from '../worker-entry';
import type { WireError, WireQueryOptions, WireResults, WorkerReply, WorkerRequest, WorkerStart } from './pglite-thread-protocol';

/** PGlite's thread's young generation: 4 MB semi-spaces, as the server's own isolate has (package.json's `server` script). */
const PGLITE_THREAD_YOUNG_GENERATION: YoungGeneration = { mb: 12, fromStart: false };

/**
 * PGlite in a worker thread, behind the part of PGlite's API that `drizzle-orm/pglite` (statements, its
 * transactions, the migrator) and the server use: `query`, `exec`, `transaction` with the transaction's
 * `query`/`exec`/`rollback`, and `close`. On the server's own thread PGlite's WebAssembly and the HTTP work
 * share one core; here the database runs on the second one.
 *
 * drizzle passes its type parsers as functions, which cannot cross threads: the worker leaves those types as
 * PostgreSQL's text and the parsers run here, on the same text PGlite would have handed them, so the rows are
 * the ones PGlite gives. Errors arrive with their PostgreSQL fields (code, constraint, detail, ...).
 */
export class PGliteThread {
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  private nextTx = 1;
  /** Why the worker is gone (closed, or crashed): every later call is refused with it. */
  private stopped: Error | null = null;
  /** Set by `close`: calls no longer keep the process alive once the close has had its time. */
  private closing = false;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: WorkerReply) => this.settle(reply));
    worker.on('error', (error) => this.stop(new Error(`the PGlite worker thread failed: ${error.message}`, { cause: error })));
    worker.on('exit', (code) => this.stop(new Error(`the PGlite worker thread ended (exit code ${code})`)));
    // An idle worker does not keep the process alive, as PGlite on the server's thread would not.
    worker.unref();
  }

  /** Starts the worker and opens PGlite on `dataDir` there (`PGlite.create(dataDir)`). */
  static async create(dataDir: string): Promise<PGliteThread> {
    const worker = startWorker(workerEntry(import.meta.url, 'pglite-thread-worker'), PGLITE_THREAD_YOUNG_GENERATION, { workerData: { dataDir } satisfies WorkerStart });
    const thread = new PGliteThread(worker);
    worker.ref();
    try {
      await new Promise((resolve, reject) => thread.pending.set(0, { resolve, reject }));
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    worker.unref();
    return thread;
  }

  async query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.runQuery<T>(null, sql, params, options);
  }

  async exec(sql: string, options?: QueryOptions): Promise<Array<Results>> {
    return this.runExec(null, sql, options);
  }

  /** `readTextRows` (pglite-text-rows.ts) run in the worker: the rows' bytes move here without a copy. */
  async readTextRows(sql: string, params: unknown[]): Promise<TextRows> {
    return (await this.call({ op: 'textRows', sql, params })) as TextRows;
  }

  /**
   * Runs `fn` in a transaction held open in the worker: committed when `fn` returns, rolled back when it throws
   * (and the error rethrown). Statements outside it wait for its end, as in PGlite.
   */
  async transaction<T>(fn: (tx: PGliteThreadTransaction) => Promise<T>): Promise<T> {
    const txId = this.nextTx++;
    await this.call({ op: 'begin', tx: txId });
    const tx = new PGliteThreadTransaction(this, txId);
    let result: T;
    try {
      result = await fn(tx);
    } catch (error) {
      tx.closed = true;
      try {
        await this.call({ op: 'end', tx: txId, commit: false });
      } catch {
        // The function's own error is the one that says what went wrong.
      }
      throw error;
    }
    tx.closed = true;
    await this.call({ op: 'end', tx: txId, commit: true });
    return result;
  }

  /**
   * Closes PGlite in the worker (after the statements and transaction before it, as PGlite's own close waits) and
   * ends the thread. A close that cannot finish (a transaction waiting forever on a statement queued behind it)
   * stops keeping the process alive after CLOSE_GRACE_MS, as PGlite on the server's thread would not keep it.
   */
  async close(): Promise<void> {
    if (this.stopped) return;
    this.closing = true;
    this.worker.ref();
    const letGo = setTimeout(() => this.worker.unref(), CLOSE_GRACE_MS);
    letGo.unref();
    try {
      await this.call({ op: 'close' });
    } finally {
      clearTimeout(letGo);
      this.stopped ??= new Error('the database is closed');
      await this.worker.terminate();
    }
  }

  /** @internal */
  async runQuery<T>(tx: number | null, sql: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const wire = await wireOptions(options);
    const results = (await this.call({ op: 'query', tx, sql, params, options: wire.options }, wire.transfer)) as WireResults;
    return resultsOf<T>(results, options);
  }

  /** @internal */
  async runExec(tx: number | null, sql: string, options: QueryOptions | undefined): Promise<Array<Results>> {
    const wire = await wireOptions(options);
    const all = (await this.call({ op: 'exec', tx, sql, options: wire.options }, wire.transfer)) as WireResults[];
    return all.map((results) => resultsOf(results, options));
  }

  /** @internal */
  call(request: Unnumbered<WorkerRequest>, transfer: ArrayBuffer[] = []): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0 && !this.closing) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id }, transfer);
    });
  }

  private settle(reply: WorkerReply): void {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(errorOf(reply.error));
  }

  private stop(reason: Error): void {
    this.stopped ??= reason;
    for (const waiting of this.pending.values()) waiting.reject(reason);
    this.pending.clear();
  }
}

/** How long a close keeps the process alive waiting for the worker's statements to end. */
const CLOSE_GRACE_MS = 10_000;

/** A request before `call` numbers it. */
type Unnumbered<R> = R extends unknown ? Omit<R, 'id'> : never;

/** The transaction `PGliteThread.transaction` hands its function: PGlite's `Transaction`, forwarded. */
export class PGliteThreadTransaction {
  closed = false;

  constructor(
    private readonly thread: PGliteThread,
    private readonly id: number,
  ) {}

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.thread.runQuery<T>(this.id, sql, params, options);
  }

  exec(sql: string, options?: QueryOptions): Promise<Array<Results>> {
    return this.thread.runExec(this.id, sql, options);
  }

  /** Rolls back now; the transaction's end then commits nothing (PGlite's `tx.rollback()`). */
  async rollback(): Promise<void> {
    await this.thread.call({ op: 'rollback', tx: this.id });
    this.closed = true;
  }
}

async function wireOptions(options: QueryOptions | undefined): Promise<{ options: WireQueryOptions; transfer: ArrayBuffer[] }> {
  if (!options) return { options: {}, transfer: [] };
  if (options.serializers) throw new Error('PGliteThread: serializers are functions and cannot reach the worker thread; pass serialised parameters');
  if (options.onNotice) throw new Error('PGliteThread: onNotice cannot reach the worker thread');
  const wire: WireQueryOptions = {};
  if (options.rowMode) wire.rowMode = options.rowMode;
  if (options.parsers) wire.rawTypes = Object.keys(options.parsers).map(Number);
  if (options.paramTypes) wire.paramTypes = options.paramTypes;
  if (!options.blob) return { options: wire, transfer: [] };
  wire.blob = await options.blob.arrayBuffer();
  return { options: wire, transfer: [wire.blob] };
}

/** The worker's rows, with the caller's parsers applied to the types the worker left as text. */
function resultsOf<T>(wire: WireResults, options: QueryOptions | undefined): Results<T> {
  // PGlite calls a parser with the value and its type OID, whatever the typing says.
  const parsers = options?.parsers as Record<number, (value: string, type: number) => unknown> | undefined;
  if (parsers && wire.rows.length > 0) {
    if (options?.rowMode === 'array') {
      const parsed = wire.fields.map((field, index) => [index, field.dataTypeID, parsers[field.dataTypeID]] as const).filter(([, , parser]) => parser);
      for (const row of wire.rows as unknown[][]) for (const [index, type, parser] of parsed) if (row[index] !== null) row[index] = parser!(row[index] as string, type);
    } else {
      // In object rows a later column of the same name overwrites an earlier one, as PGlite does.
      const typeOf = new Map(wire.fields.map((field) => [field.name, field.dataTypeID]));
      const parsed = [...typeOf].map(([name, type]) => [name, type, parsers[type]] as const).filter(([, , parser]) => parser);
      for (const row of wire.rows as Array<Record<string, unknown>>) for (const [name, type, parser] of parsed) if (row[name] !== null) row[name] = parser!(row[name] as string, type);
    }
  }
  const { blob, ...rest } = wire;
  return { ...rest, rows: wire.rows as T[], ...(blob && { blob: new Blob([blob]) }) };
}

function errorOf(wire: WireError): Error {
  const error = new Error(wire.message);
  error.name = wire.name;
  Object.assign(error, wire.fields);
  // The worker's stack says where PGlite failed; the caller's own frames follow from where it awaited.
  if (wire.stack) error.stack = `${wire.stack}\n    at (PGlite worker thread)`;
  return error;
}
