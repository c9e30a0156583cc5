import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DeptType, FilePurpose, RoleType } from '../../../shared/constants';
import type { api } from '../../../shared/contract';
import type { DeptRecord } from '../contract';
import type { ParsedInputOf } from '../../../shared/contract/endpoint';
import { fileApiUrl } from '../../../shared/contract/file';
import { roleScope } from '../../../server/auth/scope';
import type { CallContext } from '../../../server/context';
import type { Tx } from '../../../server/db/client';
import { SqlState, violatedConstraint } from '../../../server/db/errors';
import { dept, deptResource, file, role, user } from '../../../server/db/schema';
import { Errors } from '../../../server/errors';
import { loadOrgTree, type OrgTree } from '../../../server/org-tree';
import { checkAttachable, deleteIfUnreferenced } from '../../../server/platform/file/files';
import { deptList } from '../../user/server';
import { undoableDelete } from '../../../server/undo';
import type { UndoTicket } from '../../../shared/contract/undo';

type DeptRow = typeof dept.$inferSelect;
type DeptFormInput = ParsedInputOf<typeof api.dept.add>;
type DeptUpdateInput = ParsedInputOf<typeof api.dept.update>;
interface Image {
  slot: number;
  fileId: number;
}

const parent = alias(dept, 'parent');
const company = alias(dept, 'company_type');
const creator = alias(user, 'creator');

/** What the operation log keeps of an organisation: every field, and the files of its ID-card images. */
function snapshotOf(row: DeptRow, images: readonly Image[]) {
  return {
    deptId: row.deptId,
    parentId: row.parentId,
    name: row.name,
    deptType: row.deptType,
    orderNum: row.orderNum,
    status: row.status,
    businessCentre: row.businessCentre,
    deptPerson: row.deptPerson,
    telephone: row.telephone,
    companyAddress: row.companyAddress,
    remake: row.remake,
    companyType: row.companyType,
    companyCode: row.companyCode,
    establishTime: row.establishTime,
    legalPerson: row.legalPerson,
    registeredCapital: row.registeredCapital,
    registeredAddress: row.registeredAddress,
    idCardImages: images.map((i) => ({ slot: i.slot, fileId: i.fileId })),
    version: row.version,
  };
}

async function deptById(tx: Tx, deptId: number): Promise<DeptRow | null> {
  const rows = await tx.select().from(dept).where(eq(dept.deptId, deptId)).limit(1);
  return rows[0] ?? null;
}

async function imagesOf(tx: Tx, deptId: number): Promise<Image[]> {
  return tx.select({ slot: deptResource.slot, fileId: deptResource.fileId }).from(deptResource).where(eq(deptResource.deptId, deptId)).orderBy(asc(deptResource.slot));
}

/** The stored values of a form: the company-only fields and images of a department are stored empty. */
function valuesOf(form: DeptFormInput) {
  const isCompany = form.deptType === DeptType.Company;
  return {
    name: form.name,
    deptType: form.deptType,
    parentId: form.parentId ?? null,
    orderNum: form.orderNum,
    businessCentre: form.businessCentre,
    deptPerson: form.deptPerson,
    telephone: form.telephone,
    companyAddress: form.companyAddress,
    remake: form.remake,
    companyType: form.companyType ?? null,
    companyCode: isCompany ? form.companyCode : null,
    establishTime: isCompany ? form.establishTime : null,
    legalPerson: isCompany ? form.legalPerson : null,
    registeredCapital: isCompany ? form.registeredCapital : null,
    registeredAddress: isCompany ? form.registeredAddress : null,
  };
}

function imagesOfForm(form: DeptFormInput): Image[] {
  if (form.deptType !== DeptType.Company) return [];
  return form.sysDeptResourceEntityList.map((image) => ({ slot: image.slot, fileId: image.resourceid }));
}

function seesEveryOrganisation(ctx: CallContext): boolean {
  return ctx.requireRole().roleType === RoleType.AllOrganisations;
}

/** A parent or company the form names: inside the role, or else not found or out of scope, on `field`. */
function checkNamedDept(orgs: OrgTree, scope: ReadonlySet<number>, deptId: number, field: string): void {
  if (!orgs.rows.some((row) => row.deptId === deptId)) throw Errors.invalid(field, 'error.notFound');
  if (!scope.has(deptId)) throw Errors.outOfScope(field);
}

/**
 * The checks of a form that read the database, done before its transaction opens: the parent (a top
 * organisation only for a role that sees every organisation; never the organisation itself or below it)
 * and the company type (a company inside the role). What an update leaves as it was is not checked again.
 */
