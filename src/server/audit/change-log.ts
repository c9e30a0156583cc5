import { eq } from 'drizzle-orm';
import type { OperationEntryType } from '../../shared/operation-entry-types';
import type { OperationContent } from '../../shared/operation-content';
import type { SessionInfo } from '../auth/session-store';
import type { Tx } from '../db/client';
import { operationLog, user } from '../db/schema';
import { locate } from '../geo/locate';
import type { OperationLogRow } from './audit';
import { appendChainedIn } from './chain';
import { storedContent } from './content';
import { rowFitter } from './fit';
import { redact } from './redact';

const fitOperationRow = rowFitter(operationLog);

export interface ChangeRecord {
  /** add, update, delete or an action's name (the contract's list). */
  entryType: OperationEntryType;
  /** What changed, for people reading the log: a key of shared/operation-content.ts and its values, written out in the reader's language. */
  content: OperationContent;
  before: unknown;
  after: unknown;
  /** Who made it when the call has no session yet (a sign-in step that checked the user's own password). */
  operator?: Pick<SessionInfo, 'userId' | 'name' | 'username'>;
}

/** What a change's row takes from the call that made it: who, from where, and the server's clock. */
export interface ChangeCaller {
  session: Pick<SessionInfo, 'userId' | 'name' | 'username'> | null;
  ip: string;
  services: { now(): Date };
}

/** The operation-log row of a change made by the call `ctx`; values of the endpoint's secret fields are redacted. */
export function operationRowOf(ctx: ChangeCaller, change: ChangeRecord, secretFields: readonly string[]): OperationLogRow {
  const session = change.operator ?? ctx.session;
  return {
    entryType: change.entryType,
    operUserId: session?.userId ?? null,
    operUserName: session?.name ?? '',
    operLoginName: session?.username ?? '',
    // Looked up offline (ip2region).
    operLocation: locate(ctx.ip).label,
    operIp: ctx.ip,
    ...storedContent(change.content),
    beforeOperation: change.before === undefined ? null : redact(change.before, secretFields),
    afterOperation: change.after === undefined ? null : redact(change.after, secretFields),
    operationTime: ctx.services.now(),
  };
}

/**
 * Writes the row of a change in the change's own transaction, chained like every operation-log row: the
 * change and its row are committed together or not at all, so no crash or database outage leaves a change
 * without its row, nor a row without its change.
 */
export async function writeChangeIn(tx: Tx, row: OperationLogRow, chainKey: Buffer): Promise<void> {
  const fitted = fitOperationRow(row);
  let operDeptId = fitted.operDeptId ?? null;
  if (fitted.operDeptId === undefined && fitted.operUserId != null) {
    const found = await tx.select({ deptId: user.deptId }).from(user).where(eq(user.userId, fitted.operUserId));
    operDeptId = found[0]?.deptId ?? null;
  }
  await appendChainedIn(
    tx,
    [
      {
        entryType: fitted.entryType,
        operUserId: fitted.operUserId ?? null,
        operUserName: fitted.operUserName ?? '',
        operLoginName: fitted.operLoginName ?? '',
        operLocation: fitted.operLocation ?? '',
        operIp: fitted.operIp ?? '',
        operDeptId,
        operationContent: fitted.operationContent,
        contentKey: fitted.contentKey ?? null,
        contentValues: fitted.contentValues ?? null,
        beforeOperation: fitted.beforeOperation ?? null,
        afterOperation: fitted.afterOperation ?? null,
        operationTime: fitted.operationTime ?? new Date(),
      },
    ],
    chainKey,
  );
}
