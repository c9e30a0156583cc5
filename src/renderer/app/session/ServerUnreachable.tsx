import { Button, MessageBar, MessageBarActions, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { unwrap, useBridge } from '../../bridge';
import type { ErrorReporter } from '../../components/screen/session-errors';

const PROBE_KEY = ['bridge', 'reachability-probe'] as const;

const useStyles = makeStyles({
  // Above the page, over the middle of the header: it blocks nothing, and a native external view never covers it.
  banner: { position: 'fixed', top: tokens.spacingVerticalS, left: '50%', transform: 'translateX(-50%)', zIndex: 1000, maxWidth: 'min(640px, 90vw)', boxShadow: tokens.shadow16 },
});

/**
 * "Cannot reach the server", with a retry, while the last call that ended found no server (the embedded server
 * did not start, a configured server is down, the browser host stopped). It goes away with the next answer.
 */
export function ServerUnreachableBanner({ reporter }: { reporter: ErrorReporter }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const unreachable = useSyncExternalStore(reporter.reachability.subscribe, reporter.reachability.unreachable);
  const [retrying, setRetrying] = useState(false);
  if (!unreachable) return null;

  const retry = async () => {
    setRetrying(true);
    // Asks the server; its answer clears this state, and the query client then loads again what failed for want of it.
    await queryClient.fetchQuery({ queryKey: PROBE_KEY, queryFn: () => unwrap(bridge.auth.messengerConfig()), staleTime: 0, gcTime: 0, retry: false, meta: { silent: true } }).catch(() => undefined);
    setRetrying(false);
  };

  return (
    <MessageBar intent="warning" className={styles.banner} politeness="assertive" data-testid="server-unreachable">
      <MessageBarBody>{t('connection.unreachable')}</MessageBarBody>
      <MessageBarActions>
        <Button appearance="primary" size="small" disabled={retrying} icon={retrying ? <Spinner size="tiny" /> : undefined} onClick={() => void retry()} data-testid="server-unreachable-retry">
          {t('common.retry')}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
