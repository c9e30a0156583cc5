import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../auth/authz';
import type { Tx } from '../db/client';
import type { Catalogue, ForeignKey } from './catalogue';

/**
 * Tables whose rows a delete takes for good, even when it is undone:
 * - sign-in tokens: the sessions of a deleted user or client stay ended; the user signs in again;
 * - work queues and their deliveries (the outbox): a message is sent once or not at all;
 * - short-lived sign-in state (captchas, binding tickets, failure counts);
 * - the logs, which are never deleted by a delete and never written by an undo except its own row;
 * - the undo snapshots themselves.
 * Rows below an excluded row (its cascade) are not followed either.
 */
export const NOT_RESTORED_TABLES: ReadonlySet<string> = new Set([
  'sys_refresh_token',
  'sys_access_token',
  'sys_captcha',
  'sys_bind_ticket',
  'sys_login_failure',
  'msg_outbox',
  'log_operation',
  'log_interface',
  'log_dead_letter',
  'sys_undo',
]);

/** The rows of one table, each as `to_jsonb(row)::text`, so every type comes back exactly. */
interface TableRows {
  table: string;
  rows: string[];
}

/** References a delete cleared (ON DELETE SET NULL): the child rows' keys and the old values of `columns`. */
interface ClearedReferences {
  table: string;
  key: string[];
  columns: string[];
  rows: string[];
}

/** Rows a delete removes: those of `table` matching `where`, a condition on its columns. */
export interface CaptureRoot {
  table: string;
  where: SQL;
  /**
   * Rows the delete removes only when nothing else uses them (an image file of a deleted record): restored
   * where they are missing, left alone where they stayed.
   */
  ifDeleted?: boolean;
}

export interface Captured {
  /** The stored snapshot, JSON text: tables in restore order (parents first) and the cleared references. */
  json: string;
  /** The deleted rows' keys, for the log. */
  label: string;
  count: number;
  /** The tables of the rows the delete named (not those that went with them), for the undo's scope check. */
  roots: string[];
}

const id = (name: string) => sql.identifier(name);
const list = (names: readonly string[], prefix?: string) =>
  sql.join(
    names.map((name) => (prefix ? sql`${id(prefix)}.${id(name)}` : id(name))),
    sql`, `,
  );
const jsonArray = (rows: readonly string[]) => `[${rows.join(',')}]`;

/**
 * Captures, before the delete runs in the same transaction, everything it will remove: the rows of `table`
 * matching `where`, every row removed with them by ON DELETE CASCADE (recursively), and every reference it
 * will clear by ON DELETE SET NULL.
 */
export async function captureDelete(tx: Tx, catalogue: Catalogue, roots: readonly CaptureRoot[]): Promise<Captured> {
  const captured = new Map<string, Set<string>>();
  const queue: TableRows[] = [];
  const labels: string[] = [];
  const missingOnly = new Set<string>();
  for (const { table, where, ifDeleted } of roots) {
    const rootKey = catalogue.tables.get(table)?.primaryKey ?? [];
    const root = rowsOf<{ row: string; key: string }>(
      await tx.execute(sql`select to_jsonb(${id(table)})::text as row, concat_ws('/', ${rootKey.length > 0 ? list(rootKey, table) : sql`''`}) as key from ${id(table)} where ${where}`),
    );
    const seen = captured.get(table) ?? new Set<string>();
    captured.set(table, seen);
    const fresh = root.map((r) => r.row).filter((row) => !seen.has(row));
    for (const row of fresh) seen.add(row);
    queue.push({ table, rows: fresh });
    if (ifDeleted) missingOnly.add(table);
    else labels.push(`${table} ${root.map((r) => r.key).join(', ')}`);
  }
  for (let next = queue.shift(); next; next = queue.shift()) {
    if (next.rows.length === 0) continue;
    for (const key of catalogue.referencing.get(next.table) ?? []) {
      if (key.onDelete !== 'cascade' || NOT_RESTORED_TABLES.has(key.child)) continue;
      const found = rowsOf<{ row: string }>(await tx.execute(sql`select to_jsonb(c)::text as row from ${id(key.child)} c where ${matching(key, next.rows)}`));
      const seen = captured.get(key.child) ?? new Set<string>();
      captured.set(key.child, seen);
      const fresh = found.map((r) => r.row).filter((row) => !seen.has(row));
      for (const row of fresh) seen.add(row);
      if (fresh.length > 0) queue.push({ table: key.child, rows: fresh });
    }
  }

  const cleared: ClearedReferences[] = [];
  for (const [parent, rows] of captured) {
    if (rows.size === 0) continue;
    for (const key of catalogue.referencing.get(parent) ?? []) {
      if (key.onDelete !== 'setNull' || NOT_RESTORED_TABLES.has(key.child)) continue;
      const childKey = catalogue.tables.get(key.child)?.primaryKey ?? [];
      // Without a primary key the child row cannot be found again: its reference stays cleared.
      if (childKey.length === 0) continue;
      const kept = [...new Set([...childKey, ...key.childColumns])];
      const alsoDeleted = captured.get(key.child);
      const notDeleted =
        alsoDeleted && alsoDeleted.size > 0
          ? sql` and (${list(childKey, 'c')}) not in (select ${list(childKey, 'd')} from jsonb_populate_recordset(null::${id(key.child)}, ${jsonArray([...alsoDeleted])}::jsonb) d)`
          : sql``;
      const projection = sql.join(
        kept.map((column) => sql`${column}::text, c.${id(column)}`),
        sql`, `,
      );
      const found = rowsOf<{ row: string }>(await tx.execute(sql`select jsonb_build_object(${projection})::text as row from ${id(key.child)} c where ${matching(key, [...rows])}${notDeleted}`));
      if (found.length > 0) cleared.push({ table: key.child, key: childKey, columns: key.childColumns, rows: found.map((r) => r.row) });
    }
  }

  const tables = restoreOrder(catalogue, captured);
  const json = `{"tables":[${tables.map((t) => `{"table":${JSON.stringify(t.table)},"missingOnly":${missingOnly.has(t.table)},"rows":${jsonArray(t.rows)}}`).join(',')}],"cleared":[${cleared
    .map((c) => `{"table":${JSON.stringify(c.table)},"key":${JSON.stringify(c.key)},"columns":${JSON.stringify(c.columns)},"rows":${jsonArray(c.rows)}}`)
    .join(',')}]}`;
  const count = tables.reduce((sum, t) => sum + t.rows.length, 0);
  const rootTables = [...new Set(roots.filter((root) => !root.ifDeleted).map((root) => root.table))];
  return { json, label: labels.join('; '), count, roots: rootTables };
}

