import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowUpload20Regular } from '@fluentui/react-icons';
import { useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportAction, TABLE_MAX_HEIGHT, type FilePurpose } from '../../../shared/constants';
import type { ImportReportOf, ImportRowBase } from '../../../shared/contract/import-report';
import { useBridge } from '../../bridge';
import { useOverlayWhile } from '../overlay';
import { errorMessage } from '../states';
import { acceptOf, uploadProblem, uploadRefusal } from '../upload/upload-check';

const useStyles = makeStyles({
  surface: { maxWidth: '960px', width: '90vw' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  scroller: { maxHeight: `${TABLE_MAX_HEIGHT - 100}px`, overflow: 'auto', border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  code: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, wordBreak: 'break-all' },
  hidden: { display: 'none' },
});

const ACTION_COLOR = { [ImportAction.Add]: 'success', [ImportAction.Change]: 'informative', [ImportAction.Refuse]: 'danger' } as const;
const ACTION_KEY = { [ImportAction.Add]: 'importPreview.action.add', [ImportAction.Change]: 'importPreview.action.change', [ImportAction.Refuse]: 'importPreview.action.refuse' } as const;

/** What a report row says in its last column: the changes column by column, or why it is refused. */
export function rowDetail(row: ImportRowBase): string {
  if (row.reason !== null) return row.reason;
  return row.changes.map((change) => `${change.field}: ${change.before || '∅'} → ${change.after || '∅'}`).join('; ');
}

/** The rows an apply writes: those added or changed. */
export function applicableCount(report: { counts: { add: number; change: number } }): number {
  return report.counts.add + report.counts.change;
}

/** A column of the screen's own between the action and the detail (the record the row names). */
export interface ImportColumn<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Shown in a monospace face (codes, paths). */
  code?: boolean;
}

/** The part of a `useBridgeMutation` the dialog drives. */
interface ImportCall<Input, Output> {
  mutate(input: Input, options?: { onSuccess?: (output: Output) => void; onError?: (error: Error) => void }): void;
  isPending: boolean;
}

export interface ImportApplied {
  added: number;
  changed: number;
}

interface ImportPreviewDialogProps<Row extends ImportRowBase> {
  open: boolean;
  onClose: () => void;
  purpose: FilePurpose;
  /** The screen's dry-run and apply calls (`useBridgeMutation` of its importPreview and importApply). */
  preview: ImportCall<{ fileId: number }, ImportReportOf<Row>>;
  apply: ImportCall<{ fileId: number; digest: string }, ImportApplied>;
  /** After an import was applied: the screen says so and refreshes what it shows. */
  onApplied: (applied: ImportApplied) => void;
  /** Prefix of the dialog's test ids (`<testId>-dialog`, `-file`, `-apply`, ...). */
  testId: string;
  /** What is imported, in the screen's words. */
  text: { title: string; intro: string; summary: (counts: ImportReportOf<Row>['counts']) => string; nothing: string; apply: (count: number) => string };
  columns: Array<ImportColumn<Row>>;
}

/**
 * Importing an .xlsx file: the file is uploaded, the server answers a dry run (rows to add, change and refuse,
 * each refusal with its reason), and only "import" writes, exactly what the preview showed, in one
 * transaction; if anything changed since, the server refuses and the preview is shown again.
 */
