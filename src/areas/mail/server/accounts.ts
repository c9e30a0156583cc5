import { isIP } from 'node:net';
import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { api } from '../../../shared/contract';
import type { ParsedInputOf } from '../../../shared/contract/endpoint';
import { mailConnectionChanged, MailProtocol, type MailAccountRecord } from '../contract';
import { ResponseCode } from '../../../shared/codes';
import { formatMessage } from '../../../shared/i18n/messages';
import { openTransportPassword } from '../../../server/auth/passwords';
import type { CallContext } from '../../../server/context';
import { SqlState, violatedConstraint } from '../../../server/db/errors';
import { containsPattern, pagedQuery } from '../../../server/db/lists';
import { outbox } from '../../../server/db/schema';
import { mailAccount, mailMessage } from './schema';
import { AppError, Errors } from '../../../server/errors';
import { OutboxStatus } from '../../../server/outbox/worker';
import { classifySmtpError, failureText, MAIL_SECRET_PURPOSE, sendThrough, type MailAccountRow } from '../../../server/outbox/smtp';
import { addressAllowed, mailPortAllowed } from '../../../server/outbound/policy';
import { undoableDelete } from '../../../server/undo';
import type { UndoTicket } from '../../../shared/contract/undo';

/**
 * Mail accounts: the SMTP servers mail goes out through, one of them active. The password or authorization code
 * arrives sealed for transport, is stored sealed with the server's key, and never leaves the server again: the
 * record says only whether one is stored, and the operation log never holds it.
 */

export function accountRecordOf(row: MailAccountRow): MailAccountRecord {
  return {
    id: row.id,
    host: row.host,
    port: String(row.port),
    ssl: row.ssl,
    protocol: row.protocol as MailProtocol,
    account: row.account,
    hasSecret: row.secretEnc !== '',
    active: row.active,
    createTime: row.createTime.toISOString(),
    version: row.version,
  };
}

/** What the operation log keeps of an account: everything but its secret. */
function accountSnapshot(row: MailAccountRow) {
  return { id: row.id, host: row.host, port: row.port, ssl: row.ssl, protocol: row.protocol, account: row.account, active: row.active, version: row.version };
}

function accountTaken(error: unknown): never {
  if (violatedConstraint(error, SqlState.UniqueViolation) === 'msg_mail_account_account_unique') throw Errors.conflict('account');
  throw error;
}

/**
 * Refuses a destination the server may not connect to (issue 46 M1): a port that is not a mail port of the
 * protocol, a host written as an address outside the allowed ranges. A host name is checked when it is connected
 * to, against every address it then resolves to.
 */
function checkDestination(ctx: CallContext, form: { host: string; port: string; protocol: MailProtocol }): void {
  const { outbound } = ctx.services.config;
  if (!mailPortAllowed(outbound, form.protocol, Number(form.port))) {
    const ports = form.protocol === MailProtocol.Lmtp ? String(outbound.lmtpPort) : outbound.mailPorts.join(', ');
    throw Errors.invalid('port', 'validation.mailPortNotAllowed', { ports });
  }
  const bare = form.host.replace(/^\[(.*)\]$/, '$1');
  if (isIP(bare) !== 0 && !addressAllowed(outbound, bare)) throw Errors.invalid('host', 'validation.mailHostNotAllowed');
}

async function sealedSecret(ctx: CallContext, transportSealed: string): Promise<string> {
  const plain = await openTransportPassword('secret', transportSealed, ctx.services.config.transportSecret);
  if (plain.length === 0) throw Errors.invalid('secret', 'validation.required');
  if (plain.length > 128) throw Errors.invalid('secret', 'validation.tooLong');
  return ctx.services.secrets.seal(plain, MAIL_SECRET_PURPOSE);
}

export async function listAccounts(ctx: CallContext, input: ParsedInputOf<typeof api.mail.accountList>) {
  const { db } = ctx.services;
  return pagedQuery(db, input, {
    rows: db.select().from(mailAccount).$dynamic(),
    counted: mailAccount,
    where: input.account ? ilike(mailAccount.account, containsPattern(input.account)) : undefined,
    orderBy: [desc(mailAccount.active), desc(mailAccount.createTime), desc(mailAccount.id)],
    records: (rows) => rows.map(accountRecordOf),
  });
}

