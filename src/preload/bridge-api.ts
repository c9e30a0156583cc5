import { BRIDGE_CHANNEL_PREFIX, buildBridgeObject, type BridgeEvent, type ConsoleBridge } from '../shared/bridge';

/**
 * The object the preload exposes: each method sends its arguments on its own channel. No channel name
 * is chosen by the page, so the page cannot reach any other IPC handler.
 */

export const BRIDGE_GLOBAL_NAME = 'consoleBridge';

export interface PreloadTransport {
  invoke(channel: string, args: unknown[]): Promise<unknown>;
  /** Registers a listener for bridge events; returns its removal. */
  subscribe(listener: (event: BridgeEvent) => void): () => void;
}

export function buildBridgeApi(transport: PreloadTransport): ConsoleBridge {
  return buildBridgeObject(
    (method) =>
      (...args) =>
        transport.invoke(`${BRIDGE_CHANNEL_PREFIX}${method}`, args),
    (listener) => transport.subscribe(listener),
  );
}
