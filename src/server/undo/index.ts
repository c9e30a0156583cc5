import { createHash, randomBytes } from 'node:crypto';
import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { ResponseCode } from '../../shared/codes';
import { RoleType, UNDO_GRACE_SECONDS, UNDO_WINDOW_SECONDS } from '../../shared/constants';
import { listEndpoints } from '../../shared/contract';
import type { EndpointDef } from '../../shared/contract/endpoint';
import type { UndoTicket } from '../../shared/contract/undo';
import { isPermissionKey } from '../../shared/permissions';
import { rowsOf } from '../auth/authz';
import type { Tx } from '../db/client';
import { SqlState } from '../db/errors';
import type { CallContext } from '../context';
import { AppError, Errors } from '../errors';
import { catalogueOf, type Catalogue } from './catalogue';
import { captureDelete, restoreSnapshot } from './snapshot';

export { NOT_RESTORED_TABLES } from './snapshot';

/** Expired snapshots removed per capture: a delete never waits on a large clean-up. */
const PURGE_BATCH = 100;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

let endpointIds: Map<EndpointDef, string> | null = null;
function endpointIdOf(def: EndpointDef): string {
  endpointIds ??= new Map(listEndpoints().map(({ id, def: known }) => [known, id]));
  return endpointIds.get(def) ?? def.path;
}

/** Rows a delete removes (see `CaptureRoot`), named by their drizzle table. */
export interface DeletedRows {
  table: PgTable;
  where: SQL;
  ifDeleted?: boolean;
}

/**
 * Makes the delete about to run in `tx` undoable: call it in the delete's own transaction just before the
 * rows are deleted (of `table` matching `where`; several tables when the delete removes them itself).
 * Captures them with everything the delete takes along, and answers the ticket the delete endpoint returns.
 */
export async function undoableDelete(ctx: CallContext, tx: Tx, ...deleted: DeletedRows[]): Promise<UndoTicket> {
  const session = ctx.requireSession();
  const role = ctx.requireRole();
  const permission = ctx.endpoint?.access;
  if (!ctx.endpoint || !permission || !isPermissionKey(permission)) throw new Error('undo: a delete must be called through an endpoint that needs a permission');
  const { services } = ctx;
  const catalogue = await catalogueOf(services, tx);
  const captured = await captureDelete(
    tx,
    catalogue,
    deleted.map((rows) => ({ table: getTableName(rows.table), where: rows.where, ifDeleted: rows.ifDeleted })),
  );
  const now = services.now();
  const until = new Date(now.getTime() + UNDO_WINDOW_SECONDS * 1000);
  await purgeExpired(tx, now);
  const token = randomBytes(32).toString('base64url');
  const snapshot = `{"label":${JSON.stringify(captured.label)},"count":${captured.count},"roots":${JSON.stringify(captured.roots)},${captured.json.slice(1)}`;
  await tx.execute(sql`
    insert into sys_undo (token_hash, user_id, role_id, permission, endpoint, snapshot, create_time, expires_at)
    values (${hashOf(token)}, ${session.userId}, ${role.roleId}, ${permission}, ${endpointIdOf(ctx.endpoint)}, ${snapshot}::jsonb, ${now.toISOString()}::timestamptz, ${until.toISOString()}::timestamptz)`);
  return { undoKey: token, undoUntil: until.toISOString() };
}

/** Removes a batch of snapshots past their window and grace: they hold deleted rows (password hashes, sealed secrets) no longer needed. */
async function purgeExpired(tx: Tx, now: Date): Promise<void> {
  const gone = new Date(now.getTime() - UNDO_GRACE_SECONDS * 1000);
  await tx.execute(sql`delete from sys_undo where token_hash in (select token_hash from sys_undo where expires_at < ${gone.toISOString()}::timestamptz limit ${PURGE_BATCH})`);
}

interface StoredUndo {
  user_id: number;
  role_id: number;
  permission: string;
  endpoint: string;
  label: string;
  count: number;
  create_time: string;
  expires_at: string;
}

/**
 * Brings back what the delete of `token` removed, for its own user in the role that deleted, while that role
 * still holds the delete's permission, within the window (plus the grace of the round trip). One
 * transaction: a record added since in the way refuses the undo and nothing is written.
 */