async function accountRow(ctx: CallContext, id: number): Promise<MailAccountRow> {
  const row = (await ctx.services.db.select().from(mailAccount).where(eq(mailAccount.id, id)).limit(1))[0];
  if (!row) throw Errors.notFound('id');
  return row;
}

export async function accountInfo(ctx: CallContext, id: number): Promise<MailAccountRecord> {
  return accountRecordOf(await accountRow(ctx, id));
}

export async function addAccount(ctx: CallContext, form: ParsedInputOf<typeof api.mail.accountAdd>): Promise<MailAccountRow> {
  const session = ctx.requireSession();
  checkDestination(ctx, form);
  const secretEnc = await sealedSecret(ctx, form.secret);
  return ctx.services.db
    .transaction(async (tx) => {
      const created = (
        await tx
          .insert(mailAccount)
          .values({
            host: form.host,
            port: Number(form.port),
            ssl: form.ssl,
            protocol: form.protocol,
            account: form.account,
            secretEnc,
            active: false,
            createBy: session.userId,
            createTime: ctx.services.now(),
          })
          .returning()
      )[0]!;
      await ctx.logChange(tx, { entryType: 'add', content: { key: 'mailAccount.add', values: { account: created.account } }, before: null, after: accountSnapshot(created) });
      return created;
    })
    .catch(accountTaken);
}

export async function updateAccount(ctx: CallContext, form: ParsedInputOf<typeof api.mail.accountUpdate>): Promise<MailAccountRow> {
  checkDestination(ctx, form);
  const secretEnc = form.secret ? await sealedSecret(ctx, form.secret) : null;
  return ctx.services.db
    .transaction(async (tx) => {
      const existing = (await tx.select().from(mailAccount).where(eq(mailAccount.id, form.id)))[0];
      if (!existing) throw Errors.notFound('id');
      // The stored password never follows the account to another server, port, security, protocol or sender.
      if (secretEnc === null && mailConnectionChanged(accountRecordOf(existing), form)) throw Errors.invalid('secret', 'validation.mailSecretForChange');
      const updated = await tx
        .update(mailAccount)
        .set({
          host: form.host,
          port: Number(form.port),
          ssl: form.ssl,
          protocol: form.protocol,
          account: form.account,
          ...(secretEnc !== null && { secretEnc }),
          updateTime: ctx.services.now(),
          version: sql`${mailAccount.version} + 1`,
        })
        .where(and(eq(mailAccount.id, form.id), eq(mailAccount.version, form.version)))
        .returning();
      if (!updated[0]) throw Errors.stale();
      await ctx.logChange(tx, {
        entryType: 'update',
        content: { key: secretEnc !== null ? 'mailAccount.updateWithPassword' : 'mailAccount.update', values: { account: updated[0].account } },
        before: accountSnapshot(existing),
        after: { ...accountSnapshot(updated[0]), secretChanged: secretEnc !== null },
      });
      return updated[0];
    })
    .catch(accountTaken);
}

/** Makes one account the sender; the one active before is deactivated in the same transaction. */
export async function activateAccount(ctx: CallContext, { id, version }: { id: number; version: number }): Promise<MailAccountRow> {
  return ctx.services.db.transaction(async (tx) => {
    const existing = (await tx.select().from(mailAccount).where(eq(mailAccount.id, id)))[0];
    if (!existing) throw Errors.notFound('id');
    if (existing.active) throw new AppError(ResponseCode.CallerError, 'error.mailAccountAlreadyActive', { account: existing.account });
    const previous = await tx
      .update(mailAccount)
      .set({ active: false, updateTime: ctx.services.now(), version: sql`${mailAccount.version} + 1` })
      .where(eq(mailAccount.active, true))
      .returning();
    const updated = await tx
      .update(mailAccount)
      .set({ active: true, updateTime: ctx.services.now(), version: sql`${mailAccount.version} + 1` })
      .where(and(eq(mailAccount.id, id), eq(mailAccount.version, version)))
      .returning();
    if (!updated[0]) throw Errors.stale();
    await ctx.logChange(tx, {
      entryType: 'activate',
      content: { key: 'mailAccount.activate', values: { account: existing.account } },
      before: { active: previous.map((row) => row.account) },
      after: accountSnapshot(updated[0]),
    });
    return updated[0];
  });
}

