/**
 * Bytes in a JSON body (the browser host's bridge calls): a Uint8Array travels as `{"$bytes": "<base64>"}` and
 * becomes a Uint8Array again on the other side. Electron's IPC carries bytes as they are and needs none of this.
 */

const BYTES_KEY = '$bytes';
/** btoa takes a string of char codes: built in slices, so a large file never makes one huge argument list. */
const SLICE = 0x8000;

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += SLICE) binary += String.fromCharCode(...bytes.subarray(at, at + SLICE));
  return btoa(binary);
}

export function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A JSON.stringify replacer that writes each Uint8Array as `{"$bytes": base64}`. */
export function bytesReplacer(_key: string, value: unknown): unknown {
  return value instanceof Uint8Array ? { [BYTES_KEY]: bytesToBase64(value) } : value;
}

function isEncodedBytes(value: object): value is { [BYTES_KEY]: string } {
  const keys = Object.keys(value);
  return keys.length === 1 && keys[0] === BYTES_KEY && typeof (value as Record<string, unknown>)[BYTES_KEY] === 'string';
}

/** The parsed JSON with every `{"$bytes": base64}` turned back into a Uint8Array (nested at most `depth` levels). */
export function decodeBytes(value: unknown, depth = 8): unknown {
  if (value === null || typeof value !== 'object' || depth < 0) return value;
  if (Array.isArray(value)) return value.map((item) => decodeBytes(item, depth - 1));
  if (isEncodedBytes(value)) return base64ToBytes(value[BYTES_KEY]);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, decodeBytes(item, depth - 1)]));
}
