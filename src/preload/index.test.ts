import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BRIDGE_EVENT_CHANNEL, BRIDGE_METHODS } from '../shared/bridge';

const exposed = new Map<string, unknown>();
const ipcListeners = new Map<string, Set<(...args: unknown[]) => void>>();
const ipcRenderer = {
  invoke: vi.fn(async (..._args: unknown[]) => ({ ok: true, data: null })),
  send: vi.fn(),
  sendSync: vi.fn(),
  on: vi.fn((channel: string, listener: (...args: unknown[]) => void) => {
    if (!ipcListeners.has(channel)) ipcListeners.set(channel, new Set());
    ipcListeners.get(channel)?.add(listener);
    return ipcRenderer;
  }),
  removeListener: vi.fn((channel: string, listener: (...args: unknown[]) => void) => {
    ipcListeners.get(channel)?.delete(listener);
    return ipcRenderer;
  }),
};

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (name: string, api: unknown) => exposed.set(name, api) },
  ipcRenderer,
}));

/** Every function reachable from the exposed object, as dotted paths. */
function leafFunctions(value: unknown, prefix = ''): string[] {
  if (typeof value === 'function') return [prefix];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => leafFunctions(child, prefix ? `${prefix}.${key}` : key));
}

function containsValue(value: unknown, needle: unknown, seen = new Set<unknown>()): boolean {
  if (value === needle) return true;
  if (typeof value !== 'object' || value === null || seen.has(value)) return false;
  seen.add(value);
  return Object.values(value).some((child) => containsValue(child, needle, seen));
}

type Bridge = import('../shared/bridge').ConsoleBridge;

async function loadPreload(): Promise<Bridge> {
  vi.resetModules();
  exposed.clear();
  await import('.');
  return exposed.get('consoleBridge') as Bridge;
}

describe('preload', () => {
  beforeEach(() => {
    ipcListeners.clear();
    vi.clearAllMocks();
  });

  it('exposes exactly one global, consoleBridge', async () => {
    await loadPreload();
    expect([...exposed.keys()]).toEqual(['consoleBridge']);
  });

  it('exposes exactly the bridge methods and the event subscription', async () => {
    const bridge = await loadPreload();
    expect(leafFunctions(bridge).sort()).toEqual([...BRIDGE_METHODS, 'events.subscribe'].sort());
  });

  it('never exposes ipcRenderer or a generic invoke', async () => {
    const bridge = await loadPreload();
    expect(containsValue(bridge, ipcRenderer)).toBe(false);
    expect(containsValue(bridge, ipcRenderer.invoke)).toBe(false);
    const names = leafFunctions(bridge).map((path) => path.split('.').pop());
    expect(names).not.toContain('invoke');
    expect(names).not.toContain('send');
    expect(names).not.toContain('on');
  });

  it('sends each method on its own channel with its arguments', async () => {
    const bridge = await loadPreload();
    ipcRenderer.invoke.mockResolvedValueOnce({ ok: true, data: { needShow: true } } as never);
    await expect(bridge.auth.captchaNeeded('alice')).resolves.toEqual({ ok: true, data: { needShow: true } });
    expect(ipcRenderer.invoke).toHaveBeenLastCalledWith('console:auth.captchaNeeded', 'alice');

    await bridge.platform();
    expect(ipcRenderer.invoke).toHaveBeenLastCalledWith('console:platform');

    await bridge.api.call('session.roleSystems' as never, { a: 1 } as never);
    expect(ipcRenderer.invoke).toHaveBeenLastCalledWith('console:api.call', 'session.roleSystems', { a: 1 });
  });

  it('passes event payloads without the IPC event, and unsubscribes', async () => {
    const bridge = await loadPreload();
    const received: unknown[][] = [];
    const unsubscribe = bridge.events.subscribe((...args: unknown[]) => received.push(args));
    const listeners = [...(ipcListeners.get(BRIDGE_EVENT_CHANNEL) ?? [])];
    expect(listeners).toHaveLength(1);
    const ipcEvent = { sender: ipcRenderer, senderId: 0 };
    listeners[0]?.(ipcEvent, { type: 'session-expired' });
    expect(received).toEqual([[{ type: 'session-expired' }]]);

    unsubscribe();
    expect(ipcListeners.get(BRIDGE_EVENT_CHANNEL)?.size).toBe(0);
  });
});
