import { z } from 'zod';
import { encryptedPassword } from '../../shared/contract/auth';
import { Perm } from '../../shared/permissions';
import { MailLimits, MailPatterns, pageOf, rules, pageInput } from '../../shared/rules';
import { endpoint } from '../../shared/contract/endpoint';
import { undoTicket } from '../../shared/contract/undo';
import type { EndpointNamesOf } from '../../shared/local-names';
import { RECORD_FIELDS, type SnapshotFieldTable } from '../../shared/contract/snapshot-fields';

/**
 * Mail (spec 001 §2 /accountManage, /addMailAccount/{id}, /mailManage, /addMail; §3 Mail account; §5 at most
 * 500 addresses; issue 12). Accounts are the SMTP servers the console sends through, one of them active; their
 * password or authorization code travels sealed for transport, is stored sealed with the server's key, and is
 * never answered or logged. A mail is written to the outbox with its record and delivered by the outbox worker
 * through the active account (nodemailer), its Message-ID made from the outbox row's idempotency key.
 */

/** How the console talks to the account's server: SMTP, or LMTP for a delivery agent on the company network. */
export const MailProtocol = { Smtp: 'smtp', Lmtp: 'lmtp' } as const;
export type MailProtocol = (typeof MailProtocol)[keyof typeof MailProtocol];
export const mailProtocol = z.enum([MailProtocol.Smtp, MailProtocol.Lmtp], { error: 'validation.oneOf' });

/** The delivery state of one mail (its outbox row's). */
export const MailDeliveryStatus = { Pending: 'pending', Sending: 'sending', Sent: 'sent', Failed: 'failed' } as const;
export type MailDeliveryStatus = (typeof MailDeliveryStatus)[keyof typeof MailDeliveryStatus];
export const mailDeliveryStatus = z.enum([MailDeliveryStatus.Pending, MailDeliveryStatus.Sending, MailDeliveryStatus.Sent, MailDeliveryStatus.Failed], { error: 'validation.oneOf' });

const required = 'validation.required';

export interface ParsedAddresses {
  /** Distinct addresses (case-insensitive) in the order given. */
  addresses: string[];
  /** Addresses given more than once, each once. */
  duplicates: string[];
  /** Entries that are not addresses. */
  invalid: string[];
}

/** Splits an address field: separators are commas and semicolons (also full-width), spaces and line breaks. */
export function parseAddresses(text: string, alreadySeen: ReadonlySet<string> = new Set()): ParsedAddresses {
  const seen = new Set(alreadySeen);
  const addresses: string[] = [];
  const duplicates = new Set<string>();
  const invalid: string[] = [];
  for (const entry of text.split(MailPatterns.recipientSeparator)) {
    if (entry === '') continue;
    const key = entry.toLowerCase();
    if (!MailPatterns.address.test(entry)) invalid.push(entry);
    else if (seen.has(key)) duplicates.add(entry);
    else {
      seen.add(key);
      addresses.push(entry);
    }
  }
  return { addresses, duplicates: [...duplicates], invalid };
}

export interface MailRecipients {
  to: ParsedAddresses;
  /** Cc without the addresses already in To. */
  cc: ParsedAddresses;
}

export function parseMailRecipients(to: string, cc: string): MailRecipients {
  const parsedTo = parseAddresses(to);
  return { to: parsedTo, cc: parseAddresses(cc, new Set(parsedTo.addresses.map((a) => a.toLowerCase()))) };
}

