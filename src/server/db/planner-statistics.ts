import { sql } from 'drizzle-orm';
import { rowsOf } from '../auth/authz';
import type { Db } from './client';

/** A table is analysed again once it has grown by this share of its pages at its last analysis… */
const GROWTH_SHARE = 0.2;
/** …and by at least this many pages (8 kB each): small tables are planned well enough either way. */
const GROWTH_PAGES_MIN = 8;

/**
 * Refreshes the planner's statistics of the tables that have grown since they were last analysed, and
 * returns their names. PGlite runs no autovacuum and keeps no activity counters, but what `analyze` records
 * (pg_class.relpages) survives a restart: a table now larger on disk than then has changed enough to plan
 * differently (a first seed, a bulk load, logs piling up). A start with unchanged data analyses nothing.
 */
export async function analyzeGrownTables(db: Db): Promise<string[]> {
  const grown = rowsOf<{ name: string }>(
    await db.execute(sql`
      select quote_ident(c.relname) as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * ${1 + GROWTH_SHARE}::float8 + ${GROWTH_PAGES_MIN}::int
      order by c.relname`),
  ).map((row) => row.name);
  if (grown.length > 0) await db.execute(sql.raw(`analyze ${grown.join(', ')}`));
  return grown;
}
