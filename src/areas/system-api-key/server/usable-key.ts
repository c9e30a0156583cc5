import { and, asc, eq, inArray } from 'drizzle-orm';
import { ApiKeyStatus } from '../contract';
import type { Tx } from '../../../server/db/client';
import { systemApiKey } from './schema';

/**
 * The system a presented API key opens, when the key exists and is usable; null otherwise. Read from the
 * database on every call, with no cache: a key set unusable stops working with the next request.
 */
export async function usableSystemKey(db: Tx, apiKey: string): Promise<{ systemMenuId: number } | null> {
  if (apiKey === '') return null;
  const rows = await db
    .select({ systemMenuId: systemApiKey.systemMenuId })
    .from(systemApiKey)
    .where(and(eq(systemApiKey.apiKey, apiKey), eq(systemApiKey.status, ApiKeyStatus.Usable)))
    .limit(1);
  return rows[0] ?? null;
}

export interface SystemKey {
  apiKey: string;
  /** The AppId of the application the key is for. */
  apiCode: string;
  status: number;
}

/** The keys of each of the systems (usable or not), oldest first: what a form offers per system. */
export async function systemKeysBySystem(db: Tx, systemMenuIds: readonly number[]): Promise<Map<number, SystemKey[]>> {
  const bySystem = new Map<number, SystemKey[]>();
  if (systemMenuIds.length === 0) return bySystem;
  const rows = await db
    .select({ systemMenuId: systemApiKey.systemMenuId, apiKey: systemApiKey.apiKey, apiCode: systemApiKey.apiCode, status: systemApiKey.status })
    .from(systemApiKey)
    .where(inArray(systemApiKey.systemMenuId, [...systemMenuIds]))
    .orderBy(asc(systemApiKey.id));
  for (const { systemMenuId, ...key } of rows) {
    const list = bySystem.get(systemMenuId) ?? [];
    list.push(key);
    bySystem.set(systemMenuId, list);
  }
  return bySystem;
}
