import { describe, expect, it } from 'vitest';
import { formatPayload } from './payload';

describe('formatPayload', () => {
  it('pretty-prints JSON and leaves other text as it is', () => {
    expect(formatPayload('{"query":{},"body":{"page":1}}')).toBe('{\n  "query": {},\n  "body": {\n    "page": 1\n  }\n}');
    expect(formatPayload('file interface-monitoring.xlsx')).toBe('file interface-monitoring.xlsx');
    expect(formatPayload('{"cut": "… (90000 characters)')).toBe('{"cut": "… (90000 characters)');
  });
});
