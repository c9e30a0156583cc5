import { join } from 'node:path';

/** Where the shell finds its files: inside the app (asar) or beside it (extraResources) when packaged, in the repository in development. */

export interface AppLocation {
  isPackaged: boolean;
  /** process.resourcesPath */
  resourcesPath: string;
  /** app.getAppPath(): the asar when packaged, the project root in development */
  appPath: string;
}

export interface AppPaths {
  rendererDir: string;
  preloadPath: string;
  helpDir: string;
  /** The embedded server's migrations: the bundled folder when packaged, whatever the environment says. */
  migrationsDir: string;
}

export function appPaths(location: AppLocation): AppPaths {
  const { isPackaged, resourcesPath, appPath } = location;
  return {
    rendererDir: join(appPath, 'out', 'renderer'),
    preloadPath: join(appPath, 'out', 'preload', 'index.cjs'),
    helpDir: isPackaged ? join(resourcesPath, 'help') : join(appPath, 'resources', 'help'),
    migrationsDir: isPackaged ? join(resourcesPath, 'migrations') : join(appPath, 'src', 'server', 'db', 'migrations'),
  };
}
