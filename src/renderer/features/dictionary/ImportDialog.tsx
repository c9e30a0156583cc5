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
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePurpose, ImportAction, TABLE_MAX_HEIGHT } from '../../../shared/constants';
import type { ImportReport, ImportReportRow } from '../../../shared/contract/dictionary';
import { useBridge } from '../../bridge';
import { useNotify } from '../../components/notify';
import { errorMessage } from '../../components/states';
import { acceptOf, uploadProblem } from '../../components/upload/upload-check';
import { useBridgeMutation } from '../../hooks/bridge-query';
import { invalidateDictionaryQueries } from './dictionary-queries';

const useStyles = makeStyles({
  surface: { maxWidth: '960px', width: '90vw' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  scroller: { maxHeight: `${TABLE_MAX_HEIGHT - 100}px`, overflow: 'auto', border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  code: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, wordBreak: 'break-all' },
  hidden: { display: 'none' },
});

const ACTION_COLOR = { [ImportAction.Add]: 'success', [ImportAction.Change]: 'informative', [ImportAction.Refuse]: 'danger' } as const;
const ACTION_KEY = { [ImportAction.Add]: 'dictionary.import.action.add', [ImportAction.Change]: 'dictionary.import.action.change', [ImportAction.Refuse]: 'dictionary.import.action.refuse' } as const;

/** What a report row says in its last column: the changes field by field, or why it is refused. */
export function rowDetail(row: ImportReportRow): string {
  if (row.reason !== null) return row.reason;
  return row.changes.map((change) => `${change.field}: ${change.before || '∅'} → ${change.after || '∅'}`).join('; ');
}

/** The rows an apply writes: those added or changed. */
export function applicableCount(report: ImportReport): number {
  return report.counts.add + report.counts.change;
}

interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
  /** After an import was applied. */
  onImported: () => void;
}

/**
 * Importing an .xlsx file (issue 9): the file is uploaded, the server answers a dry run (rows to add, change
 * and refuse, each refusal with its reason), and only "import" writes, exactly what the preview showed, in
 * one transaction; if anything changed since, the server refuses and the preview is shown again.
 */
export function ImportDialog({ open, onClose, onImported }: ImportDialogProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const bridge = useBridge();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const picker = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [fileId, setFileId] = useState<number | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useBridgeMutation('dictionary.importPreview', { meta: { silent: true } });
  const apply = useBridgeMutation('dictionary.importApply', { meta: { silent: true } });
  const busy = uploading || preview.isPending || apply.isPending;

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
    const file = event.target.files?.[0];
    // The same file may be picked again after a refusal.
    event.target.value = '';
    if (!file) return;
    const refused = uploadProblem(FilePurpose.DictionaryImport, file.name, file.size);
    if (refused) {
      setProblem(t(refused));
      return;
    }
    setProblem(null);
    setReport(null);
    setUploading(true);
    const answer = await bridge.files.upload({ purpose: FilePurpose.DictionaryImport, name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
    setUploading(false);
    if (!answer.ok) {
      setProblem(answer.msg);
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
        onSuccess: ({ added, changed }) => {
          notify.success(t('dictionary.import.applied', { added, changed }));
          void invalidateDictionaryQueries(queryClient);
          onImported();
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
      <DialogSurface className={styles.surface} data-testid="dictionary-import-dialog">
        <DialogBody>
          <DialogTitle>{t('dictionary.import.title')}</DialogTitle>
          <DialogContent className={styles.content}>
            <Text>{t('dictionary.import.intro')}</Text>
            <input ref={picker} className={styles.hidden} type="file" accept={acceptOf(FilePurpose.DictionaryImport)} onChange={(event) => void pick(event)} data-testid="dictionary-import-file" />
            {busy ? <Spinner size="small" label={uploading ? t('dictionary.import.uploading') : undefined} /> : null}
            {problem ? (
              <MessageBar intent="error" layout="multiline" role="alert" data-testid="dictionary-import-problem">
                <MessageBarBody>{problem}</MessageBarBody>
              </MessageBar>
            ) : null}
            {report ? (
              <>
                <Text weight="semibold" data-testid="dictionary-import-summary">
                  {t('dictionary.import.summary', report.counts)}
                </Text>
                {report.rows.length > 0 ? (
                  <div className={styles.scroller}>
                    <Table size="small" aria-label={t('dictionary.import.title')} data-testid="dictionary-import-rows">
                      <TableHeader>
                        <TableRow>
                          <TableHeaderCell style={{ width: '56px' }}>{t('dictionary.import.column.row')}</TableHeaderCell>
                          <TableHeaderCell style={{ width: '96px' }}>{t('dictionary.import.column.action')}</TableHeaderCell>
                          <TableHeaderCell>{t('dictionary.import.column.path')}</TableHeaderCell>
                          <TableHeaderCell>{t('dictionary.import.column.name')}</TableHeaderCell>
                          <TableHeaderCell>{t('dictionary.import.column.detail')}</TableHeaderCell>
                        </TableRow>
                      </TableHeader>
                      <TableBody>
                        {report.rows.map((row) => (
                          <TableRow key={row.row} data-testid="dictionary-import-row">
                            <TableCell>{row.row}</TableCell>
                            <TableCell>
                              <Badge appearance="tint" color={ACTION_COLOR[row.action]}>
                                {t(ACTION_KEY[row.action])}
                              </Badge>
                            </TableCell>
                            <TableCell>
                              <span className={styles.code}>{row.path}</span>
                            </TableCell>
                            <TableCell>{row.dictName}</TableCell>
                            <TableCell>{rowDetail(row)}</TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  </div>
                ) : null}
                {applicableCount(report) === 0 ? <Text data-testid="dictionary-import-nothing">{t('dictionary.import.nothing')}</Text> : null}
              </>
            ) : null}
          </DialogContent>
          <DialogActions>
            {report && applicableCount(report) > 0 ? (
              <Button appearance="primary" onClick={applyReport} disabled={busy} data-testid="dictionary-import-apply">
                {t('dictionary.import.apply', { count: applicableCount(report) })}
              </Button>
            ) : null}
            <Button icon={<ArrowUpload20Regular />} onClick={() => picker.current?.click()} disabled={busy} data-testid="dictionary-import-choose">
              {report || problem ? t('dictionary.import.another') : t('dictionary.import.choose')}
            </Button>
            <Button onClick={close} disabled={busy} data-testid="dictionary-import-close">
              {t('dictionary.import.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