async function checkForm(ctx: CallContext, form: DeptFormInput, existing: DeptRow | null): Promise<Set<number>> {
  const scope = await roleScope(ctx);
  const orgs = await loadOrgTree(ctx.services.db);
  const parentId = form.parentId ?? null;
  if (!existing || parentId !== existing.parentId) {
    if (parentId === null) {
      if (!seesEveryOrganisation(ctx)) throw Errors.outOfScope('parentId');
    } else {
      checkNamedDept(orgs, scope, parentId, 'parentId');
      if (existing && orgs.subtree(existing.deptId).includes(parentId)) throw Errors.invalid('parentId', 'validation.deptCycle');
    }
  }
  const companyType = form.companyType ?? null;
  if (companyType !== null && companyType !== existing?.companyType) {
    checkNamedDept(orgs, scope, companyType, 'companyType');
    if (orgs.rows.find((row) => row.deptId === companyType)?.deptType !== DeptType.Company) throw Errors.invalid('companyType', 'validation.companyTypeNotCompany');
  }
  return scope;
}

/** The organisations of the chosen subtree inside the role, flat with parentId, in tree order. */
export async function listDepts(ctx: CallContext, input: ParsedInputOf<typeof api.dept.list>) {
  const scope = await roleScope(ctx);
  if (input.deptId && !scope.has(input.deptId)) throw Errors.outOfScope('deptId');
  const rows = await deptList(ctx, { name: input.name, deptPerson: input.deptPerson });
  if (!input.deptId) return rows;
  const subtree = new Set((await loadOrgTree(ctx.services.db)).subtree(input.deptId));
  return rows.filter((row) => subtree.has(row.deptId));
}

export async function deptInfo(ctx: CallContext, deptId: number): Promise<DeptRecord> {
  const { db } = ctx.services;
  const scope = await roleScope(ctx);
  const rows = await db
    .select({ row: dept, parentName: parent.name, companyTypeName: company.name, createName: creator.name })
    .from(dept)
    .leftJoin(parent, eq(parent.deptId, dept.parentId))
    .leftJoin(company, eq(company.deptId, dept.companyType))
    .leftJoin(creator, eq(creator.userId, dept.createBy))
    .where(eq(dept.deptId, deptId))
    .limit(1);
  const found = rows[0];
  if (!found) throw Errors.notFound('deptId');
  if (!scope.has(deptId)) throw Errors.outOfScope('deptId');
  const { row } = found;
  return {
    deptId: row.deptId,
    parentId: row.parentId,
    parentName: found.parentName ?? '',
    name: row.name,
    deptType: row.deptType,
    orderNum: row.orderNum,
    status: row.status,
    businessCentre: row.businessCentre,
    deptPerson: row.deptPerson,
    telephone: row.telephone,
    companyAddress: row.companyAddress,
    remake: row.remake,
    companyType: row.companyType,
    companyTypeName: found.companyTypeName ?? '',
    companyCode: row.companyCode ?? '',
    establishTime: row.establishTime,
    legalPerson: row.legalPerson ?? '',
    registeredCapital: row.registeredCapital ?? '',
    registeredAddress: row.registeredAddress ?? '',
    sysDeptResourceEntityList: (await imagesOf(db, deptId)).map((image) => ({ slot: image.slot, resourceid: image.fileId, resourceurl: fileApiUrl(image.fileId) })),
    createName: found.createName ?? '',
    createTime: row.createTime.toISOString(),
    version: row.version,
  };
}

async function writeImages(tx: Tx, deptId: number, images: readonly Image[]): Promise<void> {
  if (images.length > 0) await tx.insert(deptResource).values(images.map((image) => ({ deptId, slot: image.slot, fileId: image.fileId })));
}

export async function addDept(ctx: CallContext, form: DeptFormInput): Promise<DeptRow> {
  const session = ctx.requireSession();
  await checkForm(ctx, form, null);
  const images = imagesOfForm(form);
  const created = await ctx.services.db.transaction(async (tx) => {
    await checkAttachable(
      tx,
      images.map((i) => i.fileId),
      FilePurpose.IdCard,
      session.userId,
      'sysDeptResourceEntityList',
    );
    const inserted = await tx
      .insert(dept)
      .values({ ...valuesOf(form), createBy: session.userId, createTime: ctx.services.now() })
      .returning();
    const row = inserted[0]!;
    await writeImages(tx, row.deptId, images);
    await ctx.logChange(tx, { entryType: 'add', content: { key: 'organisation.add', values: { name: row.name } }, before: null, after: snapshotOf(row, images) });
    return row;
  });
  ctx.services.authz.changed();
  return created;
}

