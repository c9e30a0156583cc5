import { mailConnectionChanged, MailProtocol, mailAccountForm, mailAccountUpdateForm, type MailAccountForm, type MailAccountRecord } from '../contract';
import { issuesByField } from '../../../renderer/components/form/record-form';
import type { MessageKey, RuleMessageKey } from '../../../renderer/i18n/message-key';

/** The values and rules of the mail account form: the contract's own schemas (the secret is optional on edit). */

export type AccountFormValues = { host: string; port: string; ssl: boolean; protocol: MailProtocol; account: string; secret: string };
export type AccountField = keyof AccountFormValues;
export const ACCOUNT_FIELDS: readonly AccountField[] = ['host', 'port', 'ssl', 'protocol', 'account', 'secret'];
export const MAIL_PROTOCOLS = [MailProtocol.Smtp, MailProtocol.Lmtp] as const;

export function accountValuesOf(record: MailAccountRecord | null): AccountFormValues {
  return {
    host: record?.host ?? '',
    port: record?.port ?? '465',
    ssl: record?.ssl ?? true,
    protocol: record?.protocol ?? MailProtocol.Smtp,
    account: record?.account ?? '',
    secret: '',
  };
}

export function accountPayload(values: AccountFormValues): MailAccountForm {
  return { host: values.host, port: values.port, ssl: values.ssl, protocol: values.protocol, account: values.account, secret: values.secret };
}

/**
 * On edit an empty secret keeps the stored one: it is checked only when typed, and asked for again when the edit
 * points the account elsewhere (the server's rule, mailConnectionChanged).
 */
export function accountFormIssues(values: AccountFormValues, stored: MailAccountRecord | null): Partial<Record<AccountField, RuleMessageKey>> {
  if (!stored) return issuesByField(mailAccountForm, accountPayload(values), ACCOUNT_FIELDS);
  const issues = issuesByField(mailAccountUpdateForm, { ...accountPayload(values), secret: values.secret || undefined, id: 1, version: 1 }, ACCOUNT_FIELDS);
  if (!values.secret && !issues.secret && mailConnectionChanged(stored, values)) return { ...issues, secret: 'validation.mailSecretForChange' };
  return issues;
}

export function accountFieldLabelKey(field: string): MessageKey | null {
  const labels: Record<string, MessageKey> = { host: 'mail.host', port: 'mail.port', ssl: 'mail.ssl', protocol: 'mail.protocol', account: 'mail.account', secret: 'mail.secret' };
  return labels[field] ?? null;
}
