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
import type { I18nImportReport, I18nImportRow } from '../../../shared/contract/i18n-text';
import { useBridge } from '../../bridge';
import { useNotify } from '../../components/notify';
import { useOverlayWhile } from '../../components/overlay';
import { errorMessage } from '../../components/states';
import { acceptOf, uploadProblem } from '../../components/upload/upload-check';
import { useBridgeMutation } from '../../hooks/bridge-query';
import { invalidateI18nQueries } from './queries';

const useStyles = makeStyles({
  surface: { maxWidth: '960px', width: '90vw' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  scroller: { maxHeight: `${TABLE_MAX_HEIGHT - 100}px`, overflow: 'auto', border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  hidden: { display: 'none' },
});

const ACTION_COLOR = { [ImportAction.Add]: 'success', [ImportAction.Change]: 'informative', [ImportAction.Refuse]: 'danger' } as const;
const ACTION_KEY = {
  [ImportAction.Add]: 'internationalize.import.action.add',
  [ImportAction.Change]: 'internationalize.import.action.change',
  [ImportAction.Refuse]: 'internationalize.import.action.refuse',
} as const;

/** What a report row says in its last column: the changes column by column, or why it is refused. */
function rowDetail(row: I18nImportRow): string {
  if (row.reason !== null) return row.reason;
  return row.changes.map((change) => `${change.field}: ${change.before || '∅'} → ${change.after || '∅'}`).join('; ');
}

interface I18nImportDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Importing a translated .xlsx file (issue 10): the file is uploaded, the server answers a dry run (texts to
 * add, change and refuse, each refusal with its reason), and only "import" writes, exactly what the preview
 * showed, in one transaction; if anything changed since, the server refuses and the preview is shown again.
 */
export function I18nImportDialog({ open, onClose }: I18nImportDialogProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const bridge = useBridge();
  const notify = useNotify();
  const queryClient = useQueryClient();
  useOverlayWhile(open);
  const picker = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [fileId, setFileId] = useState<number | null>(null);
  const [report, setReport] = useState<I18nImportReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useBridgeMutation('i18nText.importPreview', { meta: { silent: true } });
  const apply = useBridgeMutation('i18nText.importApply', { meta: { silent: true } });
  const busy = uploading || preview.isPending || apply.isPending;
  const applicable = report ? report.counts.add + report.counts.change : 0;

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
    const refused = uploadProblem(FilePurpose.I18nImport, chosen.name, chosen.size);
    if (refused) {
      setProblem(t(refused));
      return;
    }
    setProblem(null);
    setReport(null);
    setUploading(true);
    const answer = await bridge.files.upload({ purpose: FilePurpose.I18nImport, name: chosen.name, bytes: new Uint8Array(await chosen.arrayBuffer()) });
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
          notify.success(t('internationalize.import.applied', { added, changed }));
          void invalidateI18nQueries(queryClient);
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
      <DialogSurface className={styles.surface} data-testid="i18n-import-dialog">
        <DialogBody>
          <DialogTitle>{t('internationalize.import.title')}</DialogTitle>
          <DialogContent className={styles.content}>
            <Text>{t('internationalize.import.intro')}</Text>
            <input ref={picker} className={styles.hidden} type="file" accept={acceptOf(FilePurpose.I18nImport)} onChange={(event) => void pick(event)} data-testid="i18n-import-file" />
            {busy ? <Spinner size="small" label={uploading ? t('internationalize.import.uploading') : undefined} /> : null}
            {problem ? (
              <MessageBar intent="error" layout="multiline" role="alert" data-testid="i18n-import-problem">
                <MessageBarBody>{problem}</MessageBarBody>
              </MessageBar>
            ) : null}
            {report ? (
              <>
                <Text weight="semibold" data-testid="i18n-import-summary">
                  {t('internationalize.import.summary', report.counts)}
                </Text>
                {report.rows.length > 0 ? (
                  <div className={styles.scroller}>
                    <Table size="small" aria-label={t('internationalize.import.title')} data-testid="i18n-import-rows">
                      <TableHeader>
                        <TableRow>
                          <TableHeaderCell style={{ width: '56px' }}>{t('internationalize.import.column.row')}</TableHeaderCell>
                          <TableHeaderCell style={{ width: '96px' }}>{t('internationalize.import.column.action')}</TableHeaderCell>
                          <TableHeaderCell>{t('internationalize.import.column.chinese')}</TableHeaderCell>
                          <TableHeaderCell>{t('internationalize.import.column.detail')}</TableHeaderCell>
                        </TableRow>
                      </TableHeader>
                      <TableBody>
                        {report.rows.map((row) => (
                          <TableRow key={row.row} data-testid="i18n-import-row">
                            <TableCell>{row.row}</TableCell>
                            <TableCell>
                              <Badge appearance="tint" color={ACTION_COLOR[row.action]}>
                                {t(ACTION_KEY[row.action])}
                              </Badge>
                            </TableCell>
                            <TableCell>{row.chinese}</TableCell>
                            <TableCell>{rowDetail(row)}</TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  </div>
                ) : null}
                {applicable === 0 ? <Text data-testid="i18n-import-nothing">{t('internationalize.import.nothing')}</Text> : null}
              </>
            ) : null}
          </DialogContent>
          <DialogActions>
            {applicable > 0 ? (
              <Button appearance="primary" onClick={applyReport} disabled={busy} data-testid="i18n-import-apply">
                {t('internationalize.import.apply', { count: applicable })}
              </Button>
            ) : null}
            <Button icon={<ArrowUpload20Regular />} onClick={() => picker.current?.click()} disabled={busy} data-testid="i18n-import-choose">
              {report || problem ? t('internationalize.import.another') : t('internationalize.import.choose')}
            </Button>
            <Button onClick={close} disabled={busy} data-testid="i18n-import-close">
              {t('internationalize.import.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
