import { app, crashReporter } from 'electron';
import { appPaths } from './electron/app-paths';
import { registerAppScheme } from './electron/app-protocol';

const paths = appPaths({ isPackaged: app.isPackaged, resourcesPath: process.resourcesPath, appPath: app.getAppPath() });

// These must happen before the 'ready' event, so before the first await. Every renderer is sandboxed,
// including any a dependency might create.
app.enableSandbox();
// Crash dumps stay on this workstation (the crashDumps folder of the user data) for the help desk; nothing is uploaded.
crashReporter.start({ uploadToServer: false });
registerAppScheme();
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  const { runDesktopApp } = await import('./electron/app');
  runDesktopApp(paths);
}
