import type { ServerConfig } from '../config';
import type { Database } from '../db/client';
import { AliyunSmsClient } from './aliyun-sms';
import { smsEnabled } from './sms-config';
import { OutboxWorker, type ChannelDeliverer, type OutboxRow } from './worker';

/** The outbox channels. */
export const OutboxChannel = { Sms: 'sms' } as const;

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
 * Starts the delivery worker of the configured channels (SMS when an AccessKey is set); none runs otherwise.
 * Stopped with the server: the rows in hand are delivered and marked first.
 */
export function startOutboxWorker(database: Database, config: ServerConfig, now: () => Date, onError: (error: unknown) => void): { stop(): Promise<void> } {
  if (!smsEnabled(config.sms)) return { stop: async () => undefined };
  const worker = new OutboxWorker(database.db, { [OutboxChannel.Sms]: smsDeliverer(new AliyunSmsClient(config.sms, now)) }, { ...config.sms, soleProcess: database.driver === 'pglite' }, now, onError);
  worker.start();
  return { stop: () => worker.stop() };
}
