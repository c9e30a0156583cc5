import { describe, expect, it } from 'vitest';
import { mailRecipientProblem, parseAddresses, parseMailRecipients } from './contract';

describe('mail recipients', () => {
  it('splits on commas, semicolons (also full-width), spaces and line breaks, keeping the first spelling of a repeat', () => {
    expect(parseAddresses('a@example.com, B@Example.com；c@example.com\nb@example.com  a@example.com')).toEqual({
      addresses: ['a@example.com', 'B@Example.com', 'c@example.com'],
      duplicates: ['b@example.com', 'a@example.com'],
      invalid: [],
    });
  });

  it('names what is not an address', () => {
    expect(parseAddresses('ops@example.com,x@y,@example.com,two@@example.com,plain').invalid).toEqual(['x@y', '@example.com', 'two@@example.com', 'plain']);
  });

  it('sends an address in To and Cc once, in To', () => {
    const parsed = parseMailRecipients('a@example.com', 'A@example.com, b@example.com');
    expect(parsed.cc.addresses).toEqual(['b@example.com']);
    expect(parsed.cc.duplicates).toEqual(['A@example.com']);
  });

  it('refuses invalid addresses first, then none, then more than 500 together', () => {
    expect(mailRecipientProblem(parseMailRecipients('a@example.com', 'bad'))).toMatchObject({ field: 'cc', key: 'validation.addressesInvalid', params: { count: 1, addresses: 'bad' } });
    expect(mailRecipientProblem(parseMailRecipients('', 'a@example.com'))).toMatchObject({ field: 'to', key: 'validation.addressesRequired' });
    const to = Array.from({ length: 300 }, (_, i) => `to${i}@example.com`).join(',');
    const cc = Array.from({ length: 201 }, (_, i) => `cc${i}@example.com`).join(',');
    expect(mailRecipientProblem(parseMailRecipients(to, cc))).toMatchObject({ field: 'cc', key: 'validation.addressesTooMany', params: { max: 500, count: 501 } });
    expect(mailRecipientProblem(parseMailRecipients(to, cc.split(',').slice(1).join(',')))).toBeNull();
  });
});
