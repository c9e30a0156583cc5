import type { ConsoleBridge } from '../shared/bridge';

declare global {
  interface Window {
    /** Exposed by the Electron preload; absent in the browser host, where the HTTP transport stands in. */
    consoleBridge?: ConsoleBridge;
  }
}

export {};
