import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PushAudience } from '../../areas/push/contract';
import { startJPushPeer, type JPushPeer } from '../testing/jpush-peer';
import { basicAuthorization, JPushClient, jpushAudience, outcomeOf, pushBody } from './jpush';

describe('JPush REST API v3', () => {
  it('authenticates as the documented example does: Basic base64(appKey:masterSecret)', () => {
    // The request example of JPush's Push API v3 page (curl -u "7d431e42dfa6a6d693ac2d04:5e987ac6d2e04d95a9d8f0d1").
    expect(basicAuthorization({ appKey: '7d431e42dfa6a6d693ac2d04', masterSecret: '5e987ac6d2e04d95a9d8f0d1' })).toBe('Basic N2Q0MzFlNDJkZmE2YTZkNjkzYWMyZDA0OjVlOTg3YWM2ZDJlMDRkOTVhOWQ4ZjBkMQ==');
  });

  it('builds the push object: audience, notification for every platform, offline time and APNs environment', () => {
    expect(jpushAudience(PushAudience.All, [])).toBe('all');
    expect(jpushAudience(PushAudience.Alias, ['a1', 'a2'])).toEqual({ alias: ['a1', 'a2'] });
    expect(jpushAudience(PushAudience.Tag, ['上海'])).toEqual({ tag: ['上海'] });
    expect(pushBody({ cid: 'k-1', audience: { tag: ['上海'] }, title: '到站提醒', alert: '您的包裹已到站', apnsProduction: false })).toEqual({
      cid: 'k-1',
      platform: 'all',
      audience: { tag: ['上海'] },
      notification: {
        alert: '您的包裹已到站',
        android: { alert: '您的包裹已到站', title: '到站提醒' },
        ios: { alert: { title: '到站提醒', body: '您的包裹已到站' }, sound: 'default', badge: '+1' },
      },
      options: { time_to_live: 86_400, apns_production: false },
    });
    const untitled = pushBody({ cid: 'k-2', audience: 'all', title: '', alert: 'Hi', apnsProduction: true });
    expect(untitled.notification).toEqual({ alert: 'Hi', android: { alert: 'Hi' }, ios: { alert: 'Hi', sound: 'default', badge: '+1' } });
  });

  it('sorts answers: msg_id is sent; rate limits, faults and 5xx retry; authentication, audience and parameter errors fail', () => {
    expect(outcomeOf(200, { sendno: '0', msg_id: 1828256757 })).toEqual({ outcome: 'sent', providerMessageId: '1828256757' });
    expect(outcomeOf(401, { error: { code: 1004, message: 'Authen failed' } })).toEqual({ outcome: 'failed', reason: '1004: Authen failed' });
    expect(outcomeOf(400, { error: { code: 1011, message: 'cannot find user by this audience' } })).toEqual({ outcome: 'failed', reason: '1011: cannot find user by this audience' });
    expect(outcomeOf(400, { error: { code: 1003, message: 'Parameter value is invalid' } }).outcome).toBe('failed');
    expect(outcomeOf(400, { error: { code: 1002, message: 'Missing parameter' } }).outcome).toBe('failed');
    expect(outcomeOf(429, { error: { code: 2002, message: 'Request times exceeded' } })).toEqual({ outcome: 'retry', reason: '2002: Request times exceeded', unknown: false });
    expect(outcomeOf(403, { error: { code: 2003, message: 'appkey limited' } }).outcome).toBe('retry');
    expect(outcomeOf(500, { error: { code: 1000, message: 'Server error' } }).outcome).toBe('retry');
    expect(outcomeOf(503, null)).toEqual({ outcome: 'retry', reason: 'HTTP 503 without an answer', unknown: false });
  });
});

describe('JPushClient against the loopback peer', () => {
  let peer: JPushPeer;
  let client: JPushClient;
  beforeAll(async () => {
    peer = await startJPushPeer();
    peer.registerDevice({ alias: 'driver_001', tags: ['上海'] });
    client = new JPushClient(peer.baseUrl, 5_000);
  });
  afterAll(async () => {
    await peer.close();
  });

  it('takes a cid of its application and pushes once with it; the same cid again is answered, not pushed', async () => {
    const taken = await client.fetchCid(peer.app);
    if (!('cid' in taken)) throw new Error(taken.reason);
    expect(taken.cid.startsWith(`${peer.app.appKey}-`)).toBe(true);
    const message = { cid: taken.cid, audience: { alias: ['driver_001'] }, title: '', alert: '取件提醒', apnsProduction: true };
    const first = await client.push(peer.app, message);
    expect(first.outcome).toBe('sent');
    expect(await client.push(peer.app, message)).toEqual(first);
    expect(peer.receipts).toHaveLength(1);
    expect(peer.deduplicated).toBe(1);
  });

  it('fails with the provider’s reason for wrong credentials and for an audience no device has', async () => {
    expect(await client.fetchCid({ appKey: peer.app.appKey, masterSecret: '0'.repeat(24) })).toEqual({ outcome: 'failed', reason: 'cid: 1004: Authen failed' });
    const taken = await client.fetchCid(peer.app);
    if (!('cid' in taken)) throw new Error(taken.reason);
    const nobody = await client.push(peer.app, { cid: taken.cid, audience: { tag: ['北京'] }, title: '', alert: 'x', apnsProduction: true });
    expect(nobody).toMatchObject({ outcome: 'failed', reason: expect.stringMatching(/^1011: cannot find user/) });
  });

  it('retries when no answer comes, saying the push may have arrived', async () => {
    const silent = new JPushClient('http://127.0.0.1:9', 1_000);
    expect(await silent.push(peer.app, { cid: 'x', audience: 'all', title: '', alert: 'x', apnsProduction: true })).toMatchObject({ outcome: 'retry', unknown: true });
    expect(await silent.fetchCid(peer.app)).toMatchObject({ outcome: 'retry', unknown: false });
  });
});
