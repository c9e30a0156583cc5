import { z } from 'zod';
import { Perm } from '../../shared/permissions';
import { choice, pageOf, rules, SmsLimits, SmsPatterns, pageInput } from '../../shared/rules';
import { endpoint } from '../../shared/contract/endpoint';
import { undoTicket } from '../../shared/contract/undo';
import type { EndpointNamesOf } from '../../shared/local-names';
import { RECORD_FIELDS, type SnapshotFieldTable } from '../../shared/contract/snapshot-fields';

/**
 * SMS (spec 001 §2 /templateManage, /addTemplete/{id}, /signatureManage, /addSignMsg/{id}, /sendingSMS,
 * /sendManage, /sendCenter; §3 Message template, Signature; §5 Messaging hints; issue 12). A send is written
 * to the outbox in the transaction of its batch and delivered by the outbox worker through the provider
 * (Alibaba Cloud SMS, SendSms), one request per number with the number's idempotency key as OutId.
 */

/** Template types, as the provider files them: 0 verification code, 1 notification, 2 promotion. */
export const SmsTemplateType = { Code: 0, Notice: 1, Promotion: 2 } as const;
export const smsTemplateType = choice([SmsTemplateType.Code, SmsTemplateType.Notice, SmsTemplateType.Promotion]);

/** A new template is inactive; only active templates are offered for sending. */
export const SmsTemplateStatus = { Inactive: 0, Active: 1 } as const;

/** The delivery state of one number (its outbox row's). */
export const SmsDeliveryStatus = { Pending: 'pending', Sending: 'sending', Sent: 'sent', Failed: 'failed' } as const;
export type SmsDeliveryStatus = (typeof SmsDeliveryStatus)[keyof typeof SmsDeliveryStatus];
export const smsDeliveryStatus = z.enum([SmsDeliveryStatus.Pending, SmsDeliveryStatus.Sending, SmsDeliveryStatus.Sent, SmsDeliveryStatus.Failed], { error: 'validation.oneOf' });

const required = 'validation.required';

/** The variable names of a template's content, each once, in the order they first appear. */
export function templateVariables(content: string): string[] {
  return [...new Set([...content.matchAll(SmsPatterns.variable)].map((match) => match[1]!))];
}

/** The content with every `${name}` replaced by its value (a missing value leaves the placeholder). */
export function fillTemplate(content: string, params: Readonly<Record<string, string>>): string {
  return content.replace(SmsPatterns.variable, (placeholder, name: string) => params[name] ?? placeholder);
}

/** The text the recipient reads: the signature in 【】 before the filled content. */
export function finalText(signName: string, content: string, params: Readonly<Record<string, string>>): string {
  return `【${signName}】${fillTemplate(content, params)}`;
}

/** Characters as a phone counts them (code points, not UTF-16 units). */
export function smsLength(text: string): number {
  return [...text].length;
}

export interface ParsedRecipients {
  /** Distinct numbers in the order given. */
  numbers: string[];
  /** Numbers given more than once, each once. */
  duplicates: string[];
  /** Entries that are not mobile numbers. */
  invalid: string[];
}

/** Splits the recipients field: separators are commas (also full-width), spaces and line breaks. */
export function parseRecipients(text: string): ParsedRecipients {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  const invalid: string[] = [];
  for (const entry of text.split(SmsPatterns.recipientSeparator)) {
    if (entry === '') continue;
    if (!SmsPatterns.mobile.test(entry)) invalid.push(entry);
    else if (seen.has(entry)) duplicates.add(entry);
    else seen.add(entry);
  }
  return { numbers: [...seen], duplicates: [...duplicates], invalid };
}

/** What is wrong with a recipients field, as a message key and its values; null when it can be sent. */
export function recipientProblem(parsed: ParsedRecipients): { key: string; params: Record<string, string | number> } | null {
  if (parsed.invalid.length > 0) return { key: 'validation.recipientsInvalid', params: { numbers: parsed.invalid.slice(0, SmsLimits.invalidNumbersShown).join(', '), count: parsed.invalid.length } };
  if (parsed.numbers.length === 0) return { key: 'validation.recipientsRequired', params: {} };
  if (parsed.numbers.length > SmsLimits.recipientsMax) return { key: 'validation.recipientsTooMany', params: { max: SmsLimits.recipientsMax, count: parsed.numbers.length } };
  return null;
}

