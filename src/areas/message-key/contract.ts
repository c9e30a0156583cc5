import { z } from 'zod';
import { Perm } from '../../shared/permissions';
import { choice, Limits, MessageKeyLimits, pageOf, rules, pageInput } from '../../shared/rules';
import { endpoint } from '../../shared/contract/endpoint';
import { undoTicket } from '../../shared/contract/undo';
import { API_KEY_HEADER } from '../information/contract';
import { smsDeliveryStatus, smsRules } from '../sms/contract';
import type { EndpointNamesOf } from '../../shared/local-names';
import { RECORD_FIELDS, type SnapshotFieldTable } from '../../shared/contract/snapshot-fields';

/**
 * Message systems and message API keys (spec 001 §2 /apiKeySystem, /addApiKeySystem, /apiKeyMessg,
 * /addApiKeyMessage/{id}; §5 "System id and key value: unique, letters or digits, at most 50"; issue 12).
 *
 * A message system is a platform system that calls the messaging service: it belongs to an organisation (its
 * sends are filed under it, so the send centre shows them to the roles that see it) and may use the channels
 * it is given. A message key is what the system presents in `X-Api-Key` to the open messaging endpoints
 * (`openMessage`); a key of a stopped system does not work, and each key has its own per-minute send limit.
 * A key is made by the server (256 bits), stored only as its SHA-256 hash and shown once, in the answer that
 * made it (`apiKey`), like an application's secret; a list shows its first characters (`keyHint`).
 */

/**
 * The channels a message system may be given. A channel's open endpoints land with the channel: mail and
 * push add their value here and their endpoints to `openMessage`.
 */
export const MESSAGE_CHANNELS = ['sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const MessageChannel = { Sms: 'sms' } as const satisfies Record<string, MessageChannel>;

/** Systems and keys: 1 usable, 2 stopped. */
export const MessageKeyStatus = { Usable: 1, Stopped: 2 } as const;
const status = choice([MessageKeyStatus.Usable, MessageKeyStatus.Stopped]);

const required = 'validation.required';

export const messageKeyRules = {
  /** Spec 001 §5: unique, letters or digits, at most 50. */
  systemId: rules.keyValue,
  systemName: z.string({ error: required }).trim().min(1, { message: required }).max(MessageKeyLimits.systemNameMax, { message: 'validation.tooLong' }),
  /** Each channel once, in the contract's order. */
  channels: z
    .array(z.enum(MESSAGE_CHANNELS, { error: 'validation.oneOf' }), { error: 'validation.channelsRequired' })
    .min(1, { message: 'validation.channelsRequired' })
    .max(MESSAGE_CHANNELS.length * 4, { message: 'validation.oneOf' })
    .transform((chosen) => MESSAGE_CHANNELS.filter((channel) => chosen.includes(channel))),
  remark: z.string().trim().max(MessageKeyLimits.remarkMax, { message: 'validation.tooLong' }).default(''),
  messageSystemId: z
    .number({ error: 'validation.messageSystemRequired' })
    .int({ message: 'validation.id' })
    .positive({ message: 'validation.messageSystemRequired' })
    .max(Limits.idMax, { message: 'validation.idRange' }),
  /** Sends the key may make in a minute. */
  rateLimit: z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? required : 'validation.rateLimitRange') })
    .int({ message: 'validation.rateLimitRange' })
    .min(MessageKeyLimits.rateLimitMin, { message: 'validation.rateLimitRange' })
    .max(MessageKeyLimits.rateLimitMax, { message: 'validation.rateLimitRange' }),
} as const;

const systemFields = z.object({
  systemId: messageKeyRules.systemId,
  name: messageKeyRules.systemName,
  deptId: rules.organisationId,
  status,
  channels: messageKeyRules.channels,
  remark: messageKeyRules.remark,
});

export const messageSystemForm = systemFields;
export type MessageSystemForm = z.input<typeof messageSystemForm>;
export const messageSystemUpdateForm = systemFields.extend({ id: rules.id, version: rules.version });
export type MessageSystemUpdateForm = z.input<typeof messageSystemUpdateForm>;

