import { sql } from 'drizzle-orm';
import { rowsOf } from '../auth/authz';
import type { Tx } from '../db/client';

/**
 * The database's own account of its tables, read from the catalogue (pg_constraint, pg_attribute) rather
 * than the drizzle schema: it also knows the keys the migrations wrote by hand, and it is what the database
 * will enforce when rows come back.
 */

export interface ForeignKey {
  name: string;
  child: string;
  childColumns: string[];
  parent: string;
  parentColumns: string[];
  /** What deleting a parent row does to the child rows: removes them, clears their reference, or is refused. */
  onDelete: 'cascade' | 'setNull' | 'other';
}

export interface TableInfo {
  primaryKey: string[];
  /** Every column an insert may name: not generated. */
  insertable: string[];
}

export interface Catalogue {
  /** Foreign keys by the parent table they point to. */
  referencing: ReadonlyMap<string, readonly ForeignKey[]>;
  tables: ReadonlyMap<string, TableInfo>;
}

interface ConstraintRow {
  name: string;
  child: string;
  parent: string;
  action: string;
  child_cols: string;
  parent_cols: string;
}

interface ColumnRow {
  table_name: string;
  columns: string;
  primary_key: string | null;
}

const ON_DELETE: Record<string, ForeignKey['onDelete']> = { c: 'cascade', n: 'setNull' };

/** Reads the catalogue of the current schema. The schema only changes by migration at start, so callers keep the answer. */
export async function readCatalogue(db: Tx): Promise<Catalogue> {
  const constraints = rowsOf<ConstraintRow>(
    await db.execute(sql`
      select c.conname::text as name, cl.relname::text as child, pl.relname::text as parent, c.confdeltype::text as action,
        (select json_agg(a.attname::text order by k.ord) from unnest(c.conkey) with ordinality k(num, ord)
           join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.num)::text as child_cols,
        (select json_agg(a.attname::text order by k.ord) from unnest(c.confkey) with ordinality k(num, ord)
           join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.num)::text as parent_cols
      from pg_constraint c
      join pg_class cl on cl.oid = c.conrelid
      join pg_class pl on pl.oid = c.confrelid
      join pg_namespace n on n.oid = cl.relnamespace
      where c.contype = 'f' and n.nspname = current_schema()
      order by c.conname`),
  );
  const columns = rowsOf<ColumnRow>(
    await db.execute(sql`
      select cl.relname::text as table_name,
        (select json_agg(a.attname::text order by a.attnum) from pg_attribute a
           where a.attrelid = cl.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '')::text as columns,
        (select json_agg(a.attname::text order by k.ord) from pg_constraint p, unnest(p.conkey) with ordinality k(num, ord)
           join pg_attribute a on a.attnum = k.num
           where p.conrelid = cl.oid and p.contype = 'p' and a.attrelid = cl.oid)::text as primary_key
      from pg_class cl
      join pg_namespace n on n.oid = cl.relnamespace
      where cl.relkind in ('r', 'p') and n.nspname = current_schema()`),
  );
  const referencing = new Map<string, ForeignKey[]>();
  for (const row of constraints) {
    const key: ForeignKey = {
      name: row.name,
      child: row.child,
      childColumns: JSON.parse(row.child_cols) as string[],
      parent: row.parent,
      parentColumns: JSON.parse(row.parent_cols) as string[],
      onDelete: ON_DELETE[row.action] ?? 'other',
    };
    referencing.set(key.parent, [...(referencing.get(key.parent) ?? []), key]);
  }
  const tables = new Map<string, TableInfo>();
  for (const row of columns) {
    tables.set(row.table_name, { insertable: JSON.parse(row.columns ?? '[]') as string[], primaryKey: row.primary_key ? (JSON.parse(row.primary_key) as string[]) : [] });
  }
  return { referencing, tables };
}

/** The catalogue per database: read once, by the first delete or undo. */
const cached = new WeakMap<object, Promise<Catalogue>>();

export function catalogueOf(owner: object, db: Tx): Promise<Catalogue> {
  let pending = cached.get(owner);
  if (!pending) {
    pending = readCatalogue(db).catch((error: unknown) => {
      cached.delete(owner);
      throw error;
    });
    cached.set(owner, pending);
  }
  return pending;
}
