import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../shared/codes';
import { api } from '../../shared/contract';
import { SmsTemplateType } from '../../areas/sms/contract';
import { killChild, startChildServer, stopChild } from '../robustness/crash-child';
import { reportFigure } from '../robustness/figures';
import { httpCall, signInAdminHttp, type HttpSession } from '../robustness/load-client';
import { startSmsPeer, type SmsPeer } from '../testing/sms-peer';
import { freshData, testDriver as driver } from '../testing/fresh-data';

/**
 * The outbox loses nothing and doubles nothing (issue 12): a standalone server in a child process sends a
 * 1,000-number batch to the loopback provider, is killed with SIGKILL in the middle of the delivery, and is
 * started again on the same data. The provider must have received each number exactly once: it counts raw
 * receipts, so exactly-once comes from the server (claim → send with OutId → mark; a claim left unmarked is
 * resent only when the provider does not already have its OutId).
 */
const NUMBERS = 1000;

async function until(what: string, deadlineMs: number, check: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe(`outbox: the server killed in the middle of a 1,000-number send (${driver})`, () => {
  let work: string;
  let prepared: Awaited<ReturnType<typeof freshData>>;
  let peer: SmsPeer;

  beforeAll(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), 'console-outbox-'));
    prepared = await freshData(work, 'console_outbox');
    peer = await startSmsPeer();
  });
  afterAll(async () => {
    await peer?.close();
    await prepared?.drop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('each number reaches the provider exactly once after a SIGKILL and a restart', { timeout: 300_000 }, async () => {
    const settings = {
      CONSOLE_SMS_GATEWAY_URL: peer.gatewayUrl,
      // The peer listens on loopback, which the server reaches only when its administrator allows it.
      CONSOLE_OUTBOUND_ALLOW: '127.0.0.0/8',
      CONSOLE_SMS_ACCESS_KEY_ID: peer.accessKeyId,
      CONSOLE_SMS_ACCESS_KEY_SECRET: peer.accessKeySecret,
      // A claim of the killed process is taken over after 3 s on PostgreSQL (at once on PGlite).
      CONSOLE_SMS_LEASE_MS: '3000',
      CONSOLE_SMS_REQUEST_TIMEOUT_MS: '2000',
      CONSOLE_SMS_POLL_MS: '50',
    };
    // Answers come late, so the kill finds messages the provider has but the server has not marked.
    peer.answerDelayMs = 30;
    const first = await startChildServer(prepared.data, 90_000, settings);
    let session: HttpSession;
    let batchId: number;
    try {
      session = await signInAdminHttp(first.url);
      const template = await httpCall(
        first.url,
        api.sms.templateAdd,
        { name: 'Crash template', type: SmsTemplateType.Notice, templateCode: 'SMS_900001', content: 'Parcel ${code} is on its way' },
        session,
      );
      expect(template.code).toBe(ResponseCode.Success);
      expect((await httpCall(first.url, api.sms.templateActivate, { id: template.data!.id, version: 1 }, session)).code).toBe(ResponseCode.Success);
      const signature = await httpCall(first.url, api.sms.signatureAdd, { name: '顺丰速运' }, session);
      const phones = Array.from({ length: NUMBERS }, (_, i) => `158${String(i).padStart(8, '0')}`);
      const sent = await httpCall(
        first.url,
        api.sms.send,
        { templateId: template.data!.id, signatureId: signature.data!.id, params: { code: 'SF1' }, phones: phones.join(',') },
        { ...session, timeoutMs: 60_000 },
      );
      expect(sent.data).toMatchObject({ total: NUMBERS, duplicates: [] });
      batchId = sent.data!.batchId;
      await until('the delivery to get under way', 60_000, () => peer.receipts.length >= NUMBERS / 4);
    } finally {
      await killChild(first);
    }
    const atKill = peer.receipts.length;
    peer.answerDelayMs = 0;

    const second = await startChildServer(prepared.data, 90_000, settings);
    try {
      await until('every number to be settled', 180_000, async () => {
        const batches = await httpCall(second.url, api.sms.batchList, { pageNum: 1, pageSize: 10 }, session);
        const batch = batches.data?.records.find((b) => b.id === batchId);
        return batch !== undefined && batch.pending === 0;
      });
      const batches = await httpCall(second.url, api.sms.batchList, { pageNum: 1, pageSize: 10 }, session);
      expect(batches.data!.records.find((b) => b.id === batchId)).toMatchObject({ total: NUMBERS, sent: NUMBERS, failed: 0 });
    } finally {
      await stopChild(second);
    }

    const counts = peer.countsByPhone();
    const twice = [...counts].filter(([, n]) => n > 1).length;
    reportFigure('outbox', `${NUMBERS}-number send killed with SIGKILL after ${atKill} receipts, restarted: ${counts.size} numbers received, ${twice} twice`, `${NUMBERS}, 0 twice`);
    expect(peer.receipts.length).toBe(NUMBERS);
    expect(counts.size).toBe(NUMBERS);
    expect(twice).toBe(0);
    expect(peer.refusedSignatures).toBe(0);
  });
});
