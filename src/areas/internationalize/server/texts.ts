import { and, asc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { ResponseCode } from '../../../shared/codes';
import type { api } from '../../../shared/contract';
import type { ParsedInputOf } from '../../../shared/contract/endpoint';
import type { I18nTextRecord } from '../contract';
import type { CallContext } from '../../../server/context';
import type { Tx } from '../../../server/db/client';
import { SqlState, violatedConstraint } from '../../../server/db/errors';
import { containsPattern, pagedQuery } from '../../../server/db/lists';
import { user } from '../../../server/db/schema';
import { i18nText } from './schema';
import { AppError, Errors } from '../../../server/errors';
import { undoableDelete } from '../../../server/undo';
import type { UndoTicket } from '../../../shared/contract/undo';

export type I18nTextRow = typeof i18nText.$inferSelect;
type SaveForm = ParsedInputOf<typeof api.i18nText.save>;

const CHINESE_UQ = 'sys_i18n_text_chinese_uq';

/** What the operation log keeps of a text. */
export function snapshotOf(row: I18nTextRow) {
  return { id: row.id, chinese: row.chinese, english: row.english, german: row.german, korean: row.korean, japanese: row.japanese, status: row.status, version: row.version };
}

export function recordOf(row: I18nTextRow): I18nTextRecord {
  return { ...snapshotOf(row), operater: row.operater, createTime: row.createTime.toISOString(), updateTime: row.updateTime ? row.updateTime.toISOString() : null };
}

/** The refusal of a Chinese text another text has already, naming it. */
export function chineseTaken(chinese: string): AppError {
  return new AppError(ResponseCode.Conflict, 'error.i18nChineseTaken', { chinese }, 'chinese');
}

/** A duplicate Chinese text met at the unique index (two saves racing past the check). */
function chineseConflict(chinese: string) {
  return (error: unknown): never => {
    if (violatedConstraint(error, SqlState.UniqueViolation) === CHINESE_UQ) throw chineseTaken(chinese);
    throw error;
  };
}

/** The display name of the signed-in user: what `operater` shows of whoever changed a text last. */
export async function operatorName(ctx: CallContext): Promise<string> {
  const session = ctx.requireSession();
  const rows = await ctx.services.db.select({ name: user.name }).from(user).where(eq(user.userId, session.userId)).limit(1);
  return rows[0]?.name ?? '';
}

export async function listTexts(ctx: CallContext, input: ParsedInputOf<typeof api.i18nText.list>) {
  const { db } = ctx.services;
  const conditions: SQL[] = [];
  if (input.chinese) conditions.push(ilike(i18nText.chinese, containsPattern(input.chinese)));
  if (input.status !== null && input.status !== undefined) conditions.push(eq(i18nText.status, input.status));
  return pagedQuery(db, input, {
    rows: db.select().from(i18nText).$dynamic(),
    counted: i18nText,
    where: and(...conditions),
    orderBy: [asc(i18nText.chinese), asc(i18nText.id)],
    records: (rows) => rows.map(recordOf),
  });
}

export async function textById(db: Tx, id: number): Promise<I18nTextRow | null> {
  const rows = await db.select().from(i18nText).where(eq(i18nText.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function textInfo(ctx: CallContext, id: number): Promise<I18nTextRecord> {
  const row = await textById(ctx.services.db, id);
  if (!row) throw Errors.notFound('id');
  return recordOf(row);
}

async function checkChineseFree(tx: Tx, chinese: string, ownId: number | null): Promise<void> {
  const rows = await tx.select({ id: i18nText.id }).from(i18nText).where(eq(i18nText.chinese, chinese)).limit(1);
  if (rows[0] && rows[0].id !== ownId) throw chineseTaken(chinese);
}

/** Adds a text (no id) or updates one at the version read; the navigation shows the change from the next read on. */
export async function saveText(ctx: CallContext, form: SaveForm): Promise<I18nTextRow> {
  const operater = await operatorName(ctx);
  const now = ctx.services.now();
  const values = { chinese: form.chinese, english: form.english, german: form.german, korean: form.korean, japanese: form.japanese, status: form.status, operater };
  const saved = await ctx.services.db
    .transaction(async (tx) => {
      const logSave = async (before: I18nTextRow | null, after: I18nTextRow) => {
        await ctx.logChange(tx, {
          entryType: before ? 'update' : 'add',
          content: { key: before ? 'i18nText.update' : 'i18nText.add', values: { chinese: after.chinese } },
          before: before ? snapshotOf(before) : null,
          after: snapshotOf(after),
        });
        return after;
      };
      if (!form.id) {
        await checkChineseFree(tx, form.chinese, null);
        const inserted = await tx
          .insert(i18nText)
          .values({ ...values, createTime: now })
          .returning();
        return logSave(null, inserted[0]!);
      }
      const existing = await textById(tx, form.id);
      if (!existing) throw Errors.notFound('id');
      await checkChineseFree(tx, form.chinese, existing.id);
      const updated = await tx
        .update(i18nText)
        .set({ ...values, updateTime: now, version: sql`${i18nText.version} + 1` })
        .where(and(eq(i18nText.id, form.id), eq(i18nText.version, form.version!)))
        .returning();
      if (!updated[0]) throw Errors.stale();
      return logSave(existing, updated[0]);
    })
    .catch(chineseConflict(form.chinese));
  ctx.services.translations.changed();
  return saved;
}

export async function deleteText(ctx: CallContext, id: number): Promise<UndoTicket> {
  const ticket = await ctx.services.db.transaction(async (tx) => {
    const undo = await undoableDelete(ctx, tx, { table: i18nText, where: eq(i18nText.id, id) });
    const rows = await tx.delete(i18nText).where(eq(i18nText.id, id)).returning();
    const removed = rows[0];
    if (!removed) throw Errors.notFound('id');
    await ctx.logChange(tx, { entryType: 'delete', content: { key: 'i18nText.delete', values: { chinese: removed.chinese } }, before: snapshotOf(removed), after: null });
    return undo;
  });
  ctx.services.translations.changed();
  return ticket;
}
