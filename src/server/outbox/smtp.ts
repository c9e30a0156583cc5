import { isIP } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import sanitizeHtml from 'sanitize-html';
import { MailProtocol } from '../../areas/mail/contract';
import type { Db } from '../db/client';
import { file } from '../db/schema';
import { mailAccount, mailAttachment, mailMessage } from '../db/tables';
import type { SecretBox } from '../secrets/secret-box';
import type { DeliveryResult } from './aliyun-sms';
import type { ChannelDeliverer, OutboxRow } from './worker';
import { allowedAddress, mailPortAllowed, OutboundRefused, type OutboundConfig } from '../outbound/policy';

/** The purpose a mail account's secret is sealed for: a value sealed for another column does not open as this one. */
export const MAIL_SECRET_PURPOSE = 'msg_mail_account.secret_enc';

/** What a mail outbox row carries: the mail is read from msg_mail when it is delivered. */
export interface MailPayload {
  mailId: number;
}

export type MailAccountRow = typeof mailAccount.$inferSelect;

export interface OutgoingMail {
  to: string[];
  cc: string[];
  subject: string;
  html: string;
  /** The Message-ID's local part: the outbox row's idempotency key, so a resent mail is recognisably the same. */
  messageKey: string;
  attachments: Array<{ filename: string; content: Buffer; contentType: string }>;
}

