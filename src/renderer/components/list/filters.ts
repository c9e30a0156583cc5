import { rules } from '../../../shared/rules';

/** The longest filter text the list calls take, read from the shared rule so that the inputs stop where the server does. */
export const FILTER_TEXT_MAX: number = maxLengthOf(rules.filterText.in.unwrap().maxLength);

function maxLengthOf(length: number | null): number {
  if (length === null) throw new Error('rules.filterText has no maximum length');
  return length;
}

/** A list's filter values: texts, choices and ids. */
export type FilterValues = Record<string, string | number | boolean | null>;

/** Whether two sets of filters ask for the same rows: texts compare trimmed, as the server reads them. */
export function sameFilters<F extends FilterValues>(a: F, b: F): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const left = a[key];
    const right = b[key];
    if (typeof left === 'string' && typeof right === 'string' ? left.trim() !== right.trim() : left !== right) return false;
  }
  return true;
}
