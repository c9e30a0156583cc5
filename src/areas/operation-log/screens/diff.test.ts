import { describe, expect, it } from 'vitest';
import { diffValues, readableValue, sameValue } from './diff';

describe('diffValues', () => {
  it('marks changed, added, removed and unchanged fields, following nested objects to their leaves', () => {
    const before = { name: 'Ops', status: 1, address: { city: 'Shanghai', zip: '200000' }, tags: ['a', 'b'], old: 'x' };
    const after = { name: 'Operations', status: 1, address: { city: 'Hangzhou', zip: '200000', street: 'West Lake' }, tags: ['a', 'b'], added: { deep: true } };
    expect(diffValues(before, after)).toEqual([
      { path: 'added.deep', kind: 'added', after: true },
      { path: 'address.city', kind: 'changed', before: 'Shanghai', after: 'Hangzhou' },
      { path: 'address.street', kind: 'added', after: 'West Lake' },
      { path: 'address.zip', kind: 'unchanged', before: '200000', after: '200000' },
      { path: 'name', kind: 'changed', before: 'Ops', after: 'Operations' },
      { path: 'old', kind: 'removed', before: 'x' },
      { path: 'status', kind: 'unchanged', before: 1, after: 1 },
      { path: 'tags', kind: 'unchanged', before: ['a', 'b'], after: ['a', 'b'] },
    ]);
  });

  it('treats a missing side as no fields: an addition adds every field, a deletion removes every field', () => {
    expect(diffValues(null, { a: 1, b: { c: 2 } })).toEqual([
      { path: 'a', kind: 'added', after: 1 },
      { path: 'b.c', kind: 'added', after: 2 },
    ]);
    expect(diffValues({ a: 1 }, undefined)).toEqual([{ path: 'a', kind: 'removed', before: 1 }]);
    expect(diffValues(null, null)).toEqual([]);
  });

  it('compares arrays whole and in order, objects with keys in any order', () => {
    expect(diffValues({ ids: [1, 2] }, { ids: [2, 1] })).toEqual([{ path: 'ids', kind: 'changed', before: [1, 2], after: [2, 1] }]);
    expect(sameValue({ a: 1, b: [{ x: 1, y: 2 }] }, { b: [{ y: 2, x: 1 }], a: 1 })).toBe(true);
  });

  it('reports a field turned from an object into a plain value as one change, and plain values whole', () => {
    expect(diffValues({ a: { b: 1 } }, { a: 'text' })).toEqual([{ path: 'a', kind: 'changed', before: { b: 1 }, after: 'text' }]);
    expect(diffValues('old', 'new')).toEqual([{ path: '', kind: 'changed', before: 'old', after: 'new' }]);
  });

  it('shows text as it is and everything else as JSON', () => {
    expect(readableValue('Ops')).toBe('Ops');
    expect(readableValue({ a: [1, null] })).toBe('{"a":[1,null]}');
    expect(readableValue(undefined)).toBe('');
  });

  it('follows lists of records record by record, a batch deletion included', () => {
    expect(diffValues([{ name: 'a' }, { name: 'b' }], null)).toEqual([
      { path: '0.name', kind: 'removed', before: 'a' },
      { path: '1.name', kind: 'removed', before: 'b' },
    ]);
    expect(diffValues({ list: [{ code: 'x' }] }, { list: [{ code: 'y' }, { code: 'z' }] })).toEqual([
      { path: 'list.0.code', kind: 'changed', before: 'x', after: 'y' },
      { path: 'list.1.code', kind: 'added', after: 'z' },
    ]);
  });
});
