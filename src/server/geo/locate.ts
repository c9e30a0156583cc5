import { BlockList, isIP } from 'node:net';
import { createRequire } from 'node:module';
import type IP2Region from 'ip2region';
import { LOCAL_NETWORK_LOCATION } from '../../shared/constants';
import { CHINA_PROVINCES, type ChinaProvince } from '../../areas/statistics/contract';

/** Where an address is, as far as the offline database knows. */
export interface Location {
  /** The province as the map names it (china-geojson), '' outside China, unknown or local. */
  province: ChinaProvince | '';
  /** For the operation log's operLocation: "广东省 广州市", "美国", `LOCAL_NETWORK_LOCATION`, or '' when unknown. */
  label: string;
  /** A private, loopback or link-local address. */
  local: boolean;
}

const UNKNOWN: Location = { province: '', label: '', local: false };
const LOCAL: Location = { province: '', label: LOCAL_NETWORK_LOCATION, local: true };

const localRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  localRanges.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  localRanges.addSubnet(network, prefix, 'ipv6');
}

// The package is CommonJS with a default export; its databases (about 11 MB) are read when it is constructed.
// Not named `require`: the main-process build declares its own `require` in the chunk this module lands in.
const requireCommonJs = createRequire(import.meta.url);
let searcher: IP2Region | null = null;
function database(): IP2Region {
  if (!searcher) {
    const { default: Searcher } = requireCommonJs('ip2region') as { default: typeof IP2Region };
    searcher = new Searcher();
  }
  return searcher;
}

/** An IPv4 address written as IPv6 (`::ffff:1.2.3.4` or `::ffff:102:304`) is looked up as IPv4. */
function unmapped(ip: string): string {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (dotted) return dotted[1]!;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(ip);
  if (!hex) return ip;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

function provinceOf(name: string): ChinaProvince | '' {
  // The database writes "广东省", "广西壮族自治区", "北京": the map's names are their beginnings.
  return CHINA_PROVINCES.find((province) => name.startsWith(province)) ?? '';
}

function labelOf(country: string, province: string, city: string): string {
  const parts = [country === '中国' && province ? '' : country, province, city];
  const unique: string[] = [];
  for (const part of parts) {
    if (!part) continue;
    const last = unique[unique.length - 1];
    // "北京" then "北京市": keep the fuller name once.
    if (last && part.startsWith(last)) unique[unique.length - 1] = part;
    else unique.push(part);
  }
  return unique.join(' ');
}

/** Looks an address up in the offline IP database (ip2region): no network call. */
export function locate(address: string): Location {
  const ip = unmapped(address.trim());
  const family = isIP(ip);
  if (family === 0) return UNKNOWN;
  if (localRanges.check(ip, family === 4 ? 'ipv4' : 'ipv6')) return LOCAL;
  let found: ReturnType<IP2Region['search']>;
  try {
    found = database().search(ip);
  } catch {
    // A malformed record or an address the database cannot parse is an unknown place, never a failed call.
    return UNKNOWN;
  }
  if (!found) return UNKNOWN;
  const { country, province, city } = found;
  return {
    province: country === '中国' ? provinceOf(province) : '',
    label: labelOf(country, province, city),
    local: false,
  };
}
