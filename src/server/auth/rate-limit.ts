import { isIP } from 'node:net';
import { ResponseCode } from '../../shared/codes';
import type { EndpointDef, RateLimit, RateLimitName } from '../../shared/contract/endpoint';
import { AppError } from '../errors';

const WINDOW_MS = 60_000;
/** Buckets kept at most: past it the least recently used goes, and a bucket left alone for a minute is full anyway. */
const MAX_BUCKETS = 50_000;

interface Bucket {
  tokens: number;
  at: number;
}

/** The part of an address one caller controls: an IPv6 host usually holds a whole /64. */
export function callerOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  const bare = address.split('%')[0]!;
  if (isIP(bare) !== 6) return address;
  const [head = '', tail] = bare.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  // An embedded IPv4 address (::ffff:0:1.2.3.4) fills two groups; only the first four matter here.
  const tailWidth = tailGroups.reduce((width, group) => width + (group.includes('.') ? 2 : 1), 0);
  const groups = [...headGroups, ...Array<string>(tail === undefined ? 0 : 8 - headGroups.length - tailWidth).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * Token buckets in this process's memory, one per limit and caller address and one per limit and account.
 * A bucket holds up to a minute's allowance and refills at that rate: a burst is refused as soon as the
 * allowance is spent, and however hard a caller hammers, it gets no more than the limit's rate.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly limits: Record<RateLimitName, RateLimit>,
    private readonly now: () => Date,
    private readonly maxBuckets = MAX_BUCKETS,
  ) {
    for (const [name, limit] of Object.entries(limits)) {
      for (const [field, value] of Object.entries(limit)) {
        if (!Number.isInteger(value) || value < 1) throw new Error(`rate limit ${name}.${field} must be a whole number of calls per minute from 1, got ${value}`);
      }
    }
  }

  /**
   * Counts one call against the caller's address and, when the input names an account, against the
   * account; throws A0501 with the seconds to wait when either has nothing left.
   */
  take(rule: NonNullable<EndpointDef['rateLimit']>, address: string, input: unknown): void {
    const limit = this.limits[rule.name];
    const at = this.now().getTime();
    this.takeFrom(`${rule.name} address ${callerOf(address)}`, limit.perAddress, at);
    const account = rule.accountField === undefined ? undefined : (input as Record<string, unknown>)[rule.accountField];
    if (limit.perAccount !== undefined && typeof account === 'string') this.takeFrom(`${rule.name} account ${account.toLowerCase()}`, limit.perAccount, at);
  }

  private takeFrom(key: string, perMinute: number, at: number): void {
    const perMs = perMinute / WINDOW_MS;
    const bucket = this.buckets.get(key);
    const tokens = bucket ? Math.min(perMinute, bucket.tokens + Math.max(0, at - bucket.at) * perMs) : perMinute;
    const left = tokens >= 1 ? tokens - 1 : tokens;
    // Re-inserted so that the map's order is least recently used first.
    this.buckets.delete(key);
    this.buckets.set(key, { tokens: left, at });
    if (this.buckets.size > this.maxBuckets) this.buckets.delete(this.buckets.keys().next().value!);
    if (tokens < 1) throw new AppError(ResponseCode.RateLimited, 'error.rateLimited', { seconds: Math.ceil((1 - tokens) / perMs / 1000) });
  }
}