/** The child rows of `key` that point at `parentRows` (given as row JSON of the parent table). */
function matching(key: ForeignKey, parentRows: readonly string[]): SQL {
  return sql`(${list(key.childColumns, 'c')}) in (select ${list(key.parentColumns, 'p')} from jsonb_populate_recordset(null::${id(key.parent)}, ${jsonArray(parentRows)}::jsonb) p)`;
}

/** The captured tables, every table after the tables it references (a table's references to itself are checked at the end of its one insert). */
function restoreOrder(catalogue: Catalogue, captured: ReadonlyMap<string, ReadonlySet<string>>): TableRows[] {
  const names = [...captured.keys()].filter((name) => captured.get(name)!.size > 0);
  const parentsOf = new Map<string, Set<string>>(names.map((name) => [name, new Set<string>()]));
  for (const parent of names) {
    for (const key of catalogue.referencing.get(parent) ?? []) {
      if (key.child !== parent && parentsOf.has(key.child)) parentsOf.get(key.child)!.add(parent);
    }
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < names.length) {
    // Capture order first; a cycle between tables (none in this schema) falls back to it.
    const ready = names.find((name) => !placed.has(name) && [...parentsOf.get(name)!].every((parent) => placed.has(parent))) ?? names.find((name) => !placed.has(name))!;
    ordered.push(ready);
    placed.add(ready);
  }
  return ordered.map((table) => ({ table, rows: [...captured.get(table)!] }));
}

interface StoredTable {
  table_name: string;
  count: number;
  missing_only: boolean | string | null;
}

/**
 * Puts back what the snapshot of `tokenHash` holds, in `tx`: the rows as they were (parents before children),
 * then the references the delete cleared, where they are still clear. Answers the number of rows restored.
 * The rows never pass through JavaScript values on the way back, so every type survives exactly.
 */
export async function restoreSnapshot(tx: Tx, catalogue: Catalogue, tokenHash: string): Promise<number> {
  const snapshot = sql`(select snapshot from sys_undo where token_hash = ${tokenHash})`;
  const tables = rowsOf<StoredTable>(
    await tx.execute(
      sql`select t->>'table' as table_name, jsonb_array_length(t->'rows') as count, coalesce((t->>'missingOnly')::boolean, false) as missing_only from jsonb_array_elements(${snapshot}->'tables') with ordinality e(t, n) order by n`,
    ),
  );
  let restored = 0;
  for (const [index, { table_name: table, count, missing_only }] of tables.entries()) {
    const missingOnly = missing_only === true || missing_only === 'true';
    const columns = catalogue.tables.get(table)?.insertable;
    if (!columns) throw new Error(`undo: the table ${table} no longer exists`);
    await tx.execute(
      sql`insert into ${id(table)} (${list(columns)}) overriding system value select ${list(columns, 'r')} from jsonb_populate_recordset(null::${id(table)}, ${snapshot}->'tables'->${index}::int->'rows') r${missingOnly ? sql` on conflict do nothing` : sql``}`,
    );
    restored += Number(count);
  }
  const cleared = rowsOf<{ table_name: string; key: string; columns: string }>(
    await tx.execute(
      sql`select c->>'table' as table_name, (c->'key')::text as key, (c->'columns')::text as columns from jsonb_array_elements(${snapshot}->'cleared') with ordinality e(c, n) order by n`,
    ),
  );
  for (const [index, entry] of cleared.entries()) {
    const key = JSON.parse(entry.key) as string[];
    const columns = JSON.parse(entry.columns) as string[];
    const assignments = sql.join(
      columns.map((column) => sql`${id(column)} = r.${id(column)}`),
      sql`, `,
    );
    const sameRow = sql.join(
      key.map((column) => sql`c.${id(column)} = r.${id(column)}`),
      sql` and `,
    );
    // Only where the reference is still clear: one set since (to another row) is the newer truth.
    const stillClear = sql.join(
      columns.map((column) => sql`c.${id(column)} is null`),
      sql` and `,
    );
    await tx.execute(
      sql`update ${id(entry.table_name)} c set ${assignments} from jsonb_populate_recordset(null::${id(entry.table_name)}, ${snapshot}->'cleared'->${index}::int->'rows') r where ${sameRow} and ${stillClear}`,
    );
  }
  return restored;
}
