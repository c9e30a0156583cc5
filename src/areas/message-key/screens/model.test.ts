import { describe, expect, it } from 'vitest';
import { generateKeyValue, keyFormIssues, keyPayload, keyValuesOf, systemFormIssues, systemFormPath, systemValuesOf } from './model';

describe('the message key form', () => {
  it('generates 32 letters and digits, different each time', () => {
    const first = generateKeyValue();
    expect(first).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(generateKeyValue()).not.toBe(first);
  });

  it('draws again for bytes that would favour some characters', () => {
    // 248 and above are the bytes past the last whole run of 62 characters: they are skipped, not folded.
    const bytes = [255, 248, 0, 61, 62, 25];
    const random = (buffer: Uint8Array) => buffer.map((_, i) => bytes[i % bytes.length]!);
    expect(generateKeyValue(4, random)).toBe('A9AZ');
  });

  it('checks with the contract, naming each field, and defaults to 60 sends a minute', () => {
    const values = keyValuesOf(null);
    expect(values.rateLimit).toBe('60');
    expect(keyFormIssues(values)).toEqual({ apiKey: 'validation.required', messageSystemId: 'validation.messageSystemRequired' });
    const filled = { ...values, apiKey: 'abc-1', messageSystemId: 3, rateLimit: '1e3' };
    expect(keyFormIssues(filled)).toEqual({ apiKey: 'validation.keyValuePattern', rateLimit: 'validation.rateLimitRange' });
    expect(keyFormIssues({ ...filled, rateLimit: '' })).toMatchObject({ rateLimit: 'validation.required' });
    expect(keyPayload({ ...filled, apiKey: 'abc1', rateLimit: ' 120 ' })).toEqual({ apiKey: 'abc1', messageSystemId: 3, status: 1, rateLimit: 120, remark: '' });
  });
});

describe('the message system form', () => {
  it('starts usable with every channel, and asks for an id, a name and an organisation', () => {
    const values = systemValuesOf(null);
    expect(values).toMatchObject({ status: 1, channels: ['sms'], deptId: null });
    expect(systemFormIssues(values)).toEqual({ systemId: 'validation.required', name: 'validation.required', deptId: 'validation.organizationRequired' });
    expect(systemFormIssues({ ...values, systemId: 'TMS01', name: 'Transport', deptId: 1, channels: [] })).toEqual({ channels: 'validation.channelsRequired' });
  });

  it('edits a system at its form route with the id in the query', () => {
    expect(systemFormPath()).toBe('/addApiKeySystem');
    expect(systemFormPath(12)).toBe('/addApiKeySystem?id=12');
  });
});
