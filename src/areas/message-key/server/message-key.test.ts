import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../../shared/codes';
import { API_PREFIX } from '../../../shared/constants';
import { api } from '../../../shared/contract';
import { API_KEY_HEADER } from '../../information/contract';
import { MessageKeyStatus, type MessageKeyForm, type MessageSystemForm, type OpenSmsForm } from '../contract';
import { SmsTemplateType } from '../../sms/contract';
import { Perm } from '../../../shared/permissions';
import { interfaceLog, messageApiKey, messageSystem, operationLog, outbox } from '../../../server/db/schema';
import { smsConfigFromEnv } from '../../../server/outbox/sms-config';
import { deptIdOf, signInAdminActor, signInBranchAdmin, type Actor } from '../../../server/testing/actors';
import { startTestServer, type TestServer } from '../../../server/testing/harness';
import { startSmsPeer, type SmsPeer } from '../../../server/testing/sms-peer';

let peer: SmsPeer;
let server: TestServer;
let admin: Actor;
let rootDept: number;
let branchDept: number;

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
    sms: { ...smsConfigFromEnv({}), gatewayUrl: peer.gatewayUrl, accessKeyId: peer.accessKeyId, accessKeySecret: peer.accessKeySecret, pollMs: 20, backoffBaseMs: 20 },
  });
  admin = await signInAdminActor(server);
  rootDept = await deptIdOf(server, '远航物流集团');
  branchDept = await deptIdOf(server, '华东分公司');
});
afterEach(async () => {
  await server.close();
});

async function addSystem(input: Partial<MessageSystemForm> = {}, as = admin.as): Promise<number> {
  const answer = await server.call(api.messageKey.systemAdd, { systemId: 'TMS01', name: 'Transport', deptId: rootDept, status: MessageKeyStatus.Usable, channels: ['sms'], ...input }, as);
  if (!answer.data) throw new Error(`add system failed: ${answer.code} ${answer.msg}`);
  return answer.data.id;
}

async function addKey(messageSystemId: number, input: Partial<MessageKeyForm> = {}, as = admin.as): Promise<number> {
  const answer = await server.call(api.messageKey.keyAdd, { apiKey: 'TmsKey0001', messageSystemId, status: MessageKeyStatus.Usable, rateLimit: 60, ...input }, as);
  if (!answer.data) throw new Error(`add key failed: ${answer.code} ${answer.msg}`);
  return answer.data.id;
}

/** An active template (code SMS_200001) and a signature, as the open endpoint names them. */
async function smsCatalogue(): Promise<void> {
  const template = await server.call(api.sms.templateAdd, { name: 'Pickup code', type: SmsTemplateType.Code, templateCode: 'SMS_200001', content: 'Your code is ${code}' }, admin.as);
  expect((await server.call(api.sms.templateActivate, { id: template.data!.id, version: 1 }, admin.as)).code).toBe(ResponseCode.Success);
  await server.call(api.sms.templateAdd, { name: 'Inactive one', type: SmsTemplateType.Notice, templateCode: 'SMS_200002', content: 'Hello' }, admin.as);
  expect((await server.call(api.sms.signatureAdd, { name: '顺丰速运' }, admin.as)).code).toBe(ResponseCode.Success);
}

const sms = (input: Partial<OpenSmsForm> = {}): OpenSmsForm => ({ apiKey: '', templateCode: 'SMS_200001', signName: '顺丰速运', phones: '13800000001', params: { code: '4711' }, ...input });

/** Calls the open SMS endpoint with `key` in X-Api-Key (none when null). */
function openSend(key: string | null, input: OpenSmsForm = sms()) {
  return server.call(api.openMessage.smsSend, input, { headers: key === null ? {} : { [API_KEY_HEADER]: key } });
}

function openStatus(key: string, batchId: number) {
  return server.call(api.openMessage.smsStatus, { apiKey: '', batchId }, { headers: { [API_KEY_HEADER]: key } });
}

