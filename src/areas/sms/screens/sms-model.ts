import { smsSignatureForm, smsTemplateForm, type SmsSignatureForm, type SmsSignatureRecord, type SmsTemplateForm, type SmsTemplateRecord } from '../contract';
import { issuesByField } from '../../../renderer/components/form/record-form';
import type { MessageKey, RuleMessageKey } from '../../../renderer/i18n/message-key';

/** The values and rules of the template and signature forms: the contract's own schemas. */

export type TemplateFormValues = { name: string; type: number | null; templateCode: string; content: string };
export type TemplateField = keyof TemplateFormValues;
export const TEMPLATE_FIELDS: readonly TemplateField[] = ['name', 'type', 'templateCode', 'content'];

export function templateValuesOf(record: SmsTemplateRecord | null): TemplateFormValues {
  return { name: record?.name ?? '', type: record?.type ?? null, templateCode: record?.templateCode ?? '', content: record?.content ?? '' };
}

export function templatePayload(values: TemplateFormValues): SmsTemplateForm {
  return { name: values.name, type: (values.type ?? -1) as SmsTemplateForm['type'], templateCode: values.templateCode, content: values.content };
}

export function templateFormIssues(values: TemplateFormValues): Partial<Record<TemplateField, RuleMessageKey>> {
  return issuesByField(smsTemplateForm, templatePayload(values), TEMPLATE_FIELDS);
}

export function templateFieldLabelKey(field: string): MessageKey | null {
  const labels: Record<string, MessageKey> = { name: 'sms.templateName', type: 'sms.templateType', templateCode: 'sms.templateCode', content: 'sms.templateContent' };
  return labels[field] ?? null;
}

export type SignatureFormValues = { name: string; remark: string };
export type SignatureField = keyof SignatureFormValues;
export const SIGNATURE_FIELDS: readonly SignatureField[] = ['name', 'remark'];

export function signatureValuesOf(record: SmsSignatureRecord | null): SignatureFormValues {
  return { name: record?.name ?? '', remark: record?.remark ?? '' };
}

export function signaturePayload(values: SignatureFormValues): SmsSignatureForm {
  return { name: values.name, remark: values.remark };
}

export function signatureFormIssues(values: SignatureFormValues): Partial<Record<SignatureField, RuleMessageKey>> {
  return issuesByField(smsSignatureForm, signaturePayload(values), SIGNATURE_FIELDS);
}

export function signatureFieldLabelKey(field: string): MessageKey | null {
  const labels: Record<string, MessageKey> = { name: 'sms.signatureName', remark: 'common.remark' };
  return labels[field] ?? null;
}

/** The message key of a template type (0 code, 1 notice, 2 promotion). */
export function templateTypeKey(type: number): MessageKey {
  return `sms.type${type}` as MessageKey;
}
