import { BrowserWindow, screen } from 'electron';
import { mainWindowWebPreferences } from './security';
import { MIN_WINDOW_SIZE, restoreWindowBounds, type Rect } from './window-bounds';

export interface SavedWindowBounds extends Rect {
  maximized: boolean;
}

export interface MainWindowOptions {
  preloadPath: string;
  /** app://console/ or the dev server */
  url: string;
  devTools: boolean;
  savedBounds: unknown;
  saveBounds(bounds: SavedWindowBounds): void;
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const restored = restoreWindowBounds(
    options.savedBounds,
    screen.getAllDisplays().map((display) => display.workArea),
  );
  const windowOptions = {
    ...restored.bounds,
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
    title: 'Back-office Console',
    show: false,
    backgroundColor: '#ffffff',
    webPreferences: mainWindowWebPreferences(options.preloadPath, { devTools: options.devTools }),
  };
  const window = new BrowserWindow(windowOptions); // eng-disable SANDBOX_JS_CHECK CONTEXT_ISOLATION_JS_CHECK AUXCLICK_JS_CHECK -- all three are set by mainWindowWebPreferences() above, unit-tested in security.test.ts
  window.once('ready-to-show', () => {
    if (restored.maximized) window.maximize();
    window.show();
  });
  // The normal bounds, so a window closed maximised un-maximises to where it was.
  window.on('close', () => options.saveBounds({ ...window.getNormalBounds(), maximized: window.isMaximized() }));
  void window.loadURL(options.url);
  return window;
}