/** Waits until every number of the batch is settled, bounded by a deadline. */
async function settled(key: string, batchId: number, deadlineMs = 20_000): Promise<void> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const status = await openStatus(key, batchId);
    if (status.data!.pending === 0) return;
    if (Date.now() > until) throw new Error(`batch ${batchId} still has ${status.data!.pending} pending numbers`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('message systems', () => {
  it('applies the rules (id of letters or digits up to 50, unique in any case, an organisation, a channel) and updates with the version', async () => {
    const add = (input: Partial<MessageSystemForm>) =>
      server.call(api.messageKey.systemAdd, { systemId: 'TMS01', name: 'Transport', deptId: rootDept, status: 1, channels: ['sms'], ...input } as never, admin.as);
    expect((await add({ systemId: 'TMS-01' })).msg).toBe('systemId: may contain only letters or digits');
    expect((await add({ systemId: 'x'.repeat(51) })).msg).toBe('systemId: cannot exceed 50 characters');
    expect((await add({ channels: [] })).msg).toBe('channels: choose at least one channel');
    expect((await add({ channels: ['fax'] as never })).msg).toBe('channels.0: is not one of the allowed values');
    expect((await add({ deptId: undefined })).msg).toBe('deptId: organization cannot be empty');
    expect((await add({ status: 3 as never })).msg).toBe('status: is not one of the allowed values');
    expect((await add({ deptId: 999_999 })).code).toBe(ResponseCode.NotFound);
    // 50 letters or digits are allowed; the same id in other letter case is taken.
    const id = await addSystem({ systemId: `TMS01${'x'.repeat(45)}` });
    expect((await add({ systemId: `tms01${'X'.repeat(45)}` })).code).toBe(ResponseCode.Conflict);

    const info = await server.call(api.messageKey.systemInfo, { id }, admin.as);
    expect(info.data).toMatchObject({ name: 'Transport', deptName: '远航物流集团', status: 1, channels: ['sms'], keyCount: 0, version: 1 });
    const update = { id, systemId: 'TMS02', name: 'Transport 2', deptId: branchDept, status: MessageKeyStatus.Stopped, channels: ['sms', 'sms'] as Array<'sms'>, remark: 'night runs' };
    expect((await server.call(api.messageKey.systemUpdate, { ...update, version: 2 }, admin.as)).code).toBe(ResponseCode.StaleRecord);
    expect((await server.call(api.messageKey.systemUpdate, { ...update, version: 1 }, admin.as)).data).toEqual({ id, version: 2 });
    const listed = await server.call(api.messageKey.systemList, { name: 'port 2', status: MessageKeyStatus.Stopped, pageNum: 1, pageSize: 10 }, admin.as);
    expect(listed.data!.records.map((r) => [r.systemId, r.deptName, r.channels, r.remark])).toEqual([['TMS02', '华东分公司', ['sms'], 'night runs']]);

    const logged = await server.services.db.select().from(operationLog).where(like(operationLog.operationContent, 'Update message system%'));
    expect(logged.map((r) => [r.beforeOperation, r.afterOperation])).toEqual([
      [expect.objectContaining({ systemId: expect.stringMatching(/^TMS01/), status: 1 }), expect.objectContaining({ systemId: 'TMS02', status: 2 })],
    ]);
  });

  it("keeps each role to its organisations' systems and asks for the view, save and delete keys", async () => {
    const rootSystem = await addSystem();
    const branchSystem = await addSystem({ systemId: 'EAST01', name: 'East', deptId: branchDept });
    const branch = await signInBranchAdmin(server, { username: 'msgBranch', keys: [Perm.systemApiKeyView, Perm.systemApiKeySave, Perm.messageApiKeyView] });
    const listed = await server.call(api.messageKey.systemList, { pageNum: 1, pageSize: 10 }, branch.as);
    expect(listed.data!.records.map((r) => r.id)).toEqual([branchSystem]);
    expect((await server.call(api.messageKey.systemInfo, { id: rootSystem }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    expect((await server.call(api.messageKey.systemAdd, { systemId: 'X1', name: 'X', deptId: rootDept, status: 1, channels: ['sms'] }, branch.as)).code).toBe(ResponseCode.OutOfScope);
    expect((await server.call(api.messageKey.systemOptions, {}, branch.as)).data!.map((o) => o.systemId)).toEqual(['EAST01']);
    expect((await server.call(api.messageKey.systemDelete, { ids: `${branchSystem}` }, branch.as)).code).toBe(ResponseCode.Forbidden);
    expect((await server.call(api.messageKey.keyAdd, { apiKey: 'k1', messageSystemId: branchSystem, status: 1, rateLimit: 1 }, branch.as)).code).toBe(ResponseCode.Forbidden);

    const viewer = await signInBranchAdmin(server, { username: 'msgViewer', keys: [Perm.messageApiKeyView] });
    expect((await server.call(api.messageKey.systemList, { pageNum: 1, pageSize: 10 }, viewer.as)).code).toBe(ResponseCode.Forbidden);
    expect((await server.call(api.messageKey.keyList, { pageNum: 1, pageSize: 10 }, viewer.as)).code).toBe(ResponseCode.Success);
  });

  it('deletes a system with its keys, naming them in the log row', async () => {
    const id = await addSystem();
    const keyId = await addKey(id);
    expect((await server.call(api.messageKey.systemList, { pageNum: 1, pageSize: 10 }, admin.as)).data!.records[0]!.keyCount).toBe(1);
    expect((await server.call(api.messageKey.systemDelete, { ids: `${id},999999` }, admin.as)).code).toBe(ResponseCode.NotFound);
    expect((await server.call(api.messageKey.systemDelete, { ids: `${id}` }, admin.as)).code).toBe(ResponseCode.Success);
    expect(await server.services.db.select().from(messageApiKey)).toEqual([]);
    const logged = await server.services.db.select().from(operationLog).where(eq(operationLog.entryType, 'delete'));
    expect(logged.map((r) => r.beforeOperation)).toEqual([[expect.objectContaining({ systemId: 'TMS01', keyIds: [keyId] })]]);
  });
});

describe('message API keys', () => {
  it('applies the rules (unique key of letters or digits up to 50, a system, 1 to 10000 sends a minute) and keeps the key value out of every log', async () => {
    const system = await addSystem();
    const add = (input: Partial<MessageKeyForm>) => server.call(api.messageKey.keyAdd, { apiKey: 'SecretKey42', messageSystemId: system, status: 1, rateLimit: 60, ...input } as never, admin.as);
    expect((await add({ apiKey: 'Secret-Key' })).msg).toBe('apiKey: may contain only letters or digits');
    expect((await add({ apiKey: 'k'.repeat(51) })).msg).toBe('apiKey: cannot exceed 50 characters');
    expect((await add({ messageSystemId: undefined })).msg).toBe('messageSystemId: please choose a message system');
    expect((await add({ messageSystemId: 999_999 })).code).toBe(ResponseCode.NotFound);
    expect((await add({ rateLimit: 0 })).msg).toBe('rateLimit: the sends per minute must be a whole number from 1 to 10000');
    expect((await add({ rateLimit: 1.5 })).msg).toBe('rateLimit: the sends per minute must be a whole number from 1 to 10000');
    const id = (await add({ remark: 'for the TMS' })).data!.id;
    expect((await add({})).code).toBe(ResponseCode.Conflict);

    const update = { id, apiKey: 'SecretKey43', messageSystemId: system, status: MessageKeyStatus.Stopped, rateLimit: 5, remark: '' };
    expect((await server.call(api.messageKey.keyUpdate, { ...update, version: 2 }, admin.as)).code).toBe(ResponseCode.StaleRecord);
    expect((await server.call(api.messageKey.keyUpdate, { ...update, version: 1 }, admin.as)).data).toEqual({ id, version: 2 });
    const listed = await server.call(api.messageKey.keyList, { systemName: 'tms0', status: MessageKeyStatus.Stopped, pageNum: 1, pageSize: 10 }, admin.as);
    expect(listed.data!.records.map((r) => [r.apiKey, r.systemId, r.systemName, r.systemStatus, r.rateLimit])).toEqual([['SecretKey43', 'TMS01', 'Transport', 1, 5]]);
    expect((await server.call(api.messageKey.keyDelete, { ids: `${id}` }, admin.as)).code).toBe(ResponseCode.Success);

    await server.services.audit.flush();
    const operations = JSON.stringify(await server.services.db.select().from(operationLog));
    const calls = JSON.stringify(await server.services.db.select().from(interfaceLog));
    for (const value of ['SecretKey42', 'SecretKey43']) {
      expect(operations).not.toContain(value);
      expect(calls).not.toContain(value);
    }
    expect(operations).toContain('Add message API key');
  });
});

describe('the open SMS endpoint', () => {
  it('refuses a missing, unknown or stopped key, a key of a stopped system and a system without the channel; a key in the body is not read', async () => {
    const system = await addSystem();
    const keyId = await addKey(system);
    await smsCatalogue();
    expect(await openSend(null, sms({ apiKey: 'TmsKey0001' }))).toMatchObject({ code: ResponseCode.InvalidInput, msg: 'apiKey: send the message API key in the X-Api-Key header' });
    expect(await openSend('NoSuchKey')).toMatchObject({ code: ResponseCode.Unauthorized, msg: 'the message API key is unknown or stopped' });
    expect(await openSend('bad key!')).toMatchObject({ code: ResponseCode.Unauthorized });

    await server.services.db.update(messageApiKey).set({ status: MessageKeyStatus.Stopped }).where(eq(messageApiKey.id, keyId));
    expect(await openSend('TmsKey0001')).toMatchObject({ code: ResponseCode.Unauthorized, msg: 'the message API key is unknown or stopped' });
    await server.services.db.update(messageApiKey).set({ status: MessageKeyStatus.Usable }).where(eq(messageApiKey.id, keyId));
    await server.services.db.update(messageSystem).set({ status: MessageKeyStatus.Stopped }).where(eq(messageSystem.id, system));
    expect(await openSend('TmsKey0001')).toMatchObject({ code: ResponseCode.Unauthorized, msg: 'the message system TMS01 is stopped: its keys do not work' });
    await server.services.db
      .update(messageSystem)
      .set({ status: MessageKeyStatus.Usable, channels: ['mail'] })
      .where(eq(messageSystem.id, system));
    expect(await openSend('TmsKey0001')).toMatchObject({ code: ResponseCode.Forbidden, msg: 'the message system TMS01 may not use the channel sms' });
    expect(await server.services.db.select().from(outbox)).toEqual([]);
  });

  it('checks a send like the send screen and queues nothing when refused', async () => {
    await addKey(await addSystem());
    await smsCatalogue();
    const send = (input: Partial<OpenSmsForm>) => openSend('TmsKey0001', sms(input));
    expect((await send({ phones: '13800000001,12345,abc' })).msg).toBe('phones: 2 entries are not valid mobile numbers: 12345, abc');
    expect((await send({ phones: Array.from({ length: 1001 }, (_, i) => `139${String(i).padStart(8, '0')}`).join(',') })).msg).toBe('phones: at most 1000 numbers, 1001 given');
    expect((await send({ templateCode: 'SMS_404' })).msg).toBe('templateCode: no SMS template has the code SMS_404');
    expect((await send({ templateCode: 'SMS_200002', params: {} })).msg).toBe('templateCode: the template “Inactive one” is not active and cannot be sent');
    expect((await send({ signName: 'Nobody' })).msg).toBe('signName: no SMS signature is named Nobody');
    expect((await send({ params: {} })).msg).toBe('params: please fill in the variables: code');
    expect((await send({ params: { code: '1', other: '2' } })).msg).toBe('params: the template has no such variables: other');
    expect(await server.services.db.select().from(outbox)).toEqual([]);
  });

  it("queues through the outbox as the system, delivers through the provider, answers each number's state to that system only and logs the send", async () => {
    const system = await addSystem();
    const keyId = await addKey(system);
    await addKey(await addSystem({ systemId: 'OTHER1', name: 'Other' }), { apiKey: 'OtherKey01' });
    await smsCatalogue();
    const sent = await openSend('TmsKey0001', sms({ phones: '13800000001,13800000002 13800000001' }));
    expect(sent.data).toMatchObject({ total: 2, duplicates: ['13800000001'], text: '【顺丰速运】Your code is 4711' });
    const batchId = sent.data!.batchId;
    await settled('TmsKey0001', batchId);

    expect(peer.receipts.map((r) => [r.phone, r.signName, r.templateCode, r.params]).sort()).toEqual([
      ['13800000001', '顺丰速运', 'SMS_200001', { code: '4711' }],
      ['13800000002', '顺丰速运', 'SMS_200001', { code: '4711' }],
    ]);
    const status = await openStatus('TmsKey0001', batchId);
    expect(status.data).toMatchObject({ batchId, templateCode: 'SMS_200001', signName: '顺丰速运', total: 2, sent: 2, failed: 0, pending: 0, duplicates: 1 });
    expect(status.data!.numbers.map((n) => [n.phone, n.status, n.attempts])).toEqual([
      ['13800000001', 'sent', 1],
      ['13800000002', 'sent', 1],
    ]);
    expect((await openStatus('OtherKey01', batchId)).code).toBe(ResponseCode.NotFound);

    // The send centre shows the batch with the system as its sender, under the system's organisation.
    const batches = await server.call(api.sms.batchList, { pageNum: 1, pageSize: 10 }, admin.as);
    expect(batches.data!.records.map((b) => [b.id, b.createName, b.sent])).toEqual([[batchId, 'Transport', 2]]);
    const logged = await server.services.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.entryType, 'send'), eq(operationLog.operLoginName, 'TMS01')));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ operUserName: 'Transport', operDeptId: rootDept, operationContent: 'Send SMS Pickup code to 2 numbers for message system TMS01' });
    expect(logged[0]!.afterOperation).toMatchObject({ batchId, total: 2, messageSystem: 'TMS01', messageKeyId: keyId });

    await server.services.audit.flush();
    const calls = await server.services.db
      .select()
      .from(interfaceLog)
      .where(like(interfaceLog.path, `${API_PREFIX}/open/message/sms%`));
    expect(calls.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(calls)).not.toContain('TmsKey0001');
  });

  it('holds each key to its own sends per minute, answering the rate-limit code with the limit, and lets it send again a minute later', async () => {
    const system = await addSystem();
    await addKey(system, { rateLimit: 2 });
    await addKey(system, { apiKey: 'SecondKey1', rateLimit: 1 });
    await smsCatalogue();
    expect((await openSend('TmsKey0001')).code).toBe(ResponseCode.Success);
    expect((await openSend('TmsKey0001')).code).toBe(ResponseCode.Success);
    const refused = await openSend('TmsKey0001');
    expect(refused.code).toBe(ResponseCode.RateLimited);
    expect(refused.msg).toMatch(/^this key may send 2 times a minute; try again in ([1-9]|[1-5]\d|60) s$/);
    // A refused send queues nothing, and another key of the system has its own allowance.
    expect(await server.services.db.select().from(outbox)).toHaveLength(2);
    expect((await openSend('SecondKey1')).code).toBe(ResponseCode.Success);
    expect((await openSend('SecondKey1')).code).toBe(ResponseCode.RateLimited);

    server.clock.advance(61_000);
    expect((await openSend('TmsKey0001')).code).toBe(ResponseCode.Success);
  });
});
