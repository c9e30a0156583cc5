import { describe, expect, it } from 'vitest';
import { toViewBounds } from './view-bounds';

describe('toViewBounds', () => {
  it('keeps CSS pixels at zoom 1', () => {
    expect(toViewBounds({ x: 220, y: 96, width: 1200, height: 700 }, 1)).toEqual({ x: 220, y: 96, width: 1200, height: 700 });
  });

  it('scales by the page zoom and rounds to whole DIPs', () => {
    expect(toViewBounds({ x: 100.4, y: 50, width: 801, height: 600 }, 1.25)).toEqual({ x: 126, y: 63, width: 1001, height: 750 });
  });

  it.each([null, 'x', {}, { x: 0, y: 0, width: 10 }, { x: -1, y: 0, width: 10, height: 10 }, { x: 0, y: 0, width: Number.POSITIVE_INFINITY, height: 10 }, { x: '0', y: 0, width: 10, height: 10 }])(
    'refuses %j',
    (bounds) => {
      expect(toViewBounds(bounds, 1)).toBeNull();
    },
  );

  it('refuses a broken zoom factor', () => {
    expect(toViewBounds({ x: 0, y: 0, width: 10, height: 10 }, 0)).toBeNull();
    expect(toViewBounds({ x: 0, y: 0, width: 10, height: 10 }, Number.NaN)).toBeNull();
  });
});
