import { ApiKeyStatus, apiKeyAddForm, type ApiKeyAddForm, type ApiKeyRow } from '../contract';
import { issuesByField } from '../../../renderer/components/form/record-form';
import type { RuleMessageKey } from '../../../renderer/i18n/message-key';

/** The system API key dialog's values and rules (spec 001 §5): system, application and status required, as the contract says. */

export type ApiKeyStatusValue = (typeof ApiKeyStatus)[keyof typeof ApiKeyStatus];

export type KeyFormValues = {
  systemCode: number | null;
  apiCode: string;
  status: ApiKeyStatusValue | null;
};

export type KeyField = keyof KeyFormValues;
const KEY_FIELDS: readonly KeyField[] = ['systemCode', 'apiCode', 'status'];

/** A new key: nothing chosen yet, usable. */
export const NEW_KEY_VALUES: KeyFormValues = { systemCode: null, apiCode: '', status: ApiKeyStatus.Usable };

export function valuesOfRow(row: ApiKeyRow): KeyFormValues {
  return { systemCode: row.systemCode, apiCode: row.apiCode, status: row.status === ApiKeyStatus.NotInUse ? ApiKeyStatus.NotInUse : ApiKeyStatus.Usable };
}

function draftOf(values: KeyFormValues): Record<KeyField, unknown> {
  return { systemCode: values.systemCode ?? undefined, apiCode: values.apiCode === '' ? undefined : values.apiCode, status: values.status ?? undefined };
}

/** The contract's verdict: the rule key of each field's first issue. */
export function keyIssues(values: KeyFormValues): Partial<Record<KeyField, RuleMessageKey>> {
  return issuesByField(apiKeyAddForm, draftOf(values), KEY_FIELDS);
}

/** What the dialog sends, once `keyIssues` found nothing. */
export function keyPayload(values: KeyFormValues): ApiKeyAddForm {
  return apiKeyAddForm.parse(draftOf(values));
}
