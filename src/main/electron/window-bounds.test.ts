import { describe, expect, it } from 'vitest';
import { DEFAULT_WINDOW_SIZE, MIN_WINDOW_SIZE, restoreWindowBounds } from './window-bounds';

const primary = { x: 0, y: 0, width: 1920, height: 1040 };
const right = { x: 1920, y: 0, width: 2560, height: 1400 };

describe('restoreWindowBounds', () => {
  it('restores saved bounds that a display shows', () => {
    expect(restoreWindowBounds({ x: 100, y: 50, width: 1500, height: 900 }, [primary])).toEqual({ bounds: { x: 100, y: 50, width: 1500, height: 900 }, maximized: false });
    expect(restoreWindowBounds({ x: 2000, y: 100, width: 1600, height: 1000, maximized: false }, [primary, right]).bounds).toEqual({ x: 2000, y: 100, width: 1600, height: 1000 });
  });

  it('reopens a maximised window maximised', () => {
    expect(restoreWindowBounds({ x: 100, y: 50, width: 1500, height: 900, maximized: true }, [primary])).toEqual({ bounds: { x: 100, y: 50, width: 1500, height: 900 }, maximized: true });
  });

  it('keeps the size but drops the position when the display is gone', () => {
    expect(restoreWindowBounds({ x: 2000, y: 100, width: 1600, height: 1000 }, [primary]).bounds).toEqual({ width: 1600, height: 1000 });
  });

  it('drops the position when only a sliver would be visible', () => {
    expect(restoreWindowBounds({ x: 1900, y: 1000, width: 1200, height: 800 }, [primary]).bounds).toEqual({ width: 1200, height: 800 });
  });

  it('grows bounds below the minimum size', () => {
    expect(restoreWindowBounds({ x: 0, y: 0, width: 10, height: 10 }, [primary]).bounds).toEqual({ x: 0, y: 0, ...MIN_WINDOW_SIZE });
  });

  it.each([undefined, null, 'x', {}, { x: 0, y: 0, width: 'wide', height: 800 }, { x: Number.NaN, y: 0, width: 1200, height: 800 }])('uses the default size for %j', (saved) => {
    expect(restoreWindowBounds(saved, [primary])).toEqual({ bounds: DEFAULT_WINDOW_SIZE, maximized: false });
  });
});
