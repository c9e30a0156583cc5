import { and, asc, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { api } from '../../../shared/contract';
import type { ParsedInputOf } from '../../../shared/contract/endpoint';
import { SmsTemplateStatus, templateVariables, type SmsSignatureRecord, type SmsTemplateRecord } from '../contract';
import { ResponseCode } from '../../../shared/codes';
import type { CallContext } from '../../../server/context';
import { SqlState, violatedConstraint } from '../../../server/db/errors';
import { containsPattern, pagedQuery } from '../../../server/db/lists';
import { smsSignature, smsTemplate } from '../../../server/db/schema';
import { AppError, Errors } from '../../../server/errors';
import { undoableDelete } from '../../../server/undo';
import type { UndoTicket } from '../../../shared/contract/undo';

/**
 * SMS templates and signatures: one catalogue for the console (like the dictionaries), names unique. A send
 * copies the template and signature it used into its batch, so deleting them leaves the records readable.
 */

type TemplateRow = typeof smsTemplate.$inferSelect;
type SignatureRow = typeof smsSignature.$inferSelect;

export function templateRecordOf(row: TemplateRow): SmsTemplateRecord {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    templateCode: row.templateCode,
    content: row.content,
    variables: templateVariables(row.content),
    status: row.status,
    createTime: row.createTime.toISOString(),
    version: row.version,
  };
}

export function signatureRecordOf(row: SignatureRow): SmsSignatureRecord {
  return { id: row.id, name: row.name, remark: row.remark, createTime: row.createTime.toISOString(), version: row.version };
}

function templateSnapshot(row: TemplateRow) {
  return { id: row.id, name: row.name, type: row.type, templateCode: row.templateCode, content: row.content, status: row.status, version: row.version };
}

function signatureSnapshot(row: SignatureRow) {
  return { id: row.id, name: row.name, remark: row.remark, version: row.version };
}

function nameTaken(constraint: string) {
  return (error: unknown): never => {
    if (violatedConstraint(error, SqlState.UniqueViolation) === constraint) throw Errors.conflict('name');
    throw error;
  };
}

// ----- Templates -----

export async function listTemplates(ctx: CallContext, input: ParsedInputOf<typeof api.sms.templateList>) {
  const { db } = ctx.services;
  return pagedQuery(db, input, {
    rows: db.select().from(smsTemplate).$dynamic(),
    counted: smsTemplate,
    where: and(input.name ? ilike(smsTemplate.name, containsPattern(input.name)) : undefined, input.status !== null && input.status !== undefined ? eq(smsTemplate.status, input.status) : undefined),
    orderBy: [desc(smsTemplate.createTime), desc(smsTemplate.id)],
    records: (rows) => rows.map(templateRecordOf),
  });
}

export async function templateInfo(ctx: CallContext, id: number): Promise<SmsTemplateRecord> {
  const rows = await ctx.services.db.select().from(smsTemplate).where(eq(smsTemplate.id, id)).limit(1);
  if (!rows[0]) throw Errors.notFound('id');
  return templateRecordOf(rows[0]);
}

export async function addTemplate(ctx: CallContext, form: ParsedInputOf<typeof api.sms.templateAdd>): Promise<TemplateRow> {
  const session = ctx.requireSession();
  return ctx.services.db
    .transaction(async (tx) => {
      const created = (
        await tx
          .insert(smsTemplate)
          .values({ ...form, status: SmsTemplateStatus.Inactive, createBy: session.userId, createTime: ctx.services.now() })
          .returning()
      )[0]!;
      await ctx.logChange(tx, { entryType: 'add', content: { key: 'smsTemplate.add', values: { name: created.name } }, before: null, after: templateSnapshot(created) });
      return created;
    })
    .catch(nameTaken('msg_sms_template_name_uq'));
}

export async function updateTemplate(ctx: CallContext, form: ParsedInputOf<typeof api.sms.templateUpdate>): Promise<TemplateRow> {
  return ctx.services.db
    .transaction(async (tx) => {
      const existing = (await tx.select().from(smsTemplate).where(eq(smsTemplate.id, form.id)))[0];
      if (!existing) throw Errors.notFound('id');
      const updated = await tx
        .update(smsTemplate)
        .set({ name: form.name, type: form.type, templateCode: form.templateCode, content: form.content, updateTime: ctx.services.now(), version: sql`${smsTemplate.version} + 1` })
        .where(and(eq(smsTemplate.id, form.id), eq(smsTemplate.version, form.version)))
        .returning();
      if (!updated[0]) throw Errors.stale();
      await ctx.logChange(tx, {
        entryType: 'update',
        content: { key: 'smsTemplate.update', values: { name: updated[0].name } },
        before: templateSnapshot(existing),
        after: templateSnapshot(updated[0]),
      });
      return updated[0];
    })
    .catch(nameTaken('msg_sms_template_name_uq'));
}

