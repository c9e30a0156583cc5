import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { BRIDGE_EVENT_CHANNEL, type BridgeEvent } from '../shared/bridge';
import { BRIDGE_GLOBAL_NAME, buildBridgeApi } from './bridge-api';

/**
 * Sandboxed preload: exposes the typed bridge as `window.consoleBridge` and nothing else. The IPC event
 * object (which carries the sender, i.e. ipcRenderer) never reaches the page: listeners get the payload only.
 */
const bridge = buildBridgeApi({
  invoke: (channel, args) => ipcRenderer.invoke(channel, ...args),
  subscribe: (listener) => {
    const forward = (_event: IpcRendererEvent, payload: BridgeEvent): void => listener(payload);
    ipcRenderer.on(BRIDGE_EVENT_CHANNEL, forward);
    return () => {
      ipcRenderer.removeListener(BRIDGE_EVENT_CHANNEL, forward);
    };
  },
});

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL_NAME, bridge);
