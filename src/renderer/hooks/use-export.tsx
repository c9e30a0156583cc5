import { Link, Toast, ToastTitle, useToastController } from '@fluentui/react-components';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeEvent, CallableEndpointId, CallOutput, ExportRequest } from '../../shared/bridge';
import { Delay } from '../../shared/constants';
import type { ExportProgress } from '../../shared/contract/export';
import { useBridge } from '../bridge';
import { TOASTER_ID, useNotify } from '../components/notify';

/** The endpoints that tell how far an export has got (rows written of how many), by the key the export was given. */
export type ExportProgressEndpointId = { [Id in CallableEndpointId]: CallOutput<Id> extends ExportProgress ? Id : never }[CallableEndpointId];

/** An export under way: where it goes, the bytes written and, where its server counts them, the rows. */
export interface RunningExport {
  exportId: string;
  path: string;
  bytes: number;
  /** Rows written of the rows the export will write; null until the server first answers, or for exports that do not count. */
  rows: { written: number; total: number } | null;
}

type ProgressEvent = Extract<BridgeEvent, { type: 'export-progress' }>;

/** How often the rows written are asked for while an export runs. */
const ROWS_POLL_MS = 1000;

/** Bytes as a person reads them: 512 B, 12.3 KB, 4.5 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The "exporting, please wait" toast, taken away once the export has its answer. */
const EXPORT_START_TOAST = 'export-start';

/**
 * An export to a file through the bridge (spec 001 §8): "exporting, please wait" when it starts, "export
 * failed, please try later" when the server answers with a refusal instead of a file or the download
 * breaks off, the progress while it runs (bytes from the desktop core's events; rows written of the total
 * from the export's progress endpoint, when the screen names one), a cancel that removes the partial file,
 * and "show in folder" on the done message. Any endpoint the contract declares as an export works the same way.
 */
export function useExport() {
  const { t } = useTranslation();
  const bridge = useBridge();
  const notify = useNotify();
  const { dispatchToast } = useToastController(TOASTER_ID);
  const [running, setRunning] = useState<RunningExport | null>(null);
  const current = useRef<RunningExport | null>(null);
  // Progress of exports whose start has not answered yet (a small file may be done before it does).
  const early = useRef(new Map<string, ProgressEvent>());
  const cancelling = useRef(false);
  const rowsPoll = useRef<ReturnType<typeof setInterval> | null>(null);

  const update = useCallback((job: RunningExport | null) => {
    current.current = job;
    setRunning(job);
  }, []);

  const stopRowsPoll = useCallback(() => {
    if (rowsPoll.current !== null) clearInterval(rowsPoll.current);
    rowsPoll.current = null;
  }, []);
  useEffect(() => stopRowsPoll, [stopRowsPoll]);

  const showInFolder = useCallback(
    async (exportId: string) => {
      const answer = await bridge.exports.showInFolder(exportId);
      if (!answer.ok) notify.error(`${t('message.showInFolderFailed')} (${answer.msg})`, { timeoutMs: Delay.exportFailedToastMs });
    },
    [bridge, notify, t],
  );

  const settle = useCallback(
    (event: ProgressEvent, path: string) => {
      stopRowsPoll();
      update(null);
      notify.dismiss(EXPORT_START_TOAST);
      if (!event.error)
        dispatchToast(
          <Toast data-testid="toast-success">
            <ToastTitle
              action={
                <Link as="button" onClick={() => void showInFolder(event.exportId)} data-testid="export-show-in-folder">
                  {t('message.showInFolder')}
                </Link>
              }
            >
              {t('message.exportDone', { path })}
            </ToastTitle>
          </Toast>,
          { intent: 'success', timeout: Delay.exportDoneToastMs, politeness: 'polite' },
        );
      else if (cancelling.current) notify.info(t('message.exportCancelled'));
      else notify.error(`${t('message.exportFailed')} (${event.error})`, { timeoutMs: Delay.exportFailedToastMs });
      cancelling.current = false;
    },
    [dispatchToast, notify, showInFolder, stopRowsPoll, t, update],
  );

  useEffect(
    () =>
      bridge.events.subscribe((event) => {
        if (event.type !== 'export-progress') return;
        const job = current.current;
        if (!job || job.exportId !== event.exportId) {
          early.current.set(event.exportId, event);
          return;
        }
        if (event.done) settle(event, job.path);
        else update({ ...job, bytes: event.bytes });
      }),
    [bridge, settle, update],
  );

  /** Reads the rows written while the export runs; a failed read leaves the last figures in place. */
  const pollRows = useCallback(
    (exportId: string, endpoint: ExportProgressEndpointId, progressKey: string) => {
      const read = async () => {
        const answer = await bridge.api.call(endpoint, { progressKey });
        const job = current.current;
        if (!answer.ok || !job || job.exportId !== exportId) return;
        update({ ...job, rows: { written: answer.data.rows, total: answer.data.total } });
      };
      void read();
      rowsPoll.current = setInterval(() => void read(), ROWS_POLL_MS);
    },
    [bridge, update],
  );

  /** Starts an export; with `progress`, the export is given a key and its rows are read from that endpoint. */
  const start = useCallback(
    async (request: ExportRequest, progress?: ExportProgressEndpointId) => {
      if (current.current) return;
      notify.info(t('message.exporting'), { timeoutMs: Delay.exportStartToastMs, toastId: EXPORT_START_TOAST });
      const progressKey = progress ? crypto.randomUUID() : null;
      const sent: ExportRequest = progressKey ? { ...request, input: { ...request.input, progressKey } as ExportRequest['input'] } : request;
      const answer = await bridge.exports.start(sent);
      if (!answer.ok) {
        notify.dismiss(EXPORT_START_TOAST);
        notify.error(`${t('message.exportFailed')} (${answer.msg})`, { timeoutMs: Delay.exportFailedToastMs });
        return;
      }
      // The user dismissed the save dialog.
      if (answer.data === null) return notify.dismiss(EXPORT_START_TOAST);
      const job: RunningExport = { ...answer.data, bytes: 0, rows: null };
      const seen = early.current.get(job.exportId);
      early.current.clear();
      if (seen?.done) return settle(seen, job.path);
      update(seen ? { ...job, bytes: seen.bytes } : job);
      if (progress && progressKey) pollRows(job.exportId, progress, progressKey);
    },
    [bridge, notify, pollRows, settle, t, update],
  );

  const cancel = useCallback(async () => {
    const job = current.current;
    if (!job) return;
    cancelling.current = true;
    const answer = await bridge.exports.cancel(job.exportId);
    if (!answer.ok) cancelling.current = false;
  }, [bridge]);

  return { running, start, cancel, showInFolder };
}