export const smsRules = {
  templateName: z
    .string({ error: required })
    .trim()
    .min(1, { message: required })
    .refine((s) => smsLength(s) >= SmsLimits.templateNameMin && smsLength(s) <= SmsLimits.templateNameMax, { message: 'validation.templateNameLength' }),
  templateCode: z
    .string({ error: required })
    .trim()
    .min(1, { message: required })
    .max(SmsLimits.templateCodeMax, { message: 'validation.tooLong' })
    .regex(SmsPatterns.templateCode, { message: 'validation.templateCodePattern' }),
  templateContent: z
    .string({ error: required })
    .trim()
    .min(1, { message: required })
    .refine((s) => smsLength(s) <= SmsLimits.templateContentMax, { message: 'validation.tooLong' }),
  signatureName: z
    .string({ error: required })
    .trim()
    .min(1, { message: required })
    .refine((s) => smsLength(s) >= SmsLimits.signatureNameMin && smsLength(s) <= SmsLimits.signatureNameMax, { message: 'validation.signatureNameLength' })
    .refine((s) => !/[【】[\]]/.test(s), { message: 'validation.signatureNameBrackets' }),
  remark: z.string().trim().max(SmsLimits.signatureRemarkMax, { message: 'validation.tooLong' }).default(''),
  /**
   * The recipients as typed. Split, checked and de-duplicated by `recipientProblem` on the server (its
   * refusals name the bad numbers and the limit, which a schema message cannot carry) and in the form.
   */
  recipients: z.string({ error: 'validation.recipientsRequired' }).max(SmsLimits.recipientsMax * 24, { message: 'validation.recipientsTextTooLong' }),
  /** Values of the template's variables, by name. */
  params: z.record(
    z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { message: 'validation.variableName' })
      .max(50, { message: 'validation.tooLong' }),
    z
      .string({ error: 'validation.variableValue' })
      .trim()
      .refine((s) => smsLength(s) <= SmsLimits.variableValueMax, { message: 'validation.variableValue' }),
    { error: 'validation.variableValue' },
  ),
} as const;

const templateFields = z.object({
  name: smsRules.templateName,
  type: smsTemplateType,
  templateCode: smsRules.templateCode,
  content: smsRules.templateContent,
});

export const smsTemplateForm = templateFields;
export type SmsTemplateForm = z.input<typeof smsTemplateForm>;
export const smsTemplateUpdateForm = templateFields.extend({ id: rules.id, version: rules.version });
export type SmsTemplateUpdateForm = z.input<typeof smsTemplateUpdateForm>;

export const smsTemplateRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.number().int(),
  templateCode: z.string(),
  content: z.string(),
  /** The variables of the content, in order. */
  variables: z.array(z.string()),
  status: z.number().int(),
  createTime: z.string(),
  version: z.number().int(),
});
export type SmsTemplateRecord = z.infer<typeof smsTemplateRecord>;

const signatureFields = z.object({ name: smsRules.signatureName, remark: smsRules.remark });
export const smsSignatureForm = signatureFields;
export type SmsSignatureForm = z.input<typeof smsSignatureForm>;
export const smsSignatureUpdateForm = signatureFields.extend({ id: rules.id, version: rules.version });
export type SmsSignatureUpdateForm = z.input<typeof smsSignatureUpdateForm>;

export const smsSignatureRecord = z.object({ id: z.number().int(), name: z.string(), remark: z.string(), createTime: z.string(), version: z.number().int() });
export type SmsSignatureRecord = z.infer<typeof smsSignatureRecord>;

export const smsSendForm = z.object({
  templateId: rules.id,
  signatureId: rules.id,
  params: smsRules.params.default({}),
  phones: smsRules.recipients,
});
export type SmsSendForm = z.input<typeof smsSendForm>;

/** Counts of a batch's numbers by delivery state. */
const deliveryCounts = {
  total: z.number().int(),
  pending: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
};

export const smsBatchRecord = z.object({
  id: z.number().int(),
  templateName: z.string(),
  signName: z.string(),
  content: z.string(),
  duplicates: z.number().int(),
  createName: z.string(),
  createTime: z.string(),
  ...deliveryCounts,
});
export type SmsBatchRecord = z.infer<typeof smsBatchRecord>;

export const smsSendRecord = z.object({
  id: z.number().int(),
  batchId: z.number().int(),
  phone: z.string(),
  content: z.string(),
  templateName: z.string(),
  status: smsDeliveryStatus,
  attempts: z.number().int(),
  /** The provider's reason of the last failure (code and message), empty when none. */
  lastError: z.string(),
  /** The provider's id of the delivered message (BizId). */
  providerMessageId: z.string(),
  createTime: z.string(),
  sentTime: z.string().nullable(),
});
export type SmsSendRecord = z.infer<typeof smsSendRecord>;

