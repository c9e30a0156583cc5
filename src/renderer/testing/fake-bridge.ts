import { vi, type Mock } from 'vitest';
import { BRIDGE_METHODS, type BridgeEvent, type BridgeMethod, type BridgeResult, type ConsoleBridge } from '../../shared/bridge';

type AnyMethod = Mock<(...args: unknown[]) => Promise<BridgeResult<unknown>>>;

export interface FakeBridge {
  bridge: ConsoleBridge;
  /** The mock behind a method, e.g. `method('auth.signIn').mockResolvedValueOnce(...)`. */
  method(name: BridgeMethod): AnyMethod;
  /** Delivers an event to the subscribers, as the main process would. */
  emit(event: BridgeEvent): void;
}

/** A bridge whose every method is a mock answering `{ok: true, data: null}` until a test says otherwise. */
export function createFakeBridge(): FakeBridge {
  const mocks = new Map<BridgeMethod, AnyMethod>();
  const root: Record<string, unknown> = {};
  for (const name of BRIDGE_METHODS) {
    const mock: AnyMethod = vi.fn(async () => ({ ok: true, data: null }) as BridgeResult<unknown>);
    mocks.set(name, mock);
    const [group, method] = name.split('.') as [string, string | undefined];
    if (method === undefined) root[group] = mock;
    else ((root[group] ??= {}) as Record<string, unknown>)[method] = mock;
  }
  const listeners = new Set<(event: BridgeEvent) => void>();
  root.events = {
    subscribe: (listener: (event: BridgeEvent) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    bridge: root as unknown as ConsoleBridge,
    method: (name) => mocks.get(name) as AnyMethod,
    emit: (event) => {
      for (const listener of [...listeners]) listener(event);
    },
  };
}
