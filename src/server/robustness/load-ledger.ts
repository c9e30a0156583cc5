import { inArray, like } from 'drizzle-orm';
import { ResponseCode } from '../../shared/codes';
import { DictStatus, DictUpdatable } from '../../shared/constants';
import { api } from '../../shared/contract';
import type { Tx } from '../db/client';
import { operationLog } from '../db/schema';
import { dictionary } from '../db/tables';
import { HttpCallFailed, httpCall, type HttpSession } from './load-client';

/**
 * What a writer was told: the dictionaries whose create, edit or delete the server acknowledged, and those
 * whose last write got no answer (in doubt: the write may or may not have happened). The fault suites
 * compare it with what the database holds afterwards.
 */
/** What the ledger notes for a call that got no answer. */
export const NO_ANSWER = 'no answer';

export interface AcknowledgedRow {
  id: number;
  dictName: string;
  version: number;
}

export class WriteLedger {
  readonly live = new Map<string, AcknowledgedRow>();
  readonly deleted = new Set<string>();
  /** dictNos whose last write got no answer: any outcome is allowed for them. */
  readonly inDoubt = new Set<string>();
  acknowledged = 0;
  /** Writes answered with an error code, or not answered at all. */
  unacknowledged = 0;
  /** Lists answered with an error code or not at all. */
  failedReads = 0;
  reads = 0;
  /** The code of the last write's answer, or NO_ANSWER. */
  lastCode = '';
  /** The first few failures, to show when a figure misses its goal. */
  readonly failures: string[] = [];
  /** How long each call took to answer or fail, in ms. */
  readonly callMs: number[] = [];
  private sequence = 0;

  constructor(readonly prefix: string) {}

  nextDictNo(): string {
    return `${this.prefix}${++this.sequence}`;
  }

  noteFailure(what: string): void {
    if (this.failures.length < 10) this.failures.push(what);
  }
}

type Outcome = 'acknowledged' | 'refused' | 'no answer';

/** Runs one call of the ledger's, noting how long it took. */
async function timed<T>(ledger: WriteLedger, call: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await call();
  } finally {
    ledger.callMs.push(performance.now() - started);
  }
}

async function write<T>(ledger: WriteLedger, dictNo: string, call: () => Promise<{ code: string; msg: string; data: T | null }>, onAck: (data: T) => void): Promise<Outcome> {
  try {
    const answer = await timed(ledger, call);
    if (answer.code === ResponseCode.Success) {
      ledger.acknowledged++;
      ledger.lastCode = answer.code;
      ledger.inDoubt.delete(dictNo);
      onAck(answer.data as T);
      return 'acknowledged';
    }
    ledger.unacknowledged++;
    ledger.lastCode = answer.code;
    // A server or third-party error does not say whether the write happened (a commit cut off by the database).
    if (answer.code.startsWith('B') || answer.code.startsWith('C')) ledger.inDoubt.add(dictNo);
    ledger.noteFailure(`${dictNo}: ${answer.code} ${answer.msg}`);
    return 'refused';
  } catch (error) {
    if (!(error instanceof HttpCallFailed)) throw error;
    ledger.unacknowledged++;
    ledger.lastCode = NO_ANSWER;
    ledger.inDoubt.add(dictNo);
    ledger.noteFailure(`${dictNo}: ${error.message}`);
    return 'no answer';
  }
}

const fields = (dictNo: string, dictName: string) => ({ dictNo, dictName, dictOrder: 1, status: DictStatus.Use, updated: DictUpdatable.Yes, names: [] });

/** Adds a new dictionary of the ledger. */
export async function createOne(baseUrl: string, session: HttpSession, ledger: WriteLedger, timeoutMs?: number): Promise<Outcome> {
  const dictNo = ledger.nextDictNo();
  const dictName = `n${dictNo}`;
  return write(
    ledger,
    dictNo,
    () => httpCall(baseUrl, api.dictionary.add, { parentId: null, ...fields(dictNo, dictName) }, { ...session, timeoutMs }),
    // A new dictionary starts at version 1 (the column's default).
    (created) => ledger.live.set(dictNo, { id: created.id, dictName, version: 1 }),
  );
}

/** Renames one of the ledger's acknowledged dictionaries. */
export async function editOne(baseUrl: string, session: HttpSession, ledger: WriteLedger, dictNo: string, timeoutMs?: number): Promise<Outcome> {
  const row = ledger.live.get(dictNo)!;
  const dictName = `e${row.version + 1}${dictNo}`.slice(0, 50);
  return write(
    ledger,
    dictNo,
    () => httpCall(baseUrl, api.dictionary.update, { id: row.id, version: row.version, ...fields(dictNo, dictName) }, { ...session, timeoutMs }),
    (updated) => ledger.live.set(dictNo, { id: row.id, dictName, version: updated.version }),
  );
}

export async function deleteOne(baseUrl: string, session: HttpSession, ledger: WriteLedger, dictNo: string, timeoutMs?: number): Promise<Outcome> {
  const row = ledger.live.get(dictNo)!;
  return write(
    ledger,
    dictNo,
    () => httpCall(baseUrl, api.dictionary.delete, { ids: String(row.id) }, { ...session, timeoutMs }),
    () => {
      ledger.live.delete(dictNo);
      ledger.deleted.add(dictNo);
    },
  );
}

