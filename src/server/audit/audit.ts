import { getTableColumns, getTableName, sql, type Table } from 'drizzle-orm';
import type { Database } from '../db/client';
import { interfaceLog, operationLog } from '../db/schema';
import { BatchWriter } from './batch-writer';

export type InterfaceLogRow = typeof interfaceLog.$inferInsert;
export type OperationLogRow = typeof operationLog.$inferInsert;

function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
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
    const csv = rows.map((r) => columns.map(([property]) => csvField(r[property])).join(',')).join('\n');
    await database.copyCsv(getTableName(table), columns.map(([, column]) => column.name), `${csv}\n`);
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

/** The two audit streams of design.md §4: interface monitoring (every call) and the operation log (every change). */
export class Audit {
  readonly interfaceLog: BatchWriter<InterfaceLogRow>;
  readonly operationLog: BatchWriter<OperationLogRow>;

  constructor(database: Database, onError: (stream: string, error: unknown, dropped: number) => void) {
    this.interfaceLog = new BatchWriter<InterfaceLogRow>({
      write: (rows) => insertBatch(database, interfaceLog, rows),
      maxBatch: 250,
      onError: (error, dropped) => onError('interface log', error, dropped),
    });
    this.operationLog = new BatchWriter<OperationLogRow>({
      write: (rows) => insertBatch(database, operationLog, rows),
      maxBatch: 200,
      onError: (error, dropped) => onError('operation log', error, dropped),
    });
  }

  async flush(): Promise<void> {
    await Promise.all([this.interfaceLog.flush(), this.operationLog.flush()]);
  }

  async close(): Promise<void> {
    await Promise.all([this.interfaceLog.close(), this.operationLog.close()]);
  }
}
