import { randomBytes } from 'node:crypto';
import { and, asc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { MenuType } from '../../../shared/constants';
import type { api } from '../../../shared/contract';
import type { ParsedInputOf } from '../../../shared/contract/endpoint';
import type { ApiKeyApp, ApiKeyRow } from '../contract';
import { ResponseCode } from '../../../shared/codes';
import type { CallContext } from '../../../server/context';
import type { Tx } from '../../../server/db/client';
import { containsPattern, emptyPage, pagedQuery } from '../../../server/db/lists';
import { menu, oauthClient } from '../../../server/db/schema';
import { systemApiKey } from './schema';
import { AppError, Errors } from '../../../server/errors';

type KeyRow = typeof systemApiKey.$inferSelect;
type AddForm = ParsedInputOf<typeof api.systemApiKey.add>;
type UpdateForm = ParsedInputOf<typeof api.systemApiKey.update>;

/** Bytes of a new key value: 256 bits, as base64url (43 characters). */
const KEY_BYTES = 32;
/** Advisory-lock namespace of key saves (the second key is the system's menu id): one (system, app) pair at a time. */
const KEY_LOCK_SPACE = 7302;

export function newApiKey(): string {
  return randomBytes(KEY_BYTES).toString('base64url');
}

/** The time of a key's last change, to the millisecond: its concurrency token. */
function stampOf(row: Pick<KeyRow, 'createTime' | 'updateTime'>): string {
  return (row.updateTime ?? row.createTime).toISOString();
}

/** What the operation log keeps of a key. */
function snapshotOf(row: KeyRow) {
  return { id: row.id, systemCode: row.systemMenuId, systemName: row.systemName, apiKey: row.apiKey, apiCode: row.apiCode, owner: row.owner, status: row.status };
}

/** The systems granted to the current role: the systems its list shows and its saves may name. */
async function roleSystemIds(ctx: CallContext): Promise<Set<number>> {
  const granted = await ctx.services.authz.menusOf(ctx.requireRole().roleId);
  if (granted.size === 0) return new Set();
  const systems = await ctx.services.db
    .select({ menuId: menu.menuId })
    .from(menu)
    .where(and(eq(menu.type, MenuType.System), inArray(menu.menuId, [...granted.keys()])));
  return new Set(systems.map((s) => s.menuId));
}

const rowColumns = { key: systemApiKey, appName: oauthClient.appName };

function rowOf({ key, appName }: { key: KeyRow; appName: string | null }): ApiKeyRow {
  return {
    id: key.id,
    systemCode: key.systemMenuId,
    systemName: key.systemName,
    apiKey: key.apiKey,
    apiCode: key.apiCode,
    appName: appName ?? '',
    owner: key.owner,
    status: key.status,
    createTime: key.createTime.toISOString(),
    stamp: stampOf(key),
  };
}

async function keyRowById(db: Tx, id: number): Promise<ApiKeyRow | null> {
  const rows = await db.select(rowColumns).from(systemApiKey).leftJoin(oauthClient, eq(oauthClient.clientId, systemApiKey.apiCode)).where(eq(systemApiKey.id, id)).limit(1);
  return rows[0] ? rowOf(rows[0]) : null;
}

export async function listKeys(ctx: CallContext, input: ParsedInputOf<typeof api.systemApiKey.list>) {
  const { db } = ctx.services;
  const systems = await roleSystemIds(ctx);
  if (systems.size === 0) return emptyPage<ApiKeyRow>(input);
  const conditions: SQL[] = [inArray(systemApiKey.systemMenuId, [...systems])];
  if (input.apiKey) conditions.push(ilike(systemApiKey.apiKey, containsPattern(input.apiKey)));
  if (input.systemName) conditions.push(ilike(systemApiKey.systemName, containsPattern(input.systemName)));
  return pagedQuery(db, input, {
    rows: db.select(rowColumns).from(systemApiKey).leftJoin(oauthClient, eq(oauthClient.clientId, systemApiKey.apiCode)).$dynamic(),
    counted: systemApiKey,
    where: and(...conditions),
    orderBy: [asc(systemApiKey.systemName), asc(systemApiKey.id)],
    records: (rows) => rows.map(rowOf),
  });
}

/** Every application of the application centre, for the dialog's ApiKey select. */
export async function keyApps(ctx: CallContext): Promise<ApiKeyApp[]> {
  return ctx.services.db.select({ clientId: oauthClient.clientId, appName: oauthClient.appName, status: oauthClient.status }).from(oauthClient).orderBy(asc(oauthClient.appName), asc(oauthClient.id));
}

export async function keyInfo(ctx: CallContext, id: number): Promise<ApiKeyRow> {
  const row = await keyRowById(ctx.services.db, id);
  if (!row) throw Errors.notFound('id');
  if (!(await roleSystemIds(ctx)).has(row.systemCode)) throw Errors.outOfScope('id');
  return row;
}

/**
 * The checks of a save inside its transaction: the system exists and the role has it, the application
 * exists, and no other key joins the same system and application (under a lock on the system, so two
 * saves cannot both pass).
 */
async function checkPair(tx: Tx, form: AddForm | UpdateForm, systems: ReadonlySet<number>, selfId: number | null): Promise<{ systemName: string }> {
  if (!systems.has(form.systemCode)) throw Errors.outOfScope('systemCode');
  const system = (
    await tx
      .select({ name: menu.name })
      .from(menu)
      .where(and(eq(menu.menuId, form.systemCode), eq(menu.type, MenuType.System)))
      .limit(1)
  )[0];
  if (!system) throw Errors.invalid('systemCode', 'validation.notASystem');
  const app = (await tx.select({ appName: oauthClient.appName }).from(oauthClient).where(eq(oauthClient.clientId, form.apiCode)).limit(1))[0];
  if (!app) throw Errors.invalid('apiCode', 'validation.apiCodeUnknown');
  await tx.execute(sql`select pg_advisory_xact_lock(${KEY_LOCK_SPACE}, ${form.systemCode})`);
  const same = and(eq(systemApiKey.systemMenuId, form.systemCode), eq(systemApiKey.apiCode, form.apiCode));
  const taken = await tx
    .select({ id: systemApiKey.id })
    .from(systemApiKey)
    .where(selfId === null ? same : and(same, ne(systemApiKey.id, selfId)))
    .limit(1);
  if (taken[0]) throw new AppError(ResponseCode.Conflict, 'error.apiKeyDuplicate', { system: system.name, app: `${app.appName} (${form.apiCode})` }, 'apiCode');
  return { systemName: system.name };
}

export async function addKey(ctx: CallContext, form: AddForm): Promise<ApiKeyRow> {
  const session = ctx.requireSession();
  const { db } = ctx.services;
  const systems = await roleSystemIds(ctx);
  const now = ctx.services.now();
  const created = await db.transaction(async (tx) => {
    const { systemName } = await checkPair(tx, form, systems, null);
    const inserted = await tx
      .insert(systemApiKey)
      .values({
        systemMenuId: form.systemCode,
        systemName,
        apiKey: newApiKey(),
        apiCode: form.apiCode,
        owner: session.username,
        status: form.status,
        createBy: session.userId,
        createTime: now,
        updateTime: now,
      })
      .returning();
    const row = inserted[0]!;
    await ctx.logChange(tx, { entryType: 'add', content: { key: 'apiKey.add', values: { system: row.systemName, apiCode: row.apiCode } }, before: null, after: snapshotOf(row) });
    return row;
  });
  return (await keyRowById(db, created.id))!;
}

export async function updateKey(ctx: CallContext, form: UpdateForm): Promise<ApiKeyRow> {
  const { db } = ctx.services;
  const systems = await roleSystemIds(ctx);
  const stamp = Date.parse(form.stamp);
  if (Number.isNaN(stamp)) throw Errors.invalid('stamp', 'validation.version');
  const after = await db.transaction(async (tx) => {
    const existing = (await tx.select().from(systemApiKey).where(eq(systemApiKey.id, form.id)).limit(1))[0];
    if (!existing) throw Errors.notFound('id');
    if (!systems.has(existing.systemMenuId)) throw Errors.outOfScope('id');
    const { systemName } = await checkPair(tx, form, systems, existing.id);
    const updated = await tx
      .update(systemApiKey)
      .set({ systemMenuId: form.systemCode, systemName, apiCode: form.apiCode, status: form.status, updateTime: ctx.services.now() })
      .where(and(eq(systemApiKey.id, form.id), sql`floor(extract(epoch from coalesce(${systemApiKey.updateTime}, ${systemApiKey.createTime})) * 1000)::bigint = ${stamp}`))
      .returning();
    if (!updated[0]) throw Errors.stale();
    const change = { before: snapshotOf(existing), after: snapshotOf(updated[0]) };
    await ctx.logChange(tx, { entryType: 'update', content: { key: 'apiKey.update', values: { system: change.after.systemName, apiCode: change.after.apiCode } }, ...change });
    return change.after;
  });
  return (await keyRowById(db, after.id))!;
}
