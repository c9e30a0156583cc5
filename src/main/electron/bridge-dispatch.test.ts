import { describe, expect, it } from 'vitest';
import { BRIDGE_METHODS, type BridgeMethod } from '../../shared/bridge';
import type { BridgeDispatch } from '../core/bridge-core';
import { UNTRUSTED_SENDER_MSG, bridgeChannels, dispatchBridgeCall } from './bridge-dispatch';
import { APP_ORIGIN } from './security';

function recordingDispatch(): { dispatch: BridgeDispatch; calls: Array<{ method: BridgeMethod; args: unknown[] }> } {
  const calls: Array<{ method: BridgeMethod; args: unknown[] }> = [];
  const dispatch: BridgeDispatch = async (method, args) => {
    calls.push({ method, args });
    return { ok: true, data: method };
  };
  return { dispatch, calls };
}

const trusted = { url: `${APP_ORIGIN}/Home`, isMainFrame: true };

describe('bridgeChannels', () => {
  it('gives every bridge method its own channel', () => {
    expect(bridgeChannels()).toEqual(BRIDGE_METHODS.map((method) => ({ method, channel: `console:${method}` })));
  });
});

describe('dispatchBridgeCall', () => {
  it('delegates a call from the app main frame with its arguments', async () => {
    const { dispatch, calls } = recordingDispatch();
    await expect(dispatchBridgeCall(dispatch, 'api.call', trusted, APP_ORIGIN, ['user.list', { page: 1 }])).resolves.toEqual({ ok: true, data: 'api.call' });
    expect(calls).toEqual([{ method: 'api.call', args: ['user.list', { page: 1 }] }]);
  });

  it.each([{ url: 'https://evil.example/', isMainFrame: true }, { url: `${APP_ORIGIN}/Home`, isMainFrame: false }, { url: 'app://console.evil/', isMainFrame: true }, null])(
    'refuses a call from %j without reaching the core',
    async (sender) => {
      const { dispatch, calls } = recordingDispatch();
      await expect(dispatchBridgeCall(dispatch, 'auth.signIn', sender, APP_ORIGIN, [{ username: 'a', password: 'b' }])).resolves.toEqual({ ok: false, code: 'A0301', msg: UNTRUSTED_SENDER_MSG });
      expect(calls).toEqual([]);
    },
  );

  it('turns a throwing core into an error result', async () => {
    const dispatch: BridgeDispatch = async () => {
      throw new Error('boom');
    };
    const result = await dispatchBridgeCall(dispatch, 'settings.get', trusted, APP_ORIGIN, []);
    expect(result).toMatchObject({ ok: false, code: 'B0001' });
  });
});
