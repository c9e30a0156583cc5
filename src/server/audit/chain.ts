import { createHash, createHmac } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { ChainBreak } from '../../shared/constants';
import type { Db, Tx } from '../db/client';
import { rowsOf } from '../auth/authz';
import { PGliteThread } from '../db/pglite-thread';
import type { SecretBox } from '../secrets/secret-box';

/**
 * The operation log's hash chain (tamper evidence): each row's `hash` is SHA-256 over the canonical form
 * of its stored fields and the previous row's hash, in id order. Rows are chained when a batch is
 * written: one transaction takes a transaction-level advisory lock (two server processes on one
 * PostgreSQL keep one chain), reads the last hash, hashes the batch and inserts it. Ids are drawn inside
 * that transaction, so id order is chain order. A batch the database refuses rolls back whole; its rows,
 * retried one by one, chain from whatever is last then. Rows with a null hash are older than the chain.
 *
 * The hash is an HMAC-SHA-256 under a key derived from the server's secret key, which is kept outside the
 * database (CONSOLE_SECRET_KEY or the data folder's `secret.key`): whoever can write the database cannot
 * recompute it. Its head is anchored: `log_operation_head` names the last row, its hash and the first row
 * chained under the key (rows before it were hashed by the unkeyed SHA-256 of earlier releases, and still
 * verify so), with a MAC under the key over the three, rewritten in the same transaction as every append. A
 * tail cut off the log no longer ends at the head, and moving the head needs the key.
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
  /** The text of rows written before contents were keyed; for a keyed row, its text in the default language. */
  operationContent: string;
  /** The content's key (shared/operation-content.ts); null for a row written before contents were keyed. */
  contentKey: string | null;
  /** The content's values; null when the row has no key. */
  contentValues: unknown;
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

/** What the chain's key is derived for from the server's secret key. */
const CHAIN_KEY_PURPOSE = 'operation-log hash chain v1';

/** The chain's key: derived from the server's secret key, never stored. */
export function chainKeyOf(secrets: SecretBox): Buffer {
  return secrets.derivedKey(CHAIN_KEY_PURPOSE);
}

/**
 * The hash of a row chained after `previous`: an HMAC under `key`, or the plain SHA-256 of rows chained before the key.
 * A keyed content's key and values are covered after the other fields; a row without a key is hashed as rows were before
 * contents had keys, so those rows still verify (and a key removed from a row changes its fields' count, and its hash).
 */
