import { describe, expect, it } from 'vitest';
import type { AppRecord } from '../contract';
import { NEW_APP_VALUES, appPayload, contractIssues, fieldOfServerMessage, valuesOfRecord } from './app-form';

const filled = { ...NEW_APP_VALUES, clientId: 'driver-app', appName: '司机端', appType: 'app' as const };

describe('application form rules', () => {
  it('asks for the AppId, name and type, and passes a filled form', () => {
    expect(contractIssues(NEW_APP_VALUES)).toMatchObject({ clientId: 'validation.required', appName: 'validation.required', appType: 'validation.required' });
    expect(contractIssues(filled)).toEqual({});
  });

  it('takes the code count only as a non-negative integer without leading zeros; blank is 0', () => {
    for (const bad of ['01', '-1', '1.5', 'abc', '1000']) expect(contractIssues({ ...filled, ignoreCodeTimes: bad }).ignoreCodeTimes, bad).toBe('validation.ignoreCodeTimes');
    for (const good of ['0', '7', '999']) expect(contractIssues({ ...filled, ignoreCodeTimes: good }).ignoreCodeTimes, good).toBeUndefined();
    expect(appPayload({ ...filled, ignoreCodeTimes: '' }).ignoreCodeTimes).toBe(0);
  });

  it('bounds the lifetimes and the password validity', () => {
    expect(contractIssues({ ...filled, accessTokenValiditySeconds: '59' }).accessTokenValiditySeconds).toBe('validation.accessTokenSeconds');
    expect(contractIssues({ ...filled, accessTokenValiditySeconds: 'x' }).accessTokenValiditySeconds).toBe('validation.accessTokenSeconds');
    expect(contractIssues({ ...filled, accessTokenValiditySeconds: '' }).accessTokenValiditySeconds).toBe('validation.required');
    expect(contractIssues({ ...filled, refreshTokenValiditySeconds: '600' }).refreshTokenValiditySeconds).toBe('validation.refreshShorterThanAccess');
    expect(contractIssues({ ...filled, passwordDay: '-1' }).passwordDay).toBe('validation.passwordDay');
    expect(contractIssues({ ...filled, clientId: 'a b' }).clientId).toBe('validation.clientIdPattern');
  });

  it('sends numbers as numbers, and reads a record back into the form', () => {
    expect(appPayload(filled)).toMatchObject({ accessTokenValiditySeconds: 7200, refreshTokenValiditySeconds: 604800, passwordDay: 0, ignoreCodeTimes: 0, status: '0', firstChangePwd: '1' });
    const record: AppRecord = {
      id: 4,
      clientId: 'driver-app',
      appName: '司机端',
      appType: 'something-else',
      status: '0',
      accessTokenValiditySeconds: 7200,
      refreshTokenValiditySeconds: 604800,
      passwordDay: 0,
      ignoreCodeTimes: 3,
      firstChangePwd: '1',
      createTime: '',
      builtIn: false,
      updateTime: null,
      version: 2,
    };
    expect(valuesOfRecord(record)).toMatchObject({ appType: '', ignoreCodeTimes: '3', accessTokenValiditySeconds: '7200' });
    expect(fieldOfServerMessage('ignoreCodeTimes: wrong')).toEqual({ field: 'ignoreCodeTimes', text: 'wrong' });
    expect(fieldOfServerMessage('other: wrong')).toBeNull();
  });
});
