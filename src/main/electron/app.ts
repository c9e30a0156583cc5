import os from 'node:os';
import { dirname } from 'node:path';
import { BrowserWindow, Menu, app, clipboard, dialog, session, shell } from 'electron';
import type { ConsoleBridge } from '../../shared/bridge';
import { aboutContent } from '../core/about';
import { startAppLog, type AppLog } from '../core/app-log';
import { bridgeDispatch, type BridgeCore } from '../core/bridge-core';
import { desktopText } from '../core/desktop-text';
import { diagnosticsText } from '../core/diagnostics';
import type { ConsoleCore } from '../core/console-core';
import { appMenuTemplate } from './app-menu';
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
  // The platform's log folder: %APPDATA%\\<app>\\logs on Windows, ~/Library/Logs/<app> on macOS, ~/.config/<app>/logs on Linux.
  const appLog = startAppLog({ folder: app.getPath('logs'), secrets: () => core?.secrets() ?? [], captureConsole: true });
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

    // Electron's default menu (English, Force Reload, developer tools) until the core knows the user's language.
    Menu.setApplicationMenu(null);
    const started = await createDesktopCore(paths, viewHost);
    core = started;
    const installMenu = (): void => Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate(menuOptions(started, appLog, () => mainWindow))));
    installMenu();
    registerBridgeIpc(bridgeDispatch(relabelMenuOnLanguage(started.bridge, installMenu)), appOrigin);
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

type ServerVersion = { ok: true; version: string } | { ok: false; reason: string };

const serverVersionOf = (core: ConsoleCore): Promise<ServerVersion> =>
  core.serverVersion().then(
    (version): ServerVersion => ({ ok: true, version }),
    (error: unknown): ServerVersion => ({ ok: false, reason: (error as Error).message }),
  );

const runtimeVersions = () => ({ electron: process.versions.electron, chrome: process.versions.chrome, node: process.versions.node });

/** The menu's actions: Help › User guide asks the window for its help dialog, About and diagnostics are the main process's own. */
function menuOptions(core: ConsoleCore, appLog: AppLog, window: () => BrowserWindow | null): Parameters<typeof appMenuTemplate>[0] {
  const locale = core.settings.get().language;
  const appName = app.getName();
  const showInfo = (content: { title: string; message: string; detail?: string }): void => {
    const owner = window();
    const options = { type: 'info' as const, buttons: ['OK'], ...content };
    void (owner ? dialog.showMessageBox(owner, options) : dialog.showMessageBox(options));
  };
  return {
    platform: process.platform,
    packaged: app.isPackaged,
    locale,
    appName,
    actions: {
      userGuide: () => {
        window()?.focus();
        core.events.emit({ type: 'open-help' });
      },
      about: () => {
        void serverVersionOf(core).then((serverVersion) =>
          showInfo(
            aboutContent(locale, {
              appName,
              appVersion: app.getVersion(),
              runtime: runtimeVersions(),
              serverUrl: core.settings.get().serverUrl,
              serverVersion,
              settingsSources: core.settingsSources,
            }),
          ),
        );
      },
      openLogsFolder: () => {
        void shell.openPath(dirname(appLog.file));
      },
      copyDiagnostics: () => {
        void Promise.all([serverVersionOf(core), core.bridge.platform()]).then(([serverVersion, platform]) => {
          const text = diagnosticsText(
            {
              appName,
              appVersion: app.getVersion(),
              runtime: runtimeVersions(),
              os: `${os.type()} ${os.release()} (${process.arch})`,
              serverUrl: core.settings.get().serverUrl,
              serverVersion,
              settingsSources: core.settingsSources,
              credentialStore: platform.ok ? platform.data.credentialStore : 'session',
              logFile: appLog.file,
              recentErrors: appLog.recent.list(),
            },
            core.secrets(),
          );
          clipboard.writeText(text);
          showInfo({ title: desktopText(locale, 'menu.copyDiagnostics'), message: desktopText(locale, 'diagnostics.copied') });
        });
      },
    },
  };
}

/** The bridge, with the menu relabelled after a language change is saved. */
function relabelMenuOnLanguage(bridge: BridgeCore, relabel: () => void): BridgeCore {
  const set: ConsoleBridge['settings']['set'] = async (patch) => {
    const result = await bridge.settings.set(patch);
    if (result.ok && patch && typeof patch === 'object' && 'language' in patch) relabel();
    return result;
  };
  return { ...bridge, settings: { ...bridge.settings, set } };
}
