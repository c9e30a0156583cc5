import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import type { WireError, WireQueryOptions, WireResults, WorkerReply, WorkerRequest, WorkerStart } from './pglite-thread-protocol';
import { PGLITE_OPTIONS } from './pglite-options';
import { readTextRows } from './pglite-text-rows';

/**
 * The thread that owns PGlite for `PGliteThread` (pglite-thread.ts): every statement of the server arrives here
 * as a message and runs on the real PGlite, so its WebAssembly runs on a core of its own. A transaction is
 * PGlite's own `transaction()`, held open between the messages of its id; statements outside it wait in
 * PGlite's own queue as they would on the server's thread.
 */

const port = parentPort;
if (!port) throw new Error('pglite-thread-worker runs only as a worker thread');
const { dataDir } = workerData as WorkerStart;

/** A parser that keeps PostgreSQL's text, for the types the caller parses itself. */
const keepText = (value: string) => value;

function optionsOf(wire: WireQueryOptions) {
  return {
    ...(wire.rowMode && { rowMode: wire.rowMode }),
    ...(wire.rawTypes && { parsers: Object.fromEntries(wire.rawTypes.map((type) => [type, keepText])) }),
    ...(wire.paramTypes && { paramTypes: wire.paramTypes }),
    ...(wire.blob && { blob: new Blob([wire.blob]) }),
  };
}

async function wireResults(results: Results): Promise<{ value: WireResults; transfer: ArrayBuffer[] }> {
  // Everything PGlite answers (rows, fields, affectedRows, command, rowCount) but the Blob, sent as its bytes.
  const { blob, ...rest } = results as Results & Record<string, unknown>;
  const value: WireResults = rest;
  if (!blob) return { value, transfer: [] };
  value.blob = await blob.arrayBuffer();
  return { value, transfer: [value.blob] };
}

/**
 * The error's own fields that survive a structured clone (PGlite also puts the query's options, with functions,
 * on it). PGlite's file system throws Emscripten's ErrnoError, an object that is no Error: it keeps its fields.
 */
function wireError(error: unknown): WireError {
  if (error === null || typeof error !== 'object') return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (key === 'queryOptions') continue;
    try {
      fields[key] = structuredClone(value);
    } catch {
      // A function or another uncloneable value: not something the server reads.
    }
  }
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack, fields };
  const name = typeof fields.name === 'string' ? fields.name : 'Error';
  const message = typeof fields.message === 'string' ? fields.message : `${name}${typeof fields.errno === 'number' ? ` (errno ${fields.errno})` : ''}`;
  return { name, message, fields };
}

interface OpenTransaction {
  tx: Transaction;
  /** Ends PGlite's transaction function: commit or roll back, answering the `end` message `id`. */
  finish(commit: boolean, id: number): void;
}

/** Thrown inside PGlite's transaction function to make it roll back: the caller's function threw. */
const ROLL_BACK = Symbol('roll back');

const open = new Map<number, OpenTransaction>();
let db: PGlite | null = null;

function reply(message: WorkerReply, transfer: ArrayBuffer[] = []): void {
  port!.postMessage(message, transfer);
}

function runnerOf(tx: number | null): PGlite | Transaction {
  if (tx === null) return db!;
  const held = open.get(tx);
  if (!held) throw new Error(`transaction ${tx} is not open`);
  return held.tx;
}

function begin(id: number, txId: number): void {
  let begun = false;
  let endId = -1;
  db!
    .transaction(async (tx) => {
      const ended = new Promise<boolean>((resolve) => {
        open.set(txId, {
          tx,
          finish: (commit, answer) => {
            endId = answer;
            resolve(commit);
          },
        });
      });
      begun = true;
      reply({ id, ok: true, value: null });
      if (!(await ended)) throw ROLL_BACK;
    })
    .then(
      () => {
        open.delete(txId);
        reply({ id: endId, ok: true, value: null });
      },
      (error: unknown) => {
        open.delete(txId);
        if (!begun) reply({ id, ok: false, error: wireError(error) });
        else if (error === ROLL_BACK) reply({ id: endId, ok: true, value: null });
        else reply({ id: endId, ok: false, error: wireError(error) });
      },
    );
}

async function handle(request: WorkerRequest): Promise<void> {
  switch (request.op) {
    case 'query': {
      const { value, transfer } = await wireResults(await runnerOf(request.tx).query(request.sql, request.params, optionsOf(request.options)));
      reply({ id: request.id, ok: true, value }, transfer);
      return;
    }
    case 'exec': {
      const all = await runnerOf(request.tx).exec(request.sql, optionsOf(request.options));
      const wired = await Promise.all(all.map(wireResults));
      reply(
        { id: request.id, ok: true, value: wired.map((w) => w.value) },
        wired.flatMap((w) => w.transfer),
      );
      return;
    }
    case 'textRows': {
      const rows = await readTextRows(db!, request.sql, request.params);
      reply({ id: request.id, ok: true, value: rows }, [rows.utf8.buffer as ArrayBuffer, rows.ends.buffer as ArrayBuffer]);
      return;
    }
    case 'begin':
      begin(request.id, request.tx);
      return;
    case 'rollback':
      await (runnerOf(request.tx) as Transaction).rollback();
      reply({ id: request.id, ok: true, value: null });
      return;
    case 'end': {
      const held = open.get(request.tx);
      if (!held) throw new Error(`transaction ${request.tx} is not open`);
      held.finish(request.commit, request.id);
      return;
    }
    case 'close':
      await db!.close();
      reply({ id: request.id, ok: true, value: null });
      return;
  }
}

try {
  db = await PGlite.create(dataDir, PGLITE_OPTIONS);
  port.on('message', (request: WorkerRequest) => {
    handle(request).catch((error: unknown) => reply({ id: request.id, ok: false, error: wireError(error) }));
  });
  reply({ id: 0, ok: true, value: null });
} catch (error) {
  reply({ id: 0, ok: false, error: wireError(error) });
}
