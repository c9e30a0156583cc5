import { BRIDGE_CHANNEL_PREFIX, BRIDGE_METHODS, type BridgeEvent, type ConsoleBridge } from '../shared/bridge';

/**
 * The object the preload exposes, generated from BRIDGE_METHODS: one function per method, each sending
 * its arguments on its own channel, plus the event subscription. Nothing else: no channel name is
 * chosen by the page, so the page cannot reach any other IPC handler.
 */

export const BRIDGE_GLOBAL_NAME = 'consoleBridge';

export interface PreloadTransport {
  invoke(channel: string, args: unknown[]): Promise<unknown>;
  /** Registers a listener for bridge events; returns its removal. */
  subscribe(listener: (event: BridgeEvent) => void): () => void;
}

export function buildBridgeApi(transport: PreloadTransport): ConsoleBridge {
  const root: Record<string, unknown> = {};
  for (const method of BRIDGE_METHODS) {
    const channel = `${BRIDGE_CHANNEL_PREFIX}${method}`;
    const call = (...args: unknown[]): Promise<unknown> => transport.invoke(channel, args);
    const [group, name] = method.split('.');
    if (name === undefined) {
      root[method] = call;
    } else {
      const groupObject = (root[group as string] ??= {}) as Record<string, unknown>;
      groupObject[name] = call;
    }
  }
  root.events = { subscribe: (listener: (event: BridgeEvent) => void) => transport.subscribe(listener) };
  return root as unknown as ConsoleBridge;
}
