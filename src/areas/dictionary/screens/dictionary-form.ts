import { DictStatus, DictUpdatable, LOCALES, type Locale } from '../../../shared/constants';
import { dictionaryAddForm, type DictionaryAddForm, type DictionaryNode, type DictionaryRecord } from '../contract';
import { issuesByField, splitFieldMessage } from '../../../renderer/components/form/record-form';
import type { RuleMessageKey } from '../../../renderer/i18n/message-key';

/**
 * The dictionary form's values and rules (spec 001 §5): the contract's own schema (`dictionaryAddForm`, the
 * one the server validates with) judges the payload the form would send, so the screen and the server agree.
 * The language rows live beside the values; each row's problem shows on the row.
 */

export type DictStatusValue = (typeof DictStatus)[keyof typeof DictStatus];
export type DictUpdatableValue = (typeof DictUpdatable)[keyof typeof DictUpdatable];

export type DictionaryFormValues = {
  dictNo: string;
  dictName: string;
  /** As typed. */
  dictOrder: string;
  status: DictStatusValue;
  updated: DictUpdatableValue;
};

export type DictionaryField = keyof DictionaryFormValues;

/** A language row of the form: `key` tells rows apart while they are edited. */
export interface NameRow {
  key: number;
  langId: Locale;
  langName: string;
}

export const NEW_DICTIONARY_VALUES: DictionaryFormValues = { dictNo: '', dictName: '', dictOrder: '0', status: DictStatus.Use, updated: DictUpdatable.Yes };

export const DICTIONARY_FIELDS = Object.keys(NEW_DICTIONARY_VALUES) as DictionaryField[];

export function valuesOfRecord(record: DictionaryRecord): DictionaryFormValues {
  return {
    dictNo: record.dictNo,
    dictName: record.dictName,
    dictOrder: String(record.dictOrder),
    status: record.status === DictStatus.Stop ? DictStatus.Stop : DictStatus.Use,
    updated: record.updated === DictUpdatable.No ? DictUpdatable.No : DictUpdatable.Yes,
  };
}

function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

export function nameRowsOf(record: DictionaryRecord | null): NameRow[] {
  return (record?.names ?? []).filter((name) => isLocale(name.langId)).map((name, index) => ({ key: index + 1, langId: name.langId as Locale, langName: name.langName }));
}

/** The language a new row starts with: the first one no row has yet, or null when every language has one. */
export function nextFreeLocale(rows: readonly NameRow[]): Locale | null {
  return LOCALES.find((locale) => !rows.some((row) => row.langId === locale)) ?? null;
}

/**
 * The order typed. Blank is missing (the field is required); text that is no number becomes -1, which the
 * contract refuses with its own message.
 */
export function dictOrderOf(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  return Number.isNaN(value) ? -1 : value;
}

/** What the form sends (without the parent, the id or the version), once its checks passed (a blank order is refused before). */
export function dictionaryPayload(values: DictionaryFormValues, rows: readonly NameRow[]): Omit<DictionaryAddForm, 'parentId'> {
  return {
    dictNo: values.dictNo,
    dictName: values.dictName,
    dictOrder: dictOrderOf(values.dictOrder) ?? 0,
    status: values.status,
    updated: values.updated,
    names: rows.map((row) => ({ langId: row.langId, langName: row.langName })),
  };
}

/** The contract's verdict on the fields: the rule key of each field's first issue. */
export function contractIssues(values: DictionaryFormValues): Partial<Record<DictionaryField, RuleMessageKey>> {
  return issuesByField(dictionaryAddForm, { ...dictionaryPayload(values, []), dictOrder: dictOrderOf(values.dictOrder) }, DICTIONARY_FIELDS);
}

/** The contract's verdict on the language rows, by row key: 'langId' or 'langName' and the rule broken. */
export function nameRowIssues(rows: readonly NameRow[]): Map<number, { field: 'langId' | 'langName'; key: RuleMessageKey }> {
  const issues = new Map<number, { field: 'langId' | 'langName'; key: RuleMessageKey }>();
  const result = dictionaryAddForm.shape.names.safeParse(rows.map((row) => ({ langId: row.langId, langName: row.langName })));
  if (result.success) return issues;
  for (const issue of result.error.issues) {
    const [index, field] = issue.path;
    const row = typeof index === 'number' ? rows[index] : undefined;
    if (!row || issues.has(row.key) || (field !== 'langId' && field !== 'langName')) continue;
    issues.set(row.key, { field, key: issue.message.startsWith('validation.') ? (issue.message as RuleMessageKey) : 'validation.format' });
  }
  return issues;
}

/** A refusal the server pinned on a form field ('dictNo: …'), split so the screen can name the field in its words. */
export function fieldOfServerMessage(msg: string): { field: DictionaryField; text: string } | null {
  const pinned = splitFieldMessage(msg);
  return pinned && (DICTIONARY_FIELDS as string[]).includes(pinned.field) ? { field: pinned.field as DictionaryField, text: pinned.text } : null;
}

/** Every node of the trees, depth first. */
export function* walkDictionaries(nodes: readonly DictionaryNode[]): Generator<DictionaryNode> {
  for (const node of nodes) {
    yield node;
    yield* walkDictionaries(node.children);
  }
}

export function dictionaryIdsOf(nodes: readonly DictionaryNode[]): ReadonlySet<number> {
  return new Set(Array.from(walkDictionaries(nodes), (node) => node.id));
}

/** The parent a new node goes under, from the form route's `?parentId=`: null for a new dictionary, 'invalid' for nonsense. */
export function parentIdOf(search: string | null): number | null | 'invalid' {
  if (search === null || search === '') return null;
  return /^[1-9]\d{0,9}$/.test(search) && Number(search) <= 2_147_483_647 ? Number(search) : 'invalid';
}
