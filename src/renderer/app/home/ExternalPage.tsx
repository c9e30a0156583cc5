import { Button, Link, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExternalViewRequest } from '../../../shared/bridge';
import { BridgeError, useBridge } from '../../bridge';
import { useAnyOverlayOpen } from '../../components/overlay';
import { ResponseCode } from '../../../shared/codes';
import { ErrorState, LoadingState } from '../../components/states';
import { usePlatform } from '../platform';
import { isExternalUrl } from './nav';

const useStyles = makeStyles({
  area: { position: 'absolute', inset: 0 },
  frame: { position: 'absolute', inset: 0, width: '100%', height: '100%', border: 'none' },
  unreachable: { padding: tokens.spacingHorizontalXXL, maxWidth: '720px' },
  address: { wordBreak: 'break-all' },
});

/** What an external tab shows when its page did not answer, instead of Chromium's broken-page icon. */
function UnreachablePage({ url, title, onRetry, openInBrowser }: { url: string; title: string; onRetry: () => void; openInBrowser: ReactNode }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.unreachable}>
      <MessageBar intent="warning" layout="multiline" data-testid="external-unreachable">
        <MessageBarBody>
          <MessageBarTitle>{t('external.unreachable', { title })}</MessageBarTitle>
          <span className={styles.address}>{t('external.unreachableHint', { url })}</span>
        </MessageBarBody>
        <MessageBarActions>
          <Button onClick={onRetry} data-testid="external-retry">
            {t('common.retry')}
          </Button>
          {openInBrowser}
        </MessageBarActions>
      </MessageBar>
    </div>
  );
}

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
  const [openFailure, setOpenFailure] = useState<BridgeError | null>(null);
  const visible = active && !overlayOpen && failure === null;

  useLayoutEffect(() => {
    const element = area.current;
    if (!element) return;
    if (!visible) {
      if (shown.current) void bridge.views.hideExternal(tabPath);
      return;
    }
    // Shown from the call on: the view is on screen while its page loads, so hiding it must not wait for the load.
    shown.current = true;
    void bridge.views.showExternal({ tabKey: tabPath, url, bounds: boundsOf(element) }).then((result) => {
      if (!result.ok) setFailure(new BridgeError(result.code, result.msg));
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
      {failure === null ? (
        <LoadingState label={t('external.loading')} />
      ) : failure.code === ResponseCode.Unreachable ? (
        <UnreachablePage
          url={url}
          title={title}
          onRetry={() => setFailure(null)}
          openInBrowser={
            <>
              <Button
                appearance="primary"
                data-testid="external-open-browser"
                onClick={() => void bridge.views.openInBrowser(url).then((result) => setOpenFailure(result.ok ? null : new BridgeError(result.code, result.msg)))}
              >
                {t('external.openInBrowser')}
              </Button>
              {openFailure ? <ErrorState title={t('external.invalid')} error={openFailure} /> : null}
            </>
          }
        />
      ) : (
        <ErrorState title={t('external.invalid')} error={failure} />
      )}
    </div>
  );
}

/** An external menu target or /externalAddress?url=… inside its tab. */
export function ExternalPage(props: ExternalPageProps) {
  const { t } = useTranslation();
  const platform = usePlatform();

  if (!isExternalUrl(props.url)) return <ErrorState title={t('external.invalid')} />;
  if (platform.isPending) return <LoadingState />;
  if (platform.isError) return <ErrorState title={t('app.loadFailed')} error={platform.error} onRetry={() => void platform.refetch()} />;
  if (platform.data.kind === 'electron') return <NativeExternalView {...props} />;
  return <FramedExternalPage {...props} />;
}

/**
 * The browser host: a sandboxed iframe. A frame cannot tell the page why it shows nothing, so the host checks
 * whether the address answers at all and shows the message instead of the frame when it does not.
 */
function FramedExternalPage(props: ExternalPageProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const bridge = useBridge();
  const [attempt, setAttempt] = useState(0);
  const [unreachable, setUnreachable] = useState(false);

  useEffect(() => {
    let current = true;
    setUnreachable(false);
    void bridge.views.checkExternal(props.url).then((result) => {
      // A check that could not be made says nothing about the page: the frame stays.
      if (current && result.ok && !result.data.reachable) setUnreachable(true);
    });
    return () => {
      current = false;
    };
  }, [bridge, props.url, props.reloadSignal, attempt]);

  if (unreachable)
    return (
      <UnreachablePage
        url={props.url}
        title={props.title}
        onRetry={() => setAttempt((n) => n + 1)}
        openInBrowser={
          <Link href={props.url} target="_blank" rel="noopener noreferrer" data-testid="external-open-browser">
            {t('external.openInBrowser')}
          </Link>
        }
      />
    );
  return (
    <iframe
      key={`${props.reloadSignal}-${attempt}`}
      className={styles.frame}
      src={props.url}
      title={t('external.frame', { title: props.title })}
      sandbox="allow-scripts allow-forms"
      referrerPolicy="no-referrer"
      data-testid="external-frame"
    />
  );
}