/** What is wrong with the recipients, as the field, a message key and its values; null when they can be sent. */
export function mailRecipientProblem(parsed: MailRecipients): { field: 'to' | 'cc'; key: string; params: Record<string, string | number> } | null {
  for (const field of ['to', 'cc'] as const) {
    const { invalid } = parsed[field];
    if (invalid.length > 0) return { field, key: 'validation.addressesInvalid', params: { addresses: invalid.slice(0, MailLimits.invalidAddressesShown).join(', '), count: invalid.length } };
  }
  if (parsed.to.addresses.length === 0) return { field: 'to', key: 'validation.addressesRequired', params: {} };
  const total = parsed.to.addresses.length + parsed.cc.addresses.length;
  if (total > MailLimits.recipientsMax) return { field: parsed.cc.addresses.length > 0 ? 'cc' : 'to', key: 'validation.addressesTooMany', params: { max: MailLimits.recipientsMax, count: total } };
  return null;
}

export const mailRules = {
  host: z.string({ error: required }).trim().min(1, { message: required }).max(MailLimits.hostMax, { message: 'validation.tooLong' }).regex(MailPatterns.host, { message: 'validation.mailHost' }),
  /** Typed as text (spec: 2 to 4 characters), a port from 10 to 9999. */
  port: z
    .string({ error: required })
    .trim()
    .min(1, { message: required })
    .regex(MailPatterns.port, { message: 'validation.mailPort' })
    .refine((s) => Number(s) >= 10, { message: 'validation.mailPort' }),
  ssl: z.boolean({ error: 'validation.oneOf' }),
  account: z
    .string({ error: required })
    .trim()
    .min(1, { message: required })
    .max(MailLimits.accountMax, { message: 'validation.tooLong' })
    .regex(MailPatterns.address, { message: 'validation.email' }),
  /** Recipients as typed; split, checked and de-duplicated by `mailRecipientProblem` (its refusals name the bad addresses). */
  recipients: z.string({ error: 'validation.addressesRequired' }).max(MailLimits.recipientsMax * 80, { message: 'validation.addressesTextTooLong' }),
  subject: z.string({ error: required }).trim().min(1, { message: required }).max(MailLimits.subjectMax, { message: 'validation.tooLong' }),
  /** The editor's HTML; sanitised on the server, and it must show some text. */
  body: z.string({ error: required }).min(1, { message: 'validation.mailBodyRequired' }).max(MailLimits.bodyMax, { message: 'validation.tooLong' }),
} as const;

const accountFields = z.object({ host: mailRules.host, port: mailRules.port, ssl: mailRules.ssl, protocol: mailProtocol, account: mailRules.account });

/** A new account: its password or authorization code is required. */
export const mailAccountForm = accountFields.extend({ secret: encryptedPassword });
export type MailAccountForm = z.input<typeof mailAccountForm>;
/**
 * The fields that say where an account's mail goes and as whom. A change of any of them needs the password
 * again: a stored password never follows an account to another server (issue 46 H1).
 */
export const MAIL_CONNECTION_FIELDS = ['host', 'port', 'ssl', 'protocol', 'account'] as const;
type MailConnection = Pick<z.input<typeof accountFields>, (typeof MAIL_CONNECTION_FIELDS)[number]>;

/** Whether an edit points an account elsewhere (another server, port, security, protocol or sender). */
export function mailConnectionChanged(stored: MailConnection, edited: MailConnection): boolean {
  return (
    stored.host.trim().toLowerCase() !== edited.host.trim().toLowerCase() ||
    Number(stored.port) !== Number(edited.port) ||
    stored.ssl !== edited.ssl ||
    stored.protocol !== edited.protocol ||
    stored.account.trim().toLowerCase() !== edited.account.trim().toLowerCase()
  );
}

/** An edit: an empty secret keeps the stored one, unless the edit changes a connection field (MAIL_CONNECTION_FIELDS). */
export const mailAccountUpdateForm = accountFields.extend({ id: rules.id, version: rules.version, secret: encryptedPassword.optional() });
export type MailAccountUpdateForm = z.input<typeof mailAccountUpdateForm>;

