import { join } from 'node:path';
import { app, BrowserWindow, dialog, type SaveDialogOptions } from 'electron';
import type { ExportTarget } from '../core/exports';

/** Where an export goes in the desktop app: the native save dialog, over the window that asked, in the downloads folder. */
export const saveDialogTarget: ExportTarget = async ({ suggestedName, download }) => {
  const options: SaveDialogOptions = {
    defaultPath: join(app.getPath('downloads'), suggestedName),
    filters: [{ name: download.extension.toUpperCase(), extensions: [download.extension] }],
    properties: ['showOverwriteConfirmation', 'createDirectory'],
  };
  const window = BrowserWindow.getFocusedWindow();
  const result = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
  return result.canceled || !result.filePath ? null : result.filePath;
};
