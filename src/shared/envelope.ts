import { z } from 'zod';
import { ResponseCode } from './codes';

/** Every response body: `{code, msg, data}`; `'00000'` is success (spec 000 §7). */
export interface Envelope<T = unknown> {
  code: string;
  msg: string;
  data: T | null;
}

export const envelopeSchema = z.object({ code: z.string(), msg: z.string(), data: z.unknown() });

export function ok<T>(data: T, msg = 'success'): Envelope<T> {
  return { code: ResponseCode.Success, msg, data };
}

export function fail(code: string, msg: string): Envelope<null> {
  return { code, msg, data: null };
}