export async function updateDept(ctx: CallContext, form: DeptUpdateInput): Promise<DeptRow> {
  const session = ctx.requireSession();
  const { db } = ctx.services;
  const current = await deptById(db, form.deptId);
  if (!current) throw Errors.notFound('deptId');
  const scope = await checkForm(ctx, form, current);
  const images = imagesOfForm(form);
  const after = await db.transaction(async (tx) => {
    const existing = await deptById(tx, form.deptId);
    if (!existing) throw Errors.notFound('deptId');
    if (!scope.has(existing.deptId)) throw Errors.outOfScope('deptId');
    const held = await imagesOf(tx, existing.deptId);
    const heldIds = new Set(held.map((i) => i.fileId));
    await checkAttachable(
      tx,
      images.map((i) => i.fileId).filter((id) => !heldIds.has(id)),
      FilePurpose.IdCard,
      session.userId,
      'sysDeptResourceEntityList',
    );
    const updated = await tx
      .update(dept)
      .set({ ...valuesOf(form), updateBy: session.userId, updateTime: ctx.services.now(), version: sql`${dept.version} + 1` })
      .where(and(eq(dept.deptId, form.deptId), eq(dept.version, form.version)))
      .returning();
    if (!updated[0]) throw Errors.stale();
    await tx.delete(deptResource).where(eq(deptResource.deptId, existing.deptId));
    await writeImages(tx, existing.deptId, images);
    // Images the organisation let go of are used by nothing else: they go with the change.
    await deleteIfUnreferenced(
      tx,
      held.map((i) => i.fileId),
    );
    await ctx.logChange(tx, {
      entryType: 'update',
      content: { key: 'organisation.update', values: { name: updated[0].name } },
      before: snapshotOf(existing, held),
      after: snapshotOf(updated[0], images),
    });
    return updated[0];
  });
  ctx.services.authz.changed();
  return after;
}

/** Counts of what still hangs on each organisation: sub-organisations outside the selection, users, roles. */
async function dependentsOf(tx: Tx, deptIds: number[]): Promise<Map<number, { children: number; users: number; roles: number }>> {
  const counts = new Map(deptIds.map((id) => [id, { children: 0, users: 0, roles: 0 }]));
  const children = await tx
    .select({ deptId: dept.parentId, count: sql<number>`count(*)::int` })
    .from(dept)
    .where(and(inArray(dept.parentId, deptIds), notInArray(dept.deptId, deptIds)))
    .groupBy(dept.parentId);
  const users = await tx
    .select({ deptId: user.deptId, count: sql<number>`count(*)::int` })
    .from(user)
    .where(inArray(user.deptId, deptIds))
    .groupBy(user.deptId);
  const roles = await tx
    .select({ deptId: role.deptId, count: sql<number>`count(*)::int` })
    .from(role)
    .where(inArray(role.deptId, deptIds))
    .groupBy(role.deptId);
  for (const row of children) counts.get(row.deptId!)!.children = Number(row.count);
  for (const row of users) counts.get(row.deptId!)!.users = Number(row.count);
  for (const row of roles) counts.get(row.deptId)!.roles = Number(row.count);
  return counts;
}

/**
 * Deletes all the organisations or none: each inside the role, none keeping a sub-organisation outside
 * the selection, a user or a role (the refusal names the first such organisation and what it keeps).
 * Their ID-card images go with them.
 */
export async function deleteDepts(ctx: CallContext, deptIds: number[]): Promise<UndoTicket> {
  const { db } = ctx.services;
  const scope = await roleScope(ctx);
  // Deepest first: a sub-organisation goes before its parent (the parent key restricts deletes).
  const orgs = await loadOrgTree(db);
  const depth = (deptId: number) => orgs.ancestors(deptId).length;
  const ordered = [...deptIds].sort((a, b) => depth(b) - depth(a));
  const ticket = await db
    .transaction(async (tx) => {
      const rows = await tx.select().from(dept).where(inArray(dept.deptId, deptIds));
      if (rows.length !== deptIds.length) throw Errors.notFound('deptIds');
      if (rows.some((row) => !scope.has(row.deptId))) throw Errors.outOfScope('deptIds');
      const dependents = await dependentsOf(tx, deptIds);
      for (const row of rows) {
        const held = dependents.get(row.deptId)!;
        const parts = [
          held.children > 0 ? ctx.t('error.deptChildren', { count: held.children }) : null,
          held.users > 0 ? ctx.t('error.deptUsers', { count: held.users }) : null,
          held.roles > 0 ? ctx.t('error.deptRoles', { count: held.roles }) : null,
        ].filter((part): part is string => part !== null);
        if (parts.length > 0) throw Errors.inUse('error.deptInUse', { name: row.name, what: parts.join(ctx.t('error.listSeparator')) });
      }
      const snapshots = [];
      const fileIds: number[] = [];
      for (const row of rows) {
        const images = await imagesOf(tx, row.deptId);
        fileIds.push(...images.map((i) => i.fileId));
        snapshots.push(snapshotOf(row, images));
      }
      const undo = await undoableDelete(ctx, tx, { table: dept, where: inArray(dept.deptId, deptIds) }, { table: file, where: inArray(file.fileId, fileIds), ifDeleted: true });
      for (const deptId of ordered) await tx.delete(dept).where(eq(dept.deptId, deptId));
      await deleteIfUnreferenced(tx, fileIds);
      await ctx.logChange(tx, { entryType: 'delete', content: { key: 'organisation.delete', values: { names: snapshots.map((r) => r.name) } }, before: snapshots, after: null });
      return undo;
    })
    .catch((error: unknown) => {
      // Something came to hang on an organisation between the check and the delete: nothing was deleted.
      if (violatedConstraint(error, SqlState.RestrictViolation) !== null || violatedConstraint(error, SqlState.ForeignKeyViolation) !== null) throw Errors.stale();
      throw error;
    });
  ctx.services.authz.changed();
  return ticket;
}