export function chainHash(row: ChainedRow, previous: string, key?: Buffer): string {
  const fields: unknown[] = [
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
  if (row.contentKey !== null) fields.push(row.contentKey, canonicalJson(row.contentValues ?? null));
  return (key ? createHmac('sha256', key) : createHash('sha256')).update(JSON.stringify(fields)).digest('hex');
}

export function microsOf(date: Date): string {
  return (BigInt(date.getTime()) * 1000n).toString();
}

/** The row to insert: the stored values and their hash. */
export interface StoredRow extends Omit<ChainedRow, 'operationMicros'> {
  operationTime: Date;
  hash: string;
}

/** A row to append: without a content key (`contentKey` absent or null) it is written as rows were before contents had keys. */
export type RowToChain = Omit<StoredRow, 'hash' | 'contentKey' | 'contentValues'> & { contentKey?: string | null; contentValues?: unknown };

/** Hashes `rows` in order after `previous`, under `key` (without one, as rows were hashed before the chain was keyed). */
export function chainRows(rows: readonly RowToChain[], previous: string, key?: Buffer): StoredRow[] {
  let last = previous;
  return rows.map((row) => {
    const contentKey = row.contentKey ?? null;
    const stored = { ...row, contentKey, contentValues: contentKey === null ? null : (row.contentValues ?? null) };
    const { operationTime, ...fields } = stored;
    last = chainHash({ ...fields, operationMicros: microsOf(operationTime) }, last, key);
    return { ...stored, hash: last };
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
  ['content_key', 'contentKey'],
  ['content_values', 'contentValues'],
  ['before_operation', 'beforeOperation'],
  ['after_operation', 'afterOperation'],
  ['operation_time', 'operationTime'],
  ['hash', 'hash'],
] as const satisfies ReadonlyArray<readonly [string, keyof StoredRow]>;

const JSON_COLUMNS = new Set<string>(['contentValues', 'beforeOperation', 'afterOperation']);

/** A CSV field for COPY: empty for NULL, a JSON column's value always as JSON text. */
function csvField(property: keyof StoredRow, value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = JSON_COLUMNS.has(property) ? JSON.stringify(value) : value instanceof Date ? value.toISOString() : String(value);
  return `"${text.replace(/"/g, '""')}"`;
}

/** The chain's anchored head (one row). */
export interface ChainHead {
  /** The first row hashed under the key; rows before it are older. */
  keyedFromId: number;
  lastId: number;
  /** The last row's hash; '' when it has none (no row, or only rows older than the chain). */
  lastHash: string;
}

/** The head's MAC under the chain's key. */
export function headMac(head: ChainHead, key: Buffer): string {
  return createHmac('sha256', key)
    .update(JSON.stringify(['head', head.keyedFromId, head.lastId, head.lastHash]))
    .digest('hex');
}

interface LastRow {
  id: string | number;
  hash: string | null;
}

interface HeadRow {
  keyed_from_id: string | number;
  last_id: string | number;
  last_hash: string;
  mac: string;
}

const LAST_ROW = 'select id, hash from log_operation order by id desc limit 1';
const READ_HEAD = 'select keyed_from_id, last_id, last_hash, mac from log_operation_head where id = 1';

/** The head after rows were appended: the keyed part starts after the rows there were before the first keyed append. */
function nextHead(head: HeadRow | undefined, before: LastRow | undefined, after: LastRow | undefined): ChainHead {
  return {
    keyedFromId: head ? Number(head.keyed_from_id) : Number(before?.id ?? 0) + 1,
    lastId: Number(after?.id ?? 0),
    lastHash: after?.hash ?? '',
  };
}

function writeHead(head: ChainHead, key: Buffer) {
  return sql`insert into log_operation_head (id, keyed_from_id, last_id, last_hash, mac)
    values (1, ${head.keyedFromId}, ${head.lastId}, ${head.lastHash}, ${headMac(head, key)})
    on conflict (id) do update set keyed_from_id = excluded.keyed_from_id, last_id = excluded.last_id, last_hash = excluded.last_hash, mac = excluded.mac`;
}

/**
 * Appends `rows` to the chain in one transaction. PGlite takes the rows by COPY from a blob inside its own
 * transaction (no parameter per value in the requests' thread); PostgreSQL by one JSON parameter.
 */
export async function appendChained(db: Db, rows: readonly RowToChain[], key: Buffer): Promise<void> {
  if (rows.length === 0) return;
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite || client instanceof PGliteThread) {
    await client.transaction(async (tx) => {
      await tx.query(`select pg_advisory_xact_lock(${CHAIN_LOCK_KEY})`);
      const before = (await tx.query<LastRow>(LAST_ROW)).rows[0];
      const head = (await tx.query<HeadRow>(READ_HEAD)).rows[0];
      const chained = chainRows(rows, before?.hash ?? CHAIN_GENESIS, key);
      const csv = chained.map((row) => COLUMNS.map(([, property]) => csvField(property, row[property])).join(',')).join('\n');
      await tx.query(`copy log_operation (${COLUMNS.map(([column]) => column).join(', ')}) from '/dev/blob' with (format csv)`, [], { blob: new Blob([`${csv}\n`]) });
      const next = nextHead(head, before, (await tx.query<LastRow>(LAST_ROW)).rows[0]);
      await tx.query(
        'insert into log_operation_head (id, keyed_from_id, last_id, last_hash, mac) values (1, $1, $2, $3, $4) on conflict (id) do update set keyed_from_id = excluded.keyed_from_id, last_id = excluded.last_id, last_hash = excluded.last_hash, mac = excluded.mac',
        [next.keyedFromId, next.lastId, next.lastHash, headMac(next, key)],
      );
    });
    return;
  }
  await db.transaction((tx) => appendChainedIn(tx, rows, key));
}

/**
 * Appends `rows` to the chain inside the caller's transaction `tx` (the transaction of the change they
 * record: both commit or neither does). The chain's lock is held from here to the commit, so a change
 * logs its rows as its transaction's last statements.
 */
export async function appendChainedIn(tx: Tx, rows: readonly RowToChain[], key: Buffer): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK_KEY})`);
  const before = rowsOf<LastRow>(await tx.execute(sql.raw(LAST_ROW)))[0];
  const head = rowsOf<HeadRow>(await tx.execute(sql.raw(READ_HEAD)))[0];
  const chained = chainRows(rows, before?.hash ?? CHAIN_GENESIS, key);
  const payload = chained.map((row) => Object.fromEntries(COLUMNS.map(([column, property]) => [column, row[property]])));
  const names = sql.raw(COLUMNS.map(([column]) => column).join(', '));
  await tx.execute(sql`insert into log_operation (${names}) select ${names} from json_populate_recordset(null::log_operation, ${JSON.stringify(payload)}::json)`);
  await tx.execute(writeHead(nextHead(head, before, rowsOf<LastRow>(await tx.execute(sql.raw(LAST_ROW)))[0]), key));
}

/**
 * Anchors the head of a log that has none (the first start of this release, or a new database): the rows there
 * are stay as they were hashed, and the chain is keyed from the next row on. Run at every start; a head that
 * exists is left alone.
 */
export async function anchorChain(db: Db, key: Buffer): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK_KEY})`);
    if (rowsOf<HeadRow>(await tx.execute(sql.raw(READ_HEAD))).length > 0) return;
    const last = rowsOf<LastRow>(await tx.execute(sql.raw(LAST_ROW)))[0];
    await tx.execute(writeHead(nextHead(undefined, last, last), key));
  });
}