export const sms = {
  templateList: endpoint({
    service: 'sms',
    summary: 'SMS templates by name and status, a page at a time',
    method: 'POST',
    path: '/sms/template/list',
    access: Perm.templateView,
    mutation: false,
    input: z.object({ name: rules.filterText, status: choice([SmsTemplateStatus.Inactive, SmsTemplateStatus.Active]).nullish(), ...pageInput }),
    output: pageOf(smsTemplateRecord),
  }),
  templateInfo: endpoint({
    service: 'sms',
    summary: 'One SMS template, for the form',
    method: 'POST',
    path: '/sms/template/info/:id',
    access: Perm.templateView,
    mutation: false,
    input: z.object({ id: rules.id }),
    output: smsTemplateRecord,
  }),
  templateAdd: endpoint({
    service: 'sms',
    summary: 'Add an SMS template (inactive)',
    method: 'POST',
    path: '/sms/template/save',
    access: Perm.templateSave,
    input: smsTemplateForm,
    output: z.object({ id: z.number().int() }),
  }),
  templateUpdate: endpoint({
    service: 'sms',
    summary: 'Update an SMS template',
    method: 'POST',
    path: '/sms/template/update',
    access: Perm.templateSave,
    input: smsTemplateUpdateForm,
    output: z.object({ id: z.number().int(), version: z.number().int() }),
  }),
  templateActivate: endpoint({
    service: 'sms',
    summary: 'Activate an SMS template',
    method: 'POST',
    path: '/sms/template/activate',
    access: Perm.templateActivate,
    input: z.object({ id: rules.id, version: rules.version }),
    output: z.object({ id: z.number().int(), version: z.number().int() }),
  }),
  templateDelete: endpoint({
    service: 'sms',
    summary: 'Delete SMS templates',
    method: 'POST',
    path: '/sms/template/delete/:ids',
    access: Perm.templateDelete,
    input: z.object({ ids: rules.idList }),
    output: undoTicket,
  }),
  signatureList: endpoint({
    service: 'sms',
    summary: 'SMS signatures by name, a page at a time',
    method: 'POST',
    path: '/sms/signature/list',
    access: Perm.signatureView,
    mutation: false,
    input: z.object({ name: rules.filterText, ...pageInput }),
    output: pageOf(smsSignatureRecord),
  }),
  signatureInfo: endpoint({
    service: 'sms',
    summary: 'One SMS signature, for the form',
    method: 'POST',
    path: '/sms/signature/info/:id',
    access: Perm.signatureView,
    mutation: false,
    input: z.object({ id: rules.id }),
    output: smsSignatureRecord,
  }),
  signatureAdd: endpoint({
    service: 'sms',
    summary: 'Add an SMS signature',
    method: 'POST',
    path: '/sms/signature/save',
    access: Perm.signatureSave,
    input: smsSignatureForm,
    output: z.object({ id: z.number().int() }),
  }),
  signatureUpdate: endpoint({
    service: 'sms',
    summary: 'Update an SMS signature',
    method: 'POST',
    path: '/sms/signature/update',
    access: Perm.signatureSave,
    input: smsSignatureUpdateForm,
    output: z.object({ id: z.number().int(), version: z.number().int() }),
  }),
  signatureDelete: endpoint({
    service: 'sms',
    summary: 'Delete SMS signatures',
    method: 'POST',
    path: '/sms/signature/delete/:ids',
    access: Perm.signatureDelete,
    input: z.object({ ids: rules.idList }),
    output: undoTicket,
  }),
  sendOptions: endpoint({
    service: 'sms',
    summary: 'The active templates and the signatures a send can use',
    method: 'GET',
    path: '/sms/send/options',
    access: Perm.smsSendView,
    input: z.object({}),
    output: z.object({ templates: z.array(smsTemplateRecord), signatures: z.array(smsSignatureRecord) }),
  }),
  send: endpoint({
    service: 'sms',
    summary: 'Send an SMS to up to 1000 numbers (queued in the outbox)',
    method: 'POST',
    path: '/sms/send',
    access: Perm.smsSend,
    input: smsSendForm,
    output: z.object({ batchId: z.number().int(), total: z.number().int(), duplicates: z.array(z.string()), text: z.string() }),
  }),
  batchList: endpoint({
    service: 'sms',
    summary: 'SMS batches with their delivery counts, a page at a time',
    method: 'POST',
    path: '/sms/batch/list',
    access: Perm.sendCenterView,
    mutation: false,
    input: z.object({ templateName: rules.filterText, ...pageInput }),
    output: pageOf(smsBatchRecord),
  }),
  recordList: endpoint({
    service: 'sms',
    summary: 'SMS send records, one per number, a page at a time',
    method: 'POST',
    path: '/sms/record/list',
    // The send records screen and the send centre's batch details both list them: the handler asks for
    // smsRecordView or sendCenterView.
    access: 'session',
    mutation: false,
    input: z.object({
      phone: rules.filterText,
      status: smsDeliveryStatus.nullish(),
      batchId: rules.id.nullish(),
      ...pageInput,
    }),
    output: pageOf(smsSendRecord),
  }),
} as const;

