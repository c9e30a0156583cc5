import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeEvent, ExportRequest } from '../../shared/bridge';
import { Delay } from '../../shared/constants';
import { useBridge } from '../bridge';
import { useNotify } from '../components/notify';

/** An export under way: where it goes and how much is written. */
export interface RunningExport {
  exportId: string;
  path: string;
  bytes: number;
}

type ProgressEvent = Extract<BridgeEvent, { type: 'export-progress' }>;

/** Bytes as a person reads them: 512 B, 12.3 KB, 4.5 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * An export to a file through the bridge (spec 001 §8): "exporting, please wait" when it starts, "export
 * failed, please try later" when the server answers with a refusal instead of a file or the download
 * breaks off, the progress while it runs, and a cancel that removes the partial file. Any endpoint the
 * contract declares as an export works the same way.
 */
export function useExport() {
  const { t } = useTranslation();
  const bridge = useBridge();
  const notify = useNotify();
  const [running, setRunning] = useState<RunningExport | null>(null);
  const current = useRef<RunningExport | null>(null);
  // Progress of exports whose start has not answered yet (a small file may be done before it does).
  const early = useRef(new Map<string, ProgressEvent>());
  const cancelling = useRef(false);

  const settle = useCallback(
    (event: ProgressEvent, path: string) => {
      current.current = null;
      setRunning(null);
      if (!event.error) notify.success(t('message.exportDone', { path }), { timeoutMs: Delay.exportFailedToastMs });
      else if (cancelling.current) notify.info(t('message.exportCancelled'));
      else notify.error(`${t('message.exportFailed')} (${event.error})`, { timeoutMs: Delay.exportFailedToastMs });
      cancelling.current = false;
    },
    [notify, t],
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
        else {
          current.current = { ...job, bytes: event.bytes };
          setRunning(current.current);
        }
      }),
    [bridge, settle],
  );

  const start = useCallback(
    async (request: ExportRequest) => {
      if (current.current) return;
      notify.info(t('message.exporting'), { timeoutMs: Delay.exportStartToastMs });
      const answer = await bridge.exports.start(request);
      if (!answer.ok) {
        notify.error(`${t('message.exportFailed')} (${answer.msg})`, { timeoutMs: Delay.exportFailedToastMs });
        return;
      }
      // The user dismissed the save dialog.
      if (answer.data === null) return;
      const job = { ...answer.data, bytes: 0 };
      const seen = early.current.get(job.exportId);
      early.current.clear();
      if (seen?.done) return settle(seen, job.path);
      current.current = seen ? { ...job, bytes: seen.bytes } : job;
      setRunning(current.current);
    },
    [bridge, notify, settle, t],
  );

  const cancel = useCallback(async () => {
    const job = current.current;
    if (!job) return;
    cancelling.current = true;
    const answer = await bridge.exports.cancel(job.exportId);
    if (!answer.ok) cancelling.current = false;
  }, [bridge]);

  return { running, start, cancel };
}
