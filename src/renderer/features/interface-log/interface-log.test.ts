import { describe, expect, it } from 'vitest';
import { PageSeeks } from './page-seek';
import { formatPayload } from './payload';

const row = (id: number) => ({ id, startTime: `2026-03-01T08:${String(60 - id).padStart(2, '0')}:00.000Z` });

describe('formatPayload', () => {
  it('pretty-prints JSON and leaves other text as it is', () => {
    expect(formatPayload('{"query":{},"body":{"page":1}}')).toBe('{\n  "query": {},\n  "body": {\n    "page": 1\n  }\n}');
    expect(formatPayload('file interface-monitoring.xlsx')).toBe('file interface-monitoring.xlsx');
    expect(formatPayload('{"cut": "… (90000 characters)')).toBe('{"cut": "… (90000 characters)');
  });
});

describe('PageSeeks', () => {
  it('seeks from the page before or after one seen, and by offset elsewhere', () => {
    const seeks = new PageSeeks();
    expect(seeks.seekFor('a', 1)).toEqual({});
    seeks.record(1, [row(10), row(9)]);
    expect(seeks.seekFor('a', 2)).toEqual({ after: row(9) });
    expect(seeks.seekFor('a', 5)).toEqual({});
    seeks.record(5, [row(4), row(3)]);
    expect(seeks.seekFor('a', 4)).toEqual({ before: row(4) });
    expect(seeks.seekFor('a', 6)).toEqual({ after: row(3) });
  });

  it('forgets the pages of other filters', () => {
    const seeks = new PageSeeks();
    seeks.seekFor('a', 1);
    seeks.record(1, [row(10), row(9)]);
    expect(seeks.seekFor('a', 2)).toEqual({ after: row(9) });
    expect(seeks.seekFor('b', 2)).toEqual({});
    expect(seeks.seekFor('a', 2)).toEqual({});
  });
});