export function ImportPreviewDialog<Row extends ImportRowBase>({ open, onClose, purpose, preview, apply, onApplied, testId, text, columns }: ImportPreviewDialogProps<Row>) {
  const { t } = useTranslation();
  const styles = useStyles();
  const bridge = useBridge();
  useOverlayWhile(open);
  const picker = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [fileId, setFileId] = useState<number | null>(null);
  const [report, setReport] = useState<ImportReportOf<Row> | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const busy = uploading || preview.isPending || apply.isPending;
  const applicable = report ? applicableCount(report) : 0;

  const close = () => {
    if (busy) return;
    setFileId(null);
    setReport(null);
    setProblem(null);
    onClose();
  };

  const runPreview = (id: number) => {
    setProblem(null);
    setReport(null);
    preview.mutate({ fileId: id }, { onSuccess: setReport, onError: (error) => setProblem(errorMessage(error, t('message.operationFailed'))) });
  };

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // The same file may be picked again after a refusal.
    event.target.value = '';
    if (!chosen) return;
    const refused = uploadProblem(purpose, chosen.name, chosen.size);
    if (refused) {
      setProblem(t(refused));
      return;
    }
    setProblem(null);
    setReport(null);
    setUploading(true);
    const answer = await bridge.files.upload({ purpose, name: chosen.name, bytes: new Uint8Array(await chosen.arrayBuffer()) });
    setUploading(false);
    if (!answer.ok) {
      setProblem(uploadRefusal(answer.msg));
      return;
    }
    setFileId(answer.data.id);
    runPreview(answer.data.id);
  };

  const applyReport = () => {
    if (fileId === null || report === null) return;
    apply.mutate(
      { fileId, digest: report.digest },
      {
        onSuccess: (applied) => {
          onApplied(applied);
          close();
        },
        onError: (error) => {
          // Something changed since the preview: show the plan as it is now, with why.
          setProblem(errorMessage(error, t('message.operationFailed')));
          preview.mutate({ fileId }, { onSuccess: setReport });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(_event, data) => !data.open && close()} modalType="modal">
      <DialogSurface className={styles.surface} data-testid={`${testId}-dialog`}>
        <DialogBody>
          <DialogTitle>{text.title}</DialogTitle>
          <DialogContent className={styles.content}>
            <Text>{text.intro}</Text>
            <input ref={picker} className={styles.hidden} type="file" accept={acceptOf(purpose)} onChange={(event) => void pick(event)} data-testid={`${testId}-file`} />
            {busy ? <Spinner size="small" label={uploading ? t('importPreview.uploading') : undefined} /> : null}
            {problem ? (
              <MessageBar intent="error" layout="multiline" role="alert" data-testid={`${testId}-problem`}>
                <MessageBarBody>{problem}</MessageBarBody>
              </MessageBar>
            ) : null}
            {report ? (
              <>
                <Text weight="semibold" data-testid={`${testId}-summary`}>
                  {text.summary(report.counts)}
                </Text>
                {report.rows.length > 0 ? (
                  <div className={styles.scroller}>
                    <Table size="small" aria-label={text.title} data-testid={`${testId}-rows`}>
                      <TableHeader>
                        <TableRow>
                          <TableHeaderCell style={{ width: '56px' }}>{t('importPreview.column.row')}</TableHeaderCell>
                          <TableHeaderCell style={{ width: '96px' }}>{t('importPreview.column.action')}</TableHeaderCell>
                          {columns.map((column) => (
                            <TableHeaderCell key={column.key}>{column.header}</TableHeaderCell>
                          ))}
                          <TableHeaderCell>{t('importPreview.column.detail')}</TableHeaderCell>
                        </TableRow>
                      </TableHeader>
                      <TableBody>
                        {report.rows.map((row) => (
                          <TableRow key={row.row} data-testid={`${testId}-row`}>
                            <TableCell>{row.row}</TableCell>
                            <TableCell>
                              <Badge appearance="tint" color={ACTION_COLOR[row.action]}>
                                {t(ACTION_KEY[row.action])}
                              </Badge>
                            </TableCell>
                            {columns.map((column) => (
                              <TableCell key={column.key}>{column.code ? <span className={styles.code}>{column.cell(row)}</span> : column.cell(row)}</TableCell>
                            ))}
                            <TableCell>{rowDetail(row)}</TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  </div>
                ) : null}
                {applicable === 0 ? <Text data-testid={`${testId}-nothing`}>{text.nothing}</Text> : null}
              </>
            ) : null}
          </DialogContent>
          <DialogActions>
            {applicable > 0 ? (
              <Button appearance="primary" onClick={applyReport} disabled={busy} data-testid={`${testId}-apply`}>
                {text.apply(applicable)}
              </Button>
            ) : null}
            <Button icon={<ArrowUpload20Regular />} onClick={() => picker.current?.click()} disabled={busy} data-testid={`${testId}-choose`}>
              {report || problem ? t('importPreview.another') : t('importPreview.choose')}
            </Button>
            <Button onClick={close} disabled={busy} data-testid={`${testId}-close`}>
              {t('importPreview.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
