import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../../shared/codes';
import { api } from '../../../shared/contract';
import { SmsTemplateType } from '../contract';
import { Perm } from '../../../shared/permissions';
import { operationLog, outbox, smsRecord } from '../../../server/db/schema';
import { smsConfigFromEnv } from '../../../server/outbox/sms-config';
import { signInAdminActor, signInBranchAdmin, type Actor } from '../../../server/testing/actors';
import { startTestServer, type TestServer } from '../../../server/testing/harness';
import { startSmsPeer, type SmsPeer } from '../../../server/testing/sms-peer';

let peer: SmsPeer;
let server: TestServer;
let admin: Actor;

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
  server = await startTestServer({
    sms: {
      ...smsConfigFromEnv({}),
      gatewayUrl: peer.gatewayUrl,
      accessKeyId: peer.accessKeyId,
      accessKeySecret: peer.accessKeySecret,
      pollMs: 20,
      backoffBaseMs: 20,
    },
  });
  admin = await signInAdminActor(server);
});
afterEach(async () => {
  await server.close();
});

async function addTemplate(name: string, content: string, as = admin.as): Promise<number> {
  const answer = await server.call(api.sms.templateAdd, { name, type: SmsTemplateType.Notice, templateCode: 'SMS_100001', content }, as);
  if (!answer.data) throw new Error(`add failed: ${answer.code} ${answer.msg}`);
  return answer.data.id;
}

async function activeTemplate(name: string, content: string): Promise<number> {
  const id = await addTemplate(name, content);
  const activated = await server.call(api.sms.templateActivate, { id, version: 1 }, admin.as);
  expect(activated.code).toBe(ResponseCode.Success);
  return id;
}

async function addSignature(name: string): Promise<number> {
  const answer = await server.call(api.sms.signatureAdd, { name }, admin.as);
  if (!answer.data) throw new Error(`add failed: ${answer.code} ${answer.msg}`);
  return answer.data.id;
}

