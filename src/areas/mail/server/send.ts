import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray } from 'drizzle-orm';
import type { api } from '../../../shared/contract';
import type { ParsedInputOf } from '../../../shared/contract/endpoint';
import { mailRecipientProblem, parseMailRecipients, type MailAttachmentRecord, type MailRecord } from '../contract';
import { FilePurpose } from '../../../shared/constants';
import { ResponseCode } from '../../../shared/codes';
import { MailLimits } from '../../../shared/rules';
import { roleScope } from '../../../server/auth/scope';
import type { CallContext } from '../../../server/context';
import { containsPattern, emptyPage, pagedQuery } from '../../../server/db/lists';
import { file, outbox, user } from '../../../server/db/schema';
import { mailAccount, mailAttachment, mailMessage } from './schema';
import { AppError, Errors } from '../../../server/errors';
import { OutboxChannel } from '../../../server/outbox';
import type { MailPayload } from '../../../server/outbox/smtp';
import { checkAttachable } from '../../../server/platform/file/files';
import { hasVisibleContent, sanitizeArticleHtml } from '../../../server/rich-text/sanitize';

/** The idempotency key of a mail: its Message-ID's local part, the same on every attempt. */
export function mailIdempotencyKey(mailId: number): string {
  return `mail-${mailId}`;
}

/**
 * Queues a mail: its record, attachments, outbox row and operation-log row in one transaction; the outbox worker
 * delivers it through the account active now. Nothing is queued unless every address is valid, there are at
 * most 500 of them, the body shows some text once sanitised and the attachments are the sender's own uploads
 * within the size limit.
 */
export async function sendMail(ctx: CallContext, form: ParsedInputOf<typeof api.mail.send>) {
  const session = ctx.requireSession();
  const recipients = parseMailRecipients(form.to, form.cc);
  const problem = mailRecipientProblem(recipients);
  if (problem) throw Errors.invalid(problem.field, problem.key, problem.params);
  const html = sanitizeArticleHtml(form.body);
  if (!hasVisibleContent(html)) throw Errors.invalid('body', 'validation.mailBodyRequired');

  const { db } = ctx.services;
  const attachmentIds = [...new Set(form.attachmentIds)];
  const sender = (await db.select({ deptId: user.deptId }).from(user).where(eq(user.userId, session.userId)))[0];
  const duplicates = [...recipients.to.duplicates, ...recipients.cc.duplicates];
  const recipientCount = recipients.to.addresses.length + recipients.cc.addresses.length;

  const mailId = await db.transaction(async (tx) => {
    // Shared lock: an account being deleted is either gone here, or waits for this mail to be queued (and then refuses).
    const account = (await tx.select().from(mailAccount).where(eq(mailAccount.active, true)).for('share'))[0];
    if (!account) throw new AppError(ResponseCode.CallerError, 'error.mailNoActiveAccount');
    await checkAttachable(tx, attachmentIds, FilePurpose.MailAttachment, session.userId, 'attachmentIds');
    if (attachmentIds.length > 0) {
      const sizes = await tx.select({ size: file.size }).from(file).where(inArray(file.fileId, attachmentIds));
      const total = sizes.reduce((sum, row) => sum + row.size, 0);
      if (total > MailLimits.attachmentsTotalBytes) throw Errors.invalid('attachmentIds', 'validation.mailAttachmentsTooLarge', { max: MailLimits.attachmentsTotalBytes / 1024 / 1024 });
    }
    const queued = (
      await tx
        .insert(outbox)
        .values({ channel: OutboxChannel.Mail, idempotencyKey: `mail-pending-${randomUUID()}`, payload: { mailId: 0 }, nextAttemptAt: ctx.services.now() })
        .returning({ id: outbox.id })
    )[0]!;
    const created = (
      await tx
        .insert(mailMessage)
        .values({
          accountId: account.id,
          sender: account.account,
          toAddresses: recipients.to.addresses,
          ccAddresses: recipients.cc.addresses,
          recipientText: [...recipients.to.addresses, ...recipients.cc.addresses].join(' ').toLowerCase(),
          subject: form.subject,
          html,
          duplicates: duplicates.length,
          createBy: session.userId,
          createName: session.name,
          deptId: sender?.deptId ?? null,
          createTime: ctx.services.now(),
          outboxId: queued.id,
        })
        .returning({ id: mailMessage.id })
    )[0]!;
    // The outbox row names its mail once the mail has its id: both are written in this transaction.
    await tx
      .update(outbox)
      .set({ idempotencyKey: mailIdempotencyKey(created.id), payload: { mailId: created.id } satisfies MailPayload })
      .where(eq(outbox.id, queued.id));
    if (attachmentIds.length > 0) await tx.insert(mailAttachment).values(attachmentIds.map((fileId, position) => ({ mailId: created.id, fileId, position })));
    await ctx.logChange(tx, {
      entryType: 'send',
      content: { key: 'mail.send', values: { subject: form.subject, count: recipientCount } },
      before: null,
      after: { mailId: created.id, sender: account.account, to: recipients.to.addresses, cc: recipients.cc.addresses, subject: form.subject, attachments: attachmentIds, duplicates },
    });
    return created.id;
  });
  ctx.services.outbox.wake();
  return { id: mailId, recipients: recipientCount, duplicates };
}

