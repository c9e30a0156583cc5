import { categoryForm, InfoSwitch, type CategoryForm, type CategoryRecord } from '../contract';
import { issuesByField } from '../../../renderer/components/form/record-form';
import type { MessageKey, RuleMessageKey } from '../../../renderer/i18n/message-key';

/** The category form's values and rules (spec 001 §5 Information category form): the contract's own schema. */

export type CategoryFormValues = {
  systemCode: number | null;
  name: string;
  haveImage: boolean;
  imageDesc: string;
  enable: boolean;
};

export type CategoryField = keyof CategoryFormValues;

export const CATEGORY_FIELDS: readonly CategoryField[] = ['systemCode', 'name', 'haveImage', 'imageDesc', 'enable'];

/** A new category is usable (spec 001 §4). */
export function categoryValuesOf(record: CategoryRecord | null): CategoryFormValues {
  return {
    systemCode: record?.systemCode ?? null,
    name: record?.name ?? '',
    haveImage: record?.haveImage === InfoSwitch.On,
    imageDesc: record?.imageDesc ?? '',
    enable: record ? record.enable === InfoSwitch.On : true,
  };
}

const switchOf = (on: boolean) => (on ? InfoSwitch.On : InfoSwitch.Off);

/** The payload of a save: the image description only travels with an image. */
export function categoryPayload(values: CategoryFormValues): CategoryForm {
  return {
    systemCode: values.systemCode ?? 0,
    name: values.name,
    haveImage: switchOf(values.haveImage),
    imageDesc: values.haveImage ? values.imageDesc : '',
    enable: switchOf(values.enable),
  };
}

/** The fields a save checks: the image description only while it is on view. */
export function categoryCheckedFields(values: CategoryFormValues): readonly CategoryField[] {
  return values.haveImage ? CATEGORY_FIELDS : CATEGORY_FIELDS.filter((field) => field !== 'imageDesc');
}

export function categoryFormIssues(values: CategoryFormValues): Partial<Record<CategoryField, RuleMessageKey>> {
  return issuesByField(categoryForm, categoryPayload(values), CATEGORY_FIELDS);
}

/** The update a list's enable switch sends: the row as stored, with the switch turned (spec 001 §7: through the update call). */
export function enableSwitchPayload(row: CategoryRecord, enable: boolean) {
  return { id: row.id, version: row.version, systemCode: row.systemCode, name: row.name, haveImage: row.haveImage as 0 | 1, imageDesc: row.imageDesc, enable: switchOf(enable) };
}

export function categoryFieldLabelKey(field: string): MessageKey | null {
  const labels: Record<string, MessageKey> = {
    systemCode: 'common.ownedBySystem',
    name: 'infoCategory.name',
    haveImage: 'infoCategory.haveImage',
    imageDesc: 'infoCategory.imageDesc',
    enable: 'infoCategory.enable',
  };
  return labels[field] ?? null;
}