/** The plain-text part of a mail: its HTML without markup, paragraphs on lines of their own. */
export function plainTextOf(html: string): string {
  const withBreaks = html.replace(/<\/(p|h[1-6]|li|blockquote)>|<br\s*\/?>/gi, '$&\n');
  return sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Why a mail did not go out, as a class: the console tells its users and its logs this, never the peer's own
 * words, so a mail account's test or delivery is no way to read what answers on another address (issue 46 M1).
 */
export type MailFailure = 'notAllowed' | 'nameNotFound' | 'connectionRefused' | 'unreachable' | 'notMailServer' | 'tls' | 'authRefused' | 'recipientRefused' | 'rejected' | 'deferred' | 'interrupted';

/** The English line the outbox keeps for each class (the mail list shows it); a reply code is added where there is one. */
const FAILURE_TEXT: Record<MailFailure, string> = {
  notAllowed: 'the mail server is at an address or port the server may not connect to',
  nameNotFound: 'the mail server name does not resolve',
  connectionRefused: 'the mail server refused the connection',
  unreachable: 'the mail server did not answer in time',
  notMailServer: 'the peer did not answer as a mail server',
  tls: 'the secure connection to the mail server failed',
  authRefused: 'the mail server refused the account or its password',
  recipientRefused: 'the mail server refused the sender or a recipient',
  rejected: 'the mail server refused the mail',
  deferred: 'the mail server asked to try again later',
  interrupted: 'the connection to the mail server was lost',
};

export interface ClassifiedSmtpError {
  failure: MailFailure;
  /** The SMTP reply code, when the server gave one (a number tells no secret of the peer). */
  replyCode?: number;
}

/** Sorts an error of sendThrough into its class. */
export function classifySmtpError(error: unknown): ClassifiedSmtpError {
  if (error instanceof OutboundRefused) return { failure: error.refusal };
  const e = error as { code?: string; originalCode?: string; responseCode?: number; command?: string };
  const replyCode = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  const coded = (failure: MailFailure): ClassifiedSmtpError => (replyCode === undefined ? { failure } : { failure, replyCode });
  if (e.code === 'EAUTH' || e.code === 'ENOAUTH') return coded('authRefused');
  if (e.code === 'EENVELOPE') return coded('recipientRefused');
  if (e.code === 'ETLS') return coded('tls');
  if (e.code === 'EDNS') return coded('nameNotFound');
  if (e.code === 'EPROTOCOL') return coded('notMailServer');
  if (replyCode !== undefined && e.command === 'CONN') return coded('notMailServer');
  if (replyCode !== undefined && replyCode >= 500) return coded('rejected');
  if (replyCode !== undefined && replyCode >= 400) return coded('deferred');
  if (e.originalCode === 'ECONNREFUSED') return coded('connectionRefused');
  if (e.code === 'ETIMEDOUT' && e.command === 'CONN') return coded('unreachable');
  if (e.originalCode === 'EHOSTUNREACH' || e.originalCode === 'ENETUNREACH') return coded('unreachable');
  if (e.command === 'CONN' && (e.code === 'ESOCKET' || e.code === 'ECONNECTION')) return coded('notMailServer');
  return coded('interrupted');
}

/** A classified failure as the outbox's one line. */
export function failureText({ failure, replyCode }: ClassifiedSmtpError): string {
  return replyCode === undefined ? FAILURE_TEXT[failure] : `${FAILURE_TEXT[failure]} (reply ${replyCode})`;
}

/**
 * An SMTP error as the outbox takes it. A 5xx reply, refused credentials or addresses, and a destination the
 * outbound rule refuses are settled for good (a retry would meet the same answer); a 4xx reply or a connection
 * that could not be made is tried again later. A connection lost or timed out after the message was handed over
 * may have delivered it: that retry is marked unknown. SMTP has no way to ask a server whether it took a message,
 * so such a mail is sent again with the same Message-ID (mail systems and clients recognise the copy) rather than
 * lost. The reason kept is the class (classifySmtpError), never the server's own answer.
 */
export function smtpOutcome(error: unknown): Exclude<DeliveryResult, { outcome: 'sent' }> {
  const classified = classifySmtpError(error);
  const reason = failureText(classified);
  const e = error as { code?: string; responseCode?: number; command?: string };
  if (classified.failure === 'notAllowed') return { outcome: 'failed', reason };
  if (typeof e.responseCode === 'number' && e.responseCode >= 500) return { outcome: 'failed', reason };
  if (typeof e.responseCode === 'number' && e.responseCode >= 400) return { outcome: 'retry', reason, unknown: false };
  // Refused without a reply code: no sign-in method in common, no usable recipient.
  if (e.code === 'EAUTH' || e.code === 'EENVELOPE') return { outcome: 'failed', reason };
  const mayHaveArrived = e.command !== 'CONN' && (e.code === 'ETIMEDOUT' || e.code === 'ESOCKET');
  return { outcome: 'retry', reason, unknown: mayHaveArrived };
}

export interface SmtpOptions {
  /** How long connecting, the greeting and each reply may take. */
  timeoutMs: number;
  /** Where the server may connect (ports and address ranges). */
  outbound: OutboundConfig;
}

/**
 * Sends one mail through an account's server and answers its acceptance line (e.g. `250 2.0.0 Ok: queued as …`).
 * The port must be a mail port and every address of the host allowed (OutboundRefused otherwise); the connection
 * goes to the address that was checked, TLS still verifying the certificate against the host's name.
 */
export async function sendThrough(account: MailAccountRow, secret: string, mail: OutgoingMail, options: SmtpOptions): Promise<string> {
  const protocol = account.protocol === MailProtocol.Lmtp ? 'lmtp' : 'smtp';
  if (!mailPortAllowed(options.outbound, protocol, account.port)) throw new OutboundRefused('notAllowed', `port ${account.port} is not a mail port`);
  const address = await allowedAddress(options.outbound, account.host);
  const transport = nodemailer.createTransport({
    host: address,
    ...(isIP(account.host) === 0 && { servername: account.host }),
    port: account.port,
    secure: account.ssl,
    lmtp: protocol === 'lmtp',
    auth: { user: account.account, pass: secret },
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
    tls: { minVersion: 'TLSv1.2' },
  });
  try {
    const domain = account.account.split('@')[1] ?? 'localhost';
    const info = await transport.sendMail({
      from: account.account,
      to: mail.to,
      cc: mail.cc,
      subject: mail.subject,
      html: mail.html,
      text: plainTextOf(mail.html),
      messageId: `<${mail.messageKey}@${domain}>`,
      attachments: mail.attachments,
    });
    return String(info.response ?? '').slice(0, 500);
  } finally {
    transport.close();
  }
}

/** Delivers mail outbox rows through the account each mail was queued for. */
export function mailDeliverer(db: Db, secrets: SecretBox, options: SmtpOptions): ChannelDeliverer {
  return {
    async deliver(row: OutboxRow): Promise<DeliveryResult> {
      const { mailId } = row.payload as MailPayload;
      const mail = (await db.select().from(mailMessage).where(eq(mailMessage.id, mailId)))[0];
      if (!mail) return { outcome: 'failed', reason: 'the mail record no longer exists' };
      const account = mail.accountId === null ? undefined : (await db.select().from(mailAccount).where(eq(mailAccount.id, mail.accountId)))[0];
      if (!account) return { outcome: 'failed', reason: `the mail account ${mail.sender} was deleted before the mail went out` };
      let secret: string;
      try {
        secret = secrets.open(account.secretEnc, MAIL_SECRET_PURPOSE);
      } catch (error) {
        return { outcome: 'failed', reason: `the password of ${account.account} cannot be read: ${(error as Error).message}` };
      }
      const attachments = await db
        .select({ name: file.name, mime: file.mime, content: file.content })
        .from(mailAttachment)
        .innerJoin(file, eq(file.fileId, mailAttachment.fileId))
        .where(eq(mailAttachment.mailId, mailId))
        .orderBy(asc(mailAttachment.position));
      try {
        const answer = await sendThrough(
          account,
          secret,
          {
            to: mail.toAddresses,
            cc: mail.ccAddresses,
            subject: mail.subject,
            html: mail.html,
            messageKey: row.idempotencyKey,
            attachments: attachments.map((a) => ({ filename: a.name, content: Buffer.from(a.content), contentType: a.mime })),
          },
          options,
        );
        return { outcome: 'sent', providerMessageId: answer.slice(0, 100) };
      } catch (error) {
        return smtpOutcome(error);
      }
    },
    // SMTP cannot be asked whether a server took a message: a mail whose answer was lost is sent again (see smtpOutcome).
    alreadyDelivered: async () => false,
  };
}
