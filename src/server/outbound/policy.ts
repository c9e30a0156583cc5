import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where the server may connect on an administrator's say-so (issue 46 M1): a mail account's host and port, and the
 * JPush, SMS provider and messenger URLs. The address rule is applied to every address a name resolves to, and
 * the connection then goes to the address that was checked, so a name cannot answer one address to the check and
 * another to the connection. Public unicast addresses are allowed; loopback, private, link-local, carrier-grade
 * NAT, unique-local, reserved, multicast and unspecified addresses are refused unless an allow range covers them;
 * a deny range refuses whatever it covers, allowed or not.
 */
export interface OutboundConfig {
  /** Address ranges (CIDR) allowed besides public unicast ones (`CONSOLE_OUTBOUND_ALLOW`). */
  allow: string[];
  /** Address ranges (CIDR) never connected to (`CONSOLE_OUTBOUND_DENY`). */
  deny: string[];
  /** The ports a mail account may name for SMTP (`CONSOLE_MAIL_PORTS`). */
  mailPorts: number[];
  /** The port a mail account may name for LMTP (`CONSOLE_MAIL_LMTP_PORT`). */
  lmtpPort: number;
}

/** The submission, relay and SMTPS ports mail servers listen on. */
export const DEFAULT_MAIL_PORTS = [25, 465, 587, 2525];
/** LMTP's assigned port (RFC 2033 names none; IANA gives 24 to private mail systems, where LMTP usually sits). */
export const DEFAULT_LMTP_PORT = 24;

/** Why a destination was not connected to. */
export type OutboundRefusal = 'notAllowed' | 'nameNotFound';

export class OutboundRefused extends Error {
  constructor(
    readonly refusal: OutboundRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundRefused';
  }
}

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Parses a comma-separated list of CIDR ranges (a bare address is its own range); a bad entry is named. */
export function parseRanges(value: string | undefined, name: string): string[] {
  if (value === undefined || value.trim() === '') return [];
  return value.split(',').map((entry) => {
    const text = entry.trim();
    const cidr = text.includes('/') ? text : `${text}/${isIP(text) === 6 ? 128 : 32}`;
    if (!ipaddr.isValidCIDR(cidr)) throw new Error(`${name} must be address ranges like 10.0.0.0/8 or fd00::/8, separated by commas; "${text}" is not one`);
    return cidr;
  });
}

/** Parses a comma-separated list of ports from 1 to 65535. */
export function parsePorts(value: string | undefined, name: string, fallback: number[]): number[] {
  if (value === undefined || value.trim() === '') return fallback;
  return value.split(',').map((entry) => {
    const text = entry.trim();
    const port = Number(text);
    if (!/^\d+$/.test(text) || port < 1 || port > 65535) throw new Error(`${name} must be ports from 1 to 65535 separated by commas; "${text}" is not one`);
    return port;
  });
}

function ranges(cidrs: readonly string[]): Range[] {
  return cidrs.map((cidr) => ipaddr.parseCIDR(cidr));
}

function within(address: ipaddr.IPv4 | ipaddr.IPv6, list: readonly Range[]): boolean {
  return list.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits));
}

/** Whether the server may connect to this address (an IPv4-mapped IPv6 address is judged as its IPv4 address). */
export function addressAllowed(config: OutboundConfig, address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  if (within(parsed, ranges(config.deny))) return false;
  if (within(parsed, ranges(config.allow))) return true;
  return parsed.range() === 'unicast';
}

/** Whether a mail account may name this port for its protocol. */
export function mailPortAllowed(config: OutboundConfig, protocol: 'smtp' | 'lmtp', port: number): boolean {
  return protocol === 'lmtp' ? port === config.lmtpPort : config.mailPorts.includes(port);
}

/**
 * Resolves a host name and answers the address to connect to: every address it resolves to must be allowed (a
 * name that mixes a public address with an internal one is refused whole).
 */
export async function allowedAddress(config: OutboundConfig, host: string): Promise<string> {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (isIP(bare) !== 0) addresses = [bare];
  else {
    try {
      addresses = (await lookup(bare, { all: true, verbatim: true })).map((entry) => entry.address);
    } catch {
      throw new OutboundRefused('nameNotFound', `the name ${host} does not resolve`);
    }
  }
  if (addresses.length === 0) throw new OutboundRefused('nameNotFound', `the name ${host} does not resolve`);
  if (!addresses.every((address) => addressAllowed(config, address))) throw new OutboundRefused('notAllowed', `${host} is an address the server may not connect to`);
  return addresses[0]!;
}

/** Checks a URL's host before a request to it; a refusal throws OutboundRefused. */
export async function checkOutboundUrl(config: OutboundConfig, url: string): Promise<void> {
  await allowedAddress(config, new URL(url).hostname);
}

/**
 * A fetch for the URLs an administrator sets (JPush, the SMS provider, the messenger): the URL's host is checked
 * before each request, and a redirect is an error, so an allowed address cannot send the request on to a refused one.
 */
export function checkedFetch(config: OutboundConfig): typeof fetch {
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    await checkOutboundUrl(config, url);
    return fetch(input, { ...init, redirect: 'error' });
  };
}
