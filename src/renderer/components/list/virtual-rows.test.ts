import { describe, expect, it } from 'vitest';
import { VIRTUAL_FROM_ROWS, allRows, isVirtual, rowSlices, withKeptIndex } from './virtual-rows';

const placed = (index: number, size = 35, listStart = 0) => ({ index, start: listStart + index * size, end: listStart + (index + 1) * size });

describe('virtual rows', () => {
  it('renders a page of the largest size whole, and more rows virtually', () => {
    expect(isVirtual(VIRTUAL_FROM_ROWS)).toBe(false);
    expect(isVirtual(VIRTUAL_FROM_ROWS + 1)).toBe(true);
    expect(allRows(3)).toEqual([
      { kind: 'row', index: 0 },
      { kind: 'row', index: 1 },
      { kind: 'row', index: 2 },
    ]);
  });

  it('stands gap rows for the rows before, between and after those rendered, below the header', () => {
    // Rows 10-11 in view and row 50 holding the focus, of 100 rows of 35 px under a 40 px header.
    const slices = rowSlices([placed(10, 35, 40), placed(11, 35, 40), placed(50, 35, 40)], 40, 100 * 35);
    expect(slices).toEqual([
      { kind: 'gap', key: 'gap-10', height: 350 },
      { kind: 'row', index: 10 },
      { kind: 'row', index: 11 },
      { kind: 'gap', key: 'gap-50', height: 38 * 35 },
      { kind: 'row', index: 50 },
      { kind: 'gap', key: 'gap-end', height: 49 * 35 },
    ]);
    const height = slices.reduce((sum, slice) => sum + (slice.kind === 'gap' ? slice.height : 35), 0);
    expect(height).toBe(100 * 35);
  });

  it('needs no gap when the rendered rows reach both ends', () => {
    expect(rowSlices([placed(0), placed(1)], 0, 70)).toEqual([
      { kind: 'row', index: 0 },
      { kind: 'row', index: 1 },
    ]);
  });

  it('keeps the focused row in order, once, and only while it exists', () => {
    expect(withKeptIndex([5, 6, 7], 1, 100)).toEqual([1, 5, 6, 7]);
    expect(withKeptIndex([5, 6, 7], 90, 100)).toEqual([5, 6, 7, 90]);
    expect(withKeptIndex([5, 6, 7], 6, 100)).toEqual([5, 6, 7]);
    expect(withKeptIndex([5, 6, 7], 120, 100)).toEqual([5, 6, 7]);
    expect(withKeptIndex([5, 6, 7], null, 100)).toEqual([5, 6, 7]);
  });
});
