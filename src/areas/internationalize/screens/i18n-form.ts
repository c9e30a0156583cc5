import { I18nStatus } from '../../../shared/constants';
import type { I18nTextForm, I18nTextRecord } from '../contract';

export type I18nStatusValue = (typeof I18nStatus)[keyof typeof I18nStatus];
export const I18N_STATUSES: readonly I18nStatusValue[] = [I18nStatus.Usable, I18nStatus.Unusable];

/** What the dialog edits: the texts as typed and the status. */
export interface I18nDialogValues extends Record<string, unknown> {
  chinese: string;
  english: string;
  german: string;
  korean: string;
  japanese: string;
  status: I18nStatusValue;
}

/** The dialog's starting values: the record's, or blank and usable for a new text. */
export function dialogValuesOf(record: I18nTextRecord | null): I18nDialogValues {
  if (!record) return { chinese: '', english: '', german: '', korean: '', japanese: '', status: I18nStatus.Usable };
  const { chinese, english, german, korean, japanese } = record;
  return { chinese, english, german, korean, japanese, status: record.status === I18nStatus.Unusable ? I18nStatus.Unusable : I18nStatus.Usable };
}

/** The save call's input: a new text has no id; an edit carries the id and the version it was read at. */
export function saveInputOf(values: I18nDialogValues, record: I18nTextRecord | null): I18nTextForm {
  const texts = { chinese: values.chinese, english: values.english, german: values.german, korean: values.korean, japanese: values.japanese, status: values.status };
  return record ? { id: record.id, version: record.version, ...texts } : texts;
}

export function statusKey(status: number) {
  return status === I18nStatus.Usable ? ('common.usable' as const) : ('internationalize.status.unusable' as const);
}
