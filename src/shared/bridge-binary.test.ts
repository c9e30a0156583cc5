import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesReplacer, bytesToBase64, decodeBytes } from './bridge-binary';

describe('bytes in JSON bridge calls', () => {
  it('round-trips every byte value and a file larger than one slice', () => {
    const every = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(base64ToBytes(bytesToBase64(every))).toEqual(every);
    const large = Uint8Array.from({ length: 100_003 }, (_, i) => (i * 31) % 256);
    expect(bytesToBase64(large)).toBe(Buffer.from(large).toString('base64'));
    expect(base64ToBytes(bytesToBase64(large))).toEqual(large);
  });

  it('encodes Uint8Arrays wherever they sit in the arguments and decodes them back', () => {
    const args = [{ purpose: 'idCard', name: 'a.png', bytes: new Uint8Array([1, 2, 3]) }, 'text', 5];
    const wire = JSON.parse(JSON.stringify(args, bytesReplacer)) as unknown;
    expect(wire).toEqual([{ purpose: 'idCard', name: 'a.png', bytes: { $bytes: 'AQID' } }, 'text', 5]);
    expect(decodeBytes(wire)).toEqual(args);
  });

  it('leaves objects that only look alike as they are', () => {
    const lookalikes = [{ $bytes: 5 }, { $bytes: 'AQID', other: 1 }, { nested: { $bytesX: 'a' } }];
    expect(decodeBytes(lookalikes)).toEqual(lookalikes);
  });
});
