import { AliyunSmsClient } from './aliyun-sms';
import { checkedFetch } from '../outbound/policy';
import type { DelivererContext } from './deliverer';
import { pushDeliverer } from './jpush';
import { mailDeliverer } from './smtp';
import { smsEnabled } from './sms-config';
import { OutboxWorker, type ChannelDeliverer, type OutboxRow } from './worker';

/** The outbox channels. */
export const OutboxChannel = { Sms: 'sms', Mail: 'mail', Push: 'push' } as const;
export type OutboxChannel = (typeof OutboxChannel)[keyof typeof OutboxChannel];

/** What an SMS outbox row carries. */
export interface SmsPayload {
  phone: string;
  signName: string;
  templateCode: string;
  params: Record<string, string>;
}

export function smsDeliverer(client: AliyunSmsClient): ChannelDeliverer {
  return {
    deliver: (row: OutboxRow) => {
      const payload = row.payload as SmsPayload;
      return client.send({ ...payload, outId: row.idempotencyKey });
    },
    alreadyDelivered: (row: OutboxRow) => client.alreadyHas((row.payload as SmsPayload).phone, row.idempotencyKey, row.claimedAt ?? row.createTime),
  };
}

/**
 * The channels the outbox delivers, each with the deliverer it is built with when it is usable on this server
 * (SMS: when an AccessKey is set; mail and push: always, their accounts are chosen per message). A channel
 * module adds its row here.
 */
const CHANNELS: ReadonlyArray<{ channel: OutboxChannel; build(context: DelivererContext): ChannelDeliverer | null }> = [
  { channel: OutboxChannel.Sms, build: ({ config, now }) => (smsEnabled(config.sms) ? smsDeliverer(new AliyunSmsClient(config.sms, now, checkedFetch(config.outbound))) : null) },
  { channel: OutboxChannel.Push, build: pushDeliverer },
  { channel: OutboxChannel.Mail, build: ({ database, secrets, config }) => mailDeliverer(database.db, secrets, { timeoutMs: config.sms.requestTimeoutMs, outbound: config.outbound }) },
];

/** The outbox worker of this server, so a call that queues messages can have them delivered at once. */
export interface RunningOutbox {
  wake(): void;
  stop(): Promise<void>;
}

/**
 * Starts the delivery worker of the usable channels; none runs when no channel is. Stopped with the server:
 * the rows in hand are delivered and marked first. Its pace (attempts, backoff, lease, poll) is the outbox's
 * settings (`CONSOLE_SMS_*`, which named them first).
 */
export function startOutboxWorker(context: DelivererContext, onError: (error: unknown) => void): RunningOutbox {
  const deliverers: Record<string, ChannelDeliverer> = {};
  for (const { channel, build } of CHANNELS) {
    const deliverer = build(context);
    if (deliverer) deliverers[channel] = deliverer;
  }
  if (Object.keys(deliverers).length === 0) return { wake: () => undefined, stop: async () => undefined };
  const worker = new OutboxWorker(context.database.db, deliverers, { ...context.config.sms, soleProcess: context.database.driver === 'pglite' }, context.now, onError);
  worker.start();
  return { wake: () => worker.wake(), stop: () => worker.stop() };
}
