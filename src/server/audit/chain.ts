import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { rowsOf } from '../auth/authz';
import { PGliteThread } from '../db/pglite-thread';

/**
 * The operation log's hash chain (tamper evidence): each row's `hash` is SHA-256 over the canonical form
 * of its stored fields and the previous row's hash, in id order. Rows are chained when a batch is
 * written: one transaction takes a transaction-level advisory lock (two server processes on one
 * PostgreSQL keep one chain), reads the last hash, hashes the batch and inserts it. Ids are drawn inside
 * that transaction, so id order is chain order. A batch the database refuses rolls back whole; its rows,
 * retried one by one, chain from whatever is last then. Rows with a null hash are older than the chain.
 */

/** The transaction-level advisory lock that serialises every writer of the chain. */
export const CHAIN_LOCK_KEY = 73_000_011;
/** The previous hash of the first chained row. */
export const CHAIN_GENESIS = '';

/** A row as stored: every field the hash covers, none left to a column default. */
export interface ChainedRow {
  entryType: string;
  operUserId: number | null;
  operUserName: string;
  operLoginName: string;
  operLocation: string;
  operIp: string;
  operDeptId: number | null;
  operationContent: string;
  beforeOperation: unknown;
  afterOperation: unknown;
  /** Microseconds since the epoch as a decimal text: PostgreSQL keeps microseconds, a Date keeps milliseconds. */
  operationMicros: string;
}

/**
 * JSON with object keys sorted and nothing but JSON's own values, so that a value and its jsonb round trip
 * (keys reordered, numbers renormalised) give the same text.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : 'null';
  if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'bigint') return JSON.stringify(String(value));
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map((item: unknown) => (item === undefined || typeof item === 'function' ? 'null' : canonicalJson(item))).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined && typeof item !== 'function')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return 'null';
}

/** The hash of a row chained after `previous`. */
export function chainHash(row: ChainedRow, previous: string): string {
  const fields = [
    previous,
    row.entryType,
    row.operUserId,
    row.operUserName,
    row.operLoginName,
    row.operLocation,
    row.operIp,
    row.operDeptId,
    row.operationContent,
    canonicalJson(row.beforeOperation ?? null),
    canonicalJson(row.afterOperation ?? null),
    row.operationMicros,
  ];
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

export function microsOf(date: Date): string {
  return (BigInt(date.getTime()) * 1000n).toString();
}

/** The row to insert: the stored values and their hash. */
export interface StoredRow extends Omit<ChainedRow, 'operationMicros'> {
  operationTime: Date;
  hash: string;
}

/** Hashes `rows` in order after `previous`. */
export function chainRows(rows: ReadonlyArray<Omit<StoredRow, 'hash'>>, previous: string): StoredRow[] {
  let last = previous;
  return rows.map((row) => {
    const { operationTime, ...fields } = row;
    last = chainHash({ ...fields, operationMicros: microsOf(operationTime) }, last);
    return { ...row, hash: last };
  });
}

const COLUMNS = [
  ['entry_type', 'entryType'],
  ['oper_user_id', 'operUserId'],
  ['oper_user_name', 'operUserName'],
  ['oper_login_name', 'operLoginName'],
  ['oper_location', 'operLocation'],
  ['oper_ip', 'operIp'],
  ['oper_dept_id', 'operDeptId'],
  ['operation_content', 'operationContent'],
  ['before_operation', 'beforeOperation'],
  ['after_operation', 'afterOperation'],
  ['operation_time', 'operationTime'],
  ['hash', 'hash'],
] as const satisfies ReadonlyArray<readonly [string, keyof StoredRow]>;

const JSON_COLUMNS = new Set<string>(['beforeOperation', 'afterOperation']);

/** A CSV field for COPY: empty for NULL, a JSON column's value always as JSON text. */
function csvField(property: keyof StoredRow, value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = JSON_COLUMNS.has(property) ? JSON.stringify(value) : value instanceof Date ? value.toISOString() : String(value);
  return `"${text.replace(/"/g, '""')}"`;
}

const LAST_HASH = 'select hash from log_operation order by id desc limit 1';

/**
 * Appends `rows` to the chain in one transaction. PGlite takes the rows by COPY from a blob inside its own
 * transaction (no parameter per value in the requests' thread); PostgreSQL by one JSON parameter.
 */
export async function appendChained(db: Db, rows: ReadonlyArray<Omit<StoredRow, 'hash'>>): Promise<void> {
  if (rows.length === 0) return;
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite || client instanceof PGliteThread) {
    await client.transaction(async (tx) => {
      await tx.query(`select pg_advisory_xact_lock(${CHAIN_LOCK_KEY})`);
      const last = await tx.query<{ hash: string | null }>(LAST_HASH);
      const chained = chainRows(rows, last.rows[0]?.hash ?? CHAIN_GENESIS);
      const csv = chained.map((row) => COLUMNS.map(([, property]) => csvField(property, row[property])).join(',')).join('\n');
      await tx.query(`copy log_operation (${COLUMNS.map(([column]) => column).join(', ')}) from '/dev/blob' with (format csv)`, [], { blob: new Blob([`${csv}\n`]) });
    });
    return;
  }
  await db.transaction((tx) => appendChainedIn(tx, rows));
}

