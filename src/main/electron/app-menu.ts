import type { MenuItemConstructorOptions } from 'electron';
import { desktopText, type DesktopTextKey } from '../core/desktop-text';

/** What the product's own menu items do; the glue (app.ts) passes Electron's dialogs and the window's events. */
export interface AppMenuActions {
  userGuide(): void;
  about(): void;
  openLogsFolder(): void;
  copyDiagnostics(): void;
}

export interface AppMenuOptions {
  platform: NodeJS.Platform;
  /** A packaged build has no reload and no developer tools. */
  packaged: boolean;
  locale: string;
  appName: string;
  actions: AppMenuActions;
}

/**
 * The application menu, as a pure function of the platform, the build and the language (Electron's default menu is
 * English, with Force Reload and the developer tools). macOS: the app menu first with About and Quit, a Window menu;
 * Windows and Linux: File › Exit, About at the end of Help. Standard actions keep their roles, so the OS's shortcuts
 * and the edit commands of text fields work; every label is the console's own, in the console's language.
 */
export function appMenuTemplate(options: AppMenuOptions): MenuItemConstructorOptions[] {
  const { platform, packaged, locale, appName, actions } = options;
  const text = (key: DesktopTextKey) => desktopText(locale, key, { app: appName });
  const mac = platform === 'darwin';
  const separator: MenuItemConstructorOptions = { type: 'separator' };
  const about: MenuItemConstructorOptions = { id: 'about', label: text('menu.about'), click: () => actions.about() };

  const appMenu: MenuItemConstructorOptions = {
    label: appName,
    submenu: [
      about,
      separator,
      { role: 'services', label: text('menu.services') },
      separator,
      { role: 'hide', label: text('menu.hide') },
      { role: 'hideOthers', label: text('menu.hideOthers') },
      { role: 'unhide', label: text('menu.showAll') },
      separator,
      { role: 'quit', label: text('menu.quitMac') },
    ],
  };
  const fileMenu: MenuItemConstructorOptions = { label: text('menu.file'), submenu: [{ role: 'quit', label: text('menu.quit') }] };
  const editMenu: MenuItemConstructorOptions = {
    label: text('menu.edit'),
    submenu: [
      { role: 'undo', label: text('menu.undo') },
      { role: 'redo', label: text('menu.redo') },
      separator,
      { role: 'cut', label: text('menu.cut') },
      { role: 'copy', label: text('menu.copy') },
      { role: 'paste', label: text('menu.paste') },
      { role: 'selectAll', label: text('menu.selectAll') },
    ],
  };
  const development: MenuItemConstructorOptions[] = packaged ? [] : [{ role: 'reload', label: text('menu.reload') }, { role: 'toggleDevTools', label: text('menu.devTools') }, separator];
  const viewMenu: MenuItemConstructorOptions = {
    label: text('menu.view'),
    submenu: [
      ...development,
      { role: 'resetZoom', label: text('menu.resetZoom') },
      { role: 'zoomIn', label: text('menu.zoomIn') },
      { role: 'zoomOut', label: text('menu.zoomOut') },
      separator,
      { role: 'togglefullscreen', label: text('menu.fullScreen') },
    ],
  };
  const windowMenu: MenuItemConstructorOptions = {
    label: text('menu.window'),
    submenu: mac
      ? [{ role: 'minimize', label: text('menu.minimize') }, { role: 'zoom', label: text('menu.zoom') }, separator, { role: 'close', label: text('menu.close') }]
      : [
          { role: 'minimize', label: text('menu.minimize') },
          { role: 'close', label: text('menu.close') },
        ],
  };
  const helpMenu: MenuItemConstructorOptions = {
    role: 'help',
    label: text('menu.help'),
    submenu: [
      { id: 'user-guide', label: text('menu.userGuide'), accelerator: 'F1', click: () => actions.userGuide() },
      separator,
      { id: 'open-logs', label: text('menu.openLogs'), click: () => actions.openLogsFolder() },
      { id: 'copy-diagnostics', label: text('menu.copyDiagnostics'), click: () => actions.copyDiagnostics() },
      ...(mac ? [] : [separator, about]),
    ],
  };
  return mac ? [appMenu, editMenu, viewMenu, windowMenu, helpMenu] : [fileMenu, editMenu, viewMenu, windowMenu, helpMenu];
}
