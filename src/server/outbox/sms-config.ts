/**
 * The SMS provider's settings (Alibaba Cloud SMS, dysmsapi) and the outbox worker's pace, from the environment
 * (`CONSOLE_SMS_*`). Without an AccessKey id nothing is sent: the send call is refused and no worker runs.
 */
export interface SmsConfig {
  /** The dysmsapi endpoint: https://dysmsapi.aliyuncs.com/ (or a region's, or a loopback peer in tests). */
  gatewayUrl: string;
  accessKeyId: string;
  /** Signs every request; never logged, never shown. */
  accessKeySecret: string;
  regionId: string;
  /** Attempts of one message before it is marked failed. */
  maxAttempts: number;
  /** The first retry's delay; each further retry doubles it, up to `backoffMaxMs`. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /**
   * How long a claimed message belongs to its worker: past it, another server process on the same PostgreSQL
   * takes the message over (asking the provider first whether it already has it). Far longer than a request's
   * timeout, so a live worker's request has always ended before its message is taken over.
   */
  leaseMs: number;
  /** How long one provider request may take. */
  requestTimeoutMs: number;
  /** How often an idle worker looks for due messages. */
  pollMs: number;
}

export const DEFAULT_SMS_GATEWAY = 'https://dysmsapi.aliyuncs.com/';

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min) throw new Error(`${name} must be a whole number of at least ${min}, got "${value}"`);
  return Number(value);
}

export function smsConfigFromEnv(env: NodeJS.ProcessEnv): SmsConfig {
  const requestTimeoutMs = whole(env, 'CONSOLE_SMS_REQUEST_TIMEOUT_MS', 10_000, 100);
  const leaseMs = whole(env, 'CONSOLE_SMS_LEASE_MS', 60_000, 100);
  if (leaseMs <= requestTimeoutMs) throw new Error(`CONSOLE_SMS_LEASE_MS (${leaseMs}) must be longer than CONSOLE_SMS_REQUEST_TIMEOUT_MS (${requestTimeoutMs})`);
  return {
    gatewayUrl: env.CONSOLE_SMS_GATEWAY_URL || DEFAULT_SMS_GATEWAY,
    accessKeyId: env.CONSOLE_SMS_ACCESS_KEY_ID ?? '',
    accessKeySecret: env.CONSOLE_SMS_ACCESS_KEY_SECRET ?? '',
    regionId: env.CONSOLE_SMS_REGION || 'cn-hangzhou',
    maxAttempts: whole(env, 'CONSOLE_SMS_MAX_ATTEMPTS', 6, 1),
    backoffBaseMs: whole(env, 'CONSOLE_SMS_BACKOFF_MS', 5_000, 1),
    backoffMaxMs: whole(env, 'CONSOLE_SMS_BACKOFF_MAX_MS', 600_000, 1),
    leaseMs,
    requestTimeoutMs,
    pollMs: whole(env, 'CONSOLE_SMS_POLL_MS', 500, 10),
  };
}

/** Whether sending is configured: an AccessKey pair to sign with. */
export function smsEnabled(config: SmsConfig): boolean {
  return config.accessKeyId !== '' && config.accessKeySecret !== '';
}
