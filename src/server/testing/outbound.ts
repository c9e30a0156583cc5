import { DEFAULT_LMTP_PORT, DEFAULT_MAIL_PORTS, type OutboundConfig } from '../outbound/policy';

/**
 * The outbound rule of test servers: loopback allowed, where the suites' protocol peers (JPush, SMS provider,
 * messenger) listen; the default mail ports. A suite with an SMTP peer adds its port (smtp-peer.ts `outbound`).
 */
export const LOOPBACK_PEERS_OUTBOUND: OutboundConfig = { allow: ['127.0.0.0/8', '::1/128'], deny: [], mailPorts: DEFAULT_MAIL_PORTS, lmtpPort: DEFAULT_LMTP_PORT };
