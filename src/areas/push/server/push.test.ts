import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../../shared/codes';
import { api } from '../../../shared/contract';
import { PUSH_SECRET_PURPOSE, type PushRecord } from '../contract';
import { Perm } from '../../../shared/permissions';
import { operationLog, outbox } from '../../../server/db/schema';
import { pushProvider, pushRecord } from './schema';
import { OutboxChannel } from '../../../server/outbox';
import { smsConfigFromEnv } from '../../../server/outbox/sms-config';
import { signInAdminActor, signInBranchAdmin, type Actor } from '../../../server/testing/actors';
import { startTestServer, type TestServer } from '../../../server/testing/harness';
import { startJPushPeer, type JPushPeer } from '../../../server/testing/jpush-peer';

let peer: JPushPeer;
let server: TestServer;
let admin: Actor;

beforeAll(async () => {
  peer = await startJPushPeer();
  peer.registerDevice({ alias: 'driver_001', tags: ['上海', 'drivers'] });
  peer.registerDevice({ alias: 'driver_002', tags: ['drivers'] });
  peer.registerDevice({ alias: '调度员甲', tags: ['北京'] });
});
afterAll(async () => {
  await peer.close();
});
beforeEach(async () => {
  peer.receipts.length = 0;
  peer.deduplicated = 0;
  peer.failNext(0);
  peer.dropAnswers(0);
  server = await startTestServer({ jpushApiUrl: peer.baseUrl, sms: { ...smsConfigFromEnv({}), pollMs: 20, backoffBaseMs: 20 } });
  admin = await signInAdminActor(server);
});
afterEach(async () => {
  await server.close();
});

async function addProvider(alias: string, app = peer.app, as = admin.as): Promise<number> {
  const answer = await server.call(api.push.providerAdd, { alias, appKey: app.appKey, secret: await server.seal(app.masterSecret) }, as);
  if (!answer.data) throw new Error(`add failed: ${answer.code} ${answer.msg}`);
  return answer.data.id;
}

async function recordOf(recordId: number): Promise<PushRecord> {
  const listed = await server.call(api.push.recordList, { pageNum: 1, pageSize: 100 }, admin.as);
  const found = listed.data!.records.find((r) => r.id === recordId);
  if (!found) throw new Error(`push record ${recordId} is not listed`);
  return found;
}

