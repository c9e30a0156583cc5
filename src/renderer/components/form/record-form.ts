import type { TFunction } from 'i18next';
import type { ZodType } from 'zod';
import { ResponseCode } from '../../../shared/codes';
import { NEW_RECORD_ID } from '../../../shared/routes';
import { isBridgeError } from '../../bridge/bridge-error';
import { isRuleMessageKey, type MessageKey, type RuleMessageKey } from '../../i18n/message-key';

/** The pure rules of a record form: which record the route asks for, the contract's verdict per field, pinned refusals. */

export type RecordAddress = { mode: 'add' } | { mode: 'edit'; id: number } | { mode: 'invalid' };

/** A form's route id (spec 000 §2): the literal 'null' adds, a positive whole number edits that record. */
export function recordAddress(param: string | undefined): RecordAddress {
  if (param === NEW_RECORD_ID) return { mode: 'add' };
  if (param === undefined || !/^[1-9]\d*$/.test(param)) return { mode: 'invalid' };
  const id = Number(param);
  return Number.isSafeInteger(id) ? { mode: 'edit', id } : { mode: 'invalid' };
}

/**
 * The contract's verdict on a payload: the rule key of each listed field's first issue. An issue deep in
 * a field (a row of a list) counts for the field; a message that is no rule key means a value of the wrong form.
 */
export function issuesByField<F extends string>(schema: ZodType, payload: unknown, fields: readonly F[]): Partial<Record<F, RuleMessageKey>> {
  const issues: Partial<Record<F, RuleMessageKey>> = {};
  const result = schema.safeParse(payload);
  if (result.success) return issues;
  const known = new Set<string>(fields);
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !known.has(field) || field in issues) continue;
    issues[field as F] = isRuleMessageKey(issue.message) ? issue.message : 'validation.format';
  }
  return issues;
}

/**
 * A refusal the server pinned on a field puts the field first ('deptId: …', see src/server/app.ts); inside
 * a list of the form the path goes on ('userDataAuthorityList.0.classificationId: …') and the form's field
 * is its first name.
 */
export function splitFieldMessage(msg: string): { field: string; text: string } | null {
  const match = /^([A-Za-z][A-Za-z0-9]*)(?:\.[A-Za-z0-9]+)*: (.+)$/s.exec(msg);
  return match ? { field: match[1]!, text: match[2]! } : null;
}

/**
 * A record form's `namePinnedField` for fields named by label keys: 'deptId: …' reads 'Organisation: …'.
 * `split` finds the form's field in the refusal (`splitFieldMessage` by default); a field it or `labelKeyOf`
 * does not know (null) is none of the form's, and the refusal stays as the server said it.
 */
export function namePinnedFieldBy<F extends string = string, V = unknown>(
  t: TFunction,
  labelKeyOf: (field: F, values: V) => MessageKey | null,
  split: (msg: string) => { field: F; text: string } | null = splitFieldMessage as (msg: string) => { field: F; text: string } | null,
): (msg: string, values: V) => string | null {
  return (msg, values) => {
    const pinned = split(msg);
    const labelKey = pinned ? labelKeyOf(pinned.field, values) : null;
    return pinned && labelKey ? `${t(labelKey)}: ${pinned.text}` : null;
  };
}

/** The refusals the server pins on one input field ('dictNo: …'): a bad value (A0400) or a value already taken (A0409). */
export function isPinnableRefusal(error: Error): boolean {
  return isBridgeError(error) && (error.code === ResponseCode.InvalidInput || error.code === ResponseCode.Conflict);
}

/** A server refusal shown under the field it is about, while that field still holds the value refused. */
export interface PinnedRefusal<F extends string = string> {
  field: F;
  text: string;
  value: unknown;
}

/**
 * The refusal of `error` pinned on one of the form's fields (one of `values`' names), with the value it refused;
 * null when it names none of them (then it is the form's failure, said above the actions).
 */
export function pinnedRefusalOf<V extends Record<string, unknown>>(error: Error, values: V): PinnedRefusal<keyof V & string> | null {
  if (!isBridgeError(error) || !isPinnableRefusal(error)) return null;
  const pinned = splitFieldMessage(error.msg);
  if (!pinned || !Object.hasOwn(values, pinned.field)) return null;
  const field = pinned.field as keyof V & string;
  return { field, text: pinned.text.charAt(0).toLocaleUpperCase() + pinned.text.slice(1), value: values[field] };
}

/** The text of a pinned refusal for `field` while the field holds the refused value; undefined once it is changed. */
export function pinnedTextFor<V extends Record<string, unknown>>(pinned: PinnedRefusal | null, field: keyof V & string, values: V): string | undefined {
  return pinned && pinned.field === field && sameContent(pinned.value, values[field]) ? pinned.text : undefined;
}

/** Whether two form states hold the same plain data (values, picked roles, table rows). */
export function sameContent(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
