import type { QueryClient } from '@tanstack/react-query';
import { MESSAGE_CHANNELS, MessageKeyStatus, messageKeyForm, messageSystemForm, type MessageKeyForm, type MessageKeyRecord, type MessageSystemForm, type MessageSystemRecord } from '../contract';
import { MessageKeyLimits } from '../../../shared/rules';
import { Route, routeTo } from '../../../shared/routes';
import { issuesByField } from '../../../renderer/components/form/record-form';
import { invalidateBridgeQueries } from '../../../renderer/hooks/bridge-query';
import type { MessageKey, RuleMessageKey } from '../../../renderer/i18n/message-key';

/** The values and rules of the message system and message key forms: the contract's own schemas. */

export type StatusValue = (typeof MessageKeyStatus)[keyof typeof MessageKeyStatus];

export type SystemFormValues = { systemId: string; name: string; deptId: number | null; status: StatusValue; channels: string[]; remark: string };
export type SystemField = keyof SystemFormValues;
export const SYSTEM_FIELDS: readonly SystemField[] = ['systemId', 'name', 'deptId', 'status', 'channels', 'remark'];

export function systemValuesOf(record: MessageSystemRecord | null): SystemFormValues {
  return {
    systemId: record?.systemId ?? '',
    name: record?.name ?? '',
    deptId: record?.deptId ?? null,
    status: (record?.status ?? MessageKeyStatus.Usable) as StatusValue,
    // A new system may send everything there is; the form unticks what it may not.
    channels: record ? [...record.channels] : [...MESSAGE_CHANNELS],
    remark: record?.remark ?? '',
  };
}

export function systemPayload(values: SystemFormValues): MessageSystemForm {
  return { systemId: values.systemId, name: values.name, deptId: values.deptId ?? 0, status: values.status, channels: values.channels as MessageSystemForm['channels'], remark: values.remark };
}

export function systemFormIssues(values: SystemFormValues): Partial<Record<SystemField, RuleMessageKey>> {
  const issues = issuesByField(messageSystemForm, systemPayload(values), SYSTEM_FIELDS);
  // No organisation chosen is 'required', not a number out of range.
  if (values.deptId === null) issues.deptId = 'validation.organizationRequired';
  return issues;
}

export function systemFieldLabelKey(field: string): MessageKey | null {
  const labels: Record<string, MessageKey> = {
    systemId: 'msgKey.systemId',
    name: 'common.systemName',
    deptId: 'common.organisation',
    status: 'common.status',
    channels: 'msgKey.channels',
    remark: 'common.remark',
  };
  return labels[field] ?? null;
}

/** A key's value is made by the server and shown once: the form edits everything else. */
export type KeyFormValues = { messageSystemId: number | null; status: StatusValue; rateLimit: string; remark: string };
export type KeyField = keyof KeyFormValues;
export const KEY_FIELDS: readonly KeyField[] = ['messageSystemId', 'status', 'rateLimit', 'remark'];

export function keyValuesOf(record: MessageKeyRecord | null): KeyFormValues {
  return {
    messageSystemId: record?.messageSystemId ?? null,
    status: (record?.status ?? MessageKeyStatus.Usable) as StatusValue,
    rateLimit: String(record?.rateLimit ?? MessageKeyLimits.rateLimitDefault),
    remark: record?.remark ?? '',
  };
}

/** The typed limit as a number; anything but digits is NaN, which the contract refuses with its range message. */
function rateLimitOf(text: string): number {
  return /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
}

export function keyPayload(values: KeyFormValues): MessageKeyForm {
  return { messageSystemId: values.messageSystemId ?? 0, status: values.status, rateLimit: rateLimitOf(values.rateLimit), remark: values.remark };
}

export function keyFormIssues(values: KeyFormValues): Partial<Record<KeyField, RuleMessageKey>> {
  const issues = issuesByField(messageKeyForm, keyPayload(values), KEY_FIELDS);
  if (values.messageSystemId === null) issues.messageSystemId = 'validation.messageSystemRequired';
  if (values.rateLimit.trim() === '') issues.rateLimit = 'validation.required';
  return issues;
}

export function keyFieldLabelKey(field: string): MessageKey | null {
  const labels: Record<string, MessageKey> = {
    messageSystemId: 'msgKey.system',
    status: 'common.status',
    rateLimit: 'msgKey.rateLimit',
    remark: 'common.remark',
  };
  return labels[field] ?? null;
}

/** How a list shows a key: its first characters, or that it has none to show (a key stored before the server made them). */
export function keyHintText(hint: string, hidden: string): string {
  return hint === '' ? hidden : `${hint}…`;
}

/** The message system form: its route has no id segment, so a system is edited at `/addApiKeySystem?id=N`. */
export function systemFormPath(id?: number | string): string {
  return id === undefined ? routeTo(Route.addApiKeySystem) : `${routeTo(Route.addApiKeySystem)}?id=${id}`;
}

/** The message key of a status (1 usable, 2 stopped). */
export function statusKey(status: number): MessageKey {
  return status === MessageKeyStatus.Usable ? 'msgKey.status1' : 'common.stopped';
}

/** The message key of a channel's name. */
export function channelKey(channel: string): MessageKey {
  return `msgKey.channel.${channel}` as MessageKey;
}

/** After systems changed: their list and forms, the key form's choices and the keys (they show their system). */
export async function invalidateSystemQueries(client: QueryClient): Promise<void> {
  await Promise.all([
    invalidateBridgeQueries(client, 'messageKey.systemList'),
    invalidateBridgeQueries(client, 'messageKey.systemInfo'),
    invalidateBridgeQueries(client, 'messageKey.systemOptions'),
    invalidateBridgeQueries(client, 'messageKey.keyList'),
  ]);
}

/** After keys changed: their list and forms, and the systems' key counts. */
export async function invalidateKeyQueries(client: QueryClient): Promise<void> {
  await Promise.all([invalidateBridgeQueries(client, 'messageKey.keyList'), invalidateBridgeQueries(client, 'messageKey.keyInfo'), invalidateBridgeQueries(client, 'messageKey.systemList')]);
}