export const mailAccountRecord = z.object({
  id: z.number().int(),
  host: z.string(),
  port: z.string(),
  ssl: z.boolean(),
  protocol: mailProtocol,
  account: z.string(),
  /** Whether a password or authorization code is stored (it is never answered). */
  hasSecret: z.boolean(),
  active: z.boolean(),
  createTime: z.string(),
  version: z.number().int(),
});
export type MailAccountRecord = z.infer<typeof mailAccountRecord>;

export const mailAttachmentRecord = z.object({ fileId: z.number().int(), name: z.string(), size: z.number().int(), mime: z.string() });
export type MailAttachmentRecord = z.infer<typeof mailAttachmentRecord>;

export const mailSendForm = z.object({
  to: mailRules.recipients,
  cc: mailRules.recipients.default(''),
  subject: mailRules.subject,
  body: mailRules.body,
  /** Files uploaded for this mail (purpose mailAttachment). */
  attachmentIds: z.array(rules.id).max(MailLimits.attachmentsMax, { message: 'validation.mailAttachmentsTooMany' }).default([]),
});
export type MailSendForm = z.input<typeof mailSendForm>;

export const mailRecord = z.object({
  id: z.number().int(),
  /** The account it was sent from. */
  sender: z.string(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  subject: z.string(),
  status: mailDeliveryStatus,
  attempts: z.number().int(),
  /** The mail server's answer: its acceptance line when sent, its reason when not. */
  serverAnswer: z.string(),
  attachments: z.array(mailAttachmentRecord),
  createName: z.string(),
  createTime: z.string(),
  sentTime: z.string().nullable(),
});
export type MailRecord = z.infer<typeof mailRecord>;

export const mail = {
  accountList: endpoint({
    service: 'mail',
    summary: 'Mail accounts by address, a page at a time',
    method: 'POST',
    path: '/mail/account/list',
    access: Perm.mailAccountView,
    mutation: false,
    input: z.object({ account: rules.filterText, ...pageInput }),
    output: pageOf(mailAccountRecord),
  }),
  accountInfo: endpoint({
    service: 'mail',
    summary: 'One mail account, for the form (without its secret)',
    method: 'POST',
    path: '/mail/account/info/:id',
    access: Perm.mailAccountView,
    mutation: false,
    input: z.object({ id: rules.id }),
    output: mailAccountRecord,
  }),
  accountAdd: endpoint({
    service: 'mail',
    summary: 'Add a mail account (inactive)',
    method: 'POST',
    path: '/mail/account/save',
    access: Perm.mailAccountSave,
    input: mailAccountForm,
    output: z.object({ id: z.number().int() }),
    secretFields: ['secret'],
    sealedFields: ['secret'],
  }),
  accountUpdate: endpoint({
    service: 'mail',
    summary: 'Update a mail account',
    method: 'POST',
    path: '/mail/account/update',
    access: Perm.mailAccountSave,
    input: mailAccountUpdateForm,
    output: z.object({ id: z.number().int(), version: z.number().int() }),
    secretFields: ['secret'],
    sealedFields: ['secret'],
  }),
  accountActivate: endpoint({
    service: 'mail',
    summary: 'Make a mail account the one mail is sent from',
    method: 'POST',
    path: '/mail/account/activate',
    access: Perm.mailAccountActivate,
    input: z.object({ id: rules.id, version: rules.version }),
    output: z.object({ id: z.number().int(), version: z.number().int() }),
  }),
  accountDelete: endpoint({
    service: 'mail',
    summary: 'Delete mail accounts',
    method: 'POST',
    path: '/mail/account/delete/:ids',
    access: Perm.mailAccountDelete,
    input: z.object({ ids: rules.idList }),
    output: undoTicket,
  }),
  accountTest: endpoint({
    service: 'mail',
    summary: 'Send a test mail through an account, waiting for the server',
    method: 'POST',
    path: '/mail/account/test',
    access: Perm.mailAccountSave,
    input: z.object({ id: rules.id, to: mailRules.account }),
    // Whether the server took the mail; a refusal is a classified failure (MailFailure), never the peer's words.
    output: z.object({ sent: z.literal(true) }),
  }),
  list: endpoint({
    service: 'mail',
    summary: 'Sent mail with its delivery state, a page at a time',
    method: 'POST',
    path: '/mail/list',
    access: Perm.mailView,
    mutation: false,
    input: z.object({ subject: rules.filterText, recipient: rules.filterText, status: mailDeliveryStatus.nullish(), ...pageInput }),
    output: pageOf(mailRecord),
  }),
  body: endpoint({
    service: 'mail',
    summary: 'The body of one sent mail',
    method: 'POST',
    path: '/mail/body/:id',
    access: Perm.mailView,
    mutation: false,
    input: z.object({ id: rules.id }),
    output: z.object({ id: z.number().int(), html: z.string() }),
  }),
  send: endpoint({
    service: 'mail',
    summary: 'Send a mail to up to 500 addresses (queued in the outbox)',
    method: 'POST',
    path: '/mail/send',
    access: Perm.mailSend,
    input: mailSendForm,
    output: z.object({ id: z.number().int(), recipients: z.number().int(), duplicates: z.array(z.string()) }),
  }),
} as const;

/** What interface monitoring, its filters and its export call each endpoint of mail, in the five locales. */
export const mailNames: EndpointNamesOf<typeof mail> = {
  accountList: ['邮箱账号列表', 'Mail account list', 'E-Mail-Konten', 'メールアカウント一覧', '메일 계정 목록'],
  accountInfo: ['邮箱账号详情', 'Mail account details', 'E-Mail-Kontodetails', 'メールアカウント詳細', '메일 계정 상세'],
  accountAdd: ['新增邮箱账号', 'Add mail account', 'E-Mail-Konto hinzufügen', 'メールアカウント追加', '메일 계정 추가'],
  accountUpdate: ['修改邮箱账号', 'Update mail account', 'E-Mail-Konto ändern', 'メールアカウント更新', '메일 계정 수정'],
  accountActivate: ['启用邮箱账号', 'Activate mail account', 'E-Mail-Konto aktivieren', 'メールアカウント有効化', '메일 계정 활성화'],
  accountDelete: ['删除邮箱账号', 'Delete mail accounts', 'E-Mail-Konten löschen', 'メールアカウント削除', '메일 계정 삭제'],
  accountTest: ['测试邮箱账号', 'Test mail account', 'E-Mail-Konto testen', 'メールアカウントのテスト', '메일 계정 테스트'],
  list: ['已发邮件列表', 'Sent mail', 'Gesendete E-Mails', '送信済みメール一覧', '보낸 메일 목록'],
  body: ['邮件正文', 'Mail body', 'E-Mail-Text', 'メール本文', '메일 본문'],
  send: ['发送邮件', 'Send mail', 'E-Mail senden', 'メール送信', '메일 발송'],
};

/** The fields of the mail account, test mail or mail sent snapshots the operation log keeps (labels and references; `src/shared/contract/snapshot-fields.ts`). */
export const mailSnapshotFields = {
  ...RECORD_FIELDS,
  host: { label: 'mail.host' },
  port: { label: 'mail.port' },
  ssl: { label: 'mail.ssl' },
  protocol: { label: 'mail.protocol' },
  account: { label: 'mail.account' },
  active: { label: 'operationLog.snapshot.active' },
  secretChanged: { label: 'operationLog.snapshot.secretChanged' },
  mailId: { label: 'operationLog.snapshot.recordId' },
  sender: { label: 'mail.sender' },
  to: { label: 'mail.to' },
  cc: { label: 'mail.cc' },
  subject: { label: 'mail.subject' },
  attachments: { label: 'mail.attachments', ref: 'file' },
  duplicates: { label: 'operationLog.snapshot.duplicates' },
  sent: { label: 'mail.status_sent' },
} as const satisfies SnapshotFieldTable;