/**
 * Appends `rows` to the chain inside the caller's transaction `tx` (the transaction of the change they
 * record: both commit or neither does). The chain's lock is held from here to the commit, so a change
 * logs its rows as its transaction's last statements.
 */
export async function appendChainedIn(tx: Tx, rows: ReadonlyArray<Omit<StoredRow, 'hash'>>): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK_KEY})`);
  const last = rowsOf<{ hash: string | null }>(await tx.execute(sql.raw(LAST_HASH)));
  const chained = chainRows(rows, last[0]?.hash ?? CHAIN_GENESIS);
  const payload = chained.map((row) => Object.fromEntries(COLUMNS.map(([column, property]) => [column, row[property]])));
  const names = sql.raw(COLUMNS.map(([column]) => column).join(', '));
  await tx.execute(sql`insert into log_operation (${names}) select ${names} from json_populate_recordset(null::log_operation, ${JSON.stringify(payload)}::json)`);
}

export type ChainReport = { intact: true; count: number; unchained: number } | { intact: false; count: number; unchained: number; brokenAt: { id: number; operationTime: string } };

interface VerifiedRow {
  id: string | number;
  entry_type: string;
  oper_user_id: number | null;
  oper_user_name: string;
  oper_login_name: string;
  oper_location: string;
  oper_ip: string;
  oper_dept_id: number | null;
  operation_content: string;
  before_operation: unknown;
  after_operation: unknown;
  micros: string | number;
  at: string;
  hash: string | null;
}

/** jsonb arrives parsed from both drivers; text when a driver leaves it as text. */
function jsonValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/**
 * Walks the chain in id order, a keyset page at a time, and reports the first row whose hash does not
 * follow from its fields and the row before it (an edited row, or the row after a deleted one). Leading
 * rows without a hash are older than the chain and counted as `unchained`; a row without a hash after the
 * chain began is a break.
 */
export async function verifyChain(db: Tx, pageSize = 2000): Promise<ChainReport> {
  let previous = CHAIN_GENESIS;
  let after = 0;
  let count = 0;
  let unchained = 0;
  let started = false;
  for (;;) {
    const page = rowsOf<VerifiedRow>(
      await db.execute(sql`
        select id, entry_type, oper_user_id, oper_user_name, oper_login_name, oper_location, oper_ip, oper_dept_id,
               operation_content, before_operation, after_operation,
               (extract(epoch from operation_time) * 1000000)::bigint::text as micros,
               to_char(operation_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, hash
        from log_operation where id > ${after} order by id limit ${pageSize}`),
    );
    for (const row of page) {
      const id = Number(row.id);
      if (row.hash === null && !started) {
        unchained++;
        continue;
      }
      started = true;
      const expected = chainHash(
        {
          entryType: row.entry_type,
          operUserId: row.oper_user_id === null ? null : Number(row.oper_user_id),
          operUserName: row.oper_user_name,
          operLoginName: row.oper_login_name,
          operLocation: row.oper_location,
          operIp: row.oper_ip,
          operDeptId: row.oper_dept_id === null ? null : Number(row.oper_dept_id),
          operationContent: row.operation_content,
          beforeOperation: jsonValue(row.before_operation),
          afterOperation: jsonValue(row.after_operation),
          operationMicros: String(row.micros),
        },
        previous,
      );
      if (row.hash !== expected) return { intact: false, count, unchained, brokenAt: { id, operationTime: row.at } };
      previous = expected;
      count++;
    }
    if (page.length < pageSize) return { intact: true, count, unchained };
    after = Number(page[page.length - 1]!.id);
  }
}
