import { makeStyles } from '@fluentui/react-components';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExternalViewRequest } from '../../../shared/bridge';
import { BridgeError, useBridge } from '../../bridge';
import { useAnyOverlayOpen } from '../../components/overlay';
import { ErrorState, LoadingState } from '../../components/states';
import { usePlatform } from '../platform';
import { isExternalUrl } from './nav';

const useStyles = makeStyles({
  area: { position: 'absolute', inset: 0 },
  frame: { position: 'absolute', inset: 0, width: '100%', height: '100%', border: 'none' },
});

export interface ExternalPageProps {
  /** The tab that owns the page: the native view's key. */
  tabPath: string;
  url: string;
  title: string;
  active: boolean;
  /** Changes when the user re-clicks the active tab: the page reloads. */
  reloadSignal: number;
}

function boundsOf(element: HTMLElement): ExternalViewRequest['bounds'] {
  const rect = element.getBoundingClientRect();
  return { x: Math.max(0, Math.round(rect.left)), y: Math.max(0, Math.round(rect.top)), width: Math.max(0, Math.round(rect.width)), height: Math.max(0, Math.round(rect.height)) };
}

/**
 * Electron: a sandboxed WebContentsView laid over this area, kept on its bounds, hidden while the tab is
 * inactive or a dialog or menu covers the area, closed with the tab.
 */
function NativeExternalView({ tabPath, url, title, active, reloadSignal }: ExternalPageProps) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const styles = useStyles();
  const overlayOpen = useAnyOverlayOpen();
  const area = useRef<HTMLDivElement>(null);
  const shown = useRef(false);
  const [failure, setFailure] = useState<BridgeError | null>(null);
  const visible = active && !overlayOpen && failure === null;

  useLayoutEffect(() => {
    const element = area.current;
    if (!element) return;
    if (!visible) {
      if (shown.current) void bridge.views.hideExternal(tabPath);
      return;
    }
    void bridge.views.showExternal({ tabKey: tabPath, url, bounds: boundsOf(element) }).then((result) => {
      if (result.ok) shown.current = true;
      else setFailure(new BridgeError(result.code, result.msg));
    });
    const follow = () => void bridge.views.setBounds({ tabKey: tabPath, url, bounds: boundsOf(element) });
    const observer = new ResizeObserver(follow);
    observer.observe(element);
    window.addEventListener('resize', follow);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', follow);
    };
  }, [visible, url, tabPath, bridge]);

  useEffect(
    () => () => {
      shown.current = false;
      void bridge.views.closeExternal(tabPath);
    },
    [bridge, tabPath],
  );

  const initialReload = useRef(reloadSignal);
  useEffect(() => {
    if (reloadSignal !== initialReload.current) void bridge.views.reloadExternal(tabPath);
  }, [reloadSignal, bridge, tabPath]);

  return (
    <div ref={area} className={styles.area} role="region" aria-label={t('external.frame', { title })} data-testid="external-view">
      {failure ? <ErrorState title={t('external.invalid')} error={failure} /> : <LoadingState label={t('external.loading')} />}
    </div>
  );
}

/** An external menu target or /externalAddress?url=… inside its tab. */
export function ExternalPage(props: ExternalPageProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const platform = usePlatform();

  if (!isExternalUrl(props.url)) return <ErrorState title={t('external.invalid')} />;
  if (platform.isPending) return <LoadingState />;
  if (platform.isError) return <ErrorState title={t('app.loadFailed')} error={platform.error} onRetry={() => void platform.refetch()} />;
  if (platform.data.kind === 'electron') return <NativeExternalView {...props} />;
  return (
    <iframe
      key={props.reloadSignal}
      className={styles.frame}
      src={props.url}
      title={t('external.frame', { title: props.title })}
      sandbox="allow-scripts allow-forms"
      referrerPolicy="no-referrer"
      data-testid="external-frame"
    />
  );
}
