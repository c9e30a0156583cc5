import { describe, expect, it } from 'vitest';
import { NEW_KEY_VALUES, keyIssues, keyPayload, valuesOfRow } from './key-form';

describe('system API key dialog rules', () => {
  it('requires the system and the application, and takes a chosen pair', () => {
    expect(keyIssues(NEW_KEY_VALUES)).toEqual({ systemCode: 'validation.required', apiCode: 'validation.required' });
    expect(keyIssues({ ...NEW_KEY_VALUES, status: null })).toMatchObject({ status: 'validation.required' });
    const chosen = { systemCode: 7, apiCode: 'tms-web', status: 2 as const };
    expect(keyIssues(chosen)).toEqual({});
    expect(keyPayload(chosen)).toEqual({ systemCode: 7, apiCode: 'tms-web', status: 2 });
  });

  it('starts an edit from the row', () => {
    const row = { id: 1, systemCode: 3, systemName: '后台', apiKey: 'k', apiCode: 'backoffice', appName: '', owner: 'admin', status: 2, createTime: '', stamp: '' };
    expect(valuesOfRow(row)).toEqual({ systemCode: 3, apiCode: 'backoffice', status: 2 });
  });
});
