import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format';

describe('formatDateTime', () => {
  it('shows server times as local date and time', () => {
    const iso = new Date(2026, 2, 4, 5, 6, 7).toISOString();
    expect(formatDateTime(iso)).toBe('2026-03-04 05:06:07');
    expect(formatDateTime('not a time')).toBe('not a time');
  });
});
