import { getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { auditDeadLetter, interfaceLog, operationLog, user } from '../db/schema';
import { BatchWriter, type WriterCounts, type WriterProblem } from './batch-writer';
import { appendChained } from './chain';
import { rowFitter, storableJson } from './fit';

export type InterfaceLogRow = typeof interfaceLog.$inferInsert;
export type OperationLogRow = typeof operationLog.$inferInsert;

/** The interface row's two long texts, sent once per batch however many of its rows carry the same one. */
const SHARED_TEXTS = new Set(['requestParam', 'responseText']);

/**
 * Writes a batch of interface rows in one statement: the rows as a JSON array whose long texts (the request and
 * the response) are numbers into a second array holding each distinct text once. A cached answer (the
 * navigation, the dictionaries) is the same string in every row of its calls, so the server serialises it and the
 * database parses it once a batch, not once a row; every row still stores its own full texts.
 */
async function insertInterfaceBatch(database: Database, rows: InterfaceLogRow[], deptOf: (row: InterfaceLogRow) => number | null | undefined): Promise<void> {
  const columns = Object.entries(getTableColumns(interfaceLog)).filter(([property]) => property === 'deptId' || rows.some((r) => (r as Record<string, unknown>)[property] !== undefined));
  const texts: string[] = [];
  const textAt = new Map<string, number>();
  const numberOf = (text: string): number => {
    let at = textAt.get(text);
    if (at === undefined) {
      at = texts.push(text);
      textAt.set(text, at);
    }
    return at;
  };
  // Each row's object is built key by key in the same order, so that every one has the same shape and
  // JSON.stringify takes its fast path (this runs on the requests' thread for every call).
  const payload = rows.map((row) => {
    const fields = row as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [property, column] of columns) {
      const value = property === 'deptId' ? (deptOf(row) ?? null) : (fields[property] ?? null);
      out[column.name] = SHARED_TEXTS.has(property) && typeof value === 'string' ? numberOf(value) : value;
    }
    return out;
  });
  // json_to_recordset reads each field as its column's type, the shared texts as their numbers (1-based, as SQL arrays are).
  const fields = sql.join(
    columns.map(([property, column]) => sql`${sql.identifier(column.name)} ${sql.raw(SHARED_TEXTS.has(property) ? 'integer' : column.getSQLType())}`),
    sql`, `,
  );
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const values = sql.join(
    columns.map(([property, column]) => (SHARED_TEXTS.has(property) ? sql`texts.list[r.${sql.identifier(column.name)}]` : sql`r.${sql.identifier(column.name)}`)),
    sql`, `,
  );
  await database.db.execute(
    sql`insert into ${interfaceLog} (${names}) select ${values} from json_to_recordset(${JSON.stringify(payload)}::json) as r(${fields}), (select coalesce(array_agg(value order by at), '{}') as list from json_array_elements_text(${JSON.stringify(texts)}::json) with ordinality as t(value, at)) as texts`,
  );
}

export type AuditStream = 'interface' | 'operation';

export interface AuditProblem extends WriterProblem {
  stream: AuditStream;
  /** The database's own words: drizzle wraps them in the failed query, values and all. */
  reason: string;
}

function reasonOf(error: unknown): string {
  let inner = error;
  while (inner instanceof Error && inner.cause !== undefined) inner = inner.cause;
  return inner instanceof Error ? inner.message : String(inner);
}

const fitDeadLetter = rowFitter(auditDeadLetter);

/**
 * The organisations of the users of a batch (the log's organisation scope), read once per batch at flush
 * time rather than once per request; a user without one, or gone, has none.
 */
async function deptsOfUsers(database: Database, userIds: ReadonlySet<number>): Promise<Map<number, number | null>> {
  if (userIds.size === 0) return new Map();
  const rows = await database.db
    .select({ userId: user.userId, deptId: user.deptId })
    .from(user)
    .where(inArray(user.userId, [...userIds]));
  return new Map(rows.map((row) => [row.userId, row.deptId]));
}