export const messageSystemRecord = z.object({
  id: z.number().int(),
  systemId: z.string(),
  name: z.string(),
  deptId: z.number().int(),
  deptName: z.string(),
  status: z.number().int(),
  channels: z.array(z.string()),
  remark: z.string(),
  /** Its message keys, usable or not. */
  keyCount: z.number().int(),
  createName: z.string(),
  /** ISO 8601. */
  createTime: z.string(),
  version: z.number().int(),
});
export type MessageSystemRecord = z.infer<typeof messageSystemRecord>;

/** A system the key form offers. */
export const messageSystemOption = z.object({ id: z.number().int(), systemId: z.string(), name: z.string(), status: z.number().int() });
export type MessageSystemOption = z.infer<typeof messageSystemOption>;

const keyFields = z.object({
  messageSystemId: messageKeyRules.messageSystemId,
  status,
  rateLimit: messageKeyRules.rateLimit,
  remark: messageKeyRules.remark,
});

export const messageKeyForm = keyFields;
export type MessageKeyForm = z.input<typeof messageKeyForm>;
export const messageKeyUpdateForm = keyFields.extend({ id: rules.id, version: rules.version });
export type MessageKeyUpdateForm = z.input<typeof messageKeyUpdateForm>;

export const messageKeyRecord = z.object({
  id: z.number().int(),
  /** The key's first characters; empty for a key stored before the server made them (its value is nowhere to show). */
  keyHint: z.string(),
  messageSystemId: z.number().int(),
  /** The system's own id (letters or digits) and name. */
  systemId: z.string(),
  systemName: z.string(),
  /** A key of a stopped system does not work, whatever its own status. */
  systemStatus: z.number().int(),
  status: z.number().int(),
  rateLimit: z.number().int(),
  remark: z.string(),
  createName: z.string(),
  createTime: z.string(),
  version: z.number().int(),
});
export type MessageKeyRecord = z.infer<typeof messageKeyRecord>;

/** A key as its only showing: the caller keeps it now or makes a new one later. */
export const issuedMessageKey = z.object({ id: z.number().int(), apiKey: z.string() });
export type IssuedMessageKey = z.infer<typeof issuedMessageKey>;

export const messageKey = {
  systemList: endpoint({
    service: 'messageKey',
    summary: "Message systems of the role's organisations, by id, name and status, a page at a time",
    method: 'POST',
    path: '/msg/system/list',
    access: Perm.systemApiKeyView,
    mutation: false,
    input: z.object({ systemId: rules.filterText, name: rules.filterText, status: status.nullish(), ...pageInput }),
    output: pageOf(messageSystemRecord),
  }),
  systemInfo: endpoint({
    service: 'messageKey',
    summary: 'One message system, for the form',
    method: 'POST',
    path: '/msg/system/info/:id',
    access: Perm.systemApiKeyView,
    mutation: false,
    input: z.object({ id: rules.id }),
    output: messageSystemRecord,
  }),
  systemAdd: endpoint({
    service: 'messageKey',
    summary: 'Add a message system',
    method: 'POST',
    path: '/msg/system/save',
    access: Perm.systemApiKeySave,
    input: messageSystemForm,
    output: z.object({ id: z.number().int() }),
  }),
  systemUpdate: endpoint({
    service: 'messageKey',
    summary: 'Update a message system',
    method: 'POST',
    path: '/msg/system/update',
    access: Perm.systemApiKeySave,
    input: messageSystemUpdateForm,
    output: z.object({ id: z.number().int(), version: z.number().int() }),
  }),
  systemDelete: endpoint({
    service: 'messageKey',
    summary: 'Delete message systems with their keys',
    method: 'POST',
    path: '/msg/system/delete/:ids',
    access: Perm.systemApiKeyDelete,
    input: z.object({ ids: rules.idList }),
    output: undoTicket,
  }),
  systemOptions: endpoint({
    service: 'messageKey',
    summary: 'The message systems a key may belong to',
    method: 'GET',
    path: '/msg/system/options',
    access: Perm.messageApiKeyView,
    input: z.object({}),
    output: z.array(messageSystemOption),
  }),
  keyList: endpoint({
    service: 'messageKey',
    summary: "Message API keys of the role's message systems, by key (a whole key, or its first characters), system and status, a page at a time",
    method: 'POST',
    path: '/msg/key/list',
    access: Perm.messageApiKeyView,
    mutation: false,
    input: z.object({ apiKey: rules.filterText, systemName: rules.filterText, status: status.nullish(), ...pageInput }),
    output: pageOf(messageKeyRecord),
  }),
  keyInfo: endpoint({
    service: 'messageKey',
    summary: 'One message API key, for the form',
    method: 'POST',
    path: '/msg/key/info/:id',
    access: Perm.messageApiKeyView,
    mutation: false,
    input: z.object({ id: rules.id }),
    output: messageKeyRecord,
  }),
  keyAdd: endpoint({
    service: 'messageKey',
    summary: 'Add a message API key (made by the server, shown once)',
    method: 'POST',
    path: '/msg/key/save',
    access: Perm.messageApiKeySave,
    input: messageKeyForm,
    output: issuedMessageKey,
    secretOutput: true,
  }),
  keyUpdate: endpoint({
    service: 'messageKey',
    summary: 'Update a message API key (its value stays)',
    method: 'POST',
    path: '/msg/key/update',
    access: Perm.messageApiKeySave,
    input: messageKeyUpdateForm,
    output: z.object({ id: z.number().int(), version: z.number().int() }),
  }),
  keyRegenerate: endpoint({
    service: 'messageKey',
    summary: 'Replace a message API key by a new one (shown once); the old one stops at once',
    method: 'POST',
    path: '/msg/key/regenerate/:id',
    access: Perm.messageApiKeySave,
    input: z.object({ id: rules.id }),
    output: issuedMessageKey,
    secretOutput: true,
  }),
  keyDelete: endpoint({
    service: 'messageKey',
    summary: 'Delete message API keys',
    method: 'POST',
    path: '/msg/key/delete/:ids',
    access: Perm.messageApiKeyDelete,
    input: z.object({ ids: rules.idList }),
    output: undoTicket,
  }),
} as const;