export async function restoreDelete(ctx: CallContext, token: string): Promise<{ restored: number }> {
  const session = ctx.requireSession();
  const role = ctx.requireRole();
  const { services } = ctx;
  const tokenHash = hashOf(token);
  const catalogue = await catalogueOf(services, services.db);
  // Read before the transaction: on PGlite (one connection) a read outside it would wait for it to end.
  const keys = await services.authz.keysOf(role.roleId);
  const restored = await services.db.transaction(async (tx) => {
    const [stored] = rowsOf<StoredUndo>(
      await tx.execute(sql`
        select user_id, role_id, permission, endpoint, snapshot->>'label' as label, (snapshot->>'count')::int as count,
          to_char(create_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as create_time,
          to_char(expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as expires_at
        from sys_undo where token_hash = ${tokenHash} for update`),
    );
    if (!stored) throw new AppError(ResponseCode.NotFound, 'error.undoUnknown');
    if (Number(stored.user_id) !== session.userId || Number(stored.role_id) !== role.roleId) throw new AppError(ResponseCode.Forbidden, 'error.undoNotYours');
    if (services.now().getTime() > new Date(stored.expires_at).getTime() + UNDO_GRACE_SECONDS * 1000)
      throw new AppError(ResponseCode.CallerError, 'error.undoExpired', { seconds: UNDO_WINDOW_SECONDS });
    if (!keys.has(stored.permission)) throw Errors.forbidden();
    // The delete's own log row: the first this user wrote from the moment of the capture on.
    const [deleteLog] = rowsOf<{ id: number | string }>(
      await tx.execute(sql`select id from log_operation where oper_user_id = ${session.userId} and operation_time >= ${stored.create_time}::timestamptz order by id limit 1`),
    );
    let count: number;
    try {
      count = await restoreSnapshot(tx, catalogue, tokenHash);
    } catch (error) {
      throw refusalOf(error, catalogue.tables) ?? error;
    }
    if (role.roleType !== RoleType.AllOrganisations) await checkStillInScope(tx, catalogue, tokenHash, role.deptId);
    await tx.execute(sql`delete from sys_undo where token_hash = ${tokenHash}`);
    await purgeExpired(tx, services.now());
    await ctx.logChange(tx, {
      entryType: 'undo',
      content: { key: 'undo.restore', values: { interface: stored.endpoint, label: stored.label } },
      before: { undoOf: stored.endpoint, deleteLogId: deleteLog ? Number(deleteLog.id) : null, deletedAt: stored.create_time },
      after: { restored: stored.label, rows: count },
    });
    return count;
  });
  // The caches that the delete dropped must now see the rows again: grants, scopes, navigation, translations.
  services.authz.changed();
  services.translations.changed();
  return { restored };
}

/** The column by which a record belongs to an organisation, in every table that has one. */
const DEPT_COLUMN = 'dept_id';

/**
 * The rows the delete named that belong to an organisation (users, roles, organisations) must still be in the
 * role's scope: the delete checked it, but the role or the tree may have changed within the window. Checked
 * after the restore, in its transaction, so a restored organisation counts where it is put back.
 */
async function checkStillInScope(tx: Tx, catalogue: Catalogue, tokenHash: string, roleDeptId: number): Promise<void> {
  const roots = rowsOf<{ table_name: string }>(
    await tx.execute(sql`select jsonb_array_elements_text(coalesce(snapshot->'roots', '[]'::jsonb)) as table_name from sys_undo where token_hash = ${tokenHash}`),
  );
  const scoped = roots.map((r) => r.table_name).filter((table) => catalogue.tables.get(table)?.insertable.includes(DEPT_COLUMN));
  if (scoped.length === 0) return;
  const [outside] = rowsOf<{ dept_id: number | string }>(
    await tx.execute(sql`
      with recursive subtree as (
        select dept_id from sys_dept where dept_id = ${roleDeptId}
        union all
        select d.dept_id from sys_dept d join subtree s on d.parent_id = s.dept_id
      )
      select (r->>${DEPT_COLUMN})::int as dept_id from sys_undo u, jsonb_array_elements(u.snapshot->'tables') t, jsonb_array_elements(t->'rows') r
      where u.token_hash = ${tokenHash} and t->>'table' in (${sql.join(
        scoped.map((table) => sql`${table}`),
        sql`, `,
      )}) and r->>${DEPT_COLUMN} is not null and (r->>${DEPT_COLUMN})::int not in (select dept_id from subtree)
      limit 1`),
  );
  if (outside) throw Errors.outOfScope();
}

interface DatabaseError {
  code?: unknown;
  detail?: unknown;
  table?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

function databaseErrorOf(error: unknown): DatabaseError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== null && typeof current === 'object'; depth++) {
    const candidate = current as DatabaseError;
    if (typeof candidate.code === 'string' && /^\d{2}[0-9A-Z]{3}$/.test(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return null;
}

/** A column as the contract names the field (`dept_id` → `deptId`), as every other refusal names it. */
const fieldOf = (column: string) => column.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/**
 * The clear refusal for a restore the database turned down: a unique value taken since, or a record the rows
 * belong to that is gone since, each naming the field and the value. Null for anything else.
 */
export function refusalOf(error: unknown, tables: ReadonlyMap<string, { insertable: string[] }>): AppError | null {
  const found = databaseErrorOf(error);
  if (!found) return null;
  const table = typeof found.table === 'string' ? found.table : '';
  const detail = typeof found.detail === 'string' ? found.detail : '';
  // "Key (lower(username::text))=(bob) already exists." / "Key (dept_id)=(7) is not present in table "sys_dept"."
  const key = /Key \((.*)\)=\((.*)\)/.exec(detail);
  const known = tables.get(table)?.insertable ?? [];
  const fields = key ? [...new Set((key[1]!.match(/[a-z_][a-z0-9_]*/g) ?? []).filter((word) => known.includes(word)))].map(fieldOf).join(', ') : '';
  const value = key?.[2] ?? '';
  if (found.code === SqlState.UniqueViolation) {
    return new AppError(ResponseCode.Conflict, 'error.undoConflict', { what: fields || (typeof found.constraint === 'string' ? found.constraint : table), value });
  }
  if (found.code === SqlState.ForeignKeyViolation) {
    return new AppError(ResponseCode.InUse, 'error.undoParentGone', { what: fields || table, value });
  }
  return null;
}
