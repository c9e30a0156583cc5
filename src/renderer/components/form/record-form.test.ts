import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ResponseCode } from '../../../shared/codes';
import { BridgeError } from '../../bridge/bridge-error';
import { issuesByField, pinnedRefusalOf, pinnedTextFor, recordAddress, sameContent, splitFieldMessage } from './record-form';

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

describe('a refusal the server pinned on a field', () => {
  const values = { chinese: '运单查询', english: '' };

  it('goes under that field while it holds the refused value, a value taken as well as a bad one', () => {
    const taken = pinnedRefusalOf(new BridgeError(ResponseCode.Conflict, 'chinese: “运单查询”已有多语言文本'), values);
    expect(taken).toEqual({ field: 'chinese', text: '“运单查询”已有多语言文本', value: '运单查询' });
    expect(pinnedTextFor(taken, 'chinese', values)).toBe('“运单查询”已有多语言文本');
    expect(pinnedTextFor(taken, 'english', values)).toBeUndefined();
    expect(pinnedTextFor(taken, 'chinese', { ...values, chinese: '运单' })).toBeUndefined();
    expect(pinnedRefusalOf(new BridgeError(ResponseCode.InvalidInput, 'english: cannot exceed 200 characters'), values)?.text).toBe('Cannot exceed 200 characters');
  });

  it('stays the form’s failure when it names no field of the form, or is no refusal of a value', () => {
    expect(pinnedRefusalOf(new BridgeError(ResponseCode.Conflict, 'dictNo: already exists'), values)).toBeNull();
    expect(pinnedRefusalOf(new BridgeError(ResponseCode.StaleRecord, 'chinese: changed meanwhile'), values)).toBeNull();
    expect(pinnedRefusalOf(new BridgeError(ResponseCode.Conflict, 'already exists'), values)).toBeNull();
    expect(pinnedRefusalOf(new Error('chinese: offline'), values)).toBeNull();
  });
});