/** Operation rows as stored, with the operator's organisation where the caller left it to the writer. */
async function writeOperationRows(database: Database, rows: OperationLogRow[], chainKey: Buffer): Promise<void> {
  const unresolved = new Set(rows.filter((row) => row.operDeptId === undefined && row.operUserId != null).map((row) => row.operUserId!));
  const depts = await deptsOfUsers(database, unresolved);
  await appendChained(
    database.db,
    rows.map((row) => ({
      entryType: row.entryType,
      operUserId: row.operUserId ?? null,
      operUserName: row.operUserName ?? '',
      operLoginName: row.operLoginName ?? '',
      operLocation: row.operLocation ?? '',
      operIp: row.operIp ?? '',
      operDeptId: row.operDeptId !== undefined ? row.operDeptId : row.operUserId != null ? (depts.get(row.operUserId) ?? null) : null,
      operationContent: row.operationContent,
      contentKey: row.contentKey ?? null,
      contentValues: row.contentValues ?? null,
      beforeOperation: row.beforeOperation ?? null,
      afterOperation: row.afterOperation ?? null,
      operationTime: row.operationTime ?? new Date(),
    })),
    chainKey,
  );
}

/** Interface rows with the caller's organisation where the caller left it to the writer. */
async function writeInterfaceRows(database: Database, rows: InterfaceLogRow[]): Promise<void> {
  const userIdOf = (row: InterfaceLogRow) => (row.deptId === undefined && row.userId && /^\d+$/.test(row.userId) ? Number(row.userId) : null);
  const depts = await deptsOfUsers(database, new Set(rows.map(userIdOf).filter((id): id is number => id !== null)));
  await insertInterfaceBatch(database, rows, (row) => {
    const userId = userIdOf(row);
    return userId === null ? row.deptId : (depts.get(userId) ?? null);
  });
}

/** Keeps a refused row as JSON beside the database's reason. */
async function insertDeadLetter(database: Database, stream: AuditStream, row: object, error: unknown): Promise<void> {
  await database.db.insert(auditDeadLetter).values(fitDeadLetter({ stream, row: storableJson(row), error: reasonOf(error) }));
}

/**
 * The two audit streams of design.md §4: interface monitoring (every call) and the operation log (every
 * change). `report` hears of every row dead-lettered or dropped; `counts` has the totals.
 */
export class Audit {
  readonly interfaceLog: BatchWriter<InterfaceLogRow>;
  readonly operationLog: BatchWriter<OperationLogRow>;

  constructor(database: Database, report: (problem: AuditProblem) => void, chainKey: Buffer) {
    this.interfaceLog = new BatchWriter<InterfaceLogRow>({
      write: (rows) => writeInterfaceRows(database, rows),
      fit: rowFitter(interfaceLog),
      deadLetter: (row, error) => insertDeadLetter(database, 'interface', row, error),
      report: (problem) => report({ stream: 'interface', reason: reasonOf(problem.error), ...problem }),
      maxBatch: 250,
    });
    this.operationLog = new BatchWriter<OperationLogRow>({
      write: (rows) => writeOperationRows(database, rows, chainKey),
      fit: rowFitter(operationLog),
      deadLetter: (row, error) => insertDeadLetter(database, 'operation', row, error),
      report: (problem) => report({ stream: 'operation', reason: reasonOf(problem.error), ...problem }),
      maxBatch: 200,
    });
  }

  counts(): Record<AuditStream, WriterCounts> {
    return { interface: this.interfaceLog.counts(), operation: this.operationLog.counts() };
  }

  async flush(): Promise<void> {
    await Promise.all([this.interfaceLog.flush(), this.operationLog.flush()]);
  }

  async close(): Promise<void> {
    await Promise.all([this.interfaceLog.close(), this.operationLog.close()]);
  }
}
