import { describe, expect, it } from 'vitest';
import { isoTimeOf } from './sheet-page';

describe('a time as the database wrote it (its ISO style or JSON), as an export writes it', () => {
  it('is ISO 8601 to the millisecond, its fraction padded or cut (not rounded), from the ISO style’s text or JSON’s', () => {
    expect(isoTimeOf('2026-11-28T22:29:17.123')).toBe('2026-11-28T22:29:17.123Z');
    expect(isoTimeOf('2026-11-28T22:29:17')).toBe('2026-11-28T22:29:17.000Z');
    expect(isoTimeOf('2026-11-28T22:29:17.5')).toBe('2026-11-28T22:29:17.500Z');
    expect(isoTimeOf('2026-11-28T22:29:17.99')).toBe('2026-11-28T22:29:17.990Z');
    expect(isoTimeOf('2026-11-28T22:29:17.999999')).toBe('2026-11-28T22:29:17.999Z');
    for (const [text, iso] of [
      ['2026-11-28 22:29:17.123', '2026-11-28T22:29:17.123Z'],
      ['2026-11-28 22:29:17', '2026-11-28T22:29:17.000Z'],
      ['2026-11-28 22:29:17.5', '2026-11-28T22:29:17.500Z'],
      ['2026-11-28 22:29:17.123999', '2026-11-28T22:29:17.123Z'],
    ])
      expect(isoTimeOf(text!)).toBe(iso);
  });

  it('leaves what is no such time as the database wrote it', () => {
    for (const text of ['infinity', '-infinity', '10000-01-01 00:00:00.123', '0044-03-15 00:00:00 BC', '0044-03-15T00:00:00 BC', '2026-11-28X22:29:17', '']) expect(isoTimeOf(text)).toBe(text);
  });
});
