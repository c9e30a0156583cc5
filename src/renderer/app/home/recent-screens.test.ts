import { describe, expect, it } from 'vitest';
import { parseRecent, RECENT_SCREENS_MAX, withRecent } from './recent-screens';

describe('recent screens', () => {
  it('puts the latest first, each once, keeping at most the limit', () => {
    let recent: string[] = [];
    for (const path of ['/user', '/role', '/user', ...Array.from({ length: 10 }, (_, i) => `/p${i}`)]) recent = withRecent(recent, path);
    expect(recent).toHaveLength(RECENT_SCREENS_MAX);
    expect(recent[0]).toBe('/p9');
    expect(withRecent(['/a', '/b'], '/b')).toEqual(['/b', '/a']);
  });

  it('reads what another version or a hand wrote as empty, not as an error', () => {
    expect(parseRecent(null)).toEqual([]);
    expect(parseRecent('{oops')).toEqual([]);
    expect(parseRecent('{"a":1}')).toEqual([]);
    expect(parseRecent('["/user", 3, "javascript:x"]')).toEqual(['/user']);
  });
});
