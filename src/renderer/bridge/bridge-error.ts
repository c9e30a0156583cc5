import type { BridgeResult } from '../../shared/bridge';

/** A `{ok:false}` bridge result turned into an error, so TanStack Query sees a failure and keeps code and msg. */
export class BridgeError extends Error {
  constructor(
    readonly code: string,
    /** The server's msg, already in the user's language. */
    readonly msg: string,
  ) {
    super(msg || code);
    this.name = 'BridgeError';
  }
}

export function isBridgeError(error: unknown): error is BridgeError {
  return error instanceof BridgeError;
}

export async function unwrap<T>(pending: Promise<BridgeResult<T>>): Promise<T> {
  const result = await pending;
  if (!result.ok) throw new BridgeError(result.code, result.msg);
  return result.data;
}