export async function listSome(baseUrl: string, session: HttpSession, ledger: WriteLedger, timeoutMs?: number): Promise<void> {
  ledger.reads++;
  try {
    const answer = await timed(ledger, () => httpCall(baseUrl, api.dictionary.list, { pageNum: 1, pageSize: 10, name: ledger.prefix, pid: 0 }, { ...session, timeoutMs }));
    if (answer.code === ResponseCode.Success) return;
    ledger.noteFailure(`list: ${answer.code} ${answer.msg}`);
  } catch (error) {
    if (!(error instanceof HttpCallFailed)) throw error;
    ledger.noteFailure(`list: ${error.message}`);
  }
  ledger.failedReads++;
}

export interface LedgerCheck {
  /** Acknowledged writes not in the database: a missing row, an older version, a deleted row back. */
  lost: number;
  /** Rows or versions in the database that no acknowledged write made (writes in doubt excepted). */
  unacknowledgedPresent: number;
  /** Dictionaries whose rows and operation-log rows disagree: a change without its log row, or a log row without its change. */
  halfWritten: number;
  /** Acknowledged writes checked. */
  checked: number;
  details: string[];
}

/** The operation-log content keys a dictionary change writes (see areas/dictionary), by what the counts hold. */
const LOG_KEYS = ['dictionary.add', 'dictionary.update', 'dictionary.delete'] as const;

/** The dictionaries a keyed row names: one for an add or an update, every one deleted for a delete. */
function dictNosOf(values: unknown): string[] {
  const named = (values ?? {}) as { dictNo?: unknown; dictNos?: unknown };
  if (typeof named.dictNo === 'string') return [named.dictNo];
  return Array.isArray(named.dictNos) ? named.dictNos.filter((dictNo): dictNo is string => typeof dictNo === 'string') : [];
}

/**
 * Compares the ledgers (one prefix each, all sharing `prefix`) with the dictionaries and operation-log
 * rows stored. Each stored dictionary must have one add row and one update row per version after the
 * first; each gone one as many deletes as adds.
 */
export async function checkLedgers(db: Tx, prefix: string, ledgers: readonly WriteLedger[]): Promise<LedgerCheck> {
  const stored = new Map(
    (
      await db
        .select({ dictNo: dictionary.dictNo, dictName: dictionary.dictName, version: dictionary.version })
        .from(dictionary)
        .where(like(dictionary.dictNo, `${prefix}%`))
    ).map((row) => [row.dictNo, row]),
  );
  const logs = await db
    .select({ key: operationLog.contentKey, values: operationLog.contentValues })
    .from(operationLog)
    .where(inArray(operationLog.contentKey, [...LOG_KEYS]));
  const logCounts = new Map<string, [number, number, number]>();
  for (const { key, values } of logs) {
    const kind = LOG_KEYS.indexOf(key as (typeof LOG_KEYS)[number]);
    for (const dictNo of dictNosOf(values)) {
      if (!dictNo.startsWith(prefix)) continue;
      const counts = logCounts.get(dictNo) ?? [0, 0, 0];
      counts[kind]!++;
      logCounts.set(dictNo, counts);
    }
  }
  const result: LedgerCheck = { lost: 0, unacknowledgedPresent: 0, halfWritten: 0, checked: 0, details: [] };
  const note = (field: 'lost' | 'unacknowledgedPresent' | 'halfWritten', what: string) => {
    result[field]++;
    if (result.details.length < 20) result.details.push(`${field}: ${what}`);
  };
  const known = new Set<string>();
  for (const ledger of ledgers) {
    for (const [dictNo, acked] of ledger.live) {
      known.add(dictNo);
      result.checked++;
      const row = stored.get(dictNo);
      const doubt = ledger.inDoubt.has(dictNo);
      if (!row) {
        if (!doubt) note('lost', `${dictNo} acknowledged at version ${acked.version} is missing`);
      } else if (row.version < acked.version) note('lost', `${dictNo} is at version ${row.version}, acknowledged ${acked.version}`);
      else if (row.version > acked.version && !doubt) note('unacknowledgedPresent', `${dictNo} is at version ${row.version}, acknowledged ${acked.version}`);
      else if (row.version === acked.version && row.dictName !== acked.dictName) note('lost', `${dictNo} holds ${row.dictName}, acknowledged ${acked.dictName}`);
    }
    for (const dictNo of ledger.deleted) {
      known.add(dictNo);
      result.checked++;
      if (stored.has(dictNo)) note('lost', `${dictNo} was deleted (acknowledged) and is back`);
    }
    for (const dictNo of ledger.inDoubt) known.add(dictNo);
  }
  for (const dictNo of stored.keys()) if (!known.has(dictNo)) note('unacknowledgedPresent', `${dictNo} exists; no create of it was acknowledged`);
  for (const dictNo of new Set([...stored.keys(), ...logCounts.keys()])) {
    const [adds, updates, deletes] = logCounts.get(dictNo) ?? [0, 0, 0];
    const row = stored.get(dictNo);
    const consistent = row ? adds === 1 && updates === row.version - 1 && deletes === 0 : adds === deletes && adds <= 1;
    if (!consistent) note('halfWritten', `${dictNo} ${row ? `stored at version ${row.version}` : 'not stored'} with log rows add ${adds}, update ${updates}, delete ${deletes}`);
  }
  return result;
}
