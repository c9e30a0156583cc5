import { describe, expect, it } from 'vitest';
import { plainTextOf, smtpOutcome } from './smtp';

describe('SMTP outcomes', () => {
  it('fails for good on a 5xx reply or refused credentials, retries a 4xx reply or a connection that was never made', () => {
    expect(smtpOutcome({ code: 'EENVELOPE', responseCode: 550, response: '550 5.1.1 Mailbox unavailable' })).toEqual({ outcome: 'failed', reason: 'EENVELOPE: 550 5.1.1 Mailbox unavailable' });
    expect(smtpOutcome({ code: 'EAUTH', responseCode: 535, response: '535 5.7.8 Authentication credentials invalid' }).outcome).toBe('failed');
    expect(smtpOutcome({ code: 'EMESSAGE', responseCode: 451, response: '451 4.3.0 Try later' })).toEqual({ outcome: 'retry', reason: 'EMESSAGE: 451 4.3.0 Try later', unknown: false });
    expect(smtpOutcome({ code: 'EAUTH', message: 'Authentication failed: no shared method' }).outcome).toBe('failed');
    expect(smtpOutcome({ responseCode: 421, response: '421 4.7.0 Too many connections' })).toEqual({ outcome: 'retry', reason: '421 4.7.0 Too many connections', unknown: false });
    expect(smtpOutcome({ code: 'ESOCKET', command: 'CONN', message: 'connect ECONNREFUSED 127.0.0.1:25' })).toEqual({
      outcome: 'retry',
      reason: 'ESOCKET: connect ECONNREFUSED 127.0.0.1:25',
      unknown: false,
    });
  });

  it('marks a connection lost after the hand-over as possibly delivered', () => {
    expect(smtpOutcome({ code: 'ETIMEDOUT', command: 'DATA', message: 'Timeout' })).toMatchObject({ outcome: 'retry', unknown: true });
  });
});

describe('the plain-text part', () => {
  it('is the HTML without markup, a line per paragraph, entities read', () => {
    expect(plainTextOf('<h1>Arrivals</h1><p>Parcel <strong>SF1</strong> &amp; SF2</p><ul><li>one</li><li>two</li></ul>')).toBe('Arrivals\nParcel SF1 & SF2\none\ntwo');
  });
});
