import { z } from 'zod';
import { Perm } from '../../shared/permissions';
import { pageOf, PushLimits, PushPatterns, rules, pageInput } from '../../shared/rules';
import { encryptedPassword } from '../../shared/contract/auth';
import { endpoint } from '../../shared/contract/endpoint';
import { undoTicket } from '../../shared/contract/undo';
import type { EndpointNamesOf } from '../../shared/local-names';
import { RECORD_FIELDS, type SnapshotFieldTable } from '../../shared/contract/snapshot-fields';

/**
 * Push (spec 001 §2 /polarLight, /newPolar/{id}; §3 Push provider settings: key, secret, alias; issue 12).
 * A provider is one JPush application: its AppKey and Master Secret (sealed at rest, never returned). A push
 * goes to everyone, to device aliases or to tags, is written to the outbox in the transaction that records it
 * and delivered by the outbox worker through JPush's REST API v3 (`POST /v3/push`, HTTP Basic auth).
 */

/** Who a push reaches: every device of the application, the devices of some aliases, or of some tags. */
export const PushAudience = { All: 'all', Alias: 'alias', Tag: 'tag' } as const;
export type PushAudience = (typeof PushAudience)[keyof typeof PushAudience];
export const PUSH_AUDIENCES = [PushAudience.All, PushAudience.Alias, PushAudience.Tag] as const;
export const pushAudience = z.enum(PUSH_AUDIENCES, { error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.oneOf') });

/** The delivery state of a push (its outbox row's). */
export const PushDeliveryStatus = { Pending: 'pending', Sending: 'sending', Sent: 'sent', Failed: 'failed' } as const;
export type PushDeliveryStatus = (typeof PushDeliveryStatus)[keyof typeof PushDeliveryStatus];
export const PUSH_DELIVERY_STATUSES = [PushDeliveryStatus.Pending, PushDeliveryStatus.Sending, PushDeliveryStatus.Sent, PushDeliveryStatus.Failed] as const;
export const pushDeliveryStatus = z.enum(PUSH_DELIVERY_STATUSES, { error: 'validation.oneOf' });

/** The purpose the Master Secret is sealed under (table and column): a sealed value opens only there. */
export const PUSH_SECRET_PURPOSE = 'msg_push_provider.secret';

const required = 'validation.required';

/** Characters as a phone counts them (code points, not UTF-16 units). */
export function pushLength(text: string): number {
  return [...text].length;
}

function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** Why one alias or tag is not one JPush takes, or null when it is. */
export function audienceValueProblem(value: string): 'tooLong' | 'characters' | null {
  if (!PushPatterns.audienceValue.test(value)) return 'characters';
  if (utf8Bytes(value) > PushLimits.audienceValueBytesMax) return 'tooLong';
  return null;
}

export interface ParsedAudience {
  /** Distinct values in the order given. */
  values: string[];
  /** Values given more than once, each once. */
  duplicates: string[];
  /** Values JPush would refuse: characters outside its set. */
  badCharacters: string[];
  /** Values longer than 40 bytes. */
  tooLong: string[];
}

/** Splits the aliases or tags field: separators are commas (also full-width), spaces and line breaks. */
export function parseAudience(text: string): ParsedAudience {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  const badCharacters: string[] = [];
  const tooLong: string[] = [];
  for (const entry of text.split(PushPatterns.audienceSeparator)) {
    if (entry === '') continue;
    const problem = audienceValueProblem(entry);
    if (problem === 'characters') badCharacters.push(entry);
    else if (problem === 'tooLong') tooLong.push(entry);
    else if (seen.has(entry)) duplicates.add(entry);
    else seen.add(entry);
  }
  return { values: [...seen], duplicates: [...duplicates], badCharacters, tooLong };
}

/** The most values one push may name for an audience kind (JPush: 1000 aliases, 20 tags). */
export function audienceMax(kind: PushAudience): number {
  return kind === PushAudience.Tag ? PushLimits.tagsMax : PushLimits.aliasesMax;
}

/** What is wrong with an audience, as a message key and its values; null when it can be pushed to. */
export function audienceProblem(kind: PushAudience, parsed: ParsedAudience): { key: string; params: Record<string, string | number> } | null {
  const shown = (values: string[]) => values.slice(0, PushLimits.invalidValuesShown).join(', ');
  if (kind === PushAudience.All) {
    const given = parsed.values.length + parsed.badCharacters.length + parsed.tooLong.length;
    return given > 0 ? { key: 'validation.pushAudienceForAll', params: {} } : null;
  }
  const noun = kind === PushAudience.Tag ? 'Tag' : 'Alias';
  if (parsed.badCharacters.length > 0) return { key: `validation.push${noun}Characters`, params: { count: parsed.badCharacters.length, values: shown(parsed.badCharacters) } };
  if (parsed.tooLong.length > 0) return { key: `validation.push${noun}TooLong`, params: { count: parsed.tooLong.length, values: shown(parsed.tooLong), max: PushLimits.audienceValueBytesMax } };
  if (parsed.values.length === 0) return { key: `validation.push${noun}Required`, params: {} };
  if (parsed.values.length > audienceMax(kind)) return { key: `validation.push${noun}TooMany`, params: { max: audienceMax(kind), count: parsed.values.length } };
  return null;
}

export const pushRules = {
  providerAlias: z.string({ error: required }).trim().min(1, { message: required }).max(PushLimits.providerAliasMax, { message: 'validation.tooLong' }),
  appKey: z.string({ error: required }).trim().min(1, { message: required }).regex(PushPatterns.appKey, { message: 'validation.pushAppKey' }),
  /** The Master Secret in clear: the form checks it as typed, the server once it has opened the sealed value. */
  masterSecret: z.string({ error: required }).trim().min(1, { message: required }).regex(PushPatterns.masterSecret, { message: 'validation.pushMasterSecret' }),
  apnsProduction: z.boolean({ error: 'validation.type' }),
  title: z
    .string({ error: 'validation.type' })
    .trim()
    .refine((s) => pushLength(s) <= PushLimits.titleMax, { message: 'validation.pushTitleTooLong' })
    .default(''),
  alert: z
    .string({ error: required })
    .trim()
    .min(1, { message: 'validation.pushAlertRequired' })
    .refine((s) => pushLength(s) <= PushLimits.alertMax, { message: 'validation.pushAlertTooLong' }),
  /**
   * The aliases or tags as typed. Split, checked and de-duplicated by `audienceProblem` on the server (its
   * refusals name the bad values and the limit, which a schema message cannot carry) and in the form.
   */
  audienceText: z
    .string({ error: 'validation.type' })
    .max(PushLimits.aliasesMax * (PushLimits.audienceValueBytesMax + 2), { message: 'validation.pushAudienceTextTooLong' })
    .default(''),
} as const;

const providerFields = z.object({
  alias: pushRules.providerAlias,
  appKey: pushRules.appKey,
  apnsProduction: pushRules.apnsProduction.default(true),
});

/** Adding a provider: the Master Secret travels sealed with the transport secret, like a password. */
export const pushProviderAddForm = providerFields.extend({ secret: encryptedPassword });
export type PushProviderAddForm = z.input<typeof pushProviderAddForm>;

/** Editing a provider: a secret left out (or empty once opened) keeps the stored one. */
export const pushProviderUpdateForm = providerFields.extend({ id: rules.id, version: rules.version, secret: encryptedPassword.optional() });
export type PushProviderUpdateForm = z.input<typeof pushProviderUpdateForm>;

/** A provider as screens see it: whether a Master Secret is stored, never the secret itself. */
export const pushProviderRecord = z.object({
  id: z.number().int(),
  alias: z.string(),
  appKey: z.string(),
  apnsProduction: z.boolean(),
  secretSet: z.boolean(),
  createName: z.string(),
  createTime: z.string(),
  updateTime: z.string().nullable(),
  version: z.number().int(),
});
export type PushProviderRecord = z.infer<typeof pushProviderRecord>;

export const pushSendForm = z.object({
  providerId: rules.id,
  audienceType: pushAudience,
  audience: pushRules.audienceText,
  title: pushRules.title,
  alert: pushRules.alert,
});
export type PushSendForm = z.input<typeof pushSendForm>;

export const pushRecord = z.object({
  id: z.number().int(),
  providerId: z.number().int().nullable(),
  /** The provider's alias when the push was made (it stays when the provider is deleted). */
  providerAlias: z.string(),
  audienceType: pushAudience,
  /** The aliases or tags, empty for everyone. */
  audience: z.array(z.string()),
  title: z.string(),
  alert: z.string(),
  status: pushDeliveryStatus,
  attempts: z.number().int(),
  /** The provider's reason of the last failure (code and message), empty when none. */
  lastError: z.string(),
  /** JPush's msg_id of the delivered push. */
  msgId: z.string(),
  createName: z.string(),
  createTime: z.string(),
  sentTime: z.string().nullable(),
});
export type PushRecord = z.infer<typeof pushRecord>;

export const push = {
  providerList: endpoint({
    service: 'push',
    summary: 'Push providers by alias, a page at a time',
    method: 'POST',
    path: '/push/provider/list',
    access: Perm.pushView,
    mutation: false,
    input: z.object({ alias: rules.filterText, ...pageInput }),
    output: pageOf(pushProviderRecord),
  }),
  providerOptions: endpoint({
    service: 'push',
    summary: 'Every push provider, for the filters and the push dialog',
    method: 'GET',
    path: '/push/provider/options',
    access: Perm.pushView,
    input: z.object({}),
    output: z.array(pushProviderRecord),
  }),
  providerInfo: endpoint({
    service: 'push',
    summary: 'One push provider, for the form (never its secret)',
    method: 'POST',
    path: '/push/provider/info/:id',
    access: Perm.pushView,
    mutation: false,
    input: z.object({ id: rules.id }),
    output: pushProviderRecord,
  }),
  providerAdd: endpoint({
    service: 'push',
    summary: 'Add a push provider (JPush AppKey and Master Secret)',
    method: 'POST',
    path: '/push/provider/save',
    access: Perm.pushSave,
    input: pushProviderAddForm,
    output: z.object({ id: z.number().int() }),
    secretFields: ['secret'],
    sealedFields: ['secret'],
  }),
  providerUpdate: endpoint({
    service: 'push',
    summary: 'Update a push provider; an empty secret keeps the stored one',
    method: 'POST',
    path: '/push/provider/update',
    access: Perm.pushSave,
    input: pushProviderUpdateForm,
    output: z.object({ id: z.number().int(), version: z.number().int() }),
    secretFields: ['secret'],
    sealedFields: ['secret'],
  }),
  providerDelete: endpoint({
    service: 'push',
    summary: 'Delete push providers',
    method: 'POST',
    path: '/push/provider/delete/:ids',
    access: Perm.pushDelete,
    input: z.object({ ids: rules.idList }),
    output: undoTicket,
  }),
  send: endpoint({
    service: 'push',
    summary: 'Push a notification to everyone, aliases or tags (queued in the outbox)',
    method: 'POST',
    path: '/push/send',
    access: Perm.pushSend,
    input: pushSendForm,
    output: z.object({ recordId: z.number().int(), audienceCount: z.number().int(), duplicates: z.array(z.string()) }),
  }),
  recordList: endpoint({
    service: 'push',
    summary: 'Push records with their delivery state, a page at a time',
    method: 'POST',
    path: '/push/record/list',
    access: Perm.pushView,
    mutation: false,
    input: z.object({ providerId: rules.id.nullish(), status: pushDeliveryStatus.nullish(), text: rules.filterText, ...pageInput }),
    output: pageOf(pushRecord),
  }),
} as const;

/** What interface monitoring, its filters and its export call each endpoint of push, in the five locales. */
export const pushNames: EndpointNamesOf<typeof push> = {
  providerList: ['推送服务商列表', 'Push provider list', 'Push-Anbieter', 'プッシュプロバイダー一覧', '푸시 제공자 목록'],
  providerOptions: ['推送服务商选项', 'Push provider options', 'Push-Anbieter zur Auswahl', 'プッシュプロバイダーの選択肢', '푸시 제공자 선택지'],
  providerInfo: ['推送服务商详情', 'Push provider details', 'Push-Anbieterdetails', 'プッシュプロバイダー詳細', '푸시 제공자 상세'],
  providerAdd: ['新增推送服务商', 'Add push provider', 'Push-Anbieter hinzufügen', 'プッシュプロバイダー追加', '푸시 제공자 추가'],
  providerUpdate: ['修改推送服务商', 'Update push provider', 'Push-Anbieter ändern', 'プッシュプロバイダー更新', '푸시 제공자 수정'],
  providerDelete: ['删除推送服务商', 'Delete push providers', 'Push-Anbieter löschen', 'プッシュプロバイダー削除', '푸시 제공자 삭제'],
  send: ['发送推送', 'Send push notification', 'Push-Nachricht senden', 'プッシュ通知送信', '푸시 발송'],
  recordList: ['推送记录', 'Push records', 'Push-Einträge', 'プッシュ記録', '푸시 기록'],
};

/** The fields of the push provider or push sent snapshots the operation log keeps (labels and references; `src/shared/contract/snapshot-fields.ts`). */
export const pushSnapshotFields = {
  ...RECORD_FIELDS,
  alias: { label: 'push.alias' },
  appKey: { label: 'push.appKey' },
  apnsProduction: { label: 'push.apnsProduction' },
  secretSet: { label: 'push.secretState' },
  recordId: { label: 'operationLog.snapshot.recordId' },
  provider: { label: 'push.provider' },
  audienceType: { label: 'push.audienceType' },
  audience: { label: 'push.audienceValues' },
  duplicates: { label: 'operationLog.snapshot.duplicates' },
  title: { label: 'common.title' },
  alert: { label: 'push.alert' },
} as const satisfies SnapshotFieldTable;
