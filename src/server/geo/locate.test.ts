import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { LOCAL_NETWORK_LOCATION } from '../../shared/constants';
import { CHINA_PROVINCES } from '../../areas/statistics/contract';
import { locate } from './locate';

describe('locate', () => {
  it('names the province as the map names it', () => {
    expect(locate('202.96.128.86')).toEqual({ province: '广东', label: '广东省 广州市', local: false });
    expect(locate('61.139.2.69').province).toBe('四川');
    expect(locate('202.97.224.69').province).toBe('黑龙江');
    expect(locate('114.114.114.114').province).toBe('江苏');
  });

  it('keeps a municipality once in the label', () => {
    expect(locate('202.96.209.133')).toEqual({ province: '上海', label: '上海市', local: false });
  });

  it('looks an IPv4-mapped IPv6 address up as IPv4, in either notation', () => {
    expect(locate('::ffff:202.96.128.86').province).toBe('广东');
    // 202.96.128.86 = ca60:8056
    expect(locate('::ffff:ca60:8056').province).toBe('广东');
  });

  it('finds IPv6 addresses', () => {
    expect(locate('2001:da8::1').province).toBe('北京');
  });

  it('gives no province abroad, but names the country', () => {
    const abroad = locate('8.8.8.8');
    expect(abroad.province).toBe('');
    expect(abroad.label).toBe('美国');
    expect(abroad.local).toBe(false);
  });

  it.each(['10.1.2.3', '172.20.0.1', '192.168.1.1', '127.0.0.1', '169.254.1.1', '100.64.0.1', '::1', 'fe80::1', 'fd12:3456::1', '::ffff:127.0.0.1', '::ffff:c0a8:101'])(
    'marks %s as the local network',
    (ip) => {
      expect(locate(ip)).toEqual({ province: '', label: LOCAL_NETWORK_LOCATION, local: true });
    },
  );

  it.each(['', 'not an ip', '999.1.1.1'])('knows nothing of %j', (ip) => {
    expect(locate(ip)).toEqual({ province: '', label: '', local: false });
  });

  it('lists the provinces of the map shapes, except the South China Sea islands inset', () => {
    const require = createRequire(import.meta.url);
    const shapes = JSON.parse(readFileSync(require.resolve('china-geojson/src/geojson/china.json'), 'utf8')) as { features: Array<{ properties: { name: string } }> };
    const names = shapes.features.map((f) => f.properties.name).filter((name) => name !== '南海诸岛');
    expect([...CHINA_PROVINCES].sort()).toEqual(names.sort());
  });
});
