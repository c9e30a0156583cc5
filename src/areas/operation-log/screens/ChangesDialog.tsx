import { Badge, Checkbox, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { SNAPSHOT_TABLES, type EntryReference, type OperationLogEntry } from '../contract';
import type { SnapshotField } from '../../../shared/contract/snapshot-fields';
import { formatDateTime } from '../../../renderer/lib/format';
import { DialogFrame } from '../../../renderer/components/dialog/DialogFrame';
import { useBridgeQuery } from '../../../renderer/hooks/bridge-query';
import { describePath, diffValues, leafField, readableValue, type DiffKind, type PathStep } from './diff';

const useStyles = makeStyles({
  surface: { maxWidth: '880px', width: '90vw' },
  scroller: { maxHeight: '60vh', overflow: 'auto' },
  path: { fontWeight: tokens.fontWeightSemibold, wordBreak: 'break-word' },
  value: { fontFamily: tokens.fontFamilyMonospace, whiteSpace: 'pre-wrap', wordBreak: 'break-all' },
  changed: { backgroundColor: tokens.colorPaletteYellowBackground1 },
  added: { backgroundColor: tokens.colorPaletteGreenBackground1 },
  removed: { backgroundColor: tokens.colorPaletteRedBackground1 },
  unchanged: {},
  struck: { textDecorationLine: 'line-through', color: tokens.colorNeutralForeground3 },
});

/** The names of an entry's references by `kind:id`: a name, or null for a record deleted since. */
export type ReferenceNames = ReadonlyMap<string, string | null>;

export function referenceNames(references: readonly EntryReference[] | undefined): ReferenceNames {
  return new Map((references ?? []).map((reference) => [`${reference.kind}:${reference.id}`, reference.name]));
}

/** A path as a reader reads it: each field's label in the reader's language (its key where the contract has none), list items by their number. */
export function pathLabel(t: TFunction, steps: readonly PathStep[]): string {
  return steps.map((step) => ('index' in step ? t('operationLog.item', { number: step.index + 1 }) : step.field ? t(step.field.label as never) : step.key)).join(' › ');
}

/** A value as a reader reads it: ids of the records the field refers to by their names (a deleted one marked), yes or no for a switch. */
export function fieldValue(t: TFunction, field: SnapshotField | undefined, value: unknown, names: ReferenceNames): string {
  const ref = field?.ref;
  if (ref) {
    const ids = Array.isArray(value) ? value : [value];
    if (ids.length > 0 && ids.every((id) => typeof id === 'number')) {
      return ids
        .map((id) => {
          const name = names.get(`${ref}:${id}`);
          return name === undefined ? `#${id}` : name === null ? t('operationLog.deletedReference', { id }) : name;
        })
        .join(t('list.nameSeparator'));
    }
  }
  if (typeof value === 'boolean') return t(value ? 'common.yes' : 'common.no');
  // A field without a value (a password never changed) reads as such, not as the word null.
  if (value === null || value === undefined) return t('operationLog.noValue');
  // An empty list reads as nothing, as an empty text does.
  if (Array.isArray(value) && value.length === 0) return '';
  return readableValue(value);
}

/** How many fields a list cell names before "and N more". */
const SUMMARY_FIELDS = 3;
/** How much of a value a list cell shows. */
const SUMMARY_VALUE_CHARS = 24;

/**
 * One side of an entry for the list's before/after cell: the fields that side changed (before: changed and
 * removed; after: changed and added), each as its label and its value (a reference by its label alone: the
 * list does not look names up; the dialog does). The optimistic-lock version is left out: every save bumps it.
 */
export function sideSummary(t: TFunction, entry: Pick<OperationLogEntry, 'beforeOperation' | 'afterOperation'>, side: 'before' | 'after'): string {
  const kinds: readonly DiffKind[] = side === 'before' ? ['changed', 'removed'] : ['changed', 'added'];
  const parts = diffValues(entry.beforeOperation, entry.afterOperation)
    .filter((diff) => kinds.includes(diff.kind) && !/(^|\.)version$/.test(diff.path))
    .map((diff) => {
      const steps = describePath(SNAPSHOT_TABLES, entry.beforeOperation, entry.afterOperation, diff.path);
      const field = leafField(steps);
      const value = side === 'before' ? diff.before : diff.after;
      const label = diff.path ? pathLabel(t, steps) : t('operationLog.wholeValue');
      if (field?.ref) return label;
      const text = fieldValue(t, field, value, new Map());
      return t('operationLog.fieldValue', { field: label, value: text.length > SUMMARY_VALUE_CHARS ? `${text.slice(0, SUMMARY_VALUE_CHARS)}…` : text });
    });
  const shown = parts.slice(0, SUMMARY_FIELDS).join(t('list.nameSeparator'));
  return parts.length > SUMMARY_FIELDS ? `${shown} ${t('operationLog.moreFields', { count: parts.length - SUMMARY_FIELDS })}` : shown;
}

const BADGE_COLOR: Record<DiffKind, 'warning' | 'success' | 'danger' | 'informative'> = { changed: 'warning', added: 'success', removed: 'danger', unchanged: 'informative' };

/** An entry's before and after values, field by field: changed, added and removed fields highlighted. */
export function ChangesDialog({ entry, onClose }: { entry: OperationLogEntry | null; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [showUnchanged, setShowUnchanged] = useState(false);
  const fields = useMemo(
    () =>
      entry ? diffValues(entry.beforeOperation, entry.afterOperation).map((diff) => ({ ...diff, steps: describePath(SNAPSHOT_TABLES, entry.beforeOperation, entry.afterOperation, diff.path) })) : [],
    [entry],
  );
  // Until the names arrive (or if they cannot), ids show as #id.
  const references = useBridgeQuery('operationLog.references', { id: entry?.id ?? 0 }, { enabled: entry !== null, meta: { silent: true } });
  const names = useMemo(() => referenceNames(references.data), [references.data]);
  const shown = showUnchanged ? fields : fields.filter((field) => field.kind !== 'unchanged');
  return (
    <DialogFrame
      open={entry !== null}
      title={t('operationLog.changes')}
      data-testid="operation-changes"
      className={styles.surface}
      onDismiss={onClose}
      close={{ 'data-testid': 'operation-changes-close' }}
    >
      {entry ? <Text block>{t('operationLog.changesOf', { content: entry.operationContent, user: entry.operUserName || entry.operLoginName, time: formatDateTime(entry.operationTime) })}</Text> : null}
      <Checkbox checked={showUnchanged} onChange={(_event, data) => setShowUnchanged(data.checked === true)} label={t('operationLog.showUnchanged')} data-testid="operation-show-unchanged" />
      {shown.length === 0 ? (
        <Text block data-testid="operation-no-changes">
          {t('operationLog.noChanges')}
        </Text>
      ) : (
        <div className={styles.scroller}>
          <Table size="small" aria-label={t('operationLog.changes')}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('operationLog.field')}</TableHeaderCell>
                <TableHeaderCell>{t('operationLog.before')}</TableHeaderCell>
                <TableHeaderCell>{t('operationLog.after')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {shown.map((field) => (
                <TableRow key={`${field.kind}:${field.path}`} className={styles[field.kind]} data-testid="operation-change" data-kind={field.kind} data-path={field.path}>
                  <TableCell>
                    <span className={styles.path}>{field.path ? pathLabel(t, field.steps) : t('operationLog.wholeValue')}</span>{' '}
                    <Badge appearance="tint" color={BADGE_COLOR[field.kind]}>
                      {t(`operationLog.kind.${field.kind}`)}
                    </Badge>
                  </TableCell>
                  <TableCell>
                    <span className={field.kind === 'changed' || field.kind === 'removed' ? `${styles.value} ${styles.struck}` : styles.value}>
                      {fieldValue(t, leafField(field.steps), field.before, names)}
                    </span>
                  </TableCell>
                  <TableCell>
                    <span className={styles.value}>{fieldValue(t, leafField(field.steps), field.after, names)}</span>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </DialogFrame>
  );
}
