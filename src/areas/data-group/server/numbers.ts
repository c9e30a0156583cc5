import { and, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { ResponseCode } from '../../../shared/codes';
import type { Tx } from '../../../server/db/client';
import { AppError, Errors } from '../../../server/errors';

/** Advisory-lock namespace of number saves; the second key tells the kinds apart. */
const NUMBER_LOCK_SPACE = 7312;
export const NumberKind = { group: 1, organ: 2, classification: 3 } as const;

/**
 * Refuses a number another record of the same kind already has, compared without regard to case ("ab-1" and
 * "AB-1" would be one code to a reader). Run inside the save's transaction: the lock makes two saves of one
 * kind take turns, so both cannot pass the check.
 */
export async function checkNumberFree(tx: Tx, kind: number, table: PgTable & { id: PgColumn; number: PgColumn; name: PgColumn }, number: string, selfId: number | null): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${NUMBER_LOCK_SPACE}, ${kind})`);
  const same: SQL = sql`lower(${table.number}) = lower(${number})`;
  const taken = await tx
    .select({ name: table.name, number: table.number })
    .from(table)
    .where(selfId === null ? same : and(same, ne(table.id, selfId)))
    .limit(1);
  const holder = taken[0] as { name: string; number: string } | undefined;
  if (holder) throw new AppError(ResponseCode.Conflict, 'error.dataNumberTaken', { number: holder.number, name: holder.name }, 'number');
}

/** The save of `version` found no row at that version: gone, or changed since it was read. */
export async function missingOrStale(tx: Tx, table: PgTable & { id: PgColumn }, id: number): Promise<never> {
  const found = await tx
    .select({ id: table.id })
    .from(table)
    .where(sql`${table.id} = ${id}`)
    .limit(1);
  throw found[0] ? Errors.stale() : Errors.notFound('id');
}

/** "a, b, c" of the first few names, and how many there are in all. */
export function namesOf(names: readonly string[], total: number): { names: string; count: number } {
  return { names: names.map((n) => `“${n}”`).join(', '), count: total };
}