// ----- The open messaging endpoints: no session, a message key in X-Api-Key -----

/** The message key, read from the `X-Api-Key` header only (never from a query or body, never logged). */
const messageKeyInput = z
  .string({ error: 'validation.messageKeyHeader' })
  .trim()
  .min(1, { message: 'validation.messageKeyHeader' })
  .max(Limits.keyValueMax, { message: 'validation.messageKeyHeader' });

/** Every open messaging endpoint: the key in its header, counted against `openMessage` before it is looked up. */
const openAccess = {
  access: 'public',
  headerFields: { apiKey: API_KEY_HEADER },
  keyScheme: 'messageKey',
  secretFields: ['apiKey'],
  rateLimit: { name: 'openMessage', accountField: 'apiKey' },
} as const;

export const openSmsForm = z.object({
  apiKey: messageKeyInput,
  /** The provider's template code of an active template. */
  templateCode: smsRules.templateCode,
  /** The name of a signature. */
  signName: smsRules.signatureName,
  /** Numbers separated by commas, spaces or line breaks, at most 1000 (as on the send screen). */
  phones: smsRules.recipients,
  params: smsRules.params.default({}),
});
export type OpenSmsForm = z.input<typeof openSmsForm>;

export const openSmsBatch = z.object({
  batchId: z.number().int(),
  templateCode: z.string(),
  signName: z.string(),
  /** The text as sent, signature included. */
  text: z.string(),
  createTime: z.string(),
  total: z.number().int(),
  pending: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  /** Numbers given more than once (each sent once). */
  duplicates: z.number().int(),
  numbers: z.array(
    z.object({
      phone: z.string(),
      status: smsDeliveryStatus,
      attempts: z.number().int(),
      /** The provider's reason of the last failure, empty when none. */
      lastError: z.string(),
      sentTime: z.string().nullable(),
    }),
  ),
});
export type OpenSmsBatch = z.infer<typeof openSmsBatch>;

