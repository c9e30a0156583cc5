import { app } from 'electron';
import { appPaths } from './electron/app-paths';
import { registerAppScheme } from './electron/app-protocol';

// The server reads CONSOLE_MIGRATIONS_DIR when its module loads, so it is set before the app (and with
// it the server) is imported below. An administrator's own value wins.
const paths = appPaths({ isPackaged: app.isPackaged, resourcesPath: process.resourcesPath, appPath: app.getAppPath() });
process.env.CONSOLE_MIGRATIONS_DIR ??= paths.migrationsDir;

// These must happen before the 'ready' event, so before the first await. Every renderer is sandboxed,
// including any a dependency might create.
app.enableSandbox();
registerAppScheme();
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  const { runDesktopApp } = await import('./electron/app');
  runDesktopApp(paths);
}
