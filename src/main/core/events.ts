import type { BridgeEvent } from '../../shared/bridge';

/** The core's outbound events; each transport (IPC, server-sent events) subscribes and forwards them. */
export interface BridgeEvents {
  emit(event: BridgeEvent): void;
  /** Returns an unsubscribe function. */
  subscribe(listener: (event: BridgeEvent) => void): () => void;
}

export function createBridgeEvents(onListenerError: (error: unknown) => void = (error) => console.warn('bridge event listener failed:', error)): BridgeEvents {
  const listeners = new Set<(event: BridgeEvent) => void>();
  return {
    emit(event) {
      // A failing transport must not keep the event from the others.
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch (error) {
          onListenerError(error);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