/** Deletes accounts no waiting mail still needs: a mail queued through an account goes out through it. */
export async function deleteAccounts(ctx: CallContext, ids: number[]): Promise<UndoTicket> {
  const ticket = await ctx.services.db.transaction(async (tx) => {
    const rows = await tx.select().from(mailAccount).where(inArray(mailAccount.id, ids)).orderBy(asc(mailAccount.id)).for('update');
    if (rows.length !== new Set(ids).size) throw Errors.notFound('ids');
    const waiting = await tx
      .select({ account: mailMessage.sender, n: count() })
      .from(mailMessage)
      .innerJoin(outbox, eq(outbox.id, mailMessage.outboxId))
      .where(and(inArray(mailMessage.accountId, ids), inArray(outbox.status, [OutboxStatus.Pending, OutboxStatus.Sending])))
      .groupBy(mailMessage.sender);
    if (waiting[0]) throw Errors.inUse('error.mailAccountHasWaitingMail', { account: waiting[0].account, count: Number(waiting[0].n) });
    const undo = await undoableDelete(ctx, tx, { table: mailAccount, where: inArray(mailAccount.id, ids) });
    await tx.delete(mailAccount).where(inArray(mailAccount.id, ids));
    await ctx.logChange(tx, { entryType: 'delete', content: { key: 'mailAccount.delete', values: { accounts: rows.map((r) => r.account) } }, before: rows.map(accountSnapshot), after: null });
    return undo;
  });
  return ticket;
}

/** Opens an account's stored secret; an unreadable one (the server key changed) is named, never guessed. */
export function accountSecret(ctx: CallContext, row: MailAccountRow): string {
  try {
    return ctx.services.secrets.open(row.secretEnc, MAIL_SECRET_PURPOSE);
  } catch {
    throw new AppError(ResponseCode.ThirdPartyError, 'error.mailSecretUnreadable', { account: row.account });
  }
}

/**
 * Sends a test mail through an account now. It answers only that the server took it; a failure is its class
 * (MailFailure) in the caller's language, never the server's own answer (issue 46 H1, M1).
 */
export async function testAccount(ctx: CallContext, input: ParsedInputOf<typeof api.mail.accountTest>): Promise<{ sent: true }> {
  const row = await accountRow(ctx, input.id);
  const secret = accountSecret(ctx, row);
  const subject = formatMessage(ctx.locale, 'mailTest.subject', {});
  const html = `<p>${formatMessage(ctx.locale, 'mailTest.body', { account: row.account })}</p>`;
  try {
    await sendThrough(
      row,
      secret,
      { to: [input.to], cc: [], subject, html, messageKey: `mail-test-${row.id}-${ctx.services.now().getTime()}`, attachments: [] },
      { timeoutMs: ctx.services.config.sms.requestTimeoutMs, outbound: ctx.services.config.outbound },
    );
  } catch (error) {
    const classified = classifySmtpError(error);
    const reason = formatMessage(ctx.locale, `mailFailure.${classified.failure}`, {});
    throw new AppError(ResponseCode.ThirdPartyError, 'error.mailTestFailed', { reason }, undefined, `mail test through ${row.account}: ${failureText(classified)}`);
  }
  await ctx.services.db.transaction((tx) =>
    ctx.logChange(tx, {
      entryType: 'send',
      content: { key: 'mail.sendTest', values: { account: row.account, to: input.to } },
      before: null,
      after: { account: row.account, to: input.to, sent: true },
    }),
  );
  return { sent: true };
}
