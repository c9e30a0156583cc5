import { session as electronSession, type App, type Session, type WebContents } from 'electron';
import { EXTERNAL_VIEW_PARTITION, denyPermissionCheck, denyPermissionRequest, isAllowedNavigation, windowOpenDecision, type ContentsKind } from './security';

/**
 * Guards on every web contents the app ever creates (windows, views, the PDF viewer): no webview tags,
 * no window.open, navigation and redirects only where its kind allows.
 */
export function guardAllWebContents(app: App, appOrigin: string): void {
  const externalSession = electronSession.fromPartition(EXTERNAL_VIEW_PARTITION);
  const kindOf = (contents: WebContents): ContentsKind => (contents.session === externalSession ? 'external' : 'app');

  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(windowOpenDecision);
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.on('will-navigate', (event) => {
      if (!isAllowedNavigation(kindOf(contents), event.url, appOrigin)) event.preventDefault();
    });
    contents.on('will-redirect', (event) => {
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
