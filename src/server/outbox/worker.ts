import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';
import type { DeliveryResult } from './aliyun-sms';

export type OutboxRow = typeof outbox.$inferSelect;

export const OutboxStatus = { Pending: 'pending', Sending: 'sending', Sent: 'sent', Failed: 'failed' } as const;

/** How one channel delivers its messages. */
export interface ChannelDeliverer {
  deliver(row: OutboxRow): Promise<DeliveryResult>;
  /**
   * Whether the provider already has the message (an earlier attempt whose answer never came): a message it
   * has is marked sent, not sent again. Throws when the provider cannot be asked now.
   */
  alreadyDelivered(row: OutboxRow): Promise<boolean>;
}

export interface OutboxWorkerOptions {
  maxAttempts: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  leaseMs: number;
  pollMs: number;
  /** Rows claimed at a time, and how many of them are delivered at once. */
  batchSize?: number;
  concurrency?: number;
  /**
   * One process owns the database (PGlite): a row another worker claimed belongs to a process that is gone,
   * so it is taken over at once instead of after the lease.
   */
  soleProcess: boolean;
}

const REASON_MAX = 500;

/** The delay before attempt `attempts + 1`: the base doubled per attempt made, capped. */
export function backoffMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Delivers the outbox: claims due rows (pending and due, or claimed by a worker whose lease ran out), sends
 * each through its channel, and marks it sent, due again later (exponential backoff) or failed with the
 * provider's reason.
 *
 * Exactly once, across crashes and processes: a row is claimed (status sending, claimed_by, claimed_at) in
 * one statement whose `for update skip locked` keeps two processes on one PostgreSQL from claiming the same
 * row; it is sent with its idempotency key (SMS: OutId); the answer is recorded only while the claim is still
 * this worker's. A row claimed but never marked (the process died between send and mark, or the answer was
 * lost) is taken over with verify_first set: the provider is asked (SMS: QuerySendDetails, which lists a
 * number's messages with their OutId) whether it has the message before it is sent again. Alibaba Cloud's
 * SendSms does not de-duplicate by OutId itself, so this question is what keeps a resend from doubling a
 * message; the lease is far longer than a request's timeout, so a live worker's request has ended before
 * another process asks.
 */
export class OutboxWorker {
  readonly workerId = `w-${randomUUID()}`;
  private stopped = false;
  private running: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;

  constructor(
    private readonly db: Db,
    private readonly channels: Readonly<Record<string, ChannelDeliverer>>,
    private readonly options: OutboxWorkerOptions,
    private readonly now: () => Date,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(): void {
    if (this.running) return;
    this.stopped = false;
    this.running = this.loop();
  }

  /** Stops claiming; resolves once the rows in hand are delivered and marked. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wakeUp?.();
    await this.running;
    this.running = null;
  }

  /** Looks for due rows now instead of at the next poll. */
  wake(): void {
    this.wakeUp?.();
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      let handled = 0;
      try {
        handled = await this.runOnce();
      } catch (error) {
        this.onError(error);
      }
      if (handled === 0 && !this.stopped) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.options.pollMs);
          this.wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wakeUp = null;
      }
    }
  }

  /** Claims one batch of due rows and delivers it; returns how many rows it handled. */
  async runOnce(): Promise<number> {
    const rows = await this.claim();
    const queue = [...rows];
    const lanes = Array.from({ length: Math.min(this.options.concurrency ?? 8, queue.length) }, async () => {
      for (let row = queue.shift(); row; row = queue.shift()) {
        try {
          await this.handle(row);
        } catch (error) {
          this.onError(error);
        }
      }
    });
    await Promise.all(lanes);
    return rows.length;
  }

  private async claim(): Promise<OutboxRow[]> {
    const now = this.now();
    const staleBefore = new Date(now.getTime() - this.options.leaseMs);
    const channels = Object.keys(this.channels);
    if (channels.length === 0) return [];
    const taken = sql`(${outbox.status} = ${OutboxStatus.Sending} and (${outbox.claimedAt} < ${staleBefore} or (${this.options.soleProcess} and ${outbox.claimedBy} <> ${this.workerId})))`;
    const due = sql`select ${outbox.id} from ${outbox}
      where ${outbox.channel} in (${sql.join(
        channels.map((c) => sql`${c}`),
        sql`, `,
      )})
        and ((${outbox.status} = ${OutboxStatus.Pending} and ${outbox.nextAttemptAt} <= ${now}) or ${taken})
      order by ${outbox.nextAttemptAt}, ${outbox.id}
      limit ${this.options.batchSize ?? 50}
      for update skip locked`;
    // A row taken over from a gone worker keeps its attempt count (that attempt is settled by asking the
    // provider) and is verified before any resend.
    return this.db
      .update(outbox)
      .set({
        verifyFirst: sql`${outbox.verifyFirst} or ${outbox.status} = ${OutboxStatus.Sending}`,
        attempts: sql`case when ${outbox.status} = ${OutboxStatus.Sending} then ${outbox.attempts} else ${outbox.attempts} + 1 end`,
        status: OutboxStatus.Sending,
        claimedBy: this.workerId,
        claimedAt: now,
      })
      .where(sql`${outbox.id} in (${due})`)
      .returning();
  }

  private async handle(row: OutboxRow): Promise<void> {
    const channel = this.channels[row.channel]!;
    if (row.verifyFirst) {
      let known: boolean;
      try {
        known = await channel.alreadyDelivered(row);
      } catch (error) {
        await this.settle(row, { outcome: 'retry', reason: `status query failed: ${(error as Error).message}`, unknown: true });
        return;
      }
      if (known) {
        await this.settle(row, { outcome: 'sent', providerMessageId: row.providerMessageId });
        return;
      }
    }
    await this.settle(row, await channel.deliver(row));
  }

  /** Records the outcome while the claim is still this worker's (a taken-over row is the new owner's). */
  private async settle(row: OutboxRow, result: DeliveryResult): Promise<void> {
    const now = this.now();
    const mine = and(eq(outbox.id, row.id), eq(outbox.status, OutboxStatus.Sending), eq(outbox.claimedBy, this.workerId));
    if (result.outcome === 'sent') {
      await this.db.update(outbox).set({ status: OutboxStatus.Sent, sentTime: now, providerMessageId: result.providerMessageId, verifyFirst: false }).where(mine);
      return;
    }
    const reason = result.reason.slice(0, REASON_MAX);
    if (result.outcome === 'failed' || row.attempts >= this.options.maxAttempts) {
      await this.db.update(outbox).set({ status: OutboxStatus.Failed, lastError: reason, verifyFirst: false }).where(mine);
      return;
    }
    const next = new Date(now.getTime() + backoffMs(row.attempts, this.options.backoffBaseMs, this.options.backoffMaxMs));
    await this.db.update(outbox).set({ status: OutboxStatus.Pending, lastError: reason, nextAttemptAt: next, verifyFirst: result.unknown }).where(mine);
  }
}
