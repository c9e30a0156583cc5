import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appPaths } from './app-paths';

describe('appPaths', () => {
  it('reads help and migrations beside the asar when packaged', () => {
    const paths = appPaths({ isPackaged: true, resourcesPath: '/opt/Console/resources', appPath: '/opt/Console/resources/app.asar' });
    expect(paths).toEqual({
      rendererDir: join('/opt/Console/resources/app.asar', 'out', 'renderer'),
      preloadPath: join('/opt/Console/resources/app.asar', 'out', 'preload', 'index.cjs'),
      helpDir: join('/opt/Console/resources', 'help'),
      migrationsDir: join('/opt/Console/resources', 'migrations'),
      dataTemplate: join('/opt/Console/resources', 'data-template.tar.gz'),
    });
  });

  it('reads them from the repository in development', () => {
    const paths = appPaths({ isPackaged: false, resourcesPath: '/x/node_modules/electron/dist/resources', appPath: '/work/main' });
    expect(paths.helpDir).toBe(join('/work/main', 'resources', 'help'));
    expect(paths.migrationsDir).toBe(join('/work/main', 'src', 'server', 'db', 'migrations'));
    expect(paths.rendererDir).toBe(join('/work/main', 'out', 'renderer'));
    expect(paths.dataTemplate).toBe(join('/work/main', 'out', 'data-template.tar.gz'));
  });
});