export async function activateTemplate(ctx: CallContext, { id, version }: { id: number; version: number }): Promise<TemplateRow> {
  return ctx.services.db.transaction(async (tx) => {
    const existing = (await tx.select().from(smsTemplate).where(eq(smsTemplate.id, id)))[0];
    if (!existing) throw Errors.notFound('id');
    if (existing.status === SmsTemplateStatus.Active) throw new AppError(ResponseCode.CallerError, 'error.templateAlreadyActive', { name: existing.name });
    const updated = await tx
      .update(smsTemplate)
      .set({ status: SmsTemplateStatus.Active, updateTime: ctx.services.now(), version: sql`${smsTemplate.version} + 1` })
      .where(and(eq(smsTemplate.id, id), eq(smsTemplate.version, version)))
      .returning();
    if (!updated[0]) throw Errors.stale();
    await ctx.logChange(tx, {
      entryType: 'activate',
      content: { key: 'smsTemplate.activate', values: { name: existing.name } },
      before: templateSnapshot(existing),
      after: templateSnapshot(updated[0]),
    });
    return updated[0];
  });
}

export async function deleteTemplates(ctx: CallContext, ids: number[]): Promise<UndoTicket> {
  const ticket = await ctx.services.db.transaction(async (tx) => {
    const rows = await tx.select().from(smsTemplate).where(inArray(smsTemplate.id, ids)).orderBy(asc(smsTemplate.id));
    if (rows.length !== ids.length) throw Errors.notFound('ids');
    const undo = await undoableDelete(ctx, tx, { table: smsTemplate, where: inArray(smsTemplate.id, ids) });
    await tx.delete(smsTemplate).where(inArray(smsTemplate.id, ids));
    await ctx.logChange(tx, { entryType: 'delete', content: { key: 'smsTemplate.delete', values: { names: rows.map((r) => r.name) } }, before: rows.map(templateSnapshot), after: null });
    return undo;
  });
  return ticket;
}

// ----- Signatures -----

export async function listSignatures(ctx: CallContext, input: ParsedInputOf<typeof api.sms.signatureList>) {
  const { db } = ctx.services;
  return pagedQuery(db, input, {
    rows: db.select().from(smsSignature).$dynamic(),
    counted: smsSignature,
    where: input.name ? ilike(smsSignature.name, containsPattern(input.name)) : undefined,
    orderBy: [desc(smsSignature.createTime), desc(smsSignature.id)],
    records: (rows) => rows.map(signatureRecordOf),
  });
}

export async function signatureInfo(ctx: CallContext, id: number): Promise<SmsSignatureRecord> {
  const rows = await ctx.services.db.select().from(smsSignature).where(eq(smsSignature.id, id)).limit(1);
  if (!rows[0]) throw Errors.notFound('id');
  return signatureRecordOf(rows[0]);
}

export async function addSignature(ctx: CallContext, form: ParsedInputOf<typeof api.sms.signatureAdd>): Promise<SignatureRow> {
  const session = ctx.requireSession();
  return ctx.services.db
    .transaction(async (tx) => {
      const created = (
        await tx
          .insert(smsSignature)
          .values({ ...form, createBy: session.userId, createTime: ctx.services.now() })
          .returning()
      )[0]!;
      await ctx.logChange(tx, { entryType: 'add', content: { key: 'smsSignature.add', values: { name: created.name } }, before: null, after: signatureSnapshot(created) });
      return created;
    })
    .catch(nameTaken('msg_sms_signature_name_uq'));
}

export async function updateSignature(ctx: CallContext, form: ParsedInputOf<typeof api.sms.signatureUpdate>): Promise<SignatureRow> {
  return ctx.services.db
    .transaction(async (tx) => {
      const existing = (await tx.select().from(smsSignature).where(eq(smsSignature.id, form.id)))[0];
      if (!existing) throw Errors.notFound('id');
      const updated = await tx
        .update(smsSignature)
        .set({ name: form.name, remark: form.remark, updateTime: ctx.services.now(), version: sql`${smsSignature.version} + 1` })
        .where(and(eq(smsSignature.id, form.id), eq(smsSignature.version, form.version)))
        .returning();
      if (!updated[0]) throw Errors.stale();
      await ctx.logChange(tx, {
        entryType: 'update',
        content: { key: 'smsSignature.update', values: { name: updated[0].name } },
        before: signatureSnapshot(existing),
        after: signatureSnapshot(updated[0]),
      });
      return updated[0];
    })
    .catch(nameTaken('msg_sms_signature_name_uq'));
}

export async function deleteSignatures(ctx: CallContext, ids: number[]): Promise<UndoTicket> {
  const ticket = await ctx.services.db.transaction(async (tx) => {
    const rows = await tx.select().from(smsSignature).where(inArray(smsSignature.id, ids)).orderBy(asc(smsSignature.id));
    if (rows.length !== ids.length) throw Errors.notFound('ids');
    const undo = await undoableDelete(ctx, tx, { table: smsSignature, where: inArray(smsSignature.id, ids) });
    await tx.delete(smsSignature).where(inArray(smsSignature.id, ids));
    await ctx.logChange(tx, { entryType: 'delete', content: { key: 'smsSignature.delete', values: { names: rows.map((r) => r.name) } }, before: rows.map(signatureSnapshot), after: null });
    return undo;
  });
  return ticket;
}

export async function sendOptions(ctx: CallContext) {
  const { db } = ctx.services;
  const [templates, signatures] = await Promise.all([
    db.select().from(smsTemplate).where(eq(smsTemplate.status, SmsTemplateStatus.Active)).orderBy(asc(smsTemplate.name)),
    db.select().from(smsSignature).orderBy(asc(smsSignature.name)),
  ]);
  return { templates: templates.map(templateRecordOf), signatures: signatures.map(signatureRecordOf) };
}
