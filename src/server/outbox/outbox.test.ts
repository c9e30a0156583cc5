import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema';
import { startTestServer, type TestServer } from '../testing/harness';
import { startSmsPeer, type SmsPeer } from '../testing/sms-peer';
import { AliyunSmsClient } from './aliyun-sms';
import { OutboxChannel, smsDeliverer, type SmsPayload } from '.';
import { smsConfigFromEnv } from './sms-config';
import { backoffMs, OutboxWorker, type OutboxWorkerOptions } from './worker';

let peer: SmsPeer;
let server: TestServer;

beforeAll(async () => {
  peer = await startSmsPeer();
});
afterAll(async () => {
  await peer.close();
});
beforeEach(async () => {
  peer.receipts.length = 0;
  peer.failNext(0);
  peer.dropAnswers(0);
  // No SMS settings: the server runs no worker of its own; the tests run theirs.
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

const OPTIONS: OutboxWorkerOptions = { maxAttempts: 3, backoffBaseMs: 10, backoffMaxMs: 40, leaseMs: 60_000, pollMs: 10, soleProcess: false, batchSize: 20, concurrency: 4 };

function workerOf(options: Partial<OutboxWorkerOptions> = {}, gatewayUrl = peer.gatewayUrl): OutboxWorker {
  const client = new AliyunSmsClient({ ...smsConfigFromEnv({}), gatewayUrl, accessKeyId: peer.accessKeyId, accessKeySecret: peer.accessKeySecret, requestTimeoutMs: 2_000 });
  return new OutboxWorker(
    server.services.db,
    { [OutboxChannel.Sms]: smsDeliverer(client) },
    { ...OPTIONS, ...options },
    () => new Date(),
    (error) => {
      throw error;
    },
  );
}

async function queue(count: number, prefix = '1350000'): Promise<string[]> {
  const phones = Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(11 - prefix.length, '0')}`);
  await server.services.db
    .insert(outbox)
    .values(phones.map((phone) => ({ channel: OutboxChannel.Sms, idempotencyKey: `t-${phone}`, payload: { phone, signName: '测试', templateCode: 'SMS_1', params: {} } satisfies SmsPayload })));
  return phones;
}

async function drain(worker: OutboxWorker, rounds = 200): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    const rows = await server.services.db.select({ status: outbox.status }).from(outbox);
    if (rows.every((r) => r.status === 'sent' || r.status === 'failed')) return;
    await worker.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
  throw new Error('the outbox did not drain');
}

describe('the outbox worker', () => {
  it('doubles the backoff per attempt up to its cap', () => {
    expect([1, 2, 3, 4, 5].map((n) => backoffMs(n, 10, 40))).toEqual([10, 20, 40, 40, 40]);
  });

  it('two workers on one database deliver every row exactly once', async () => {
    const phones = await queue(60);
    const first = workerOf();
    const second = workerOf();
    await Promise.all([drain(first), drain(second)]);
    const counts = peer.countsByPhone();
    expect(phones.map((p) => counts.get(p))).toEqual(phones.map(() => 1));
  });

  it('fails a message after the last attempt with the provider’s reason', async () => {
    await queue(1);
    peer.failNext(5, 'isv.BUSINESS_LIMIT_CONTROL', '触发号码天级流控');
    await drain(workerOf());
    const [row] = await server.services.db.select().from(outbox);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'isv.BUSINESS_LIMIT_CONTROL: 触发号码天级流控' });
    expect(peer.receipts).toEqual([]);
  });

  it('takes over a claim whose worker is gone: marks it sent when the provider has it, sends it when not', async () => {
    const [known, unknown] = await queue(2, '1360000');
    // A worker that "died" after sending the first message and before sending the second.
    await server.services.db.update(outbox).set({ status: 'sending', claimedBy: 'gone', claimedAt: new Date(Date.now() - 120_000), attempts: 1 });
    const gone = workerOf();
    const sent = await smsDeliverer(new AliyunSmsClient({ ...smsConfigFromEnv({}), gatewayUrl: peer.gatewayUrl, accessKeyId: peer.accessKeyId, accessKeySecret: peer.accessKeySecret })).deliver({
      ...(await server.services.db.select().from(outbox)).find((r) => (r.payload as SmsPayload).phone === known)!,
    });
    expect(sent.outcome).toBe('sent');
    await drain(gone);
    expect(peer.countsByPhone()).toEqual(
      new Map([
        [known, 1],
        [unknown, 1],
      ]),
    );
    const rows = await server.services.db.select().from(outbox);
    expect(rows.map((r) => [r.status, r.attempts, r.verifyFirst])).toEqual([
      ['sent', 1, false],
      ['sent', 1, false],
    ]);
  });

  it('leaves a live claim alone until its lease runs out', async () => {
    await queue(1, '1370000');
    await server.services.db.update(outbox).set({ status: 'sending', claimedBy: 'alive', claimedAt: new Date() });
    expect(await workerOf().runOnce()).toBe(0);
    // On PGlite one process owns the data: another worker's claim is a dead process's at once.
    expect(await workerOf({ soleProcess: true }).runOnce()).toBe(1);
  });

  it('keeps a message whose status cannot be asked for a later try, unsent', async () => {
    await queue(1, '1380000');
    await server.services.db.update(outbox).set({ status: 'sending', claimedBy: 'gone', claimedAt: new Date(Date.now() - 120_000), attempts: 1 });
    const unreachable = workerOf({}, 'http://127.0.0.1:9/');
    expect(await unreachable.runOnce()).toBe(1);
    const [row] = await server.services.db.select().from(outbox);
    expect(row).toMatchObject({ status: 'pending', verifyFirst: true });
    expect(row!.lastError).toMatch(/^status query failed/);
    expect(peer.receipts).toEqual([]);
  });
});
