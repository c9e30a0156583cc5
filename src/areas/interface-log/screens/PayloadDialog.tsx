import { Button, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { Copy20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { InterfaceLogRow } from '../contract';
import { useNotify } from '../../../renderer/components/notify';
import { DialogFrame } from '../../../renderer/components/dialog/DialogFrame';
import { useBridgeQuery } from '../../../renderer/hooks/bridge-query';
import { formatDateTime } from '../../../renderer/lib/format';
import { formatPayload } from './payload';

const useStyles = makeStyles({
  surface: { width: '820px', maxWidth: '95vw' },
  text: {
    margin: 0,
    maxHeight: '60vh',
    overflow: 'auto',
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    whiteSpace: 'pre-wrap',
    wordBreak: 'break-all',
  },
});

export type PayloadKind = 'request' | 'response';

/** A call's request or response (spec 001 §2 "look"), read from the call's detail, as formatted JSON with a copy button. */
export function PayloadDialog({ row, kind, onClose }: { row: InterfaceLogRow | null; kind: PayloadKind; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const info = useBridgeQuery('interfaceLog.info', { id: row?.id ?? 0 }, { enabled: row !== null });
  const raw = info.data ? (kind === 'request' ? info.data.requestParam : info.data.responseText) : null;
  const text = raw === null ? null : formatPayload(raw);
  const copy = async () => {
    if (text === null) return;
    try {
      await navigator.clipboard.writeText(text);
      notify.success(t('interfaceLog.copied'));
    } catch {
      notify.error(t('interfaceLog.copyFailed'));
    }
  };
  const name = row ? `${row.interfaceCnName} · ${formatDateTime(row.startTime)}` : '';
  return (
    <DialogFrame
      open={row !== null}
      title={t(kind === 'request' ? 'interfaceLog.requestTitle' : 'interfaceLog.responseTitle', { name })}
      data-testid="interface-payload"
      className={styles.surface}
      onDismiss={onClose}
      actions={
        <Button icon={<Copy20Regular />} disabled={text === null} onClick={() => void copy()} data-testid="interface-payload-copy">
          {t('common.copy')}
        </Button>
      }
      close={{ 'data-testid': 'interface-payload-close' }}
    >
      {text === null ? (
        <Spinner size="small" label={t('interfaceLog.loading')} />
      ) : (
        <pre className={styles.text} data-testid="interface-payload-text">
          {text}
        </pre>
      )}
    </DialogFrame>
  );
}