export async function listMails(ctx: CallContext, input: ParsedInputOf<typeof api.mail.list>) {
  const scope = [...(await roleScope(ctx))];
  if (scope.length === 0) return emptyPage<MailRecord>(input);
  const { db } = ctx.services;
  return pagedQuery(db, input, {
    rows: db.select({ mail: mailMessage, delivery: outbox }).from(mailMessage).innerJoin(outbox, eq(outbox.id, mailMessage.outboxId)).$dynamic(),
    counted: db.select({ total: count() }).from(mailMessage).innerJoin(outbox, eq(outbox.id, mailMessage.outboxId)).$dynamic(),
    where: and(
      inArray(mailMessage.deptId, scope),
      input.subject ? ilike(mailMessage.subject, containsPattern(input.subject)) : undefined,
      input.recipient ? ilike(mailMessage.recipientText, containsPattern(input.recipient.toLowerCase())) : undefined,
      input.status ? eq(outbox.status, input.status) : undefined,
    ),
    orderBy: [desc(mailMessage.createTime), desc(mailMessage.id)],
    records: async (rows) => {
      const ids = rows.map((row) => row.mail.id);
      const attached =
        ids.length === 0
          ? []
          : await db
              .select({ mailId: mailAttachment.mailId, fileId: file.fileId, name: file.name, size: file.size, mime: file.mime })
              .from(mailAttachment)
              .innerJoin(file, eq(file.fileId, mailAttachment.fileId))
              .where(inArray(mailAttachment.mailId, ids))
              .orderBy(asc(mailAttachment.mailId), asc(mailAttachment.position));
      const attachmentsOf = new Map<number, MailAttachmentRecord[]>();
      for (const { mailId, ...attachment } of attached) attachmentsOf.set(mailId, [...(attachmentsOf.get(mailId) ?? []), attachment]);
      return rows.map(({ mail, delivery }): MailRecord => ({
        id: mail.id,
        sender: mail.sender,
        to: mail.toAddresses,
        cc: mail.ccAddresses,
        subject: mail.subject,
        status: delivery.status as MailRecord['status'],
        attempts: delivery.attempts,
        serverAnswer: delivery.status === 'sent' ? delivery.providerMessageId : delivery.lastError,
        attachments: attachmentsOf.get(mail.id) ?? [],
        createName: mail.createName,
        createTime: mail.createTime.toISOString(),
        sentTime: delivery.sentTime ? delivery.sentTime.toISOString() : null,
      }));
    },
  });
}

/** The sanitised body of one mail of the caller's organisations. */
export async function mailBody(ctx: CallContext, id: number) {
  const row = (await ctx.services.db.select({ id: mailMessage.id, html: mailMessage.html, deptId: mailMessage.deptId }).from(mailMessage).where(eq(mailMessage.id, id)))[0];
  if (!row) throw Errors.notFound('id');
  const scope = await roleScope(ctx);
  if (row.deptId === null || !scope.has(row.deptId)) throw Errors.outOfScope('id');
  return { id: row.id, html: row.html };
}
