import type { ZodType } from 'zod';
import { classificationForm, groupForm, organForm, type ClassificationRow, type GroupRow, type OrganRow } from '../contract';
import { issuesByField } from '../../../renderer/components/form/record-form';
import type { RuleMessageKey } from '../../../renderer/i18n/message-key';

/** The values of the three dialogs and their rules, which are the contract's (../contract.ts). */

export type GroupValues = { name: string; number: string; remark: string };
export type OrganValues = GroupValues & { groupId: number | null };
export type ClassificationValues = GroupValues & { type: string; deptId: number | null };

export const NEW_GROUP: GroupValues = { name: '', number: '', remark: '' };
export const NEW_ORGAN: OrganValues = { ...NEW_GROUP, groupId: null };
export const NEW_CLASSIFICATION: ClassificationValues = { ...NEW_GROUP, type: '', deptId: null };

export const groupValuesOf = (row: GroupRow): GroupValues => ({ name: row.name, number: row.number, remark: row.remark });
export const organValuesOf = (row: OrganRow): OrganValues => ({ name: row.name, number: row.number, remark: row.remark, groupId: row.groupId });
export const classificationValuesOf = (row: ClassificationRow): ClassificationValues => ({ name: row.name, number: row.number, remark: row.remark, type: row.type, deptId: row.deptId });

/** A dialog's schema and fields: its issues by field (the first rule each breaks) and the payload once there are none. */
export interface DialogRules<V> {
  schema: ZodType;
  fields: readonly (keyof V & string)[];
  /** The values as the contract reads them: an unchosen select is absent. */
  draft: (values: V) => Record<string, unknown>;
}

export const groupRules: DialogRules<GroupValues> = { schema: groupForm, fields: ['name', 'number', 'remark'], draft: (v) => ({ ...v }) };
export const organRules: DialogRules<OrganValues> = { schema: organForm, fields: ['name', 'number', 'groupId', 'remark'], draft: (v) => ({ ...v, groupId: v.groupId ?? undefined }) };
export const classificationRules: DialogRules<ClassificationValues> = { schema: classificationForm, fields: ['name', 'number', 'type', 'deptId', 'remark'], draft: (v) => ({ ...v }) };

export function issuesOf<V>(rules: DialogRules<V>, values: V): Partial<Record<keyof V & string, RuleMessageKey>> {
  return issuesByField(rules.schema, rules.draft(values), rules.fields);
}

export function payloadOf<V, P>(rules: DialogRules<V>, values: V): P {
  return rules.schema.parse(rules.draft(values)) as P;
}
