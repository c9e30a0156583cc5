import { session as electronSession, type App, type Session, type WebContents } from 'electron';
import {
  EXTERNAL_VIEW_PARTITION,
  denyPermissionCheck,
  denyPermissionRequest,
  isAllowedNavigation,
  messengerCodeOfRedirect,
  signInAddressWithCode,
  windowOpenDecision,
  type ContentsKind,
} from './security';

export interface GuardOptions {
  /** The messenger QR page the sign-in page shows, or null: its return address is the one a sign-in code may come back to. */
  messengerQrUrl: () => string | null;
}

/**
 * Guards on every web contents the app ever creates (windows, views, the PDF viewer): no webview tags,
 * no window.open, navigation and redirects only where its kind allows. The messenger's return to its
 * configured address with `?code=` (from the QR frame or the window itself) is stopped, and the app's
 * own sign-in page opens with the code instead.
 */
export function guardAllWebContents(app: App, appOrigin: string, options: GuardOptions): void {
  const externalSession = electronSession.fromPartition(EXTERNAL_VIEW_PARTITION);
  const kindOf = (contents: WebContents): ContentsKind => (contents.session === externalSession ? 'external' : 'app');

  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(windowOpenDecision);
    contents.on('will-attach-webview', (event) => event.preventDefault());
    const catchMessengerReturn = (event: { url: string; preventDefault(): void }) => {
      const code = kindOf(contents) === 'app' ? messengerCodeOfRedirect(event.url, options.messengerQrUrl()) : null;
      if (code === null) return;
      event.preventDefault();
      void contents.loadURL(signInAddressWithCode(appOrigin, code));
    };
    // Every frame's navigations: the QR page may send the window or only its own frame back.
    contents.on('will-frame-navigate', catchMessengerReturn);
    contents.on('will-navigate', (event) => {
      if (!isAllowedNavigation(kindOf(contents), event.url, appOrigin)) event.preventDefault();
    });
    contents.on('will-redirect', (event) => {
      catchMessengerReturn(event);
      if (!isAllowedNavigation(kindOf(contents), event.url, appOrigin)) event.preventDefault();
    });
  });
}

/** The app's session and the external views' partition refuse every permission and device request. */
export function denyAllPermissions(sessions: readonly Session[]): void {
  for (const ses of sessions) {
    ses.setPermissionRequestHandler(denyPermissionRequest);
    ses.setPermissionCheckHandler(denyPermissionCheck);
    ses.setDevicePermissionHandler(denyPermissionCheck);
  }
}
