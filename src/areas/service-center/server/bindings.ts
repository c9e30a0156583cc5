import { and, asc, desc, eq, exists, ilike, inArray, notExists, notInArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { api } from '../../../shared/contract';
import type { ParsedInputOf } from '../../../shared/contract/endpoint';
import type { BindingRow, BindingSortColumn } from '../contract';
import type { DeptNode } from '../../user/contract';
import type { SortOrder } from '../../../shared/list-sort';
import { checkCurrentRole, roleScope, usersInScope } from '../../../server/auth/scope';
import type { CallContext } from '../../../server/context';
import type { Db, Tx } from '../../../server/db/client';
import { containsPattern, emptyPage, orderByColumn, pagedQuery, type Page } from '../../../server/db/lists';
import { dept, user } from '../../../server/db/schema';
import { userServiceCentre } from './schema';
import { Errors } from '../../../server/errors';
import { loadOrgTree, type OrgTree } from '../../../server/org-tree';
import { undoableDelete } from '../../../server/undo';
import type { UndoTicket } from '../../../shared/contract/undo';
import type { OperationContentKey } from '../../../shared/operation-content';

const createdBy = alias(user, 'created_by');
const updatedBy = alias(user, 'updated_by');

/** What each sortable column of the account lists sorts by. */
const ACCOUNT_SORT: Record<BindingSortColumn, SQLWrapper> = { account: user.username, name: user.name };

interface AccountPageInput {
  pageNum: number;
  pageSize: number;
  sidx?: BindingSortColumn;
  order?: SortOrder;
}

interface Account {
  userId: number;
  account: string;
  name: string;
}

/**
 * One page of users as accounts (newest first, or by the column asked for) and the count of all that
 * match, as the records `recordsOf` makes of the page's accounts (the accounts themselves without it).
 */
async function accountPage<T = Account>(db: Db, where: SQL | undefined, input: AccountPageInput, recordsOf?: (accounts: Account[]) => T[] | Promise<T[]>): Promise<Page<T>> {
  return pagedQuery(db, input, {
    rows: db.select({ userId: user.userId, account: user.username, name: user.name }).from(user).$dynamic(),
    counted: user,
    where,
    orderBy: orderByColumn(ACCOUNT_SORT, input, desc(user.userId)),
    records: recordsOf,
  });
}

/** The business-centre tree: every business centre with the organisations above it. */
function businessCentreTreeIds(orgs: OrgTree): Set<number> {
  const ids = new Set<number>();
  for (const row of orgs.rows) {
    if (!row.businessCentre) continue;
    ids.add(row.deptId);
    for (const above of orgs.ancestors(row.deptId)) ids.add(above);
  }
  return ids;
}

/**
 * The business centres a save binds: the leaves among the checked nodes (a checked parent stands for its
 * checked children). Every checked node must be in the tree, and at least one must be a leaf.
 */
function chosenCentres(orgs: OrgTree, deptIds: readonly number[]): number[] {
  const treeIds = businessCentreTreeIds(orgs);
  if (deptIds.some((id) => !treeIds.has(id))) throw Errors.invalid('deptIds', 'validation.oneOf');
  const leaves = orgs.leaves(treeIds);
  const chosen = deptIds.filter((id) => leaves.has(id));
  if (chosen.length === 0) throw Errors.invalid('deptIds', 'validation.selectBusinessCentre');
  return chosen;
}

/** Locks the users' rows, so that two changes of one user's binding run one after the other. */
async function lockUsers(tx: Tx, userIds: readonly number[]): Promise<void> {
  await tx
    .select({ userId: user.userId })
    .from(user)
    .where(inArray(user.userId, [...userIds]))
    .for('update');
}

async function boundCentres(db: Tx, userIds: readonly number[]): Promise<Map<number, number[]>> {
  const rows = await db
    .select({ userId: userServiceCentre.userId, deptId: userServiceCentre.deptId })
    .from(userServiceCentre)
    .where(inArray(userServiceCentre.userId, [...userIds]))
    .orderBy(asc(userServiceCentre.deptId));
  const out = new Map<number, number[]>(userIds.map((id) => [id, []]));
  for (const row of rows) out.get(row.userId)?.push(row.deptId);
  return out;
}

/** The bindings of the outer query's user (a correlated condition), optionally only to some organisations. */
function bindingsOfListedUser(deptIds?: number[]): SQL {
  return and(eq(userServiceCentre.userId, user.userId), deptIds ? inArray(userServiceCentre.deptId, deptIds) : undefined)!;
}

export async function listBindings(ctx: CallContext, input: ParsedInputOf<typeof api.serviceCenter.list>) {
  const { db } = ctx.services;
  const scope = await roleScope(ctx);
  if (scope.size === 0) return emptyPage<BindingRow>(input);
  const centres = input.deptId ? (await loadOrgTree(db)).subtree(input.deptId) : undefined;
  if (centres && centres.length === 0) return emptyPage<BindingRow>(input);
  const conditions: SQL[] = [
    inArray(user.deptId, [...scope]),
    exists(
      db
        .select({ one: sql`1` })
        .from(userServiceCentre)
        .where(bindingsOfListedUser(centres)),
    ),
  ];
  if (input.name) conditions.push(ilike(user.name, containsPattern(input.name)));
  if (input.account) conditions.push(ilike(user.username, containsPattern(input.account)));
  return accountPage(db, and(...conditions), input, (users) => bindingRowsOf(db, users));
}

/** The list's rows of a page of accounts: each account with its bindings. */
async function bindingRowsOf(db: Db, users: Account[]): Promise<BindingRow[]> {
  if (users.length === 0) return [];
  const bindings = await db
    .select({
      userId: userServiceCentre.userId,
      deptId: userServiceCentre.deptId,
      deptName: dept.name,
      createTime: userServiceCentre.createTime,
      createBy: createdBy.name,
      updateTime: userServiceCentre.updateTime,
      updateBy: updatedBy.name,
    })
    .from(userServiceCentre)
    .innerJoin(dept, eq(dept.deptId, userServiceCentre.deptId))
    .leftJoin(createdBy, eq(createdBy.userId, userServiceCentre.createBy))
    .leftJoin(updatedBy, eq(updatedBy.userId, userServiceCentre.updateBy))
    .where(
      inArray(
        userServiceCentre.userId,
        users.map((u) => u.userId),
      ),
    )
    .orderBy(asc(userServiceCentre.deptId));
  const records: BindingRow[] = [];
  for (const u of users) {
    const own = bindings.filter((b) => b.userId === u.userId);
    // Unbound between the two queries: no longer a row of this list.
    if (own.length === 0) continue;
    const first = own.reduce((a, b) => (b.createTime < a.createTime ? b : a));
    const updated = own.filter((b) => b.updateTime !== null).sort((a, b) => b.updateTime!.getTime() - a.updateTime!.getTime())[0];
    records.push({
      ...u,
      deptIds: own.map((b) => b.deptId).join(','),
      deptNames: own.map((b) => b.deptName).join(','),
      createBy: first.createBy ?? '',
      createTime: first.createTime.toISOString(),
      updateBy: updated?.updateBy ?? '',
      updateTime: updated?.updateTime?.toISOString() ?? null,
    });
  }
  return records;
}

export async function unboundUsers(ctx: CallContext, input: ParsedInputOf<typeof api.serviceCenter.unboundUsers>) {
  checkCurrentRole(ctx, input.roleId);
  const { db } = ctx.services;
  const scope = await roleScope(ctx);
  if (scope.size === 0) return emptyPage<Account>(input);
  const conditions: SQL[] = [
    inArray(user.deptId, [...scope]),
    notExists(
      db
        .select({ one: sql`1` })
        .from(userServiceCentre)
        .where(bindingsOfListedUser()),
    ),
  ];
  if (input.name) conditions.push(ilike(user.name, containsPattern(input.name)));
  if (input.account) conditions.push(ilike(user.username, containsPattern(input.account)));
  return accountPage(db, and(...conditions), input);
}

export async function bindingOfUser(ctx: CallContext, userId: number) {
  const { db } = ctx.services;
  const [found] = await usersInScope(db, await roleScope(ctx), [userId], 'userId');
  return { userId, account: found!.username, name: found!.name, deptIds: (await boundCentres(db, [userId])).get(userId) ?? [] };
}

export async function businessCentreTree(ctx: CallContext): Promise<DeptNode[]> {
  const orgs = await loadOrgTree(ctx.services.db);
  return orgs.tree(businessCentreTreeIds(orgs));
}

type BindingChange = 'add' | 'update' | 'delete';
const CONTENT_KEY = { add: 'serviceCentre.bind', update: 'serviceCentre.update', delete: 'serviceCentre.unbind' } as const satisfies Record<BindingChange, OperationContentKey>;

/**
 * Sets the users' business centres to exactly the leaves chosen from `deptIds` (none for delete). Add
 * refuses users that already have some: the add screen lists unbound users, an edit goes through update.
 */
async function setBindings(ctx: CallContext, userIds: readonly number[], deptIds: readonly number[], change: BindingChange): Promise<UndoTicket | null> {
  const session = ctx.requireSession();
  const { services } = ctx;
  const scope = await roleScope(ctx);
  const centres = change === 'delete' ? [] : chosenCentres(await loadOrgTree(services.db), deptIds);
  const now = services.now();
  return services.db.transaction(async (tx) => {
    await lockUsers(tx, userIds);
    const users = await usersInScope(tx, scope, userIds, 'userIds');
    const before = await boundCentres(
      tx,
      users.map((u) => u.userId),
    );
    if (change === 'add' && [...before.values()].some((ids) => ids.length > 0)) throw Errors.caller('error.serviceCentreBound');
    const undo =
      change === 'delete'
        ? await undoableDelete(ctx, tx, {
            table: userServiceCentre,
            where: inArray(
              userServiceCentre.userId,
              users.map((u) => u.userId),
            ),
          })
        : null;
    for (const u of users) {
      const current = before.get(u.userId) ?? [];
      await tx
        .delete(userServiceCentre)
        .where(centres.length > 0 ? and(eq(userServiceCentre.userId, u.userId), notInArray(userServiceCentre.deptId, centres)) : eq(userServiceCentre.userId, u.userId));
      const added = centres.filter((id) => !current.includes(id));
      if (added.length > 0) await tx.insert(userServiceCentre).values(added.map((deptId) => ({ userId: u.userId, deptId, createBy: session.userId, createTime: now })));
      if (change === 'update') await tx.update(userServiceCentre).set({ updateBy: session.userId, updateTime: now }).where(eq(userServiceCentre.userId, u.userId));
    }
    for (const u of users) {
      await ctx.logChange(tx, {
        entryType: change,
        content: { key: CONTENT_KEY[change], values: { username: u.username } },
        before: { userId: u.userId, deptIds: before.get(u.userId) ?? [] },
        after: change === 'delete' ? null : { userId: u.userId, deptIds: [...centres].sort((a, b) => a - b) },
      });
    }
    return undo;
  });
}

export async function saveBindings(ctx: CallContext, input: ParsedInputOf<typeof api.serviceCenter.save>): Promise<void> {
  await setBindings(ctx, input.userIds, input.deptIds, 'add');
}

export async function updateBindings(ctx: CallContext, input: ParsedInputOf<typeof api.serviceCenter.update>): Promise<void> {
  await setBindings(ctx, input.userIds, input.deptIds, 'update');
}

export async function deleteBindings(ctx: CallContext, userIds: readonly number[]): Promise<UndoTicket> {
  const ticket = await setBindings(ctx, userIds, [], 'delete');
  return ticket!;
}
