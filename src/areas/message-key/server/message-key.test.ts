import { createHash } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../../shared/codes';
import { API_PREFIX } from '../../../shared/constants';
import type { OutputOf } from '../../../shared/contract/endpoint';
import type { Envelope } from '../../../shared/envelope';
import { api } from '../../../shared/contract';
import { API_KEY_HEADER } from '../../information/contract';
import { MessageKeyStatus, type MessageKeyForm, type MessageSystemForm, type OpenSmsForm } from '../contract';
import { SmsTemplateType } from '../../sms/contract';
import { Perm } from '../../../shared/permissions';
import { interfaceLog, messageApiKey, messageSystem, operationLog, outbox } from '../../../server/db/schema';
import { smsConfigFromEnv } from '../../../server/outbox/sms-config';
import { KEY_FAILURES_PER_MINUTE } from './open';
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

/** Adds a key; the server makes its value and answers it this once. */
async function addKey(messageSystemId: number, input: Partial<MessageKeyForm> = {}, as = admin.as): Promise<{ id: number; apiKey: string }> {
  const answer = await server.call(api.messageKey.keyAdd, { messageSystemId, status: MessageKeyStatus.Usable, rateLimit: 60, ...input }, as);
  if (!answer.data) throw new Error(`add key failed: ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** An active template (code SMS_200001) and a signature, as the open endpoint names them. */
async function smsCatalogue(): Promise<void> {
  const template = await server.call(api.sms.templateAdd, { name: 'Pickup code', type: SmsTemplateType.Code, templateCode: 'SMS_200001', content: 'Your code is ${code}' }, admin.as);
  expect((await server.call(api.sms.templateActivate, { id: template.data!.id, version: 1 }, admin.as)).code).toBe(ResponseCode.Success);
  await server.call(api.sms.templateAdd, { name: 'Inactive one', type: SmsTemplateType.Notice, templateCode: 'SMS_200002', content: 'Hello' }, admin.as);
  expect((await server.call(api.sms.signatureAdd, { name: '顺丰速运' }, admin.as)).code).toBe(ResponseCode.Success);
}

const sms = (input: Partial<OpenSmsForm> = {}): OpenSmsForm => ({ apiKey: '', templateCode: 'SMS_200001', signName: '顺丰速运', phones: '13800000001', params: { code: '4711' }, ...input });

/** Calls the open SMS endpoint with `key` in X-Api-Key (none when null), from `address`, as an outside client does. */
async function openSend(key: string | null, input: OpenSmsForm = sms(), address = '203.0.113.7'): Promise<Envelope<OutputOf<typeof api.openMessage.smsSend>>> {
  const response = await server.app.inject({
    method: 'POST',
    url: `${API_PREFIX}${api.openMessage.smsSend.path}`,
    payload: input,
    headers: { language: 'en_US', ...(key === null ? {} : { [API_KEY_HEADER]: key }) },
    remoteAddress: address,
  });
  return response.json();
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

    const logged = await server.services.db.select().from(operationLog).where(like(operationLog.operationContent, '修改消息系统%'));
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
    expect((await server.call(api.messageKey.keyAdd, { messageSystemId: branchSystem, status: 1, rateLimit: 1 }, branch.as)).code).toBe(ResponseCode.Forbidden);

    const viewer = await signInBranchAdmin(server, { username: 'msgViewer', keys: [Perm.messageApiKeyView] });
    expect((await server.call(api.messageKey.systemList, { pageNum: 1, pageSize: 10 }, viewer.as)).code).toBe(ResponseCode.Forbidden);
    expect((await server.call(api.messageKey.keyList, { pageNum: 1, pageSize: 10 }, viewer.as)).code).toBe(ResponseCode.Success);
  });

  it('deletes a system with its keys, naming them in the log row', async () => {
    const id = await addSystem();
    const keyId = (await addKey(id)).id;
    expect((await server.call(api.messageKey.systemList, { pageNum: 1, pageSize: 10 }, admin.as)).data!.records[0]!.keyCount).toBe(1);
    expect((await server.call(api.messageKey.systemDelete, { ids: `${id},999999` }, admin.as)).code).toBe(ResponseCode.NotFound);
    expect((await server.call(api.messageKey.systemDelete, { ids: `${id}` }, admin.as)).code).toBe(ResponseCode.Success);
    expect(await server.services.db.select().from(messageApiKey)).toEqual([]);
    const logged = await server.services.db.select().from(operationLog).where(eq(operationLog.entryType, 'delete'));
    expect(logged.map((r) => r.beforeOperation)).toEqual([[expect.objectContaining({ systemId: 'TMS01', keyIds: [keyId] })]]);
  });
});

describe('message API keys', () => {
  it('applies the rules (a system, 1 to 10000 sends a minute), updates with the version and keeps the key value out of every log', async () => {
    const system = await addSystem();
    const add = (input: Partial<MessageKeyForm>) => server.call(api.messageKey.keyAdd, { messageSystemId: system, status: 1, rateLimit: 60, ...input } as never, admin.as);
    expect((await add({ messageSystemId: undefined })).msg).toBe('messageSystemId: please choose a message system');
    expect((await add({ messageSystemId: 999_999 })).code).toBe(ResponseCode.NotFound);
    expect((await add({ rateLimit: 0 })).msg).toBe('rateLimit: the sends per minute must be a whole number from 1 to 10000');
    expect((await add({ rateLimit: 1.5 })).msg).toBe('rateLimit: the sends per minute must be a whole number from 1 to 10000');
    const issued = (await add({ remark: 'for the TMS' })).data!;
    const { id } = issued;

    const update = { id, messageSystemId: system, status: MessageKeyStatus.Stopped, rateLimit: 5, remark: '' };
    expect((await server.call(api.messageKey.keyUpdate, { ...update, version: 2 }, admin.as)).code).toBe(ResponseCode.StaleRecord);
    expect((await server.call(api.messageKey.keyUpdate, { ...update, version: 1 }, admin.as)).data).toEqual({ id, version: 2 });
    const listed = await server.call(api.messageKey.keyList, { systemName: 'tms0', status: MessageKeyStatus.Stopped, pageNum: 1, pageSize: 10 }, admin.as);
    expect(listed.data!.records.map((r) => [r.keyHint, r.systemId, r.systemName, r.systemStatus, r.rateLimit])).toEqual([[issued.apiKey.slice(0, 4), 'TMS01', 'Transport', 1, 5]]);
    const renewed = (await server.call(api.messageKey.keyRegenerate, { id }, admin.as)).data!;
    expect((await server.call(api.messageKey.keyDelete, { ids: `${id}` }, admin.as)).code).toBe(ResponseCode.Success);

    await server.services.audit.flush();
    const operations = JSON.stringify(await server.services.db.select().from(operationLog));
    const calls = JSON.stringify(await server.services.db.select().from(interfaceLog));
    for (const value of [issued.apiKey, renewed.apiKey]) {
      expect(operations).not.toContain(value);
      expect(calls).not.toContain(value);
    }
    expect(operations).toContain('新增消息密钥');
    expect(operations).toContain(`重新生成消息密钥 #${id}`);
  });

  // Security review 2, M3: a 2-character key was accepted, and keys were stored and listed in clear.
  it('are made by the server (256 bits, shown once), stored only as a hash, and a typed key is not taken', async () => {
    const system = await addSystem();
    const typed = await server.call(api.messageKey.keyAdd, { apiKey: 'ab', messageSystemId: system, status: 1, rateLimit: 60 } as never, admin.as);
    const issued = typed.data!;
    expect(issued.apiKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(issued.apiKey).not.toBe('ab');
    const other = await addKey(system);
    expect(other.apiKey).not.toBe(issued.apiKey);

    // Shown once: neither the list, the form's record nor the stored row holds it.
    const listed = JSON.stringify(await server.call(api.messageKey.keyList, { pageNum: 1, pageSize: 10 }, admin.as));
    const info = JSON.stringify(await server.call(api.messageKey.keyInfo, { id: issued.id }, admin.as));
    const stored = JSON.stringify(await server.services.db.select().from(messageApiKey));
    for (const seen of [listed, info, stored]) expect(seen).not.toContain(issued.apiKey);
    expect(stored).toContain(createHash('sha256').update(issued.apiKey).digest('hex'));
    // The whole key finds its record; so do its first characters.
    const byKey = await server.call(api.messageKey.keyList, { apiKey: issued.apiKey, pageNum: 1, pageSize: 10 }, admin.as);
    expect(byKey.data!.records.map((r) => r.id)).toEqual([issued.id]);

    await smsCatalogue();
    expect((await openSend('ab')).code).toBe(ResponseCode.Unauthorized);
    expect((await openSend(issued.apiKey)).code).toBe(ResponseCode.Success);
    // A new value replaces the old one at once.
    const renewed = (await server.call(api.messageKey.keyRegenerate, { id: issued.id }, admin.as)).data!;
    expect(renewed.apiKey).not.toBe(issued.apiKey);
    expect((await openSend(issued.apiKey)).code).toBe(ResponseCode.Unauthorized);
    expect((await openSend(renewed.apiKey)).code).toBe(ResponseCode.Success);
  });
});

