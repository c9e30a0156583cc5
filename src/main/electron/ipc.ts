import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { BRIDGE_EVENT_CHANNEL } from '../../shared/bridge';
import type { BridgeDispatch } from '../core/bridge-core';
import type { BridgeEvents } from '../core/events';
import { bridgeChannels, dispatchBridgeCall } from './bridge-dispatch';
import type { SenderFrame } from './security';

function senderFrameOf(event: IpcMainInvokeEvent): SenderFrame | null {
  const frame = event.senderFrame;
  return frame ? { url: frame.url, isMainFrame: frame.parent === null } : null;
}

/** One ipcMain handler per bridge method; each checks the sender frame before the core sees the call. */
export function registerBridgeIpc(dispatch: BridgeDispatch, appOrigin: string): void {
  for (const { method, channel } of bridgeChannels()) {
    ipcMain.handle(channel, (event, ...args: unknown[]) => dispatchBridgeCall(dispatch, method, senderFrameOf(event), appOrigin, args));
  }
}

/** Core events (session expired, user disabled, export progress) go to the main window's page only. */
export function forwardBridgeEvents(events: BridgeEvents, getWindow: () => BrowserWindow | null): () => void {
  return events.subscribe((event) => {
    const window = getWindow();
    if (window && !window.isDestroyed()) window.webContents.send(BRIDGE_EVENT_CHANNEL, event);
  });
}
