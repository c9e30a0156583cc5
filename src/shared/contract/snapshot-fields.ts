/**
 * The fields of the snapshots the operation log keeps before and after a change (spec 001 §2 /behaviorDiary):
 * each field's label (a text key, translated in every locale) and, where the field holds ids of other
 * records, which records they are, so the change-details dialog can show names instead of ids. Each area
 * declares the table of its own snapshots in its contract; the operation log's contract lists them all.
 */

/** The records a snapshot field can refer to by id (the operation log's resolver looks their names up). */
export const REFERENCE_KINDS = ['dept', 'role', 'menu', 'dictionary', 'user', 'dataGroup', 'dataClassification', 'infoCategory', 'messageSystem', 'file'] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

export interface SnapshotField {
  /** The text key of the field's label. */
  readonly label: string;
  /** The records the field's id (or list of ids) refers to. */
  readonly ref?: ReferenceKind;
  /** The fields of the record (or of each record of a list) the field holds. */
  readonly fields?: SnapshotFieldTable;
}

export type SnapshotFieldTable = Readonly<Record<string, SnapshotField>>;

/** A snapshot's own id and its optimistic-lock version, as most snapshots carry them. */
export const RECORD_FIELDS = {
  id: { label: 'operationLog.snapshot.id' },
  version: { label: 'operationLog.snapshot.version' },
} as const satisfies SnapshotFieldTable;

/** The snapshots the server's kernel writes: a password change, an enterprise-messenger binding, an upload, an undo. */
export const KERNEL_SNAPSHOT_TABLES: readonly SnapshotFieldTable[] = [
  { passwordChangedAt: { label: 'operationLog.snapshot.passwordChangedAt' } },
  { wxWorkUserId: { label: 'operationLog.snapshot.wxWorkUserId' } },
  {
    fileId: { label: 'operationLog.snapshot.file', ref: 'file' },
    purpose: { label: 'operationLog.snapshot.purpose' },
    name: { label: 'common.name' },
    mime: { label: 'operationLog.snapshot.mime' },
    size: { label: 'operationLog.snapshot.size' },
    sha256: { label: 'operationLog.snapshot.sha256' },
  },
  {
    undoOf: { label: 'operationLog.snapshot.undoOf' },
    deleteLogId: { label: 'operationLog.snapshot.deleteLogId' },
    deletedAt: { label: 'operationLog.snapshot.deletedAt' },
    restored: { label: 'operationLog.snapshot.restored' },
    rows: { label: 'operationLog.snapshot.rows' },
  },
];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The table that describes a record: the one naming the most of its keys (the first such on a tie). A log
 * row does not say which area wrote it, but every area's snapshot has fields no other has.
 */
export function tableFor(tables: readonly SnapshotFieldTable[], record: Readonly<Record<string, unknown>>): SnapshotFieldTable {
  const keys = Object.keys(record);
  let best: SnapshotFieldTable = {};
  let bestCount = 0;
  for (const table of tables) {
    const count = keys.filter((key) => Object.hasOwn(table, key)).length;
    if (count > bestCount) {
      best = table;
      bestCount = count;
    }
  }
  return best;
}

/** A logged value's records: the value itself, or each record of a list (a batch deletion logs a list). */
function recordsOf(value: unknown): Record<string, unknown>[] {
  if (isRecord(value)) return [value];
  if (Array.isArray(value)) return value.filter(isRecord);
  return [];
}

/** The ids a field's value holds: one id or a list of them. */
function idsOf(value: unknown): number[] {
  const all = Array.isArray(value) ? value : [value];
  return all.filter((item): item is number => typeof item === 'number' && Number.isInteger(item) && item > 0);
}

/** Every id a logged value refers to, by the kind of record, as the tables name them. */
export function referencesOf(tables: readonly SnapshotFieldTable[], value: unknown, out: Map<ReferenceKind, Set<number>> = new Map()): Map<ReferenceKind, Set<number>> {
  for (const record of recordsOf(value)) collect(tableFor(tables, record), record, out);
  return out;
}

function collect(table: SnapshotFieldTable, record: Readonly<Record<string, unknown>>, out: Map<ReferenceKind, Set<number>>): void {
  for (const [key, field] of Object.entries(table)) {
    const value = record[key];
    if (value === undefined || value === null) continue;
    if (field.ref) {
      const ids = out.get(field.ref) ?? new Set<number>();
      for (const id of idsOf(value)) ids.add(id);
      out.set(field.ref, ids);
    }
    if (field.fields) for (const inner of recordsOf(value)) collect(field.fields, inner, out);
  }
}
