import { existsSync } from 'node:fs';
import os from 'node:os';
import { app, net, shell } from 'electron';
import Store from 'electron-store';
import { createConsoleCore, type ConsoleCore } from '../core/console-core';
import { embeddedDataDir, moveDataDir, roamingDataDir } from '../core/data-location';
import { createEmbeddedServer } from '../core/embedded-server';
import { findHelpPdf } from '../core/help';
import { readManagedPolicy, systemCommandRunner, withPolicy } from '../core/managed-policy';
import { createSettings, readManagedPreset, type KeyValueStore } from '../core/settings';
import { chooseTokenVault } from '../core/token-vault';
import { helpPdfUrl, storedFileUrl } from './app-protocol-routes';
import type { AppPaths } from './app-paths';
import { saveDialogTarget } from './export-dialog';
import type { ElectronViewHost } from './external-views';

/**
 * The one place the Electron specifics are injected into the plain-Node core: electron-store for
 * settings, net.fetch for the API client, the WebContentsView host, the app:// help URLs, and the
 * embedded server's data in the local profile (src/main/core/data-location.ts).
 */

export async function createDesktopCore(paths: AppPaths, viewHost: ElectronViewHost): Promise<ConsoleCore> {
  // Installed, the machine-wide file wins over the user's own environment (src/main/core/settings.ts).
  // One precedence: the OS policy (registry, managed preferences), then the machine-wide file, then the environment.
  const policy = await readManagedPolicy(process.platform, systemCommandRunner, existsSync);
  const preset = withPolicy(readManagedPreset(process.env, process.platform, { packaged: app.isPackaged }), policy);
  const store = new Store<Record<string, unknown>>({ name: 'settings' }) as unknown as KeyValueStore;
  const userData = app.getPath('userData');
  const dataDir = embeddedDataDir(process.platform, process.env, userData);
  // A forbidden embedded server keeps its old data where it is: nothing opens it.
  if (!policy.embeddedServerForbidden) moveDataDir(roamingDataDir(userData), dataDir, (message) => console.warn(message));
  // A workstation that must use the team server has no embedded one: without a server the console says so.
  const embedded = policy.embeddedServerForbidden
    ? null
    : createEmbeddedServer({
        dataDir,
        credentials: createSettings(store, preset).credentials(),
        migrationsDir: paths.migrationsDir,
        dataTemplate: paths.dataTemplate,
        // console goes to the app's log file (app-log.ts).
        logToConsole: true,
      });
  return createConsoleCore({
    store,
    preset,
    vault: await chooseTokenVault((message) => console.warn(message)),
    embedded,
    platform: { kind: 'electron', appVersion: app.getVersion(), os: `${os.type()} ${os.release()}` },
    // Electron's network stack: the workstation's proxy settings and certificate store apply.
    fetch: (input, init) => net.fetch(input instanceof URL ? input.toString() : input, init),
    viewHost,
    helpPdfUrl: async (locale) => {
      const fileName = await findHelpPdf(paths.helpDir, locale);
      return fileName ? helpPdfUrl(fileName) : null;
    },
    fileUrl: storedFileUrl,
    exportTarget: saveDialogTarget,
    revealFile: async (file) => shell.showItemInFolder(file),
    warn: (message) => console.warn(message),
  });
}
