import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_JPUSH_API_URL } from '../config';
import { startServer } from '../index';
import { AliyunSmsClient } from '../outbox/aliyun-sms';
import { DEFAULT_SMS_GATEWAY, smsConfigFromEnv } from '../outbox/sms-config';
import { JPushClient } from '../outbox/jpush';
import { MessengerClient } from '../platform/auth/messenger';
import { scratchDir } from '../testing/scratch';
import { addressAllowed, checkedFetch, OutboundRefused, type OutboundConfig } from './policy';

/**
 * Security review 2 (issue 46): M1 — the URLs an administrator sets (JPush, SMS provider, messenger) obey the same
 * address rule as mail accounts; L7 — the embedded server takes none of them from the user's environment.
 */

const DEFAULT_RULE: OutboundConfig = { allow: [], deny: [], mailPorts: [25, 465, 587, 2525], lmtpPort: 24 };

let listener: Server;
let requests = 0;
let url = '';

beforeAll(async () => {
  listener = createServer((_request, response) => {
    requests += 1;
    response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => listener.close(() => resolve()));
});

describe('M1: the address rule', () => {
  it('allows public unicast addresses, refuses loopback, private, link-local and the like unless allowed, and lets deny win', () => {
    for (const address of ['8.8.8.8', '2606:4700:4700::1111']) expect(addressAllowed(DEFAULT_RULE, address), address).toBe(true);
    for (const address of [
      '127.0.0.1',
      '::1',
      '10.1.2.3',
      '172.16.5.4',
      '192.168.0.1',
      '169.254.169.254',
      'fe80::1',
      'fd00::1',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::ffff:127.0.0.1',
      'not-an-address',
    ]) {
      expect(addressAllowed(DEFAULT_RULE, address), address).toBe(false);
    }
    const rule = { ...DEFAULT_RULE, allow: ['10.0.0.0/8'], deny: ['10.9.0.0/16', '8.8.8.8/32'] };
    expect(addressAllowed(rule, '10.1.2.3')).toBe(true);
    expect(addressAllowed(rule, '10.9.1.1')).toBe(false);
    expect(addressAllowed(rule, '8.8.8.8')).toBe(false);
  });
});

describe('M1: provider URLs', () => {
  it('sends no request to a refused address, whether JPush, the SMS provider or the messenger', async () => {
    requests = 0;
    const refusedFetch = checkedFetch(DEFAULT_RULE);
    await expect(refusedFetch(`${url}/v3/push`)).rejects.toBeInstanceOf(OutboundRefused);
    await expect(new JPushClient(url, 2_000, refusedFetch).fetchCid({ appKey: 'k', masterSecret: 'secret' })).resolves.toMatchObject({ outcome: 'failed' });
    const sms = new AliyunSmsClient({ ...smsConfigFromEnv({}), gatewayUrl: url, accessKeyId: 'id', accessKeySecret: 'secret' }, () => new Date(), refusedFetch);
    await expect(sms.send({ phone: '13800000000', signName: 'S', templateCode: 'SMS_1', params: {}, outId: 'o1' })).resolves.toMatchObject({ outcome: 'failed' });
    const messenger = new MessengerClient({ baseUrl: url, corpId: 'c', corpSecret: 's', agentId: '1', qrUrl: '' }, refusedFetch);
    await expect(messenger.userIdForCode('code')).rejects.toMatchObject({ code: 'C0001' });
    expect(requests).toBe(0);
  });

  it('follows no redirect from an allowed address to a refused one', async () => {
    requests = 0;
    const loopbackAllowed = checkedFetch({ ...DEFAULT_RULE, allow: ['127.0.0.0/8'] });
    await expect(loopbackAllowed(`${url}/v3/push`)).rejects.toThrow();
    expect(requests).toBe(1);
  });
});

describe('L7: the embedded server and the environment', () => {
  it('takes no provider URL from the environment, only from the one who starts it', async () => {
    const names = ['CONSOLE_JPUSH_API_URL', 'CONSOLE_SMS_GATEWAY_URL', 'CONSOLE_WXWORK_BASE_URL', 'CONSOLE_WXWORK_QR_URL', 'CONSOLE_OUTBOUND_ALLOW', 'CONSOLE_WXWORK_CORP_ID'];
    const saved = names.map((name) => process.env[name]);
    Object.assign(process.env, {
      CONSOLE_JPUSH_API_URL: url,
      CONSOLE_SMS_GATEWAY_URL: url,
      CONSOLE_WXWORK_BASE_URL: url,
      CONSOLE_WXWORK_QR_URL: `${url}/qr`,
      CONSOLE_OUTBOUND_ALLOW: '127.0.0.0/8',
      CONSOLE_WXWORK_CORP_ID: 'corp-from-env',
    });
    const dataDir = scratchDir('console-l7-');
    try {
      const fromEnvironment = await startServer({ port: 0, dataDir, quiet: true });
      const { config } = fromEnvironment.services;
      await fromEnvironment.close();
      expect({ jpush: config.jpushApiUrl, sms: config.sms.gatewayUrl, messenger: config.messenger.baseUrl, qr: config.messenger.qrUrl, allow: config.outbound.allow }).toEqual({
        jpush: DEFAULT_JPUSH_API_URL,
        sms: DEFAULT_SMS_GATEWAY,
        messenger: '',
        qr: '',
        allow: [],
      });
      // The messenger's account (not where it is sent) still comes from the environment.
      expect(config.messenger.corpId).toBe('corp-from-env');

      const given = await startServer({
        port: 0,
        dataDir,
        quiet: true,
        providers: { jpushApiUrl: url, smsGatewayUrl: url, messengerBaseUrl: url },
        outbound: { ...DEFAULT_RULE, allow: ['127.0.0.0/8'] },
      });
      const chosen = given.services.config;
      await given.close();
      expect([chosen.jpushApiUrl, chosen.sms.gatewayUrl, chosen.messenger.baseUrl, chosen.outbound.allow]).toEqual([url, url, url, ['127.0.0.0/8']]);
    } finally {
      names.forEach((name, index) => (saved[index] === undefined ? delete process.env[name] : (process.env[name] = saved[index])));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
