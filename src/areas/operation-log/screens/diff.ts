/**
 * The field-by-field difference of an operation-log entry's before and after values (spec 001 §2): nested
 * objects are followed to their leaves (`address.city`), arrays and plain values compared whole, so a
 * reader sees which fields were changed, added or removed rather than two blobs of JSON.
 */
export type DiffKind = 'changed' | 'added' | 'removed' | 'unchanged';

export interface FieldDiff {
  /** Dotted path of the field; '' when the whole value is no object. */
  path: string;
  kind: DiffKind;
  before?: unknown;
  after?: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Equal as JSON, with keys in any order. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  if (isRecord(a) && isRecord(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => sameValue(a[key], b[key]));
  }
  return false;
}

function walk(before: unknown, after: unknown, path: string, out: FieldDiff[]): void {
  const hasBefore = before !== undefined;
  const hasAfter = after !== undefined;
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    for (const key of keys) walk(before[key], after[key], path ? `${path}.${key}` : key, out);
    return;
  }
  // A field that turned from an object into something else (or back) is one change, not many.
  if (hasBefore && hasAfter) out.push({ path, kind: sameValue(before, after) ? 'unchanged' : 'changed', before, after });
  else if (hasAfter) addAll(after, path, 'added', out);
  else if (hasBefore) addAll(before, path, 'removed', out);
}

/** Every leaf of a value that exists on one side only. */
function addAll(value: unknown, path: string, kind: 'added' | 'removed', out: FieldDiff[]): void {
  if (isRecord(value) && Object.keys(value).length > 0) {
    for (const key of Object.keys(value).sort()) addAll(value[key], path ? `${path}.${key}` : key, kind, out);
    return;
  }
  out.push(kind === 'added' ? { path, kind, after: value } : { path, kind, before: value });
}

/**
 * The differences between `before` and `after`, leaves in key order. A side that is null or absent (an
 * addition has no before, a deletion no after) counts as no fields at all.
 */
export function diffValues(before: unknown, after: unknown): FieldDiff[] {
  const out: FieldDiff[] = [];
  const absent = (value: unknown) => (value === null || value === undefined ? undefined : value);
  const from = absent(before);
  const to = absent(after);
  if (from === undefined && to === undefined) return out;
  if (isRecord(from) || isRecord(to)) walk(isRecord(from) ? from : from === undefined ? {} : { '': from }, isRecord(to) ? to : to === undefined ? {} : { '': to }, '', out);
  else walk(from, to, '', out);
  return out;
}

/** A value as a reader sees it: text as it is, anything else as compact JSON. */
export function readableValue(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
