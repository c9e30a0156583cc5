import { describe, expect, it } from 'vitest';
import { keyFormIssues, keyHintText, keyPayload, keyValuesOf, systemFormIssues, systemFormPath, systemValuesOf } from './model';

describe('the message key form', () => {
  it('checks with the contract, naming each field, and defaults to 60 sends a minute', () => {
    const values = keyValuesOf(null);
    expect(values.rateLimit).toBe('60');
    expect(keyFormIssues(values)).toEqual({ messageSystemId: 'validation.messageSystemRequired' });
    const filled = { ...values, messageSystemId: 3, rateLimit: '1e3' };
    expect(keyFormIssues(filled)).toEqual({ rateLimit: 'validation.rateLimitRange' });
    expect(keyFormIssues({ ...filled, rateLimit: '' })).toMatchObject({ rateLimit: 'validation.required' });
    // The key's value is the server's to make: the form sends none.
    expect(keyPayload({ ...filled, rateLimit: ' 120 ' })).toEqual({ messageSystemId: 3, status: 1, rateLimit: 120, remark: '' });
  });

  it('shows a key by its first characters, or says a key stored before has none to show', () => {
    expect(keyHintText('Ab3x', 'hidden')).toBe('Ab3x…');
    expect(keyHintText('', 'hidden')).toBe('hidden');
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