/** What interface monitoring, its filters and its export call each endpoint of sms, in the five locales. */
export const smsNames: EndpointNamesOf<typeof sms> = {
  templateList: ['短信模板列表', 'SMS template list', 'SMS-Vorlagen', 'SMSテンプレート一覧', 'SMS 템플릿 목록'],
  templateInfo: ['短信模板详情', 'SMS template details', 'SMS-Vorlagendetails', 'SMSテンプレート詳細', 'SMS 템플릿 상세'],
  templateAdd: ['新增短信模板', 'Add SMS template', 'SMS-Vorlage hinzufügen', 'SMSテンプレート追加', 'SMS 템플릿 추가'],
  templateUpdate: ['修改短信模板', 'Update SMS template', 'SMS-Vorlage ändern', 'SMSテンプレート更新', 'SMS 템플릿 수정'],
  templateActivate: ['启用短信模板', 'Activate SMS template', 'SMS-Vorlage aktivieren', 'SMSテンプレート有効化', 'SMS 템플릿 활성화'],
  templateDelete: ['删除短信模板', 'Delete SMS templates', 'SMS-Vorlagen löschen', 'SMSテンプレート削除', 'SMS 템플릿 삭제'],
  signatureList: ['短信签名列表', 'SMS signature list', 'SMS-Signaturen', 'SMS署名一覧', 'SMS 서명 목록'],
  signatureInfo: ['短信签名详情', 'SMS signature details', 'SMS-Signaturdetails', 'SMS署名詳細', 'SMS 서명 상세'],
  signatureAdd: ['新增短信签名', 'Add SMS signature', 'SMS-Signatur hinzufügen', 'SMS署名追加', 'SMS 서명 추가'],
  signatureUpdate: ['修改短信签名', 'Update SMS signature', 'SMS-Signatur ändern', 'SMS署名更新', 'SMS 서명 수정'],
  signatureDelete: ['删除短信签名', 'Delete SMS signatures', 'SMS-Signaturen löschen', 'SMS署名削除', 'SMS 서명 삭제'],
  sendOptions: ['短信发送选项', 'SMS send options', 'SMS-Versandoptionen', 'SMS送信オプション', 'SMS 발송 옵션'],
  send: ['发送短信', 'Send SMS', 'SMS senden', 'SMS送信', 'SMS 발송'],
  batchList: ['短信批次列表', 'SMS batches', 'SMS-Stapel', 'SMSバッチ一覧', 'SMS 배치 목록'],
  recordList: ['短信发送记录', 'SMS send records', 'SMS-Versandeinträge', 'SMS送信記録', 'SMS 발송 기록'],
};

/** The fields of the SMS template snapshots the operation log keeps (labels; `src/shared/contract/snapshot-fields.ts`). */
export const smsTemplateSnapshotFields = {
  ...RECORD_FIELDS,
  name: { label: 'sms.templateName' },
  type: { label: 'sms.templateType' },
  templateCode: { label: 'sms.templateCode' },
  content: { label: 'sms.templateContent' },
  status: { label: 'common.status' },
} as const satisfies SnapshotFieldTable;

/** The fields of the SMS signature snapshots the operation log keeps. */
export const smsSignatureSnapshotFields = {
  ...RECORD_FIELDS,
  name: { label: 'sms.signatureName' },
  remark: { label: 'common.remark' },
} as const satisfies SnapshotFieldTable;

/** The fields of an SMS batch sent, as the operation log keeps it. */
export const smsSendSnapshotFields = {
  batchId: { label: 'operationLog.snapshot.recordId' },
  template: { label: 'sms.templateName' },
  signature: { label: 'sms.signatureName' },
  text: { label: 'common.content' },
  total: { label: 'operationLog.snapshot.total' },
  duplicates: { label: 'operationLog.snapshot.duplicates' },
} as const satisfies SnapshotFieldTable;
