import { describe, expect, it } from 'vitest';
import { applicableCount, rowDetail } from './ImportPreviewDialog';

describe('import preview', () => {
  it('tells what a row changes or why it is refused, and how many rows an apply writes', () => {
    expect(
      rowDetail({
        row: 2,
        action: 'change',
        changes: [
          { field: 'dictName', before: 'x', after: 'y' },
          { field: 'name.en_US', before: '', after: 'Y' },
        ],
        reason: null,
      }),
    ).toBe('dictName: x → y; name.en_US: ∅ → Y');
    expect(rowDetail({ row: 3, action: 'refuse', changes: [], reason: 'the entry is marked not updatable' })).toBe('the entry is marked not updatable');
    expect(applicableCount({ counts: { add: 2, change: 1 } })).toBe(3);
  });
});
