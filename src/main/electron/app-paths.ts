import { join } from 'node:path';

/** Where the shell finds its files: inside the app (asar) or beside it (extraResources) when packaged, in the repository in development. */

/** The embedded server's pre-initialised data folder (src/server/db/data-template.ts), built by `scripts/build-data-template.ts`. */
export const DATA_TEMPLATE_FILE = 'data-template.tar.gz';

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
  /** A new data folder starts from this template when the file exists (built into out/, shipped in the resources). */
  dataTemplate: string;
}

export function appPaths(location: AppLocation): AppPaths {
  const { isPackaged, resourcesPath, appPath } = location;
  return {
    rendererDir: join(appPath, 'out', 'renderer'),
    preloadPath: join(appPath, 'out', 'preload', 'index.cjs'),
    helpDir: isPackaged ? join(resourcesPath, 'help') : join(appPath, 'resources', 'help'),
    migrationsDir: isPackaged ? join(resourcesPath, 'migrations') : join(appPath, 'src', 'server', 'db', 'migrations'),
    dataTemplate: isPackaged ? join(resourcesPath, DATA_TEMPLATE_FILE) : join(appPath, 'out', DATA_TEMPLATE_FILE),
  };
}
