import { Badge, Checkbox, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperationLogEntry } from '../contract';
import { formatDateTime } from '../../../renderer/lib/format';
import { DialogFrame } from '../../../renderer/components/dialog/DialogFrame';
import { diffValues, readableValue, type DiffKind } from './diff';

const useStyles = makeStyles({
  surface: { maxWidth: '880px', width: '90vw' },
  scroller: { maxHeight: '60vh', overflow: 'auto' },
  path: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-all' },
  value: { fontFamily: tokens.fontFamilyMonospace, whiteSpace: 'pre-wrap', wordBreak: 'break-all' },
  changed: { backgroundColor: tokens.colorPaletteYellowBackground1 },
  added: { backgroundColor: tokens.colorPaletteGreenBackground1 },
  removed: { backgroundColor: tokens.colorPaletteRedBackground1 },
  unchanged: {},
  struck: { textDecorationLine: 'line-through', color: tokens.colorNeutralForeground3 },
});

const BADGE_COLOR: Record<DiffKind, 'warning' | 'success' | 'danger' | 'informative'> = { changed: 'warning', added: 'success', removed: 'danger', unchanged: 'informative' };

/** An entry's before and after values, field by field: changed, added and removed fields highlighted. */
export function ChangesDialog({ entry, onClose }: { entry: OperationLogEntry | null; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [showUnchanged, setShowUnchanged] = useState(false);
  const fields = useMemo(() => (entry ? diffValues(entry.beforeOperation, entry.afterOperation) : []), [entry]);
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
                <TableRow key={`${field.kind}:${field.path}`} className={styles[field.kind]} data-testid="operation-change" data-kind={field.kind}>
                  <TableCell>
                    <span className={styles.path}>{field.path || t('operationLog.wholeValue')}</span>{' '}
                    <Badge appearance="tint" color={BADGE_COLOR[field.kind]}>
                      {t(`operationLog.kind.${field.kind}`)}
                    </Badge>
                  </TableCell>
                  <TableCell>
                    <span className={field.kind === 'changed' || field.kind === 'removed' ? `${styles.value} ${styles.struck}` : styles.value}>{readableValue(field.before)}</span>
                  </TableCell>
                  <TableCell>
                    <span className={styles.value}>{readableValue(field.after)}</span>
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
