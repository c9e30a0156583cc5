import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issuesByField, recordAddress, sameContent, splitFieldMessage } from './record-form';

describe('the record a form route asks for', () => {
  it("'null' adds, a positive whole number edits, anything else is no address", () => {
    expect(recordAddress('null')).toEqual({ mode: 'add' });
    expect(recordAddress('12')).toEqual({ mode: 'edit', id: 12 });
    for (const param of [undefined, '', '0', '-3', '1.5', '1e2', ' 7', 'abc', '99999999999999999999']) expect(recordAddress(param)).toEqual({ mode: 'invalid' });
  });
});

describe("the contract's verdict per field", () => {
  const schema = z.object({ name: z.string().min(1, { message: 'validation.required' }), codes: z.array(z.string().max(2, { message: 'validation.tooLong' })), id: z.number() });

  it('keeps the first issue of each listed field, a deep one counting for its field, and names a stray message a format error', () => {
    const payload = { name: '', codes: ['ok', 'too long'], id: 'x' };
    expect(issuesByField(schema, payload, ['name', 'codes', 'id'])).toEqual({ name: 'validation.required', codes: 'validation.tooLong', id: 'validation.format' });
    expect(issuesByField(schema, payload, ['codes'])).toEqual({ codes: 'validation.tooLong' });
    expect(issuesByField(schema, { name: 'a', codes: [], id: 1 }, ['name'])).toEqual({});
  });
});

describe('refusals pinned on a field', () => {
  it('splits the field the server puts first', () => {
    expect(splitFieldMessage('deptId: The selected data lies outside the current role')).toEqual({ field: 'deptId', text: 'The selected data lies outside the current role' });
    expect(splitFieldMessage('username already exists')).toBeNull();
  });

  it('names the form field of a refusal deep inside one of its lists', () => {
    expect(splitFieldMessage('userDataAuthorityList.0.classificationId: not for this organisation')).toEqual({ field: 'userDataAuthorityList', text: 'not for this organisation' });
    expect(splitFieldMessage('roleIdList.3: must be a positive whole number')).toEqual({ field: 'roleIdList', text: 'must be a positive whole number' });
    expect(splitFieldMessage('a.: text')).toBeNull();
  });
});

describe('unsaved changes', () => {
  it('compares content, not identity', () => {
    expect(sameContent({ name: 'a', roles: [1, 2] }, { name: 'a', roles: [1, 2] })).toBe(true);
    expect(sameContent({ name: 'a', roles: [1, 2] }, { name: 'a', roles: [2] })).toBe(false);
  });
});