/** Waits until every number of the batch is settled (sent or failed), bounded by a deadline. */
async function settled(batchId: number, deadlineMs = 20_000): Promise<void> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const batches = await server.call(api.sms.batchList, { pageNum: 1, pageSize: 100 }, admin.as);
    const batch = batches.data!.records.find((b) => b.id === batchId)!;
    if (batch.pending === 0) return;
    if (Date.now() > until) throw new Error(`batch ${batchId} still has ${batch.pending} pending numbers`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('SMS templates and signatures', () => {
  it('adds a template inactive with its variables, activates it once, updates with the version and logs each change', async () => {
    const id = await addTemplate('Delivery notice', 'Parcel ${code} arrives ${day}; code ${code}');
    const info = await server.call(api.sms.templateInfo, { id }, admin.as);
    expect(info.data).toMatchObject({ name: 'Delivery notice', status: 0, variables: ['code', 'day'], version: 1 });

    expect((await server.call(api.sms.templateActivate, { id, version: 1 }, admin.as)).data).toEqual({ id, version: 2 });
    expect((await server.call(api.sms.templateActivate, { id, version: 2 }, admin.as)).msg).toBe('the template “Delivery notice” is already active');
    expect((await server.call(api.sms.templateUpdate, { id, version: 1, name: 'Delivery notice', type: 1, templateCode: 'SMS_2', content: 'x' }, admin.as)).code).toBe(ResponseCode.StaleRecord);
    const updated = await server.call(api.sms.templateUpdate, { id, version: 2, name: 'Delivery notice 2', type: 0, templateCode: 'SMS_2', content: 'Code ${code}' }, admin.as);
    expect(updated.data).toEqual({ id, version: 3 });

    const listed = await server.call(api.sms.templateList, { name: 'notice 2', status: 1, pageNum: 1, pageSize: 10 }, admin.as);
    expect(listed.data!.records.map((r) => [r.name, r.status, r.variables])).toEqual([['Delivery notice 2', 1, ['code']]]);

    const logged = await server.services.db.select().from(operationLog).where(eq(operationLog.entryType, 'activate'));
    expect(logged.map((r) => [r.beforeOperation, r.afterOperation])).toEqual([[expect.objectContaining({ status: 0 }), expect.objectContaining({ status: 1 })]]);
  });

  it('applies the form rules: name 5–20 and unique, a template code, signature 2–12 without brackets', async () => {
    const add = (input: Record<string, unknown>) => server.call(api.sms.templateAdd, input as never, admin.as);
    expect((await add({ name: 'Four', type: 1, templateCode: 'SMS_1', content: 'x' })).msg).toBe('name: 5 to 20 characters');
    expect((await add({ name: 'x'.repeat(21), type: 1, templateCode: 'SMS_1', content: 'x' })).msg).toBe('name: 5 to 20 characters');
    expect((await add({ name: 'Fine name', type: 7, templateCode: 'SMS_1', content: 'x' })).msg).toBe('type: is not one of the allowed values');
    expect((await add({ name: 'Fine name', type: 1, templateCode: 'SMS 1', content: 'x' })).msg).toBe('templateCode: the template code takes letters, digits and underscores only');
    expect((await add({ name: 'Fine name', type: 1, templateCode: 'SMS_1' })).msg).toBe('content: is required');
    await addTemplate('Fine name', 'x');
    expect((await add({ name: 'Fine name', type: 1, templateCode: 'SMS_1', content: 'y' })).code).toBe(ResponseCode.Conflict);

    const sign = (input: Record<string, unknown>) => server.call(api.sms.signatureAdd, input as never, admin.as);
    expect((await sign({ name: 'A' })).msg).toBe('name: 2 to 12 characters');
    expect((await sign({ name: '【顺丰】' })).msg).toBe('name: a signature cannot contain the brackets 【】 or []');
    const id = await addSignature('顺丰速运');
    expect((await sign({ name: '顺丰速运' })).code).toBe(ResponseCode.Conflict);
    expect((await server.call(api.sms.signatureUpdate, { id, version: 1, name: '顺丰', remark: 'short' }, admin.as)).data).toEqual({ id, version: 2 });
    expect((await server.call(api.sms.signatureList, { name: '顺丰', pageNum: 1, pageSize: 10 }, admin.as)).data!.records.map((r) => [r.name, r.remark])).toEqual([['顺丰', 'short']]);
    expect((await server.call(api.sms.signatureDelete, { ids: `${id}` }, admin.as)).code).toBe(ResponseCode.Success);
    expect((await server.call(api.sms.signatureInfo, { id }, admin.as)).code).toBe(ResponseCode.NotFound);
  });

  it('asks for each key: view, save, delete, activate and send', async () => {
    const id = await addTemplate('Keyed template', 'Hello');
    const viewer = await signInBranchAdmin(server, { username: 'smsViewer', keys: [Perm.templateView, Perm.signatureView, Perm.smsSendView] });
    expect((await server.call(api.sms.templateList, { pageNum: 1, pageSize: 10 }, viewer.as)).code).toBe(ResponseCode.Success);
    expect((await server.call(api.sms.templateAdd, { name: 'Not allowed', type: 1, templateCode: 'S', content: 'x' }, viewer.as)).code).toBe(ResponseCode.Forbidden);
    expect((await server.call(api.sms.templateActivate, { id, version: 1 }, viewer.as)).code).toBe(ResponseCode.Forbidden);
    expect((await server.call(api.sms.templateDelete, { ids: `${id}` }, viewer.as)).code).toBe(ResponseCode.Forbidden);
    expect((await server.call(api.sms.signatureAdd, { name: 'Nope' }, viewer.as)).code).toBe(ResponseCode.Forbidden);
    expect((await server.call(api.sms.send, { templateId: id, signatureId: 1, phones: '13800000000' }, viewer.as)).code).toBe(ResponseCode.Forbidden);
    expect((await server.call(api.sms.recordList, { pageNum: 1, pageSize: 10 }, viewer.as)).code).toBe(ResponseCode.Forbidden);
    expect((await server.call(api.sms.batchList, { pageNum: 1, pageSize: 10 }, viewer.as)).code).toBe(ResponseCode.Forbidden);
  });
});

describe('sending SMS', () => {
  it('offers active templates only, refuses bad recipient lists naming the problem, and queues nothing then', async () => {
    const inactive = await addTemplate('Inactive one', 'Hi');
    const template = await activeTemplate('Pickup code', 'Your code is ${code}');
    const signature = await addSignature('顺丰速运');
    const options = await server.call(api.sms.sendOptions, {}, admin.as);
    expect(options.data!.templates.map((t) => t.id)).toEqual([template]);

    const send = (input: Record<string, unknown>) => server.call(api.sms.send, { templateId: template, signatureId: signature, params: { code: '1234' }, ...input } as never, admin.as);
    expect((await send({ phones: '' })).msg).toBe('phones: please enter the mobile numbers');
    expect((await send({ phones: '13800000000,12345,abc' })).msg).toBe('phones: 2 entries are not valid mobile numbers: 12345, abc');
    const tooMany = Array.from({ length: 1001 }, (_, i) => `139${String(i).padStart(8, '0')}`).join(',');
    expect((await send({ phones: tooMany })).msg).toBe('phones: at most 1000 numbers, 1001 given');
    expect((await send({ phones: '13800000000', params: {} })).msg).toBe('params: please fill in the variables: code');
    expect((await send({ phones: '13800000000', params: { code: '1', other: 'x' } })).msg).toBe('params: the template has no such variables: other');
    expect((await send({ phones: '13800000000', params: { code: 'x'.repeat(36) } })).msg).toBe('params.code: a variable value takes at most 35 characters');
    const long = await activeTemplate('Long template', `${'长'.repeat(60)}\${code}`);
    expect((await send({ templateId: long, phones: '13800000000', params: { code: '123456' } })).msg).toBe('params: the text with its signature has 72 characters, at most 70 are allowed');
    expect((await send({ templateId: inactive, phones: '13800000000', params: {} })).msg).toBe('templateId: the template “Inactive one” is not active and cannot be sent');
    expect(await server.services.db.select().from(outbox)).toEqual([]);
  });

  it('queues one outbox row per distinct number with the batch, reports duplicates, delivers each once through the provider and logs the send', async () => {
    const template = await activeTemplate('Pickup code', 'Your code is ${code}');
    const signature = await addSignature('顺丰速运');
    const sent = await server.call(
      api.sms.send,
      { templateId: template, signatureId: signature, params: { code: '8812' }, phones: '13800000001，13800000002 13800000001\n13800000003,13800000002' },
      admin.as,
    );
    expect(sent.data).toMatchObject({ total: 3, duplicates: ['13800000001', '13800000002'], text: '【顺丰速运】Your code is 8812' });
    await settled(sent.data!.batchId);

    expect(peer.receipts.map((r) => [r.phone, r.signName, r.templateCode, r.params]).sort()).toEqual([
      ['13800000001', '顺丰速运', 'SMS_100001', { code: '8812' }],
      ['13800000002', '顺丰速运', 'SMS_100001', { code: '8812' }],
      ['13800000003', '顺丰速运', 'SMS_100001', { code: '8812' }],
    ]);
    expect(new Set(peer.receipts.map((r) => r.outId)).size).toBe(3);
    const records = await server.call(api.sms.recordList, { batchId: sent.data!.batchId, pageNum: 1, pageSize: 10 }, admin.as);
    expect(records.data!.records.map((r) => [r.phone, r.status, r.attempts, r.content])).toEqual([
      ['13800000003', 'sent', 1, '【顺丰速运】Your code is 8812'],
      ['13800000002', 'sent', 1, '【顺丰速运】Your code is 8812'],
      ['13800000001', 'sent', 1, '【顺丰速运】Your code is 8812'],
    ]);
    expect(records.data!.records.every((r) => r.providerMessageId !== '' && r.sentTime !== null)).toBe(true);
    const batches = await server.call(api.sms.batchList, { pageNum: 1, pageSize: 10 }, admin.as);
    expect(batches.data!.records[0]).toMatchObject({ total: 3, sent: 3, failed: 0, pending: 0, duplicates: 2, templateName: 'Pickup code', signName: '顺丰速运' });
    const logged = await server.services.db.select().from(operationLog).where(eq(operationLog.entryType, 'send'));
    expect(logged).toHaveLength(1);
    expect(logged[0]!.afterOperation).toMatchObject({ total: 3, template: 'Pickup code' });
  });

  it("retries the provider's throttling with backoff, then fails a refused number with the provider's reason", async () => {
    const template = await activeTemplate('Pickup code', 'Your code is ${code}');
    const signature = await addSignature('顺丰速运');
    peer.failNext(2);
    peer.refuseNumber('13900000009', 'isv.MOBILE_NUMBER_ILLEGAL', '非法手机号');
    const sent = await server.call(api.sms.send, { templateId: template, signatureId: signature, params: { code: '1' }, phones: '13900000001,13900000009' }, admin.as);
    await settled(sent.data!.batchId);
    const records = await server.call(api.sms.recordList, { batchId: sent.data!.batchId, pageNum: 1, pageSize: 10 }, admin.as);
    const byPhone = new Map(records.data!.records.map((r) => [r.phone, r]));
    expect(byPhone.get('13900000001')).toMatchObject({ status: 'sent' });
    expect(byPhone.get('13900000009')).toMatchObject({ status: 'failed', lastError: 'isv.MOBILE_NUMBER_ILLEGAL: 非法手机号' });
    // The two throttled attempts fell on the first numbers tried: the retries took them through.
    expect(records.data!.records.reduce((sum, r) => sum + r.attempts, 0)).toBe(4);
    expect(peer.countsByPhone().get('13900000001')).toBe(1);
    const failed = await server.call(api.sms.recordList, { status: 'failed', pageNum: 1, pageSize: 10 }, admin.as);
    expect(failed.data!.records.map((r) => r.phone)).toEqual(['13900000009']);
  });

  it('asks the provider before resending a message whose answer was lost: each number arrives once', async () => {
    const template = await activeTemplate('Pickup code', 'Your code is ${code}');
    const signature = await addSignature('顺丰速运');
    peer.dropAnswers(2);
    const sent = await server.call(api.sms.send, { templateId: template, signatureId: signature, params: { code: '1' }, phones: '13700000001,13700000002,13700000003' }, admin.as);
    await settled(sent.data!.batchId);
    expect([...peer.countsByPhone().values()]).toEqual([1, 1, 1]);
    const rows = await server.services.db.select().from(outbox);
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
    expect(rows.filter((r) => r.lastError.startsWith('no answer'))).toHaveLength(2);
  });

  it('refuses to send without a configured provider, and keeps batches and records to the role’s organisations', async () => {
    const template = await activeTemplate('Pickup code', 'Your code is ${code}');
    const signature = await addSignature('顺丰速运');
    const sent = await server.call(api.sms.send, { templateId: template, signatureId: signature, params: { code: '1' }, phones: '13600000001' }, admin.as);
    const branch = await signInBranchAdmin(server, { username: 'smsBranch', keys: [Perm.sendCenterView, Perm.smsRecordView] });
    expect((await server.call(api.sms.batchList, { pageNum: 1, pageSize: 10 }, branch.as)).data!.total).toBe(0);
    expect((await server.call(api.sms.recordList, { pageNum: 1, pageSize: 10 }, branch.as)).data!.total).toBe(0);
    expect((await server.call(api.sms.recordList, { batchId: sent.data!.batchId, pageNum: 1, pageSize: 10 }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    expect(await server.services.db.select().from(smsRecord)).toHaveLength(1);

    const off = await startTestServer();
    try {
      const offAdmin = await signInAdminActor(off);
      const refused = await off.call(api.sms.send, { templateId: 1, signatureId: 1, phones: '13600000001' }, offAdmin.as);
      expect(refused).toMatchObject({ code: ResponseCode.ThirdPartyError, msg: 'no SMS service is configured: nothing can be sent' });
    } finally {
      await off.close();
    }
  });
});
