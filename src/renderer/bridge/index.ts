import { createContext, useContext } from 'react';
import type { ConsoleBridge } from '../../shared/bridge';
import { createHttpBridge } from './http-transport';

let bridge: ConsoleBridge | null = null;

/** The Electron preload's bridge when there is one, otherwise the browser host's HTTP transport. */
export function getBridge(): ConsoleBridge {
  bridge ??= window.consoleBridge ?? createHttpBridge();
  return bridge;
}

/** Lets a test (or a story) hand the tree its own bridge; the app itself uses `getBridge()`. */
export const BridgeContext = createContext<ConsoleBridge | null>(null);

export function useBridge(): ConsoleBridge {
  return useContext(BridgeContext) ?? getBridge();
}

export { BridgeError, isBridgeError, unwrap } from './bridge-error';
export { TRANSPORT_FAILURE_CODE } from './http-transport';
