import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { sql } from 'drizzle-orm';
import { ResponseCode } from '../../shared/codes';
import type { EndpointDef, RateLimit, RateLimitName } from '../../shared/contract/endpoint';
import type { Services } from '../context';
import type { Db } from '../db/client';
import { rateBucket } from '../db/schema';
import { AppError } from '../errors';

/** A bucket holds a minute's allowance: one left alone for this long is full again. */
export const RATE_WINDOW_MS = 60_000;
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

/** Refuses limits that are not whole numbers of calls per minute from 1 (a setting's typo must not switch a limit off). */
function checkLimits(limits: Record<RateLimitName, RateLimit>): void {
  for (const [name, limit] of Object.entries(limits)) {
    for (const [field, value] of Object.entries(limit)) {
      if (!Number.isInteger(value) || value < 1) throw new Error(`rate limit ${name}.${field} must be a whole number of calls per minute from 1, got ${value}`);
    }
  }
}

/** The buckets one call draws on: its limit's per-address bucket and, when the input names an account, its per-account one. */
function bucketsOf(limits: Record<RateLimitName, RateLimit>, rule: NonNullable<EndpointDef['rateLimit']>, address: string, input: unknown): Array<{ key: string; perMinute: number }> {
  const limit = limits[rule.name];
  const buckets = [{ key: `${rule.name} address ${callerOf(address)}`, perMinute: limit.perAddress }];
  const account = rule.accountField === undefined ? undefined : (input as Record<string, unknown>)[rule.accountField];
  if (limit.perAccount !== undefined && typeof account === 'string') buckets.push({ key: `${rule.name} account ${account.toLowerCase()}`, perMinute: limit.perAccount });
  return buckets;
}

function refusal(tokens: number, perMinute: number): AppError {
  return new AppError(ResponseCode.RateLimited, 'error.rateLimited', { seconds: Math.ceil((1 - tokens) / (perMinute / RATE_WINDOW_MS) / 1000) });
}

/** Counts calls against the rate limits of the contract; throws A0501 with the seconds to wait. */
export interface RateLimits {
  take(rule: NonNullable<EndpointDef['rateLimit']>, address: string, input: unknown): void | Promise<void>;
}

/**
 * Token buckets in this process's memory, one per limit and caller address and one per limit and account.
 * A bucket holds up to a minute's allowance and refills at that rate: a burst is refused as soon as the
 * allowance is spent, and however hard a caller hammers, it gets no more than the limit's rate. For one
 * server process (PGlite's data folder is opened by one process).
 */
export class RateLimiter implements RateLimits {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly limits: Record<RateLimitName, RateLimit>,
    private readonly now: () => Date,
    private readonly maxBuckets = MAX_BUCKETS,
  ) {
    checkLimits(limits);
  }

  /**
   * Counts one call against the caller's address and, when the input names an account, against the
   * account; throws A0501 with the seconds to wait when either has nothing left.
   */
  take(rule: NonNullable<EndpointDef['rateLimit']>, address: string, input: unknown): void {
    const at = this.now().getTime();
    for (const { key, perMinute } of bucketsOf(this.limits, rule, address, input)) this.takeFrom(key, perMinute, at);
  }

  private takeFrom(key: string, perMinute: number, at: number): void {
    const perMs = perMinute / RATE_WINDOW_MS;
    const bucket = this.buckets.get(key);
    const tokens = bucket ? Math.min(perMinute, bucket.tokens + Math.max(0, at - bucket.at) * perMs) : perMinute;
    const left = tokens >= 1 ? tokens - 1 : tokens;
    // Re-inserted so that the map's order is least recently used first.
    this.buckets.delete(key);
    this.buckets.set(key, { tokens: left, at });
    if (this.buckets.size > this.maxBuckets) this.buckets.delete(this.buckets.keys().next().value!);
    if (tokens < 1) throw refusal(tokens, perMinute);
  }
}

/**
 * The same token buckets kept in PostgreSQL (`sys_rate_bucket`), so that every server process on one database
 * draws on one allowance: with several processes behind a balancer, a caller still gets the limit's rate, not
 * that many times it. One statement refills and takes under the row's lock, so concurrent calls on any process
 * cannot both take the last token.
 */
export class SharedRateLimiter implements RateLimits {
  constructor(
    private readonly db: Db,
    private readonly limits: Record<RateLimitName, RateLimit>,
    private readonly now: () => Date,
  ) {
    checkLimits(limits);
  }

  async take(rule: NonNullable<EndpointDef['rateLimit']>, address: string, input: unknown): Promise<void> {
    const at = this.now();
    for (const { key, perMinute } of bucketsOf(this.limits, rule, address, input)) await this.takeFrom(key, perMinute, at);
  }

  private async takeFrom(key: string, perMinute: number, at: Date): Promise<void> {
    const perMs = perMinute / RATE_WINDOW_MS;
    const bucketKey = createHash('sha256').update(key).digest('hex');
    const when = sql`${at.toISOString()}::timestamptz`;
    // The tokens before this call: the stored ones refilled for the time since (never above a minute's allowance).
    const before = sql`least(${perMinute}::float8, ${rateBucket.tokens} + greatest(0, extract(epoch from (${when} - ${rateBucket.takenAt})) * 1000) * ${perMs}::float8)`;
    const rows = await this.db
      .insert(rateBucket)
      .values({ bucketKey, tokens: perMinute - 1, takenAt: at, granted: true })
      .onConflictDoUpdate({
        target: rateBucket.bucketKey,
        set: {
          tokens: sql`case when ${before} >= 1 then ${before} - 1 else ${before} end`,
          takenAt: at,
          granted: sql`${before} >= 1`,
        },
      })
      .returning({ tokens: rateBucket.tokens, granted: rateBucket.granted });
    const row = rows[0]!;
    if (!row.granted) throw refusal(row.tokens, perMinute);
  }
}

/** The rate limits of a server: shared in the database on PostgreSQL, in memory on PGlite's one process. */
export function rateLimitsFor(services: Pick<Services, 'db' | 'driver' | 'config' | 'now'>): RateLimits {
  return services.driver === 'pg' ? new SharedRateLimiter(services.db, services.config.rateLimits, services.now) : new RateLimiter(services.config.rateLimits, services.now);
}
