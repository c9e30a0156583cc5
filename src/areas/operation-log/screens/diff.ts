import { tableFor, type SnapshotField, type SnapshotFieldTable } from '../../../shared/contract/snapshot-fields';

/**
 * The field-by-field difference of an operation-log entry's before and after values (spec 001 §2): nested
 * objects are followed to their leaves (`address.city`), lists of records record by record (`roles.0.name`, a
 * batch deletion's list too), other arrays and plain values compared whole, so a reader sees which fields were
 * changed, added or removed rather than two blobs of JSON.
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

/** A non-empty list whose items are all records. */
function isRecordList(value: unknown): value is Record<string, unknown>[] {
  return Array.isArray(value) && value.length > 0 && value.every(isRecord);
}

function walk(before: unknown, after: unknown, path: string, out: FieldDiff[]): void {
  const hasBefore = before !== undefined;
  const hasAfter = after !== undefined;
  const join = (key: string | number) => (path ? `${path}.${key}` : String(key));
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    for (const key of keys) walk(before[key], after[key], join(key), out);
    return;
  }
  const beforeList = isRecordList(before) || (Array.isArray(before) && isRecordList(after));
  const afterList = isRecordList(after) || (Array.isArray(after) && isRecordList(before));
  if ((beforeList || !hasBefore) && (afterList || !hasAfter) && (beforeList || afterList)) {
    const from = (before ?? []) as unknown[];
    const to = (after ?? []) as unknown[];
    for (let index = 0; index < Math.max(from.length, to.length); index++) walk(from[index], to[index], join(index), out);
    return;
  }
  // A field that turned from an object into something else (or back) is one change, not many.
  if (hasBefore && hasAfter) out.push({ path, kind: sameValue(before, after) ? 'unchanged' : 'changed', before, after });
  else if (hasAfter) addAll(after, path, 'added', out);
  else if (hasBefore) addAll(before, path, 'removed', out);
}

/** Every leaf of a value that exists on one side only. */
function addAll(value: unknown, path: string, kind: 'added' | 'removed', out: FieldDiff[]): void {
  const join = (key: string | number) => (path ? `${path}.${key}` : String(key));
  if (isRecord(value) && Object.keys(value).length > 0) {
    for (const key of Object.keys(value).sort()) addAll(value[key], join(key), kind, out);
    return;
  }
  if (isRecordList(value)) {
    value.forEach((item, index) => addAll(item, join(index), kind, out));
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
  if (isRecordList(from) || isRecordList(to)) walk(from, to, '', out);
  else if (isRecord(from) || isRecord(to)) walk(isRecord(from) ? from : from === undefined ? {} : { '': from }, isRecord(to) ? to : to === undefined ? {} : { '': to }, '', out);
  else walk(from, to, '', out);
  return out;
}

/** A value as a reader sees it: text as it is, anything else as compact JSON. */
export function readableValue(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** One step of a field's path: a record's field (with what the contract says of it) or an item of a list. */
export type PathStep = { key: string; field: SnapshotField | undefined } | { index: number };

/**
 * A diffed path read through the contract's snapshot tables: each record's table is the one naming the most of
 * its fields (`tableFor`), a nested record's the table its field declares.
 */
export function describePath(tables: readonly SnapshotFieldTable[], before: unknown, after: unknown, path: string): PathStep[] {
  if (path === '') return [];
  const steps: PathStep[] = [];
  let from = before;
  let to = after;
  // null: the record met next chooses its table; a field's own table otherwise.
  let table: SnapshotFieldTable | null = null;
  for (const part of path.split('.')) {
    const index = /^\d+$/.test(part) && (Array.isArray(from) || Array.isArray(to)) ? Number(part) : null;
    if (index !== null) {
      steps.push({ index });
      from = Array.isArray(from) ? from[index] : undefined;
      to = Array.isArray(to) ? to[index] : undefined;
      continue;
    }
    const current: SnapshotFieldTable = table ?? tableFor(tables, { ...(isRecord(from) ? from : {}), ...(isRecord(to) ? to : {}) });
    const field = Object.hasOwn(current, part) ? current[part] : undefined;
    steps.push({ key: part, field });
    table = field?.fields ?? {};
    from = isRecord(from) ? from[part] : undefined;
    to = isRecord(to) ? to[part] : undefined;
  }
  return steps;
}

/** The field a path ends at, as the contract describes it. */
export function leafField(steps: readonly PathStep[]): SnapshotField | undefined {
  const last = steps.at(-1);
  return last && 'key' in last ? last.field : undefined;
}
