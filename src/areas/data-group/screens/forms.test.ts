import { describe, expect, it } from 'vitest';
import { NEW_CLASSIFICATION, NEW_ORGAN, classificationRules, issuesOf, organRules, payloadOf } from './forms';

describe('data group dialog rules', () => {
  it('names each missing or malformed field by the contract’s rule', () => {
    expect(issuesOf(organRules, NEW_ORGAN)).toEqual({ name: 'validation.required', number: 'validation.required', groupId: 'validation.required' });
    expect(issuesOf(organRules, { ...NEW_ORGAN, name: '机构', number: 'has space', groupId: 3 })).toEqual({ number: 'validation.dataNumberPattern' });
    expect(issuesOf(classificationRules, { ...NEW_CLASSIFICATION, name: '分类', number: 'x'.repeat(51), type: 't' })).toEqual({ number: 'validation.dataNumberMax' });
  });

  it('sends trimmed values, and no organisation as null', () => {
    expect(payloadOf(classificationRules, { ...NEW_CLASSIFICATION, name: ' 分类 ', number: ' C-1 ', type: 'business' })).toEqual({
      name: '分类',
      number: 'C-1',
      type: 'business',
      deptId: null,
      remark: '',
    });
  });
});