describe('the open SMS endpoint', () => {
  // Security review 2, M3: a valid key was told apart from a wrong one before anything was sent.
  it('gives a wrong key, a stopped key, a key of a stopped system and a system without the channel one and the same answer; a key in the body is not read', async () => {
    const system = await addSystem();
    const { id: keyId, apiKey } = await addKey(system);
    await smsCatalogue();
    expect(await openSend(null, sms({ apiKey }))).toMatchObject({ code: ResponseCode.InvalidInput, msg: 'apiKey: send the message API key in the X-Api-Key header' });
    const refused = { code: ResponseCode.Unauthorized, msg: 'the message API key is unknown or stopped, or may not use this channel', data: null };
    const answers = [await openSend('NoSuchKey'), await openSend('bad key!')];

    await server.services.db.update(messageApiKey).set({ status: MessageKeyStatus.Stopped }).where(eq(messageApiKey.id, keyId));
    answers.push(await openSend(apiKey));
    await server.services.db.update(messageApiKey).set({ status: MessageKeyStatus.Usable }).where(eq(messageApiKey.id, keyId));
    await server.services.db.update(messageSystem).set({ status: MessageKeyStatus.Stopped }).where(eq(messageSystem.id, system));
    answers.push(await openSend(apiKey));
    await server.services.db
      .update(messageSystem)
      .set({ status: MessageKeyStatus.Usable, channels: ['mail'] })
      .where(eq(messageSystem.id, system));
    answers.push(await openSend(apiKey));
    for (const answer of answers) expect(answer).toEqual(refused);
    expect(await server.services.db.select().from(outbox)).toEqual([]);
  });

  it('answers a send while SMS is not set up the same for a right and a wrong key', async () => {
    await server.close();
    server = await startTestServer();
    admin = await signInAdminActor(server);
    rootDept = await deptIdOf(server, '远航物流集团');
    const { apiKey } = await addKey(await addSystem());
    const right = await openSend(apiKey);
    expect(right.code).toBe(ResponseCode.ThirdPartyError);
    expect(await openSend('WrongKey0000000000000000000000000000000000')).toEqual(right);
  });

  // Security review 2, M3: one address could try about 600 keys a minute.
  it('refuses every key, the right one too, from an address past 10 refused keys a minute, and from everyone past 100', async () => {
    const { apiKey } = await addKey(await addSystem());
    await smsCatalogue();
    for (let attempt = 0; attempt < KEY_FAILURES_PER_MINUTE.perAddress; attempt++) expect((await openSend(`Guess${attempt}`, sms(), '198.51.100.1')).code).toBe(ResponseCode.Unauthorized);
    const stopped = await openSend(apiKey, sms(), '198.51.100.1');
    expect(stopped).toMatchObject({ code: ResponseCode.RateLimited, msg: expect.stringMatching(/^Too many attempts, please try again in \d+ s$/) });
    expect((await openSend(`Guess`, sms(), '198.51.100.1')).code).toBe(ResponseCode.RateLimited);
    // Another address still sends; a minute later the first one does too.
    expect((await openSend(apiKey, sms(), '198.51.100.2')).code).toBe(ResponseCode.Success);
    server.clock.advance(61_000);
    expect((await openSend(apiKey, sms(), '198.51.100.1')).code).toBe(ResponseCode.Success);

    // Guesses spread over many addresses: past 100 a minute in all, every caller waits out the minute.
    server.clock.advance(61_000);
    for (let attempt = 0; attempt < KEY_FAILURES_PER_MINUTE.total; attempt++) {
      expect((await openSend(`Guess${attempt}`, sms(), `198.51.${Math.floor(attempt / 5)}.${attempt % 5}`)).code).toBe(ResponseCode.Unauthorized);
    }
    expect((await openSend(apiKey, sms(), '192.0.2.99')).code).toBe(ResponseCode.RateLimited);
    server.clock.advance(61_000);
    expect((await openSend(apiKey, sms(), '192.0.2.99')).code).toBe(ResponseCode.Success);
  });

  it("counts an address's refused keys over the last minute, not the clock's: guesses on both sides of a full minute add up", async () => {
    const { apiKey } = await addKey(await addSystem());
    await smsCatalogue();
    server.clock.freeze();
    server.clock.advance(60_000 - (server.clock.now().getTime() % 60_000) - 1_000);
    const guess = async (attempt: number) => expect((await openSend(`Guess${attempt}`, sms(), '198.51.100.7')).code).toBe(ResponseCode.Unauthorized);
    for (let attempt = 0; attempt < KEY_FAILURES_PER_MINUTE.perAddress / 2; attempt++) await guess(attempt);
    server.clock.advance(2_000);
    for (let attempt = KEY_FAILURES_PER_MINUTE.perAddress / 2; attempt < KEY_FAILURES_PER_MINUTE.perAddress; attempt++) await guess(attempt);
    // The first guesses leave the minute 58 s on.
    expect(await openSend(apiKey, sms(), '198.51.100.7')).toMatchObject({ code: ResponseCode.RateLimited, msg: 'Too many attempts, please try again in 58 s' });
    server.clock.advance(58_000);
    expect((await openSend(apiKey, sms(), '198.51.100.7')).code).toBe(ResponseCode.Success);
  });

  it('checks a send like the send screen and queues nothing when refused', async () => {
    const { apiKey } = await addKey(await addSystem());
    await smsCatalogue();
    const send = (input: Partial<OpenSmsForm>) => openSend(apiKey, sms(input));
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
    const { id: keyId, apiKey } = await addKey(system);
    const other = await addKey(await addSystem({ systemId: 'OTHER1', name: 'Other' }));
    await smsCatalogue();
    const sent = await openSend(apiKey, sms({ phones: '13800000001,13800000002 13800000001' }));
    expect(sent.data).toMatchObject({ total: 2, duplicates: ['13800000001'], text: '【顺丰速运】Your code is 4711' });
    const batchId = sent.data!.batchId;
    await settled(apiKey, batchId);

    expect(peer.receipts.map((r) => [r.phone, r.signName, r.templateCode, r.params]).sort()).toEqual([
      ['13800000001', '顺丰速运', 'SMS_200001', { code: '4711' }],
      ['13800000002', '顺丰速运', 'SMS_200001', { code: '4711' }],
    ]);
    const status = await openStatus(apiKey, batchId);
    expect(status.data).toMatchObject({ batchId, templateCode: 'SMS_200001', signName: '顺丰速运', total: 2, sent: 2, failed: 0, pending: 0, duplicates: 1 });
    expect(status.data!.numbers.map((n) => [n.phone, n.status, n.attempts])).toEqual([
      ['13800000001', 'sent', 1],
      ['13800000002', 'sent', 1],
    ]);
    expect((await openStatus(other.apiKey, batchId)).code).toBe(ResponseCode.NotFound);

    // The send centre shows the batch with the system as its sender, under the system's organisation.
    const batches = await server.call(api.sms.batchList, { pageNum: 1, pageSize: 10 }, admin.as);
    expect(batches.data!.records.map((b) => [b.id, b.createName, b.sent])).toEqual([[batchId, 'Transport', 2]]);
    const logged = await server.services.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.entryType, 'send'), eq(operationLog.operLoginName, 'TMS01')));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ operUserName: 'Transport', operDeptId: rootDept, operationContent: '发送短信 Pickup code（号码数：2）', operLoginName: 'TMS01' });
    expect(logged[0]!.afterOperation).toMatchObject({ batchId, total: 2, messageSystem: 'TMS01', messageKeyId: keyId });

    await server.services.audit.flush();
    const calls = await server.services.db
      .select()
      .from(interfaceLog)
      .where(like(interfaceLog.path, `${API_PREFIX}/open/message/sms%`));
    expect(calls.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(calls)).not.toContain(apiKey);
  });

  it('holds each key to its own sends per minute, answering the rate-limit code with the limit, and lets it send again a minute later', async () => {
    const system = await addSystem();
    const first = (await addKey(system, { rateLimit: 2 })).apiKey;
    const second = (await addKey(system, { rateLimit: 1 })).apiKey;
    await smsCatalogue();
    expect((await openSend(first)).code).toBe(ResponseCode.Success);
    expect((await openSend(first)).code).toBe(ResponseCode.Success);
    const refused = await openSend(first);
    expect(refused.code).toBe(ResponseCode.RateLimited);
    expect(refused.msg).toMatch(/^this key may send 2 times a minute; try again in ([1-9]|[1-5]\d|60) s$/);
    // A refused send queues nothing, and another key of the system has its own allowance.
    expect(await server.services.db.select().from(outbox)).toHaveLength(2);
    expect((await openSend(second)).code).toBe(ResponseCode.Success);
    expect((await openSend(second)).code).toBe(ResponseCode.RateLimited);

    server.clock.advance(61_000);
    expect((await openSend(first)).code).toBe(ResponseCode.Success);
  });
});
