import { MessageBar, MessageBarBody, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { unwrap, useBridge } from '../../bridge';
import { ErrorState, LoadingState } from '../../components/states';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalM, minHeight: '320px' },
  frame: { width: '300px', height: '400px', border: 'none', backgroundColor: tokens.colorNeutralBackground1 },
  hint: { color: tokens.colorNeutralForeground3 },
});

/**
 * The messenger's QR page. It is the messenger's own page in a sandboxed frame: scripts and forms for
 * its login, its own origin for its cookies, and top navigation because the messenger sends the console
 * back to its redirect address with the code, which the sign-in page then exchanges.
 */
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
  return (
    <div className={styles.panel}>
      <iframe
        className={styles.frame}
        src={config.data.qrUrl}
        title={t('login.qrFrame')}
        sandbox="allow-scripts allow-forms allow-same-origin allow-top-navigation"
        referrerPolicy="no-referrer"
        data-testid="qr-frame"
      />
      <Text className={styles.hint}>{t('login.qrHint')}</Text>
    </div>
  );
}