export type ChainReport =
  { intact: true; count: number; unchained: number; keyedFromId: number } | { intact: false; count: number; unchained: number; brokenAt: { id: number; operationTime: string }; cause: ChainBreak };

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
  content_key: string | null;
  content_values: unknown;
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
 * follow from its fields and the row before it (an edited row, or the row after a deleted one), rows from the
 * head's first keyed row on under `key`. Leading rows without a hash are older than the chain and counted as
 * `unchained`; a row without a hash after the chain began is a break. The last row must be the one the head
 * names, and the head must verify under `key`.
 */
export async function verifyChain(db: Tx, key: Buffer, pageSize = 2000): Promise<ChainReport> {
  const headRow = rowsOf<HeadRow>(await db.execute(sql.raw(READ_HEAD)))[0];
  const head = headRow ? { keyedFromId: Number(headRow.keyed_from_id), lastId: Number(headRow.last_id), lastHash: headRow.last_hash } : null;
  if (!head || headMac(head, key) !== headRow!.mac) return { intact: false, count: 0, unchained: 0, brokenAt: { id: head?.lastId ?? 0, operationTime: '' }, cause: 'head' };
  let previous = CHAIN_GENESIS;
  let after = 0;
  let count = 0;
  let unchained = 0;
  let started = false;
  let last: { id: number; hash: string; at: string } = { id: 0, hash: '', at: '' };
  for (;;) {
    const page = rowsOf<VerifiedRow>(
      await db.execute(sql`
        select id, entry_type, oper_user_id, oper_user_name, oper_login_name, oper_location, oper_ip, oper_dept_id,
               operation_content, content_key, content_values, before_operation, after_operation,
               (extract(epoch from operation_time) * 1000000)::bigint::text as micros,
               to_char(operation_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, hash
        from log_operation where id > ${after} order by id limit ${pageSize}`),
    );
    for (const row of page) {
      const id = Number(row.id);
      last = { id, hash: row.hash ?? '', at: row.at };
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
          contentKey: row.content_key,
          contentValues: jsonValue(row.content_values),
          beforeOperation: jsonValue(row.before_operation),
          afterOperation: jsonValue(row.after_operation),
          operationMicros: String(row.micros),
        },
        previous,
        id >= head.keyedFromId ? key : undefined,
      );
      if (row.hash !== expected) return { intact: false, count, unchained, brokenAt: { id, operationTime: row.at }, cause: 'row' };
      previous = expected;
      count++;
    }
    if (page.length < pageSize) break;
    after = Number(page[page.length - 1]!.id);
  }
  if (last.id !== head.lastId || last.hash !== head.lastHash) return { intact: false, count, unchained, brokenAt: { id: head.lastId, operationTime: last.at }, cause: 'tail' };
  return { intact: true, count, unchained, keyedFromId: head.keyedFromId };
}
