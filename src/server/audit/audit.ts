import { getTableColumns, getTableName, inArray, sql, type Column, type Table } from 'drizzle-orm';
import { PgJson, PgJsonb } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { auditDeadLetter, interfaceLog, operationLog, user } from '../db/schema';
import { BatchWriter, type WriterCounts, type WriterProblem } from './batch-writer';
import { appendChained } from './chain';
import { rowFitter, storableJson } from './fit';

export type InterfaceLogRow = typeof interfaceLog.$inferInsert;
export type OperationLogRow = typeof operationLog.$inferInsert;

/** A CSV field for COPY: empty for NULL; a JSON column's value always as JSON (a string too). */
function csvField(value: unknown, column: Column): string {
  if (value === null || value === undefined) return '';
  const json = column instanceof PgJsonb || column instanceof PgJson;
  const text = json ? JSON.stringify(value) : value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * Writes a batch in one statement. PGlite runs in the requests' own thread, so the batch goes in by
 * COPY from a blob, which skips encoding a parameter per value; PostgreSQL gets one JSON parameter that
 * `json_populate_recordset` expands.
 */
async function insertBatch(database: Database, table: Table, rows: Array<Record<string, unknown>>): Promise<void> {
  const columns = Object.entries(getTableColumns(table)).filter(([property]) => rows.some((r) => r[property] !== undefined));
  if (database.copyCsv) {
    const csv = rows.map((r) => columns.map(([property, column]) => csvField(r[property], column)).join(',')).join('\n');
    await database.copyCsv(
      getTableName(table),
      columns.map(([, column]) => column.name),
      `${csv}\n`,
    );
    return;
  }
  const payload = rows.map((r) => Object.fromEntries(columns.map(([property, column]) => [column.name, r[property] ?? null])));
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const name = sql.identifier(getTableName(table));
  await database.db.execute(sql`insert into ${name} (${names}) select ${names} from json_populate_recordset(null::${name}, ${JSON.stringify(payload)}::json)`);
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
  await insertBatch(
    database,
    interfaceLog,
    rows.map((row) => {
      const userId = userIdOf(row);
      return userId === null ? row : { ...row, deptId: depts.get(userId) ?? null };
    }),
  );
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
