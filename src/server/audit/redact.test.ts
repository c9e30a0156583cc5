import { describe, expect, it } from 'vitest';
import { REDACTED, redact, truncate } from './redact';

describe('truncate', () => {
  it('keeps a text that fits', () => {
    expect(truncate('abc', 3)).toBe('abc');
  });

  it('never returns more than its limit, and says how long the text was when there is room', () => {
    for (const max of [1, 5, 17, 18, 100, 200]) {
      for (const length of [max + 1, max * 3, 10_000]) expect(truncate('x'.repeat(length), max).length).toBeLessThanOrEqual(max);
    }
    expect(truncate('x'.repeat(150), 100)).toBe(`${'x'.repeat(82)}… (150 characters)`);
    expect(truncate('x'.repeat(150), 5)).toBe('xxxxx');
  });

  it('does not split a surrogate pair', () => {
    expect(truncate('😀😀😀', 3)).toBe('😀');
    expect(truncate(`${'x'.repeat(81)}😀${'x'.repeat(100)}`, 100)).toBe(`${'x'.repeat(81)}… (183 characters)`);
  });
});

describe('redact', () => {
  it('keeps a time as its ISO text, and hides the secret fields beside it', () => {
    const at = new Date('2026-12-02T08:30:00.000Z');
    expect(redact({ passwordChangedAt: at, password: 'Secret_1', nested: [{ at }] }, [])).toEqual({
      passwordChangedAt: '2026-12-02T08:30:00.000Z',
      password: REDACTED,
      nested: [{ at: '2026-12-02T08:30:00.000Z' }],
    });
  });
});