/** Waits until the push is sent or failed, bounded by a deadline. */
async function settled(recordId: number, deadlineMs = 20_000): Promise<PushRecord> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const record = await recordOf(recordId);
    if (record.status === 'sent' || record.status === 'failed') return record;
    if (Date.now() > until) throw new Error(`push ${recordId} is still ${record.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('push providers', () => {
  it('stores the Master Secret sealed, never returns or logs it, keeps it on an edit that leaves it empty and replaces it on one that gives it', async () => {
    const id = await addProvider('顺丰司机端');
    const info = await server.call(api.push.providerInfo, { id }, admin.as);
    expect(info.data).toMatchObject({ alias: '顺丰司机端', appKey: peer.app.appKey, apnsProduction: true, secretSet: true, version: 1 });
    expect(JSON.stringify(info.data)).not.toContain(peer.app.masterSecret);
    const stored = (await server.services.db.select().from(pushProvider).where(eq(pushProvider.id, id)))[0]!;
    expect(stored.secretEnc).not.toContain(peer.app.masterSecret);
    expect(server.services.secrets.open(stored.secretEnc, PUSH_SECRET_PURPOSE)).toBe(peer.app.masterSecret);

    const kept = await server.call(api.push.providerUpdate, { id, version: 1, alias: '顺丰司机端', appKey: peer.app.appKey, apnsProduction: false }, admin.as);
    expect(kept.data).toEqual({ id, version: 2 });
    const afterKeep = (await server.services.db.select().from(pushProvider).where(eq(pushProvider.id, id)))[0]!;
    expect(afterKeep.secretEnc).toBe(stored.secretEnc);
    expect(afterKeep.apnsProduction).toBe(false);
    const blank = await server.call(api.push.providerUpdate, { id, version: 2, alias: '顺丰司机端', appKey: peer.app.appKey, apnsProduction: false, secret: await server.seal('') }, admin.as);
    expect(blank.data).toEqual({ id, version: 3 });
    expect((await server.services.db.select().from(pushProvider).where(eq(pushProvider.id, id)))[0]!.secretEnc).toBe(stored.secretEnc);

    const other = peer.addApp();
    const replaced = await server.call(
      api.push.providerUpdate,
      { id, version: 3, alias: '司机端', appKey: other.appKey, apnsProduction: true, secret: await server.seal(other.masterSecret) },
      admin.as,
    );
    expect(replaced.data).toEqual({ id, version: 4 });
    const afterReplace = (await server.services.db.select().from(pushProvider).where(eq(pushProvider.id, id)))[0]!;
    expect(server.services.secrets.open(afterReplace.secretEnc, PUSH_SECRET_PURPOSE)).toBe(other.masterSecret);
    expect((await server.call(api.push.providerUpdate, { id, version: 3, alias: '司机端', appKey: other.appKey, apnsProduction: true }, admin.as)).code).toBe(ResponseCode.StaleRecord);

    const logged = await server.services.db.select().from(operationLog).orderBy(operationLog.id);
    const pushRows = logged.filter((row) => row.operationContent.includes('推送服务'));
    expect(pushRows.map((row) => row.entryType)).toEqual(['add', 'update', 'update', 'update']);
    expect(pushRows.at(-1)!.afterOperation).toMatchObject({ alias: '司机端', secretSet: true, secretReplaced: true });
    const text = JSON.stringify(logged);
    for (const secret of [peer.app.masterSecret, other.masterSecret, stored.secretEnc, afterReplace.secretEnc]) expect(text).not.toContain(secret);
  });

  it('applies the form rules, naming the field: alias required and unique, AppKey and Master Secret of 24 hex characters, a sealed secret', async () => {
    const add = async (input: Record<string, unknown>) =>
      server.call(api.push.providerAdd, { alias: 'Rules', appKey: peer.app.appKey, secret: await server.seal(peer.app.masterSecret), ...input } as never, admin.as);
    expect((await add({ alias: '  ' })).msg).toBe('alias: is required');
    expect((await add({ alias: 'x'.repeat(51) })).msg).toBe('alias: is too long');
    expect((await add({ appKey: 'not-a-key' })).msg).toBe('appKey: an AppKey is 24 hexadecimal characters');
    expect((await add({ secret: await server.seal('short') })).msg).toBe('secret: a Master Secret is 24 hexadecimal characters');
    expect((await add({ secret: peer.app.masterSecret })).msg).toBe('secret: the Master Secret could not be decrypted; reload and enter it again');
    expect((await add({ secret: undefined })).msg).toBe('secret: is required');
    await addProvider('Rules');
    expect((await add({})).code).toBe(ResponseCode.Conflict);
    expect(await server.services.db.select().from(pushProvider)).toHaveLength(1);
  });

  it('asks for each key on the server: view, save, delete and send', async () => {
    const id = await addProvider('Keyed');
    const viewer = await signInBranchAdmin(server, { username: 'pushViewer', keys: [Perm.pushView] });
    expect((await server.call(api.push.providerList, { pageNum: 1, pageSize: 10 }, viewer.as)).data!.records.map((r) => r.alias)).toEqual(['Keyed']);
    expect((await server.call(api.push.recordList, { pageNum: 1, pageSize: 10 }, viewer.as)).code).toBe(ResponseCode.Success);
    expect((await server.call(api.push.providerAdd, { alias: 'No', appKey: peer.app.appKey, secret: await server.seal(peer.app.masterSecret) }, viewer.as)).code).toBe(ResponseCode.Forbidden);
    expect((await server.call(api.push.providerUpdate, { id, version: 1, alias: 'No', appKey: peer.app.appKey }, viewer.as)).code).toBe(ResponseCode.Forbidden);
    expect((await server.call(api.push.providerDelete, { ids: `${id}` }, viewer.as)).code).toBe(ResponseCode.Forbidden);
    expect((await server.call(api.push.send, { providerId: id, audienceType: 'all', alert: 'x' }, viewer.as)).code).toBe(ResponseCode.Forbidden);
    const none = await signInBranchAdmin(server, { username: 'pushNone', keys: [Perm.userView] });
    expect((await server.call(api.push.providerList, { pageNum: 1, pageSize: 10 }, none.as)).code).toBe(ResponseCode.Forbidden);
    expect((await server.call(api.push.recordList, { pageNum: 1, pageSize: 10 }, none.as)).code).toBe(ResponseCode.Forbidden);
    expect(peer.receipts).toEqual([]);
  });

  it('deletes a provider, logging what it was, and refuses one whose pushes still wait', async () => {
    const idle = await addProvider('Idle');
    const busy = await addProvider('Busy');
    // A push of Busy waiting for a later attempt.
    const queued = (
      await server.services.db
        .insert(outbox)
        .values({ channel: OutboxChannel.Push, idempotencyKey: 'push-waiting', payload: { providerId: busy, audience: 'all', title: '', alert: 'x' }, nextAttemptAt: new Date(Date.now() + 3_600_000) })
        .returning()
    )[0]!;
    await server.services.db.insert(pushRecord).values({ providerId: busy, providerAlias: 'Busy', audienceType: 'all', audience: [], alert: 'x', outboxId: queued.id });
    const refused = await server.call(api.push.providerDelete, { ids: `${idle},${busy}` }, admin.as);
    expect(refused).toMatchObject({ code: ResponseCode.InUse, msg: 'the push provider “Busy” still has 1 pushes waiting for delivery; delete it once they are delivered' });
    expect(await server.services.db.select().from(pushProvider)).toHaveLength(2);
    expect((await server.call(api.push.providerDelete, { ids: `${idle}` }, admin.as)).code).toBe(ResponseCode.Success);
    expect((await server.call(api.push.providerInfo, { id: idle }, admin.as)).code).toBe(ResponseCode.NotFound);
    const deleted = await server.services.db.select().from(operationLog).where(eq(operationLog.entryType, 'delete'));
    expect(deleted.map((row) => row.beforeOperation)).toEqual([[expect.objectContaining({ alias: 'Idle', secretSet: true })]]);
  });
});

describe('pushing', () => {
  it('refuses malformed audiences naming the problem and queues nothing then', async () => {
    const providerId = await addProvider('Drivers');
    const send = (input: Record<string, unknown>) => server.call(api.push.send, { providerId, audienceType: 'alias', alert: 'Hi', ...input } as never, admin.as);
    expect((await send({ audience: '' })).msg).toBe('audience: please enter the aliases');
    expect((await send({ audience: 'driver_001, bad alias?, 有空格 x' })).msg).toBe(
      'audience: 1 aliases contain characters JPush does not allow (letters, digits, Chinese and _@!#$&*+=|. only): alias?',
    );
    expect((await send({ audience: `driver_001,${'长'.repeat(14)}` })).msg).toBe(`audience: 1 aliases are longer than 40 bytes: ${'长'.repeat(14)}`);
    const tooMany = Array.from({ length: 1001 }, (_, i) => `a${i}`).join(',');
    expect((await send({ audience: tooMany })).msg).toBe('audience: at most 1000 aliases, 1001 given');
    const tags = Array.from({ length: 21 }, (_, i) => `t${i}`).join(',');
    expect((await send({ audienceType: 'tag', audience: tags })).msg).toBe('audience: at most 20 tags, 21 given');
    expect((await send({ audienceType: 'tag', audience: 'a;b' })).msg).toMatch(/^audience: 1 tags contain characters JPush does not allow/);
    expect((await send({ audienceType: 'all', audience: 'driver_001' })).msg).toBe('audience: a push to everyone takes no aliases or tags');
    expect((await send({ audienceType: 'group', audience: 'x' })).msg).toBe('audienceType: is not one of the allowed values');
    expect((await send({ audience: 'driver_001', alert: '   ' })).msg).toBe('alert: please enter the text to push');
    expect((await send({ audience: 'driver_001', alert: 'x'.repeat(501) })).msg).toBe('alert: the text takes at most 500 characters');
    expect((await send({ audience: 'driver_001', title: 'x'.repeat(51) })).msg).toBe('title: a title takes at most 50 characters');
    expect((await send({ providerId: 99_999, audience: 'driver_001' })).code).toBe(ResponseCode.NotFound);
    expect(await server.services.db.select().from(outbox)).toEqual([]);
    expect(await server.services.db.select().from(pushRecord)).toEqual([]);
  });

  it('pushes to aliases once through JPush with the provider’s credentials, de-duplicating them, and records the msg_id and the send in the log', async () => {
    const providerId = await addProvider('Drivers');
    const sent = await server.call(api.push.send, { providerId, audienceType: 'alias', audience: 'driver_001，driver_002 driver_001\n调度员甲', title: '到站提醒', alert: '您的包裹已到站' }, admin.as);
    expect(sent.data).toMatchObject({ audienceCount: 3, duplicates: ['driver_001'] });
    const record = await settled(sent.data!.recordId);
    expect(record).toMatchObject({
      status: 'sent',
      attempts: 1,
      providerAlias: 'Drivers',
      audienceType: 'alias',
      audience: ['driver_001', 'driver_002', '调度员甲'],
      title: '到站提醒',
      alert: '您的包裹已到站',
      lastError: '',
    });
    expect(peer.receipts).toHaveLength(1);
    const receipt = peer.receipts[0]!;
    expect(receipt).toMatchObject({ appKey: peer.app.appKey, audience: { alias: ['driver_001', 'driver_002', '调度员甲'] }, alert: '您的包裹已到站', title: '到站提醒', devices: 3 });
    expect(record.msgId).toBe(receipt.msgId);
    expect(receipt.cid.startsWith(`${peer.app.appKey}-`)).toBe(true);
    // The cid was stored with the message before the push went out.
    const row = (await server.services.db.select().from(outbox))[0]!;
    expect(row.payload).toMatchObject({ cid: receipt.cid });

    const logged = await server.services.db.select().from(operationLog).where(eq(operationLog.entryType, 'send'));
    expect(logged).toHaveLength(1);
    expect(logged[0]!.afterOperation).toMatchObject({
      provider: 'Drivers',
      audienceType: 'alias',
      audience: ['driver_001', 'driver_002', '调度员甲'],
      duplicates: ['driver_001'],
      alert: '您的包裹已到站',
    });

    const toAll = await server.call(api.push.send, { providerId, audienceType: 'all', alert: '全员通知' }, admin.as);
    expect(await settled(toAll.data!.recordId)).toMatchObject({ status: 'sent', audience: [] });
    expect(peer.receipts[1]).toMatchObject({ audience: 'all', devices: 3 });
    const filtered = await server.call(api.push.recordList, { providerId, status: 'sent', text: '全员', pageNum: 1, pageSize: 10 }, admin.as);
    expect(filtered.data!.records.map((r) => r.alert)).toEqual(['全员通知']);
  });

  it('retries JPush’s rate limit with backoff, and fails at once an audience without devices and wrong credentials, with the provider’s reason', async () => {
    const providerId = await addProvider('Drivers');
    peer.failNext(2, 429, 2002, 'Request times of the appkey exceeded the limit');
    const limited = await server.call(api.push.send, { providerId, audienceType: 'tag', audience: '上海', alert: 'x' }, admin.as);
    expect(await settled(limited.data!.recordId)).toMatchObject({ status: 'sent', attempts: 3, lastError: '2002: Request times of the appkey exceeded the limit' });

    const nobody = await server.call(api.push.send, { providerId, audienceType: 'tag', audience: '广州', alert: 'x' }, admin.as);
    const failed = await settled(nobody.data!.recordId);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, msgId: '' });
    expect(failed.lastError).toMatch(/^1011: cannot find user by this audience/);

    const wrong = await server.call(api.push.providerAdd, { alias: 'Wrong secret', appKey: peer.app.appKey, secret: await server.seal('0123456789abcdef01234567') }, admin.as);
    const refused = await server.call(api.push.send, { providerId: wrong.data!.id, audienceType: 'all', alert: 'x' }, admin.as);
    expect(await settled(refused.data!.recordId)).toMatchObject({ status: 'failed', lastError: 'cid: 1004: Authen failed' });
    expect(peer.receipts).toHaveLength(1);
    const failedOnly = await server.call(api.push.recordList, { status: 'failed', pageNum: 1, pageSize: 10 }, admin.as);
    expect(failedOnly.data!.total).toBe(2);
  });

  it('resends a push whose answer was lost with the same cid: the provider de-duplicates it and the devices get it once', async () => {
    const providerId = await addProvider('Drivers');
    peer.dropAnswers(1);
    const sent = await server.call(api.push.send, { providerId, audienceType: 'alias', audience: 'driver_002', alert: '只到一次' }, admin.as);
    const record = await settled(sent.data!.recordId);
    expect(record).toMatchObject({ status: 'sent', attempts: 2 });
    expect(record.lastError).toMatch(/^no answer/);
    expect(peer.receipts).toHaveLength(1);
    expect(peer.deduplicated).toBe(1);
    expect(record.msgId).toBe(peer.receipts[0]!.msgId);
  });

  it('keeps records to the role’s organisations', async () => {
    const providerId = await addProvider('Drivers');
    const sent = await server.call(api.push.send, { providerId, audienceType: 'all', alert: 'x' }, admin.as);
    await settled(sent.data!.recordId);
    const branch = await signInBranchAdmin(server, { username: 'pushBranch', keys: [Perm.pushView] });
    expect((await server.call(api.push.recordList, { pageNum: 1, pageSize: 10 }, branch.as)).data!.total).toBe(0);
    expect((await server.call(api.push.recordList, { pageNum: 1, pageSize: 10 }, admin.as)).data!.total).toBe(1);
  });
});
