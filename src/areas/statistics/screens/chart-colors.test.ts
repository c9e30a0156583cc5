import { describe, expect, it } from 'vitest';
import { mixColors } from './chart-colors';

describe('mixColors', () => {
  it('goes from one colour to the other', () => {
    expect(mixColors('#000000', '#ffffff', 0)).toBe('#000000');
    expect(mixColors('#000000', '#ffffff', 1)).toBe('#ffffff');
    expect(mixColors('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mixColors('#fff', '#0f6cbd', 1)).toBe('#0f6cbd');
  });

  it('keeps the share within the two colours', () => {
    expect(mixColors('#102030', '#405060', 2)).toBe('#405060');
    expect(mixColors('#102030', '#405060', -1)).toBe('#102030');
  });

  it('falls back to the target when a colour is not hex', () => {
    expect(mixColors('rgb(0,0,0)', '#0f6cbd', 0.3)).toBe('#0f6cbd');
  });
});