export const openMessage = {
  smsSend: endpoint({
    service: 'openMessage',
    summary: 'Send an SMS for a message system (message key; queued in the outbox)',
    method: 'POST',
    path: '/open/message/sms',
    ...openAccess,
    input: openSmsForm,
    output: z.object({ batchId: z.number().int(), total: z.number().int(), duplicates: z.array(z.string()), text: z.string() }),
  }),
  smsStatus: endpoint({
    service: 'openMessage',
    summary: "A message system's SMS batch with the state of each number (message key)",
    method: 'GET',
    path: '/open/message/sms/:batchId',
    ...openAccess,
    input: z.object({ apiKey: messageKeyInput, batchId: rules.id }),
    output: openSmsBatch,
  }),
} as const;

/** What interface monitoring, its filters and its export call each endpoint of messageKey, in the five locales. */
export const messageKeyNames: EndpointNamesOf<typeof messageKey> = {
  systemList: ['消息系统列表', 'Message system list', 'Nachrichtensysteme', 'メッセージシステム一覧', '메시지 시스템 목록'],
  systemInfo: ['消息系统详情', 'Message system details', 'Nachrichtensystemdetails', 'メッセージシステム詳細', '메시지 시스템 상세'],
  systemAdd: ['新增消息系统', 'Add message system', 'Nachrichtensystem hinzufügen', 'メッセージシステム追加', '메시지 시스템 추가'],
  systemUpdate: ['修改消息系统', 'Update message system', 'Nachrichtensystem ändern', 'メッセージシステム更新', '메시지 시스템 수정'],
  systemDelete: ['删除消息系统', 'Delete message systems', 'Nachrichtensysteme löschen', 'メッセージシステム削除', '메시지 시스템 삭제'],
  systemOptions: ['消息系统选项', 'Message system options', 'Nachrichtensysteme zur Auswahl', 'メッセージシステムの選択肢', '메시지 시스템 선택지'],
  keyList: ['消息API密钥列表', 'Message API key list', 'Nachrichten-API-Schlüssel', 'メッセージAPIキー一覧', '메시지 API 키 목록'],
  keyInfo: ['消息API密钥详情', 'Message API key details', 'Nachrichten-API-Schlüsseldetails', 'メッセージAPIキー詳細', '메시지 API 키 상세'],
  keyAdd: ['新增消息API密钥', 'Add message API key', 'Nachrichten-API-Schlüssel hinzufügen', 'メッセージAPIキー追加', '메시지 API 키 추가'],
  keyUpdate: ['修改消息API密钥', 'Update message API key', 'Nachrichten-API-Schlüssel ändern', 'メッセージAPIキー更新', '메시지 API 키 수정'],
  keyRegenerate: ['重新生成消息API密钥', 'Regenerate message API key', 'Nachrichten-API-Schlüssel erneuern', 'メッセージAPIキー再発行', '메시지 API 키 재발급'],
  keyDelete: ['删除消息API密钥', 'Delete message API keys', 'Nachrichten-API-Schlüssel löschen', 'メッセージAPIキー削除', '메시지 API 키 삭제'],
};

/** What interface monitoring, its filters and its export call each endpoint of openMessage, in the five locales. */
export const openMessageNames: EndpointNamesOf<typeof openMessage> = {
  smsSend: ['开放接口发送短信', 'Open API: send SMS', 'Offene API: SMS senden', 'オープンAPI：SMS送信', '오픈 API: SMS 발송'],
  smsStatus: ['开放接口短信状态', 'Open API: SMS status', 'Offene API: SMS-Status', 'オープンAPI：SMS状態', '오픈 API: SMS 상태'],
};

/** The fields of the message system or message API key snapshots the operation log keeps (labels and references; `src/shared/contract/snapshot-fields.ts`). */
export const messageKeySnapshotFields = {
  ...RECORD_FIELDS,
  systemId: { label: 'msgKey.systemId' },
  name: { label: 'common.systemName' },
  deptId: { label: 'common.organisation', ref: 'dept' },
  channels: { label: 'msgKey.channels' },
  keyIds: { label: 'operationLog.snapshot.keyIds' },
  keyHint: { label: 'msgKey.apiKey' },
  msgSystemId: { label: 'msgKey.system', ref: 'messageSystem' },
  rateLimit: { label: 'msgKey.rateLimit' },
  status: { label: 'common.status' },
  remark: { label: 'common.remark' },
} as const satisfies SnapshotFieldTable;
