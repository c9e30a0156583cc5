import { describe, expect, it, vi } from 'vitest';
import { BRIDGE_EVENT_CHANNEL, BRIDGE_METHODS } from '../../shared/bridge';
import type { BridgeDispatch } from '../core/bridge-core';
import { createBridgeEvents } from '../core/events';
import { APP_ORIGIN } from './security';

const handlers = new Map<string, (event: unknown, ...args: unknown[]) => Promise<unknown>>();
vi.mock('electron', () => ({
  ipcMain: { handle: (channel: string, handler: (event: unknown, ...args: unknown[]) => Promise<unknown>) => handlers.set(channel, handler) },
}));

const { forwardBridgeEvents, registerBridgeIpc } = await import('./ipc');

const calls: Array<{ method: string; args: unknown[] }> = [];
const dispatch: BridgeDispatch = async (method, args) => {
  calls.push({ method, args });
  return { ok: true, data: null };
};
registerBridgeIpc(dispatch, APP_ORIGIN);

const mainFrame = { url: `${APP_ORIGIN}/Home`, parent: null };

describe('registerBridgeIpc', () => {
  it('registers exactly one handler per bridge method', () => {
    expect([...handlers.keys()].sort()).toEqual(BRIDGE_METHODS.map((m) => `console:${m}`).sort());
  });

  it('passes a call from the app main frame to the core', async () => {
    calls.length = 0;
    await expect(handlers.get('console:auth.captchaNeeded')?.({ senderFrame: mainFrame }, 'alice')).resolves.toEqual({ ok: true, data: null });
    expect(calls).toEqual([{ method: 'auth.captchaNeeded', args: ['alice'] }]);
  });

  it.each([{ senderFrame: { url: `${APP_ORIGIN}/help/console-help.en_US.pdf`, parent: mainFrame } }, { senderFrame: { url: 'https://example.com/', parent: null } }, { senderFrame: null }])(
    'refuses a call from %j',
    async (event) => {
      calls.length = 0;
      await expect(handlers.get('console:settings.get')?.(event)).resolves.toMatchObject({ ok: false, code: 'A0301' });
      expect(calls).toEqual([]);
    },
  );
});

describe('forwardBridgeEvents', () => {
  it('sends core events to the live main window only', () => {
    const events = createBridgeEvents();
    const send = vi.fn();
    let window: unknown = { isDestroyed: () => false, webContents: { send } };
    forwardBridgeEvents(events, () => window as never);
    events.emit({ type: 'session-expired' });
    expect(send).toHaveBeenCalledWith(BRIDGE_EVENT_CHANNEL, { type: 'session-expired' });
    window = { isDestroyed: () => true, webContents: { send } };
    events.emit({ type: 'user-disabled' });
    window = null;
    events.emit({ type: 'user-disabled' });
    expect(send).toHaveBeenCalledTimes(1);
  });
});
