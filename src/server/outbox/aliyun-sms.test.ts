import { describe, expect, it } from 'vitest';
import { canonicalQuery, percentEncode, providerDate, signRpc, stringToSign } from './aliyun-sms';

/** The worked example of Alibaba Cloud's "Request signatures" page for RPC APIs (DescribeRegions, testid / testsecret). */
const DOCUMENTED = {
  Timestamp: '2016-02-23T12:46:24Z',
  Format: 'XML',
  AccessKeyId: 'testid',
  Action: 'DescribeRegions',
  SignatureMethod: 'HMAC-SHA1',
  SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
  Version: '2014-05-26',
  SignatureVersion: '1.0',
};

describe('Alibaba Cloud RPC signature', () => {
  it('builds the documented string to sign and signature', () => {
    expect(stringToSign('GET', DOCUMENTED)).toBe(
      'GET&%2F&AccessKeyId%3Dtestid%26Action%3DDescribeRegions%26Format%3DXML%26SignatureMethod%3DHMAC-SHA1%26SignatureNonce%3D3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf%26SignatureVersion%3D1.0%26Timestamp%3D2016-02-23T12%253A46%253A24Z%26Version%3D2014-05-26',
    );
    expect(signRpc('GET', DOCUMENTED, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  it('leaves the Signature out of what it signs and encodes what encodeURIComponent keeps', () => {
    expect(canonicalQuery({ B: '1', A: '2', Signature: 'x' })).toBe('A=2&B=1');
    expect(percentEncode("a b*c~d!'()")).toBe('a%20b%2Ac~d%21%27%28%29');
    expect(percentEncode('【测试】')).toBe('%E3%80%90%E6%B5%8B%E8%AF%95%E3%80%91');
  });

  it('files a message under the China date', () => {
    expect(providerDate(new Date('2026-01-01T15:59:59Z'))).toBe('20260101');
    expect(providerDate(new Date('2026-01-01T16:00:00Z'))).toBe('20260102');
  });
});
