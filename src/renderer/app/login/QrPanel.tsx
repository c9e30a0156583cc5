import { MessageBar, MessageBarBody, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { unwrap, useBridge } from '../../bridge';
import { ErrorState, LoadingState } from '../../components/states';
import { QR_FRAME_SANDBOX, qrFrameUrl } from './qr-frame';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalM, minHeight: '320px' },
  frame: { width: '300px', height: '400px', border: 'none', backgroundColor: tokens.colorNeutralBackground1 },
  hint: { color: tokens.colorNeutralForeground3 },
});

/** The messenger's QR page, its own page in a sandboxed frame (see qr-frame.ts); never a page of the console's origin. */
export function QrPanel() {
  const bridge = useBridge();
  const { t } = useTranslation();
  const styles = useStyles();
  const config = useQuery({ queryKey: ['bridge', 'auth.messengerConfig'], queryFn: () => unwrap(bridge.auth.messengerConfig()), meta: { silent: true } });

  if (config.isPending) return <LoadingState />;
  if (config.isError) return <ErrorState title={t('app.loadFailed')} error={config.error} onRetry={() => void config.refetch()} />;
  if (!config.data.enabled || !config.data.qrUrl) {
    return (
      <MessageBar intent="info" data-testid="qr-not-configured">
        <MessageBarBody>{t('login.qrNotConfigured')}</MessageBarBody>
      </MessageBar>
    );
  }
  const frameUrl = qrFrameUrl(config.data.qrUrl, window.location.origin);
  if (!frameUrl) {
    return (
      <MessageBar intent="warning" data-testid="qr-refused">
        <MessageBarBody>{t('login.qrAddressRefused')}</MessageBarBody>
      </MessageBar>
    );
  }
  return (
    <div className={styles.panel}>
      <iframe className={styles.frame} src={frameUrl} title={t('login.qrFrame')} sandbox={QR_FRAME_SANDBOX} referrerPolicy="no-referrer" data-testid="qr-frame" />
      <Text className={styles.hint}>{t('login.qrHint')}</Text>
    </div>
  );
}
