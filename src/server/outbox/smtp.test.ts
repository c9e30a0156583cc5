import { describe, expect, it } from 'vitest';
import { OutboundRefused } from '../outbound/policy';
import { classifySmtpError, plainTextOf, smtpOutcome } from './smtp';

describe('SMTP outcomes', () => {
  it('fails for good on a 5xx reply or refused credentials, retries a 4xx reply or a connection that was never made', () => {
    expect(smtpOutcome({ code: 'EENVELOPE', responseCode: 550, response: '550 5.1.1 Mailbox unavailable' })).toEqual({
      outcome: 'failed',
      reason: 'the mail server refused the sender or a recipient (reply 550)',
    });
    expect(smtpOutcome({ code: 'EAUTH', responseCode: 535, response: '535 5.7.8 Authentication credentials invalid' }).outcome).toBe('failed');
    expect(smtpOutcome({ code: 'EMESSAGE', responseCode: 451, response: '451 4.3.0 Try later' })).toEqual({
      outcome: 'retry',
      reason: 'the mail server asked to try again later (reply 451)',
      unknown: false,
    });
    expect(smtpOutcome({ code: 'EAUTH', message: 'Authentication failed: no shared method' }).outcome).toBe('failed');
    expect(smtpOutcome({ responseCode: 421, response: '421 4.7.0 Too many connections' })).toEqual({
      outcome: 'retry',
      reason: 'the mail server asked to try again later (reply 421)',
      unknown: false,
    });
    expect(smtpOutcome({ code: 'ESOCKET', originalCode: 'ECONNREFUSED', command: 'CONN', message: 'connect ECONNREFUSED 127.0.0.1:25' })).toEqual({
      outcome: 'retry',
      reason: 'the mail server refused the connection',
      unknown: false,
    });
  });

  it('marks a connection lost after the hand-over as possibly delivered', () => {
    expect(smtpOutcome({ code: 'ETIMEDOUT', command: 'DATA', message: 'Timeout' })).toMatchObject({ outcome: 'retry', unknown: true });
  });

  it('keeps a class, never the words of the peer, and fails a refused destination for good', () => {
    const banner = { code: 'EPROTOCOL', command: 'CONN', response: 'SSH-2.0-OpenSSH_9.6 internal-build-host', message: 'Invalid greeting. response=SSH-2.0-OpenSSH_9.6' };
    expect(classifySmtpError(banner)).toEqual({ failure: 'notMailServer' });
    expect(JSON.stringify(smtpOutcome(banner))).not.toContain('OpenSSH');
    expect(classifySmtpError({ code: 'ETLS', command: 'CONN', message: 'Error initiating TLS - self-signed certificate in chain of internal-ca' })).toEqual({ failure: 'tls' });
    expect(classifySmtpError({ code: 'ETIMEDOUT', command: 'CONN', message: 'Connection timeout' })).toEqual({ failure: 'unreachable' });
    expect(smtpOutcome(new OutboundRefused('notAllowed', 'port 22 is not a mail port'))).toEqual({
      outcome: 'failed',
      reason: 'the mail server is at an address or port the server may not connect to',
    });
  });
});

describe('the plain-text part', () => {
  it('is the HTML without markup, a line per paragraph, entities read', () => {
    expect(plainTextOf('<h1>Arrivals</h1><p>Parcel <strong>SF1</strong> &amp; SF2</p><ul><li>one</li><li>two</li></ul>')).toBe('Arrivals\nParcel SF1 & SF2\none\ntwo');
  });
});
