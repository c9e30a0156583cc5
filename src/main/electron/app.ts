import { BrowserWindow, app, dialog, session } from 'electron';
import { bridgeDispatch } from '../core/bridge-core';
import type { ConsoleCore } from '../core/console-core';
import type { AppPaths } from './app-paths';
import { handleAppProtocol } from './app-protocol';
import { createDesktopCore } from './desktop-core';
import { ElectronViewHost } from './external-views';
import { forwardBridgeEvents, registerBridgeIpc } from './ipc';
import { createMainWindow } from './main-window';
import { APP_ORIGIN, EXTERNAL_VIEW_PARTITION, appContentSecurityPolicy } from './security';
import { denyAllPermissions, guardAllWebContents } from './web-contents-guards';

/** The app's life: guards and the app protocol first, then the core, the IPC bridge and the main window. */
export function runDesktopApp(paths: AppPaths): void {
  // electron-vite dev serves the renderer from its dev server; everywhere else it comes from app://console.
  const devServerUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL;
  const appOrigin = devServerUrl ? new URL(devServerUrl).origin : APP_ORIGIN;

  let mainWindow: BrowserWindow | null = null;
  let core: ConsoleCore | null = null;
  const viewHost = new ElectronViewHost(() => mainWindow);

  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });

  const openMainWindow = (started: ConsoleCore): void => {
    const window = createMainWindow({
      preloadPath: paths.preloadPath,
      url: devServerUrl ?? `${APP_ORIGIN}/`,
      devTools: !app.isPackaged,
      savedBounds: started.settings.windowBounds(),
      saveBounds: (bounds) => {
        try {
          started.settings.setWindowBounds(bounds);
        } catch (error) {
          console.warn(`window bounds not saved: ${(error as Error).message}`);
        }
      },
    });
    window.on('closed', () => {
      viewHost.closeAll();
      mainWindow = null;
    });
    mainWindow = window;
  };

  const start = async (): Promise<void> => {
    await app.whenReady();
    guardAllWebContents(app, appOrigin, { messengerQrUrl: () => core?.session.messengerQrUrl() ?? null });
    denyAllPermissions([session.defaultSession, session.fromPartition(EXTERNAL_VIEW_PARTITION)]);
    const contentSecurityPolicy = appContentSecurityPolicy(devServerUrl ? { devServerOrigin: appOrigin } : {});
    handleAppProtocol({ rendererDir: paths.rendererDir, helpDir: paths.helpDir }, contentSecurityPolicy, (fileId) =>
      core ? core.bridge.readFile(fileId) : Promise.reject(new Error('the console core is starting')),
    );
    if (devServerUrl) {
      session.defaultSession.webRequest.onHeadersReceived({ urls: [`${appOrigin}/*`] }, (details, callback) => {
        callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [contentSecurityPolicy] } });
      });
    }

    const started = await createDesktopCore(paths, viewHost);
    core = started;
    registerBridgeIpc(bridgeDispatch(started.bridge), appOrigin);
    forwardBridgeEvents(started.events, () => mainWindow);
    openMainWindow(started);
    // The embedded server's first start initialises its database (seconds): begin while the sign-in page loads.
    if (!started.settings.get().serverUrl) started.serverUrl().catch((error: unknown) => console.error((error as Error).message));

    app.on('activate', () => {
      if (!mainWindow) openMainWindow(started);
    });
  };

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  // Stop the embedded server (it holds the database) before the process ends.
  let stopping = false;
  app.on('will-quit', (event) => {
    if (stopping || !core) return;
    stopping = true;
    event.preventDefault();
    core
      .close()
      .catch((error: unknown) => console.error(`embedded server did not stop cleanly: ${(error as Error).message}`))
      .finally(() => app.quit());
  });

  start().catch((error: unknown) => {
    dialog.showErrorBox('Back-office Console could not start', (error as Error).message);
    app.exit(1);
  });
}
