import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { AppStatus } from '../../../shared/constants';
import type { api } from '../../../shared/contract';
import type { AppRecord, AppRow, IssuedSecret } from '../contract';
import type { ParsedInputOf } from '../../../shared/contract/endpoint';
import { ResponseCode } from '../../../shared/codes';
import type { CallContext } from '../../../server/context';
import type { Tx } from '../../../server/db/client';
import { SqlState, violatedConstraint } from '../../../server/db/errors';
import { containsPattern, pagedQuery } from '../../../server/db/lists';
import { oauthClient } from '../../../server/db/schema';
import { systemApiKey } from '../../../server/db/tables';
import { AppError, Errors } from '../../../server/errors';
import { clientSecretHash } from '../../../server/platform/auth/sign-in';
import { undoableDelete } from '../../../server/undo';
import type { UndoTicket } from '../../../shared/contract/undo';

type ClientRow = typeof oauthClient.$inferSelect;
type AddForm = ParsedInputOf<typeof api.appCenter.add>;
type UpdateForm = ParsedInputOf<typeof api.appCenter.update>;

/** Bytes of a new secret: 256 bits, as base64url (43 characters). */
const SECRET_BYTES = 32;

/** A new client secret from the operating system's secure random source. */
export function newClientSecret(): string {
  return randomBytes(SECRET_BYTES).toString('base64url');
}

/** What the operation log keeps of an application: every setting, never the secret or its hash. */
export interface AppSnapshot {
  id: number;
  clientId: string;
  appName: string;
  appType: string;
  status: string;
  accessTokenValiditySeconds: number;
  refreshTokenValiditySeconds: number;
  passwordDay: number;
  ignoreCodeTimes: number;
  firstChangePwd: string;
  version: number;
}

export function snapshotOf(row: ClientRow): AppSnapshot {
  return {
    id: row.id,
    clientId: row.clientId,
    appName: row.appName,
    appType: row.appType,
    status: row.status,
    accessTokenValiditySeconds: row.accessTokenValiditySeconds,
    refreshTokenValiditySeconds: row.refreshTokenValiditySeconds,
    passwordDay: row.passwordDay,
    ignoreCodeTimes: row.additionalInformation.ignoreCodeTimes,
    firstChangePwd: row.additionalInformation.firstChangePwd,
    version: row.version,
  };
}

/** The console's own client: the one its desktop app signs in with (CONSOLE_CLIENT_ID). */
function isBuiltIn(ctx: CallContext, row: Pick<ClientRow, 'clientId'>): boolean {
  return row.clientId === ctx.services.config.clientId;
}

function rowOf(ctx: CallContext, row: ClientRow): AppRow {
  return {
    id: row.id,
    clientId: row.clientId,
    appName: row.appName,
    appType: row.appType,
    status: row.status,
    accessTokenValiditySeconds: row.accessTokenValiditySeconds,
    createTime: row.createTime.toISOString(),
    builtIn: isBuiltIn(ctx, row),
  };
}

function recordOf(ctx: CallContext, row: ClientRow): AppRecord {
  return {
    ...rowOf(ctx, row),
    refreshTokenValiditySeconds: row.refreshTokenValiditySeconds,
    passwordDay: row.passwordDay,
    ignoreCodeTimes: row.additionalInformation.ignoreCodeTimes,
    firstChangePwd: row.additionalInformation.firstChangePwd,
    updateTime: row.updateTime ? row.updateTime.toISOString() : null,
    version: row.version,
  };
}

async function clientById(db: Tx, id: number): Promise<ClientRow | null> {
  const rows = await db.select().from(oauthClient).where(eq(oauthClient.id, id)).limit(1);
  return rows[0] ?? null;
}

/** A refusal about the console's own client, naming it and saying why. */
function builtInRefusal(row: ClientRow, key: 'error.consoleClientDelete' | 'error.consoleClientStop' | 'error.consoleClientSecret' | 'error.consoleClientRename'): AppError {
  return new AppError(ResponseCode.CallerError, key, { name: `${row.appName} (${row.clientId})` });
}

/** An AppId another application has, met at the unique index (also when two saves race). */
function clientIdConflict(error: unknown): never {
  if (violatedConstraint(error, SqlState.UniqueViolation) !== null) throw Errors.conflict('clientId');
  throw error;
}

function settingsOf(form: AddForm | UpdateForm) {
  return {
    clientId: form.clientId,
    appName: form.appName,
    appType: form.appType,
    status: form.status,
    accessTokenValiditySeconds: form.accessTokenValiditySeconds,
    refreshTokenValiditySeconds: form.refreshTokenValiditySeconds,
    passwordDay: form.passwordDay,
    additionalInformation: { ignoreCodeTimes: form.ignoreCodeTimes, firstChangePwd: form.firstChangePwd },
  };
}

export async function listApps(ctx: CallContext, input: ParsedInputOf<typeof api.appCenter.list>) {
  const { db } = ctx.services;
  const conditions: SQL[] = [];
  if (input.appId) conditions.push(ilike(oauthClient.clientId, containsPattern(input.appId)));
  if (input.appName) conditions.push(ilike(oauthClient.appName, containsPattern(input.appName)));
  return pagedQuery(db, input, {
    rows: db.select().from(oauthClient).$dynamic(),
    counted: oauthClient,
    where: and(...conditions),
    orderBy: [desc(oauthClient.createTime), asc(oauthClient.id)],
    records: (rows) => rows.map((row) => rowOf(ctx, row)),
  });
}

