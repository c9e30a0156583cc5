import { randomInt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { OutboundConfig } from '../outbound/policy';
import { LOOPBACK_PEERS_OUTBOUND } from './outbound';

/** A mail as the peer received it: the SMTP envelope and the parsed message. */
export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  user: string;
  parsed: ParsedMail;
}

export interface SmtpPeer {
  host: string;
  port: number;
  user: string;
  password: string;
  received: ReceivedMail[];
  /** The outbound rule a test server needs to reach this peer: loopback allowed, its port a mail port. */
  outbound: OutboundConfig;
  /** Resolves once `count` mails have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** A recipient the peer refuses for good (550), as a server refuses an unknown mailbox. */
export const REFUSED_MAILBOX = 'nobody@refused.example';

/**
 * A real SMTP server on loopback (smtp-server, the library nodemailer's own tests use), with AUTH PLAIN/LOGIN
 * over the plain connection and no STARTTLS: what arrives is parsed with mailparser, so a test reads the
 * recipients, subject, HTML and attachments a mail client would.
 */
export async function startSmtpPeer(credentials: { user: string; password: string } = { user: 'console@example.com', password: 'peer-pass-1' }): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    banner: 'console test peer',
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.password) callback(null, { user: auth.username });
      else callback(Object.assign(new Error('5.7.8 Authentication credentials invalid'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      if (address.address.toLowerCase() === REFUSED_MAILBOX) callback(Object.assign(new Error('5.1.1 Mailbox unavailable'), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            user: String(session.user ?? ''),
            parsed,
          });
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  // A mail account's port has at most 4 digits (spec 001 §5): the peer takes a free one below 10000, not an
  // ephemeral one.
  for (let tries = 0; ; tries++) {
    const candidate = 2000 + randomInt(8000);
    try {
      await new Promise<void>((resolve, reject) => {
        server.server.once('error', reject);
        server.listen(candidate, '127.0.0.1', () => {
          server.server.off('error', reject);
          resolve();
        });
      });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || tries >= 50) throw error;
    }
  }
  const { port } = server.server.address() as AddressInfo;
  return {
    host: '127.0.0.1',
    port,
    user: credentials.user,
    password: credentials.password,
    received,
    outbound: { ...LOOPBACK_PEERS_OUTBOUND, mailPorts: [...LOOPBACK_PEERS_OUTBOUND.mailPorts, port] },
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`the SMTP peer received ${received.length} mails, not ${count}, within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received.slice(0, count);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
