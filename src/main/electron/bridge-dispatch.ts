import { BRIDGE_CHANNEL_PREFIX, BRIDGE_METHODS, type BridgeMethod, type BridgeResult } from '../../shared/bridge';
import { ResponseCode } from '../../shared/codes';
import { invokeBridgeMethod, type BridgeDispatch } from '../core/bridge-core';
import { isTrustedSender, type SenderFrame } from './security';

/** How an IPC call reaches the bridge core: the sender-frame check first, then the core's own dispatch by method name. */

export const UNTRUSTED_SENDER_MSG = 'The request did not come from the console window';

export function bridgeChannels(): Array<{ method: BridgeMethod; channel: string }> {
  return BRIDGE_METHODS.map((method) => ({ method, channel: `${BRIDGE_CHANNEL_PREFIX}${method}` }));
}

/** One IPC call: refused unless it comes from the app's own main frame, so no other page ever reaches the core. */
export async function dispatchBridgeCall(dispatch: BridgeDispatch, method: BridgeMethod, sender: SenderFrame | null, appOrigin: string, args: unknown[]): Promise<BridgeResult<unknown>> {
  if (!isTrustedSender(sender, appOrigin)) return { ok: false, code: ResponseCode.Forbidden, msg: UNTRUSTED_SENDER_MSG };
  return invokeBridgeMethod(dispatch, method, args);
}