export async function appInfo(ctx: CallContext, id: number): Promise<AppRecord> {
  const row = await clientById(ctx.services.db, id);
  if (!row) throw Errors.notFound('id');
  return recordOf(ctx, row);
}

export async function addApp(ctx: CallContext, form: AddForm): Promise<IssuedSecret> {
  const session = ctx.requireSession();
  const secret = newClientSecret();
  const now = ctx.services.now();
  const row = await ctx.services.db
    .transaction(async (tx) => {
      const created = await tx
        .insert(oauthClient)
        .values({ ...settingsOf(form), clientSecretHash: clientSecretHash(secret), createBy: session.userId, createTime: now })
        .returning();
      const inserted = created[0]!;
      await ctx.logChange(tx, { entryType: 'add', content: { key: 'app.add', values: { clientId: inserted.clientId, appName: inserted.appName } }, before: null, after: snapshotOf(inserted) });
      return inserted;
    })
    .catch(clientIdConflict);
  return { id: row.id, clientId: row.clientId, appSecret: secret };
}

export async function updateApp(ctx: CallContext, form: UpdateForm): Promise<AppSnapshot> {
  const { db, sessions } = ctx.services;
  const after = await db
    .transaction(async (tx) => {
      const existing = await clientById(tx, form.id);
      if (!existing) throw Errors.notFound('id');
      if (isBuiltIn(ctx, existing)) {
        if (form.clientId !== existing.clientId) throw builtInRefusal(existing, 'error.consoleClientRename');
        if (form.status !== AppStatus.Usable) throw builtInRefusal(existing, 'error.consoleClientStop');
      }
      const updated = await tx
        .update(oauthClient)
        .set({ ...settingsOf(form), updateTime: ctx.services.now(), version: sql`${oauthClient.version} + 1` })
        .where(and(eq(oauthClient.id, form.id), eq(oauthClient.version, form.version)))
        .returning();
      if (!updated[0]) throw Errors.stale();
      // The keys name their application by AppId: they follow it when it changes.
      if (form.clientId !== existing.clientId) await tx.update(systemApiKey).set({ apiCode: form.clientId }).where(eq(systemApiKey.apiCode, existing.clientId));
      const change = { before: snapshotOf(existing), after: snapshotOf(updated[0]) };
      await ctx.logChange(tx, { entryType: 'update', content: { key: 'app.update', values: { clientId: change.after.clientId, appName: change.after.appName } }, ...change });
      return change.after;
    })
    .catch(clientIdConflict);
  // A stopped application's sign-ins end at once: no session stays cached past the change.
  if (after.status !== AppStatus.Usable) sessions.forgetClient(after.id);
  return after;
}

export async function deleteApp(ctx: CallContext, id: number): Promise<UndoTicket> {
  const { db, sessions } = ctx.services;
  const ticket = await db.transaction(async (tx) => {
    const existing = await clientById(tx, id);
    if (!existing) throw Errors.notFound('id');
    if (isBuiltIn(ctx, existing)) throw builtInRefusal(existing, 'error.consoleClientDelete');
    const keys = await tx.select({ systemName: systemApiKey.systemName }).from(systemApiKey).where(eq(systemApiKey.apiCode, existing.clientId)).orderBy(asc(systemApiKey.id));
    if (keys.length > 0) {
      throw Errors.inUse('error.appHasKeys', { name: `${existing.appName} (${existing.clientId})`, systems: keys.map((key) => key.systemName).join(ctx.t('error.listSeparator')) });
    }
    // Its tokens go with it (ON DELETE CASCADE): every sign-in through it ends.
    const undo = await undoableDelete(ctx, tx, { table: oauthClient, where: eq(oauthClient.id, id) });
    await tx.delete(oauthClient).where(eq(oauthClient.id, id));
    const removed = snapshotOf(existing);
    await ctx.logChange(tx, { entryType: 'delete', content: { key: 'app.delete', values: { clientId: removed.clientId, appName: removed.appName } }, before: removed, after: null });
    return undo;
  });
  sessions.forgetClient(id);
  return ticket;
}

/** A new secret replaces the old one at once; sign-ins made with it keep going (a secret identifies the app, not a user). */
export async function regenerateSecret(ctx: CallContext, id: number): Promise<IssuedSecret> {
  const { db } = ctx.services;
  const existing = await clientById(db, id);
  if (!existing) throw Errors.notFound('id');
  if (isBuiltIn(ctx, existing)) throw builtInRefusal(existing, 'error.consoleClientSecret');
  const secret = newClientSecret();
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(oauthClient)
      .set({ clientSecretHash: clientSecretHash(secret), updateTime: ctx.services.now() })
      .where(eq(oauthClient.id, id))
      .returning({ id: oauthClient.id });
    if (!updated[0]) throw Errors.notFound('id');
    await ctx.logChange(tx, {
      entryType: 'regenerateSecret',
      content: { key: 'app.regenerateSecret', values: { clientId: existing.clientId, appName: existing.appName } },
      before: null,
      after: { id: existing.id, clientId: existing.clientId },
    });
  });
  return { id: existing.id, clientId: existing.clientId, appSecret: secret };
}
